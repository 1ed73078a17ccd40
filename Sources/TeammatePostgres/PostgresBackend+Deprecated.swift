import TeammateKit

/// The 2.0 initialiser, kept for 2.x code that gives a backend a household memory, which
/// keeps nothing since 2.1.0 (ADR 0026); it goes in 3.0.0.
extension PostgresBackend {
  /// Connects as `init(url:clock:random:joinLimit:waits:listeningAt:)` does; `memory` is
  /// ignored.
  @available(*, deprecated, message: "a household memory keeps nothing (ADR 0026): drop it")
  public init(
    url: String, clock: any WallClock,
    random: any RandomNumberGenerator & Sendable = SystemRandomNumberGenerator(),
    joinLimit: JoinAttemptLimit = .standard, waits: PostgresWaits = .standard,
    listeningAt listenURL: String? = nil, memory: PostgresHouseholdMemory
  ) throws(PostgresError) {
    try self.init(
      url: url, clock: clock, random: random, joinLimit: joinLimit, waits: waits,
      listeningAt: listenURL)
  }
}

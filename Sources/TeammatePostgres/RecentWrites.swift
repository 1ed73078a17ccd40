import TeammateKit

/// The last writes a backend answered: a device sends one again only when the answer was
/// lost, and its receipt is then read by a read, which takes no lock (AC-PG-47).
struct RecentWrites {
  private var ids: [WriteID] = []
  /// How many are kept; the oldest goes first.
  static let limit = 64

  /// Whether `id` is among the writes kept.
  func contains(_ id: WriteID) -> Bool { ids.contains(id) }

  /// Keeps `id` as answered, letting the oldest go past the limit.
  mutating func remember(_ id: WriteID) {
    guard !ids.contains(id) else { return }
    if ids.count >= Self.limit { ids.removeFirst() }
    ids.append(id)
  }
}

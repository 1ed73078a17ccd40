import Foundation
import TeammateKit

/// The cloud in memory: many households, shared by several `Device`s to simulate two phones.
///
/// Every call runs in one actor turn, so it is atomic; rules and access checks come from
/// `TransactionalBackend`, timestamps from the injected clock. For simulations it can push
/// changes to listeners, hold and reorder or duplicate deliveries, and take an account's
/// device offline.
///
/// ```swift
/// let cloud = InMemoryBackend(clock: ManualWallClock(start), random: SeededRandomNumberGenerator(seed: 1))
/// let alice = Device(account: "alice", backend: cloud, clock: aliceClock, scheduler: aliceCentre)
/// ```
public actor InMemoryBackend: TransactionalBackend {
  var storage = InMemoryStorage()
  private let clock: any WallClock
  private var random: AnyRandomNumberGenerator
  public let joinLimit: JoinAttemptLimit
  var delivery = PushDelivery()

  /// A cloud holding nothing, at the server time `clock` gives; `random` makes its invite codes.
  public init(
    clock: any WallClock,
    random: any RandomNumberGenerator & Sendable = SystemRandomNumberGenerator(),
    joinLimit: JoinAttemptLimit = .standard
  ) {
    self.clock = clock
    self.random = AnyRandomNumberGenerator(random)
    self.joinLimit = joinLimit
  }

  /// One write in one actor turn at server time, then a push of whatever it appended; a
  /// write that throws leaves nothing it changed (`InMemoryStorage.rollBack`).
  public func write<T>(
    _ checked: borrowing AccessChecked, as actor: AccountID,
    _ body: (inout InMemoryStorage, Date, inout AnyRandomNumberGenerator) throws -> T
  ) throws -> T {
    try writing(as: actor, body)
  }

  public func read<T>(
    _ checked: borrowing AccessChecked, as actor: AccountID,
    _ body: (InMemoryStorage, Date) throws -> T
  ) throws -> T {
    try reachable(actor)
    return try body(storage, clock.now())
  }

  /// The write runner behind `write`, which tests of the storage itself run too.
  func writing<T>(
    as actor: AccountID,
    _ body: (inout InMemoryStorage, Date, inout AnyRandomNumberGenerator) throws -> T
  ) throws -> T {
    try reachable(actor)
    defer { publish() }
    storage.begin()
    do {
      let result = try body(&storage, clock.now(), &random)
      storage.commit()
      return result
    } catch {
      storage.rollBack()
      throw error
    }
  }

  /// An offline device reaches nothing.
  private func reachable(_ actor: AccountID) throws(TeammateError) {
    if delivery.offline.contains(actor) { throw .unavailable }
  }
}

import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport

/// What a contract check is given: a fresh backend from the factory under test, on a server
/// clock the check moves by hand, with the usual cast and helpers.
public struct ContractWorld: Sendable {
  /// The server's clock: it moves only when the check moves it.
  public let clock = ManualWallClock(Fixtures.start)
  /// The backend under test, empty when the check begins.
  public let backend: any TeammateBackend
  /// The factory that made it, for what only it knows (how a device's state is kept).
  public let factory: any BackendFactory
  /// The account that makes the household.
  public let alice = Fixtures.alice
  /// The account that joins it.
  public let bob = Fixtures.bob
  /// An account of another household, or of none: the stranger.
  public let carol = Fixtures.carol

  /// A world around a fresh backend of `factory`'s.
  public init(_ factory: any BackendFactory, seed: UInt64 = 1) async throws {
    self.factory = factory
    backend = try await factory.makeBackend(
      clock: clock, random: SeededRandomNumberGenerator(seed: seed))
  }

  /// A seed of the backend's own, so that each backend shuffles concurrent calls its own way.
  var seed: UInt64 { UInt64(factory.name.utf8.reduce(7) { $0 &* 31 &+ Int($1) } & 0xffff) }

  /// Alice creates "Home"; the creation, with its invite.
  public func aliceAlone() async throws -> HouseholdCreation {
    try await backend.createHousehold(
      name: "Home", timeZone: "Asia/Taipei", displayName: "Alice", as: alice)
  }

  /// Alice creates "Home" and Bob joins it; the household's id.
  public func couple() async throws -> HouseholdID {
    let creation = try await aliceAlone()
    clock.advance(by: 60)
    _ = try await backend.join(code: creation.invite.code.rawValue, displayName: "Bob", as: bob)
    clock.advance(by: 60)
    return creation.household.id
  }

  /// Alice and Bob at home, each with a phone synced once: the household and the phones.
  public func coupleWithPhones() async throws -> (home: HouseholdID, alice: Device, bob: Device) {
    let home = try await couple()
    let alice = device(self.alice).device
    let bob = device(self.bob).device
    _ = try await alice.sync()
    _ = try await bob.sync()
    return (home, alice, bob)
  }

  /// A phone for `account` whose clock runs `skew` seconds off the server's, reaching the
  /// backend through `network` when one is given; its ids come from a seed of its own.
  public func device(
    _ account: AccountID, skew: TimeInterval = 0, network: (any TeammateBackend)? = nil,
    state: DeviceState = DeviceState()
  ) -> (device: Device, centre: InMemoryNotificationScheduler) {
    let phoneClock = SkewedWallClock(clock, offset: skew)
    let centre = InMemoryNotificationScheduler(clock: phoneClock)
    return (
      Device(
        account: account, backend: network ?? backend, clock: phoneClock, scheduler: centre,
        state: state, random: SeededRandomNumberGenerator(seed: Self.seed(of: account))),
      centre
    )
  }

  /// A phone for `account` that keeps its state in `store`, opening with what it saved last;
  /// `run` counts its launches, so that each draws ids of its own.
  public func device(
    _ account: AccountID, store: any DeviceStore, run: UInt64 = 0,
    network: (any TeammateBackend)? = nil
  ) async throws -> Device {
    return try await Device(
      account: account, backend: network ?? backend, clock: clock,
      scheduler: InMemoryNotificationScheduler(clock: clock), store: store,
      random: SeededRandomNumberGenerator(seed: Self.seed(of: account) &+ run &* 7_919))
  }

  /// The seed of `account`'s phone: its own, the same on every run.
  static func seed(of account: AccountID) -> UInt64 {
    account.rawValue.utf8.reduce(UInt64(17)) { $0 &* 31 &+ UInt64($1) }
  }

  /// The notifications a device must hold for what it knows now: the planner's, from its own
  /// state, less what has fired already.
  public func plan(of device: Device) async -> [PlannedNotification] {
    let state = await device.state
    let now = clock.now()
    guard let household = state.household, household.hasMember(device.account) else { return [] }
    return NotificationPlanner.plan(
      .device(
        state, cards: state.cards.values, household: household, viewer: device.account,
        now: now, wording: device.wording)
    ).filter { $0.fireAt > now }
  }

  /// Everything a member can read of the household, to compare before and after a refusal.
  public func snapshot(_ household: HouseholdID) async throws -> HouseholdSnapshot {
    HouseholdSnapshot(
      household: try await backend.household(household, as: alice),
      cards: try await backend.cards(in: household, as: alice),
      feed: try await backend.changes(in: household, after: 0, limit: 10_000, as: alice))
  }
}

/// Everything a member can read of a household, compared before and after a refusal.
public struct HouseholdSnapshot: Equatable, Sendable {
  /// The household as a member reads it.
  public var household: Household
  /// Its cards, deleted ones included.
  public var cards: [Card]
  /// Its whole feed of changes.
  public var feed: [Change]
}

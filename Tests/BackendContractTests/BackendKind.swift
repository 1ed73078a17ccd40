import Foundation
import TeammateInMemory
import TeammateKit
import TeammatePostgres
import TeammateSQLite
import TeammateTestSupport
import Testing

/// Every backend the contract suite runs on.
enum BackendKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case inMemory
  case sqliteInMemory
  case sqliteFile
  case postgres

  var testDescription: String { rawValue }

  func make(clock: ManualWallClock, seed: UInt64 = 1) throws -> any TeammateBackend {
    let random = SeededRandomNumberGenerator(seed: seed)
    switch self {
    case .inMemory:
      return InMemoryBackend(clock: clock, random: random)
    case .sqliteInMemory:
      return try SQLiteBackend(path: ":memory:", clock: clock, random: random)
    case .sqliteFile:
      let path = try TemporaryFolder.make().appending("store.sqlite")
      return try SQLiteBackend(path: path, clock: clock, random: random)
    case .postgres:
      return try PostgresBackend(
        url: try PostgresTestServer.freshStore("contract"), clock: clock, random: random)
    }
  }
}

/// A fresh backend on a hand-moved server clock, with helpers for the usual cast.
struct World {
  let clock = ManualWallClock(Fixtures.start)
  let backend: any TeammateBackend
  let alice = Fixtures.alice
  let bob = Fixtures.bob
  let carol = Fixtures.carol

  init(_ kind: BackendKind) throws { backend = try kind.make(clock: clock) }

  /// Alice creates "Home"; the creation, with its invite.
  func aliceAlone() async throws -> HouseholdCreation {
    try await backend.createHousehold(
      name: "Home", timeZone: "Asia/Taipei", displayName: "Alice", as: alice)
  }

  /// Alice creates "Home" and Bob joins it; the household's id.
  func couple() async throws -> HouseholdID {
    let creation = try await aliceAlone()
    clock.advance(by: 60)
    _ = try await backend.join(code: creation.invite.code.rawValue, displayName: "Bob", as: bob)
    clock.advance(by: 60)
    return creation.household.id
  }

  /// A phone for `account` whose clock runs `skew` seconds off the server's, reaching the
  /// backend through `network` when one is given; its ids come from a seed of its own.
  func device(
    _ account: AccountID, skew: TimeInterval = 0, network: (any TeammateBackend)? = nil,
    state: DeviceState = DeviceState()
  ) -> (device: Device, centre: InMemoryNotificationScheduler) {
    let phoneClock = SkewedWallClock(clock, offset: skew)
    let centre = InMemoryNotificationScheduler(clock: phoneClock)
    let seed = account.rawValue.utf8.reduce(UInt64(17)) { $0 &* 31 &+ UInt64($1) }
    return (
      Device(
        account: account, backend: network ?? backend, clock: phoneClock, scheduler: centre,
        state: state, random: SeededRandomNumberGenerator(seed: seed)),
      centre
    )
  }

  /// The notifications a device must hold for what it knows now: the planner's, from its own
  /// state, less what has fired already.
  func plan(of device: Device) async -> [PlannedNotification] {
    let state = await device.state
    let now = clock.now()
    guard let household = state.household, household.hasMember(device.account) else { return [] }
    return NotificationPlanner.plan(
      PlanInput(
        cards: state.sortedCards, activity: state.waitingActivity, viewer: device.account,
        members: household.members, timeZone: TimeZone(identifier: household.timeZone) ?? .gmt,
        now: now, shown: state.shown)
    ).filter { $0.fireAt > now }
  }

  /// Everything a member can read of the household, to compare before and after a refusal.
  func snapshot(_ household: HouseholdID) async throws -> Snapshot {
    Snapshot(
      household: try await backend.household(household, as: alice),
      cards: try await backend.cards(in: household, as: alice),
      feed: try await backend.changes(in: household, after: 0, limit: 10_000, as: alice))
  }
}

struct Snapshot: Equatable {
  var household: Household
  var cards: [Card]
  var feed: [Change]
}

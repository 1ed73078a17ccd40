import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport
import Testing

@testable import TeammateSQLite

/// A saved state this build cannot read is kept aside, never deleted, and the device opens
/// fresh (AC-INPUT-10).
@Suite struct SetAsideStateTests {
  let clock = ManualWallClock(Fixtures.start)

  /// The rows kept aside for `account` in the file at `path`, by what each was.
  func setAside(_ path: String, of account: String) throws -> [String: String] {
    let rows = try SQLiteConnection(path: path).rows(
      "SELECT part, body FROM device_set_aside WHERE account = ?", [.text(account)]
    ) { row in (try row.text(named: "part"), try row.text(named: "body")) }
    return Dictionary(rows, uniquingKeysWith: { first, _ in first })
  }

  @Test(arguments: [true, false])
  func test_AC_INPUT_10_aSavedStateThisBuildCannotReadIsKeptAsideAndTheDeviceOpensFresh(
    deviceFile: Bool
  ) async throws {
    let path = try TemporaryFolder.make().appending("store.sqlite")
    let file = try SQLiteBackend(path: path, clock: clock)
    // NB: a device file's household lives elsewhere; beside a store, in the file itself.
    let cloud: any TeammateBackend =
      deviceFile
      ? InMemoryBackend(clock: clock, random: SeededRandomNumberGenerator(seed: 5)) : file
    let creation = try await cloud.createHousehold(
      name: "Home", timeZone: "Asia/Taipei", displayName: "Alice", as: "alice")
    _ = try await cloud.addCard(CardDraft(title: "Nappies"), to: creation.household.id, as: "alice")
    let store = deviceFile ? SQLiteDeviceStore(file: file) : SQLiteDeviceStore(householdStore: file)
    let alice = try await Device(
      account: "alice", backend: cloud, clock: clock,
      scheduler: file.scheduler(for: "alice", clock: clock), store: store)
    _ = try await alice.sync()
    // NB: as another build might have written it: a household id that is not a string.
    let connection = try SQLiteConnection(path: path)
    try connection.run("UPDATE device_parts SET body = '42' WHERE part = 'householdID'")
    let before = try connection.rows(
      "SELECT body FROM device_parts UNION ALL SELECT state FROM devices"
    ) { $0.text(0) }

    let opened = try #require(try await store.loadState(of: "alice"))
    #expect(opened.conflicts.map(\.reason) == [.stateSetAside])
    #expect(opened.outbox.isEmpty)
    // NB: beside the household's store, the device follows the household from the start.
    #expect(opened.householdID == (deviceFile ? nil : creation.household.id))
    let kept = try setAside(path, of: "alice")
    #expect(Set(kept.values).isSuperset(of: before), "\(kept.keys)")
    // NB: the device works on, told once: its next sync reports it and a dismissal forgets it.
    let again = try await Device(
      account: "alice", backend: cloud, clock: clock,
      scheduler: file.scheduler(for: "alice", clock: clock), store: store)
    let report = try await again.sync()
    #expect(report.conflicts.map(\.reason) == [.stateSetAside])
    #expect(await again.cards.values.map(\.title) == ["Nappies"])
    try await again.dismissConflicts(report.conflicts.map(\.id))
    #expect(try await store.loadState(of: "alice")?.conflicts == [])
    // NB: what was kept aside goes with the account.
    try await store.forgetState(of: "alice")
    #expect(try setAside(path, of: "alice").isEmpty)
  }
}

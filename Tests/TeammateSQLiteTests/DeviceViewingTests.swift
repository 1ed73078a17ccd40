import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport
import Testing

@testable import TeammateSQLite

/// A device opened on a store it may not write reads what a command shows, not what only a
/// turn that plans needs.
@Suite struct DeviceViewingTests {
  let clock = ManualWallClock(Fixtures.start)

  /// Bob's saved state with the partner's acts waiting in it, in a device file or beside a
  /// household's store.
  func stateWithActivity(keptWhole: Bool) async throws -> (path: String, state: DeviceState) {
    var state = DeviceState(following: "home")
    state.waitingActivity = (0..<300).map { index in
      ActivityEvent(
        cardID: CardID("c\(index)"), actor: "alice", action: .created, at: Fixtures.start)
    }
    state.outbox = [
      OutboxEntry(
        id: "w1", householdID: "home", write: .addCard(CardDraft(title: "Diapers")),
        madeAt: Fixtures.start)
    ]
    state.cursor = 42
    let path = try TemporaryFolder.make().appending("device.sqlite")
    let file = try SQLiteBackend(path: path, clock: clock)
    if keptWhole {
      try await file.saveDeviceState(state, for: "bob")
    } else {
      try await file.saveDeviceParts(state, previous: nil, for: "bob")
    }
    return (path, state)
  }

  @Test func test_AC_DEV_23_aStoreThatMayNotBeWrittenLeavesTheWaitingActivityUnread() async throws {
    for keptWhole in [false, true] {
      let (path, saved) = try await stateWithActivity(keptWhole: keptWhole)
      let viewing = SQLiteDeviceStore(
        file: try SQLiteBackend(path: path, clock: clock, access: .readOnly))
      let shown = try #require(try await viewing.loadState(of: "bob"))
      #expect(shown.waitingActivity.isEmpty, "kept whole: \(keptWhole)")
      #expect(shown.outbox == saved.outbox && shown.cursor == 42)
      #expect(shown.householdID == saved.householdID)
      let writable = SQLiteDeviceStore(file: try SQLiteBackend(path: path, clock: clock))
      let whole = try #require(try await writable.loadState(of: "bob"))
      #expect(whole.waitingActivity == saved.waitingActivity, "kept whole: \(keptWhole)")
    }
  }
}

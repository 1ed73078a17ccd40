import Foundation
import TeammateKit
import TeammateTestHarness
import TeammateTestSupport
import Testing

@testable import TeammatePostgres

/// A household's move on a server (AC-PORT-13): the mark is its members' own.
@Suite struct PostgresMoveTests {
  @Test func test_AC_PORT_13_onlyAMemberMarksAHouseholdMovedAndLearnsWhere() async throws {
    let scene = try await HostileDeviceTests.scene()
    let home = scene.home.household.id.rawValue
    // Mallory, a member of her own household, marks Alice's, and asks where it went.
    #expect(
      await scene.raw.refusal("SELECT teammate_mark_moved('\(home)', 'mallory.example')") != nil)
    #expect(await scene.raw.refusal("SELECT * FROM moved_households") != nil)
    #expect(
      try await scene.alices.household(scene.home.household.id, as: Fixtures.alice).name == "Home")

    try await scene.alices.markMoved(
      scene.home.household.id, to: "postgresql://elsewhere/teammate", as: Fixtures.alice)
    #expect(try await scene.raw.value("SELECT teammate_moved_to('\(home)')") == nil)
    await #expect(
      throws: TeammateError.householdMoved(
        scene.home.household.id, to: "postgresql://elsewhere/teammate")
    ) {
      _ = try await scene.alices.changes(
        in: scene.home.household.id, after: 0, limit: 10, as: Fixtures.alice)
    }
    // NB: her own household is hers still: a mark moves nobody else's.
    #expect(try await scene.raw.value("SELECT count(*) FROM households") == "1")
  }
}

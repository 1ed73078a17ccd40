import Foundation
import TeammateKit
import TeammateTestHarness
import TeammateTestSupport
import Testing

@testable import TeammatePostgres

/// An erased account on a server (AC-PORT-09): no row of any table names it, and no device
/// erases anyone but itself, or itself while its household still lists it.
@Suite struct PostgresErasureTests {
  @Test func test_AC_PORT_09_noRowOfAnyTableOnAServerNamesAnErasedAccount() async throws {
    let scene = try await HostileDeviceTests.scene()
    let home = scene.home.household.id
    let accounts = HostileDeviceTests.Handed(scene.accounts)
    let bob = try await offThePool {
      HostileDeviceTests.Handed(try accounts.value.add(Fixtures.bob))
    }.value
    let bobs = try PostgresBackend(
      url: bob.url(password: true), clock: ManualWallClock(Fixtures.start))
    _ = try await bobs.join(
      code: scene.home.invite.code.rawValue, displayName: "Bob", as: Fixtures.bob)
    let written = try await scene.alices.cards(in: home, as: Fixtures.alice)
    let card = try await bobs.addCard(CardDraft(title: "Nap"), to: home, as: Fixtures.bob)
    _ = try await bobs.acknowledgeCards(
      written.map { CardRevision($0.id, revision: $0.revision) }, as: Fixtures.bob)
    _ = try await scene.alices.acknowledgeCards(
      [CardRevision(card.id, revision: card.revision)], as: Fixtures.alice)
    try await scene.alices.linkCredential(
      Credential(provider: "apple", subject: "000.alice"), as: Fixtures.alice)

    // The attacks: Mallory, a member of her own household, and Alice's raw session while
    // Alice is still listed, are refused, and nothing changes.
    #expect(await scene.raw.refusal("SELECT teammate_erase_account()") != nil)
    let alicesRaw = try RawSession(scene.alice.url(password: true))
    #expect(await alicesRaw.refusal("SELECT teammate_erase_account()") != nil)
    #expect(try await bobs.household(home, as: Fixtures.bob).members.count == 2)

    // NB: the operator's session, a superuser's, reads every row whatever the policies say.
    #expect(
      try await scene.service.value(
        "SELECT rolsuper FROM pg_roles WHERE rolname = current_user") == "t")
    let columns = try await scene.service.run(
      """
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND data_type IN ('text', 'name', 'character varying')
      ORDER BY table_name, column_name
      """)
    #expect(columns.count > 20)
    func naming() async throws -> [String] {
      var found: [String] = []
      for column in columns {
        guard let table = column[0], let name = column[1] else { continue }
        let holding = try await scene.service.value(
          """
          SELECT count(*) FROM \(table)
          WHERE strpos(\(name)::text, 'alice') > 0 OR strpos(\(name)::text, 'Alice') > 0
          """)
        if holding != "0" { found.append("\(table).\(name)") }
      }
      return found
    }
    // NB: the scan finds her before: it can fail.
    let before = try await naming()
    #expect(before.contains("teammate_accounts.account") && before.contains("cards.body"))

    try await scene.alices.eraseAccount(deletingHousehold: false, as: Fixtures.alice)
    #expect(try await naming() == [])
    // Bob's household, whole, and Alice's role acting as nobody.
    let kept = try await bobs.cards(in: home, as: Fixtures.bob)
    #expect(kept.map(\.id) == written.map(\.id) + [card.id])
    #expect(kept.first { $0.id == card.id }?.ackBy == Erasure.formerMember)
    #expect(try await alicesRaw.value("SELECT count(*) FROM cards") == "0")
    #expect(await alicesRaw.refusal("SELECT teammate_erase_account()") != nil)
  }
}

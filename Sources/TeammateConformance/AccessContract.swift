import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport
import Testing

/// The access table against real backends: what a non-member may not do.
/// The contract's checks of this area, for any backend.
public enum AccessContract {
  /// Every call an outsider could try on `home`, each expected to be refused.
  static func outsiderCalls(
    _ world: ContractWorld, home: HouseholdID, card: CardID, as outsider: AccountID
  ) -> [(String, @Sendable () async throws -> Void)] {
    let backend = world.backend
    return [
      ("read household", { _ = try await backend.household(home, as: outsider) }),
      ("read invite", { _ = try await backend.liveInvite(for: home, as: outsider) }),
      ("list cards", { _ = try await backend.cards(in: home, as: outsider) }),
      ("get card", { _ = try await backend.card(card, as: outsider) }),
      ("read feed", { _ = try await backend.changes(in: home, after: 0, limit: 10, as: outsider) }),
      (
        "rename",
        { _ = try await backend.updateHousehold(home, name: "Mine", timeZone: nil, as: outsider) }
      ),
      (
        "settings",
        {
          _ = try await backend.updateMember(
            in: home, displayName: "X", settings: nil, as: outsider)
        }
      ),
      ("issue invite", { _ = try await backend.issueInvite(for: home, as: outsider) }),
      ("leave", { try await backend.leaveHousehold(home, as: outsider) }),
      (
        "add card", { _ = try await backend.addCard(CardDraft(title: "x"), to: home, as: outsider) }
      ),
      (
        "edit card",
        { _ = try await backend.editCard(card, CardEdit(title: .set("x")), as: outsider) }
      ),
      ("acknowledge", { _ = try await backend.acknowledgeCard(card, revision: 1, as: outsider) }),
      ("complete", { _ = try await backend.setCardDone(card, done: true, as: outsider) }),
      ("delete", { _ = try await backend.deleteCard(card, as: outsider) }),
    ]
  }

  /// AC-ACC-07: Through every backend, a stranger with a valid uid can read nothing of a household
  /// (household, its invite, cards, a card by id, the change feed) and write nothing (update, issue
  /// an invite, leave, add, edit, acknowledge, complete or delete a card): each call is refused as
  /// `notAMember` and changes nothing.
  public static let strangerCanReadAndWriteNothing = ContractCheck(
    id: "AC-ACC-07", name: "strangerCanReadAndWriteNothing"
  ) { world in
    let home = try await world.couple()
    let card = try await world.backend.addCard(
      CardDraft(kind: .task, title: "Secret"), to: home, as: world.alice)
    _ = try await world.backend.createHousehold(
      name: "Elsewhere", timeZone: "UTC", displayName: "Carol", as: world.carol)
    let before = try await world.snapshot(home)
    for (name, call) in outsiderCalls(world, home: home, card: card.id, as: world.carol) {
      await #expect(throws: TeammateError.accessDenied(.notAMember(home)), "\(name)") {
        try await call()
      }
    }
    let nobody: AccountID = "uid-with-no-household"
    for (name, call) in outsiderCalls(world, home: home, card: card.id, as: nobody) {
      await #expect(throws: TeammateError.accessDenied(.notAMember(home)), "\(name)") {
        try await call()
      }
    }
    #expect(try await world.snapshot(home) == before)
  }

  /// AC-ACC-08: Through every backend, a former member is refused like a stranger, an account
  /// cannot read another account's household, and a member may change only their own display name
  /// and settings.
  public static let formerMemberIsAStrangerAndSettingsAreOwn = ContractCheck(
    id: "AC-ACC-08", name: "formerMemberIsAStrangerAndSettingsAreOwn"
  ) { world in
    let home = try await world.couple()
    let card = try await world.backend.addCard(
      CardDraft(title: "Old news"), to: home, as: world.alice)
    try await world.backend.leaveHousehold(home, as: world.bob)
    for (name, call) in outsiderCalls(world, home: home, card: card.id, as: world.bob) {
      await #expect(throws: TeammateError.accessDenied(.notAMember(home)), "\(name)") {
        try await call()
      }
    }
    await #expect(throws: TeammateError.accessDenied(.notYourAccount(world.alice))) {
      try await world.backend.householdID(of: world.alice, as: world.bob)
    }
    let quiet = NotificationSettings(eventLeadMinutes: 45)
    let updated = try await world.backend.updateMember(
      in: home, displayName: "Ali", settings: quiet, as: world.alice)
    #expect(updated.member(world.alice)?.displayName == "Ali")
    #expect(updated.member(world.alice)?.settings.eventLeadMinutes == 45)
  }
}

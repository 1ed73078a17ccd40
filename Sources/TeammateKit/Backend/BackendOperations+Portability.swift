import Foundation

/// A whole household out of a store and into another (AC-PORT-01, AC-PORT-02).
extension BackendOperations {
  /// The household as one document, for its members only.
  package static func exportHousehold(
    _ id: HouseholdID, actor: AccountID, storage: some BackendStorage
  ) throws -> HouseholdDocument {
    try check(.readHousehold(id), actor, try state(of: actor, in: storage))
    let household = try existingHousehold(id, in: storage)
    // NB: the feed is read whole, a page at a time, as a device pulls it.
    var feed: [Change] = []
    while true {
      let page = try storage.changes(in: id, after: feed.last?.sequence ?? 0, limit: 10_000)
      feed += page
      if page.count < 10_000 { break }
    }
    return HouseholdDocument(
      household: household, cards: try storage.cards(in: id),
      items: try storage.items(on: ShoppingRules.mainList, in: id), feed: feed)
  }

  /// The household marked moved to `location` by one of its members (AC-PORT-12), its rows
  /// gone from here with it: the mark alone stays (AC-PORT-24).
  package static func markMoved(
    _ id: HouseholdID, to location: String, actor: AccountID, storage: inout some BackendStorage
  ) throws {
    try check(.readHousehold(id), actor, try state(of: actor, in: storage))
    let household = try existingHousehold(id, in: storage)
    let place = try Validation.name(location, field: .location)
    // NB: nobody joins a household here that lives elsewhere now.
    try revokeInvite(of: id, storage: &storage)
    try storage.markMoved(id, to: place, members: household.members.map(\.uid))
    // NB: what moved leaves: the mark is all that stays (ADR 0024).
    try storage.deleteHousehold(id)
    try storage.forgetRecords(of: id)
  }

  /// When `error` refuses `actor` a household that has moved since they were its member,
  /// the refusal that says where it went; nil otherwise.
  package static func householdMoved(
    refusing error: any Error, actor: AccountID, storage: some BackendStorage
  ) -> TeammateError? {
    guard case TeammateError.accessDenied(.notAMember(let id)) = error,
      let location = try? storage.movedLocation(of: id, for: actor)
    else { return nil }
    return .householdMoved(id, to: location)
  }

  /// Makes the document's household in a store that does not hold it, its members in it:
  /// refused, with nothing written, when the store holds it, one of its members is in
  /// another household, or one of its ids is another household's. The importer must be one
  /// of its members.
  package static func importHousehold(
    _ document: HouseholdDocument, actor: AccountID, storage: inout some BackendStorage
  ) throws {
    let household = document.household
    guard household.member(actor) != nil else {
      throw TeammateError.accessDenied(.notAMember(household.id))
    }
    guard try storage.household(household.id) == nil else {
      throw HouseholdDocumentError.householdAlreadyHere(household.id)
    }
    for member in household.members {
      if let elsewhere = try storage.householdID(of: member.uid) {
        throw HouseholdDocumentError.memberElsewhere(member.uid, in: elsewhere)
      }
    }
    for card in document.cards where try storage.isCardIDTaken(card.id) {
      throw HouseholdDocumentError.idTaken(card.id.rawValue)
    }
    try storage.putHousehold(household)
    for member in household.members { try storage.setHouseholdID(household.id, of: member.uid) }
    for card in document.cards { try storage.putCard(card) }
    for item in document.items { try storage.putItem(item) }
    for change in document.feed { _ = try storage.appendChange(change) }
  }
}

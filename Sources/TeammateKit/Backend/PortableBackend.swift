import Foundation

/// A backend a household can leave and arrive at whole: it exports a household as one
/// `HouseholdDocument` and imports one into itself (AC-PORT-01..03). Every
/// `TransactionalBackend` is one.
public protocol PortableBackend: TeammateBackend {
  /// The whole household as one document, for its members only.
  func exportHousehold(_ id: HouseholdID, as actor: AccountID) async throws -> HouseholdDocument

  /// Makes the document's household here, the same ids and the same feed, with its members
  /// in it; the actor must be one of them. Refused with a `HouseholdDocumentError`, and
  /// nothing written, when this store holds the household already, one of its members is in
  /// another household here, or one of its cards' ids is another household's.
  func importHousehold(_ document: HouseholdDocument, as actor: AccountID) async throws

  /// Marks the household, here, moved to `location` (AC-PORT-12), once it has been imported
  /// there: a member only. From then on every call on it here is refused with
  /// `householdMoved(_:to:)` for its members, which names where it went; `location` says
  /// where, with no secret in it.
  func markMoved(_ id: HouseholdID, to location: String, as actor: AccountID) async throws
}

import Foundation

/// The household whole, through the device (AC-PORT-01, AC-PORT-02): what a person backs up,
/// restores or moves. Each needs a backend that is a `PortableBackend`, reached online;
/// otherwise it is `TeammateError.unavailable`.
extension Device {
  /// The household this device follows, as one document, as the backend holds it: what
  /// waits in the outbox is sent first, so the document has what the person sees.
  public func exportHousehold() async throws -> HouseholdDocument {
    try await inTurn {
      guard isOnline, let portable = backend as? any PortableBackend else {
        throw TeammateError.unavailable
      }
      try await flush()
      return try await portable.exportHousehold(try await householdID(), as: account)
    }
  }

  /// Makes the document's household in this device's backend, which must not hold it, and
  /// follows it from now on, its history no news; this account must be one of its members.
  public func importHousehold(_ document: HouseholdDocument) async throws -> Household {
    try await inTurn {
      guard isOnline, let portable = backend as? any PortableBackend else {
        throw TeammateError.unavailable
      }
      try await portable.importHousehold(document, as: account)
      try await follow(document.household.id)
      // NB: the person holds the household's history already: none of it is news.
      state.news = []
      state.markListSeen()
      return document.household
    }
  }

  /// Moves the household this device follows to `target` (AC-PORT-15): what waits in the
  /// outbox is sent first; then the household is exported, imported there (by this account,
  /// which `target` may ask to be its operator's) and marked moved here to `location` (where
  /// `target` is, with no secret in it). The device keeps where it went (`movedTo`): one
  /// opened on `target` with its store arrives there at its next sync. A move cut short
  /// after its import is made again the same way: a copy in `target` that is the household
  /// as it is here is taken as the import; any other is refused (`householdAlreadyHere`).
  public func moveHousehold(to target: any PortableBackend, location: String) async throws
    -> Household
  {
    try await inTurn {
      guard isOnline, let portable = backend as? any PortableBackend else {
        throw TeammateError.unavailable
      }
      try await flush()
      let home = try await householdID()
      let document = try await portable.exportHousehold(home, as: account)
      do {
        try await target.importHousehold(document, as: account)
      } catch HouseholdDocumentError.householdAlreadyHere(let id) where id == home {
        // NB: a move cut short after its import (AC-PORT-31): the copy there is this very
        // household, nothing written on it since, so the move goes on to its mark.
        guard try await target.exportHousehold(home, as: account) == document else {
          throw HouseholdDocumentError.householdAlreadyHere(id)
        }
      }
      try await portable.markMoved(home, to: location, as: account)
      state.movedTo = location
      return document.household
    }
  }
}

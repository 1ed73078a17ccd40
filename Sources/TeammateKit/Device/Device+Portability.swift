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
}

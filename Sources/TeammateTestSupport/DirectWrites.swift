import Foundation
import TeammateKit

/// One card write at a time, straight to a backend, for tests and simulations that script a
/// partner without a device. Each is a `submit` with a write id of its own, so it runs exactly
/// the code a device's write runs; a refusal is thrown.
extension TeammateBackend {
  /// Logs a card straight to the backend, as a device's write would.
  public func addCard(
    _ draft: CardDraft, to household: HouseholdID, as actor: AccountID
  ) async throws -> Card {
    try await firstCard(of: try await direct(.addCard(draft), in: household, as: actor))
  }

  /// Adds several cards: in one step where the backend offers it, else one after another.
  public func addCards(
    _ drafts: [CardDraft], to household: HouseholdID, as actor: AccountID
  ) async throws -> [Card] {
    if let bulk = try await transactional(for: actor) {
      return try await bulk.addCardsAtOnce(drafts, to: household, as: actor)
    }
    var added: [Card] = []
    for draft in drafts { added.append(try await addCard(draft, to: household, as: actor)) }
    return added
  }

  /// Edits a card straight on the backend.
  public func editCard(
    _ id: CardID, _ edit: CardEdit, as actor: AccountID
  ) async throws -> CardRules.EditOutcome {
    let outcome = try await direct(.editCard(id, edit, baseRevision: nil), as: actor)
    guard case .applied(_, _, let edit?, _) = outcome else { throw TeammateError.cardNotFound(id) }
    return edit
  }

  /// Renames the household or moves its zone straight on the backend (nil keeps a value).
  public func updateHousehold(
    _ id: HouseholdID, name: String?, timeZone: String?, as actor: AccountID
  ) async throws -> Household {
    try await household(after: .updateHousehold(name: name, timeZone: timeZone), in: id, as: actor)
  }

  /// Changes the actor's own name or settings straight on the backend (nil keeps a value).
  public func updateMember(
    in id: HouseholdID, displayName: String?, settings: NotificationSettings?,
    as actor: AccountID
  ) async throws -> Household {
    try await household(
      after: .updateMember(displayName: displayName, settings: settings), in: id, as: actor)
  }

  /// Acknowledges a card's revision straight on the backend.
  public func acknowledgeCard(_ id: CardID, revision: Int, as actor: AccountID) async throws
    -> Card
  {
    try await firstCard(
      of: try await direct(.acknowledge([CardRevision(id, revision: revision)]), as: actor))
  }

  /// Acknowledges each card at the revision seen: all of them, or none when any is refused.
  public func acknowledgeCards(_ seen: [CardRevision], as actor: AccountID) async throws
    -> [Card]
  { cards(of: try await direct(.acknowledge(seen), as: actor)) }

  /// Marks a task done, or not, straight on the backend.
  public func setCardDone(_ id: CardID, done: Bool, as actor: AccountID) async throws -> Card {
    try await firstCard(of: try await direct(.setDone(id, done: done), as: actor))
  }

  /// Skips a repeating card's occurrence straight on the backend.
  public func skipCard(_ id: CardID, as actor: AccountID) async throws -> Card {
    try await firstCard(of: try await direct(.skipOccurrence(id), as: actor))
  }

  /// Deletes a card straight on the backend.
  public func deleteCard(_ id: CardID, as actor: AccountID) async throws -> Card {
    try await firstCard(of: try await direct(.deleteCard(id), as: actor))
  }

  /// Restores a card straight on the backend.
  public func restoreCard(_ id: CardID, as actor: AccountID) async throws -> Card {
    try await firstCard(of: try await direct(.restoreCard(id), as: actor))
  }

  /// Acknowledges, in one write, exactly what is pending for the actor at that moment.
  public func acknowledgePending(
    in household: HouseholdID, as actor: AccountID
  ) async throws -> [Card] {
    cards(of: try await direct(.acknowledgePending, in: household, as: actor))
  }

  /// One card, as a member of its household reads it.
  public func card(_ id: CardID, as actor: AccountID) async throws -> Card {
    if let store = try await transactional(for: actor) {
      return try await store.oneCard(id, as: actor)
    }
    let home = try await householdID(of: actor, as: actor) ?? HouseholdID("none")
    guard let card = try await cards(in: home, as: actor).first(where: { $0.id == id }) else {
      throw TeammateError.cardNotFound(id)
    }
    return card
  }

  /// The cards pending for the actor, oldest change first.
  public func pendingCards(
    in household: HouseholdID, as actor: AccountID
  ) async throws -> [Card] {
    if let store = try await transactional(for: actor) {
      return try await store.narrowedPendingCards(in: household, as: actor)
    }
    return AcknowledgementRules.pending(
      cards: try await cards(in: household, as: actor), viewer: actor)
  }

  /// Submits `write` in the actor's own household (or `household`), throwing a refusal.
  private func direct(
    _ write: DeviceWrite, in household: HouseholdID? = nil, as actor: AccountID
  ) async throws -> WriteOutcome {
    // NB: a stranger's write names no household of theirs; the backend refuses it as such.
    var home = household
    if home == nil { home = try await householdID(of: actor, as: actor) }
    let entry = OutboxEntry(
      id: DirectWriteIDs.next(), householdID: home ?? HouseholdID("none"), write: write,
      madeAt: Date(timeIntervalSince1970: 0))
    let outcome = try await submit(entry, as: actor)
    if case .refused(let error) = outcome { throw error }
    return outcome
  }

  private func household(
    after write: DeviceWrite, in id: HouseholdID, as actor: AccountID
  ) async throws -> Household {
    guard case .applied(_, let household?, _, _) = try await direct(write, in: id, as: actor)
    else { return try await household(id, as: actor) }
    return household
  }

  private func cards(of outcome: WriteOutcome) -> [Card] {
    if case .applied(let cards, _, _, _) = outcome { return cards }
    return []
  }

  private func firstCard(of outcome: WriteOutcome) async throws -> Card {
    guard let card = cards(of: outcome).first else { throw TeammateError.cardNotFound(CardID("")) }
    return card
  }
}

/// Write ids for direct writes: never one a device makes, and never one used before, even in
/// a store file that outlives the process.
enum DirectWriteIDs {
  static func next() -> WriteID { WriteID("direct-\(UUID().uuidString)") }
}

import Foundation

/// The calls an app makes on cards: logging, editing, acknowledging, completing, skipping,
/// deleting and restoring.
extension Device {
  /// Logs a new card; offline it is shown at once and waits.
  public func addCard(_ draft: CardDraft) async throws -> Card {
    try await inTurn {
      var named = draft
      if named.id == nil {
        let shown = view.cards
        var id = CardID.random(using: &random)
        while shown[id] != nil { id = .random(using: &random) }
        named.id = id
      }
      let outcome = try await make(.addCard(named))
      guard let card = cards(outcome, else: [named.id].compactMap { $0 }).first else {
        throw TeammateError.cardIDTaken(named.id ?? CardID(""))
      }
      return card
    }
  }

  /// Changes the fields `edit` gives; the partner must know the card again.
  public func editCard(_ id: CardID, _ edit: CardEdit) async throws -> CardRules.EditOutcome {
    try await inTurn {
      let before = view
      // NB: the edit is made on the card as the backend last sent it; a card made here
      // offline is at its first revision.
      let base = state.cards[id]?.revision ?? (before.cards[id] == nil ? nil : 1)
      let answer = try await make(.editCard(id, edit, baseRevision: base))
      if case .applied(_, _, let outcome?, _) = answer { return outcome }
      guard let card = before.cards[id], let household = before.household else {
        throw TeammateError.cardNotFound(id)
      }
      // NB: waiting in the outbox: what the edit did to the card this device shows.
      return try CardRules.edit(
        card, with: edit, household: household, by: account, now: clock.now())
    }
  }

  /// Acknowledges each card at the revision seen: all of them, or none.
  public func acknowledge(_ seen: [CardRevision]) async throws -> [Card] {
    try await inTurn { try await acknowledgeNow(seen) }
  }

  func acknowledgeNow(_ seen: [CardRevision]) async throws -> [Card] {
    let outcome = try await make(.acknowledge(seen))
    var ids: [CardID] = []
    for item in seen where !ids.contains(item.id) { ids.append(item.id) }
    return cards(outcome, else: ids)
  }

  /// Acknowledges exactly what is pending, in one write: at the backend when online, and
  /// offline what this device shows pending, at the revisions it shows.
  public func acknowledgeAllPending() async throws -> [Card] {
    try await inTurn {
      guard isOnline else {
        return try await acknowledgeNow(pending.map { CardRevision($0.id, revision: $0.revision) })
      }
      return cards(try await make(.acknowledgePending), else: [])
    }
  }

  /// Marks a task done, or not done again.
  public func setDone(_ id: CardID, done: Bool) async throws -> Card {
    try await one(.setDone(id, done: done), id)
  }

  /// Moves a repeating card on to its next occurrence without completing it.
  public func skip(_ id: CardID) async throws -> Card { try await one(.skipOccurrence(id), id) }

  /// Deletes a card; either partner may restore it.
  public func deleteCard(_ id: CardID) async throws -> Card { try await one(.deleteCard(id), id) }

  /// Brings back a deleted card, which must be known again.
  public func restoreCard(_ id: CardID) async throws -> Card {
    try await one(.restoreCard(id), id)
  }

  func one(_ write: DeviceWrite, _ id: CardID) async throws -> Card {
    try await inTurn {
      guard let card = cards(try await make(write), else: [id]).first else {
        throw TeammateError.cardNotFound(id)
      }
      return card
    }
  }
}

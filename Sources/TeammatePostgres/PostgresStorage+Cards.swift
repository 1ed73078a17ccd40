import Foundation
import TeammateKit

/// Cards: read in the opening where the write is known, written with its commit.
extension PostgresStorage {
  public func card(_ id: CardID) throws -> Card? {
    if let known = knownCards?.card(id) { return known }
    let rows = try connection.query(
      """
      SELECT seen.body,
        CASE WHEN seen.body IS NULL THEN teammate_card_household(\(id.rawValue)) END AS household_id
      FROM (SELECT (SELECT body FROM cards WHERE id = \(id.rawValue)) AS body) seen
      """)
    if try rows.optionalText(0, "body") != nil {
      return try decoded(Card.self, try rows.text(0, "body"))
    }
    guard let household = try rows.optionalText(0, "household_id") else { return nil }
    return Card(
      id: id, householdID: HouseholdID(household), kind: .note, title: "", createdBy: "",
      createdAt: .distantPast)
  }

  /// NB: a new card's id is drawn at random and almost never taken: in a write it is taken to
  /// be free at once and checked with the commit (`teammate_claim_card_id`, schema 11), one
  /// round trip fewer; an id found taken that way is looked up when the write runs again.
  public func isCardIDTaken(_ id: CardID) throws -> Bool {
    guard isWriting, !claims.lookUp.contains(id) else { return try card(id) != nil }
    claims.claimed.insert(id)
    connection.later("SELECT teammate_claim_card_id(\(id.rawValue))")
    return false
  }

  public func cards(in household: HouseholdID) throws -> [Card] {
    if let known = knownCards?.cards(in: household) { return known }
    return try documents(Card.self, "body", of: Self.cardsQuery(in: household))
  }

  /// The statement that reads every card of `household`, in order.
  static func cardsQuery(in household: HouseholdID) -> PostgresQuery {
    "SELECT body FROM cards WHERE household_id = \(household.rawValue) ORDER BY position"
  }

  /// The statement that reads the cards `ids` names in `household`.
  static func cardsQuery(named ids: [CardID], in household: HouseholdID) throws -> PostgresQuery {
    """
    SELECT body FROM cards WHERE household_id = \(household.rawValue)
      AND id IN \(sql: try oneOf(ids.map(\.rawValue)))
    """
  }

  /// `values` as a list to test a column against (`column IN …`), bound as one JSON array,
  /// however many there are.
  static func oneOf(_ values: [String]) throws -> PostgresQuery {
    "(SELECT json_array_elements_text(\(try jsonArray(values))::json))"
  }

  /// `values` as the text of one JSON array, to bind as one value.
  static func jsonArray(_ values: [String]) throws -> String {
    String(decoding: try JSONEncoder().encode(values), as: UTF8.self)
  }

  /// Keeps the cards the first round trip read (`cardsQuery`): every card of `household` in
  /// order, or (`household` nil) the cards named.
  mutating func know(cards rows: PostgresRows, everyCardOf household: HouseholdID?) throws {
    let cards = try (0..<rows.count).map { row in
      try decoded(Card.self, try rows.text(row, "body"))
    }
    knownCards = KnownCards(cards, everyCardOf: household)
  }

  /// NB: the WHERE clause only narrows what is decoded; the kit's rule decides after.
  public func cardsMaybePending(in household: HouseholdID, for viewer: AccountID) throws
    -> [Card]
  {
    try documents(
      Card.self, "body",
      of: """
        SELECT body FROM cards WHERE household_id = \(household.rawValue)
          AND maybe_pending_for_all_but IS NOT NULL
          AND maybe_pending_for_all_but <> \(viewer.rawValue)
        ORDER BY position
        """)
  }

  public mutating func putCard(_ card: Card) throws {
    knownCards?.put(card)
    // NB: a card may be pending for everyone but its last editor while nobody knows it.
    let hint = card.ackBy == nil && !card.isDeleted ? card.lastEditedBy.rawValue : nil
    let body = try json(card)
    connection.later(
      .card(
        """
          INSERT INTO cards (household_id, id, maybe_pending_for_all_but, body)
        VALUES (\(card.householdID.rawValue), \(card.id.rawValue), \(hint), \(body))
        ON CONFLICT (household_id, id) DO UPDATE SET
          maybe_pending_for_all_but = excluded.maybe_pending_for_all_but, body = excluded.body
        """))
  }
}

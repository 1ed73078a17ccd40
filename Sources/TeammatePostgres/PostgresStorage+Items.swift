import Foundation
import TeammateKit

/// The shopping list's items, a row each (ADR 0013).
extension PostgresStorage {
  public func item(_ id: ItemID, in household: HouseholdID) throws -> ShoppingItem? {
    try document(
      ShoppingItem.self, "body",
      of:
        "SELECT body FROM items WHERE household_id = \(household.rawValue) AND id = \(id.rawValue)")
  }

  /// NB: in the order added, which the serial position keeps.
  public func items(on list: ListID, in household: HouseholdID) throws -> [ShoppingItem] {
    try documents(
      ShoppingItem.self, "body",
      of: """
        SELECT body FROM items WHERE household_id = \(household.rawValue)
          AND list_id = \(list.rawValue) ORDER BY position
        """)
  }

  /// NB: on the partial index of needed items: one row, however long the list (an item kept
  /// before schema 17 may stand beside another of its thing: either is the one). No order:
  /// one would be read off the list's own index, row after row.
  public func neededItem(folding key: String, on list: ListID, in household: HouseholdID)
    throws -> ShoppingItem?
  {
    try document(
      ShoppingItem.self, "body",
      of: """
        SELECT body FROM items WHERE household_id = \(household.rawValue)
          AND list_id = \(list.rawValue) AND folded = \(key) AND needed
        LIMIT 1
        """)
  }

  public mutating func putItem(_ item: ShoppingItem) throws {
    connection.later(
      """
      INSERT INTO items (household_id, id, list_id, folded, needed, body)
      VALUES (\(item.householdID.rawValue), \(item.id.rawValue), \(item.listID.rawValue),
        \(item.text.key), \(item.isNeeded), \(try json(item)))
      ON CONFLICT (household_id, id) DO UPDATE SET
        folded = excluded.folded, needed = excluded.needed, body = excluded.body
      """)
  }
}

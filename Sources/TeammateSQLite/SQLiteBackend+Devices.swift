import Foundation
import TeammateKit

/// What each device on this machine keeps between runs of the command line: its sync state
/// and the local notifications its scheduler holds. Local device data, not household data.
extension SQLiteBackend {
  /// The device's saved state, its cards and the household read back from the store as they
  /// are now (a device beside the store, AC-DEV-17).
  public func deviceState(for account: AccountID) throws -> DeviceState? {
    try deviceState(for: account, cards: .household)
  }

  /// Where a saved state's cards come back from: the household's own (a device beside the
  /// store), only those that may wait for the account (a device beside the store opened to
  /// show its pending list, AC-CLI-100), or the device's copies a row each (a device file of
  /// its own, ADR 0020).
  enum SavedCards: Equatable { case household, mayWait, copies }

  /// The device's saved state, its cards read back from `cards` and then its planned
  /// notifications' text from its scheduler's table.
  /// `readingSaved: false` opens as if nothing were saved: a state set aside (AC-INPUT-10).
  func deviceState(
    for account: AccountID, cards: SavedCards, readingSaved: Bool = true
  ) throws -> DeviceState? {
    let state = try reading { storage, _ -> DeviceState? in
      // NB: a device keeps its state a part a row, in a file of its own or beside a household's
      // store (AC-DEV-18, AC-DEV-25); a file an earlier version saved keeps it whole.
      // NB: a store this run may not write could not keep a turn that plans: what only such
      // a turn reads stays unread, its text not even copied out of the file (AC-DEV-23).
      let viewing = access == .readOnly
      let parts =
        try !readingSaved
        ? []
        : storage.connection.rows(
          "SELECT part, body FROM device_parts WHERE account = ? AND part != ?",
          [.id(account), .text(viewing ? DeviceState.waitingActivityPart : "")]
        ) { row in (name: try row.text(named: "part"), text: try row.text(named: "body")) }
      let whole =
        try !readingSaved || !parts.isEmpty
        ? nil
        : storage.connection.first(
          "SELECT state FROM devices WHERE account = ?", [.id(account)],
          { try $0.text(named: "state") })
      let saved: DeviceState?
      do {
        saved =
          try parts.isEmpty
          ? whole.map { try storage.decodeState($0, viewing: viewing) }
          : storage.decodeState(DeviceState.json(ofParts: parts), viewing: viewing)
      } catch {
        throw UnreadableDeviceState()
      }
      guard cards != .copies || saved != nil else { return nil }
      var state = saved ?? DeviceState()
      switch cards {
      case .household, .mayWait:
        // NB: the store is the household's own: a device beside it shows it as it is now
        // (AC-DEV-17), and one that never saved follows the account's household from the
        // start. Only while the account is in that household; otherwise sync starts over.
        let current = try storage.householdID(of: account)
        if saved == nil {
          guard let current else { return nil }
          state = DeviceState(following: current)
        }
        if let household = state.householdID, current == household {
          state.restore(
            household: try storage.household(household),
            cards: try cards == .household
              ? storage.cards(in: household) : storage.cards(in: household, mayWaitFor: account))
        }
      case .copies:
        // NB: a file saved before the copies had rows holds them in the state itself.
        state.restore(
          copies: try !readingSaved
            ? []
            : storage.connection.rows(
              "SELECT applied, body FROM device_cards WHERE account = ?", [.id(account)]
            ) { row in
              guard let card = try? storage.decode(Card.self, try row.text(named: "body")) else {
                throw UnreadableDeviceState()
              }
              return (card: card, applied: try row.int64(named: "applied"))
            })
      }
      return state
    }
    guard var full = state else { return nil }
    full.restore(notifications: try notifications(of: account, delivered: false, now: .distantPast))
    return full
  }

  /// Saves the device's state without its card copies, which the store already holds, or
  /// with them (`keepingCards`) when the household lives on a server.
  public func saveDeviceState(
    _ state: DeviceState, for account: AccountID, keepingCards: Bool = false
  ) throws {
    try writing { storage, _, _ in
      try storage.connection.run(
        """
        INSERT INTO devices (account, state) VALUES (?, ?)
        ON CONFLICT (account) DO UPDATE SET state = excluded.state
        """, [.id(account), try storage.json(keepingCards ? state : state.withoutCards())])
    }
  }

  /// The scheduler of `account`'s device, as stored in this file.
  public nonisolated func scheduler(
    for account: AccountID, clock: any WallClock
  ) -> SQLiteNotificationScheduler {
    SQLiteNotificationScheduler(store: self, account: account, clock: clock)
  }

  /// What is still pending at `now`, or what has been delivered by then: a notification
  /// whose time has come counts as delivered. Reads only, so it works on a read-only store.
  func notifications(
    of account: AccountID, delivered: Bool, now: Date
  ) throws -> [PlannedNotification] {
    try reading { storage, _ in
      try storage.connection.rows(
        """
        SELECT id, kind, fire_at, title, body, card_id, occurrence_at FROM device_notifications
        WHERE account = ? AND (delivered = 1 OR fire_at <= ?) = ? ORDER BY fire_at, id
        """, [.id(account), .date(now), .bool(delivered)]
      ) { row in
        let kindText = try row.text(named: "kind")
        guard let kind = NotificationKind(rawValue: kindText) else {
          throw SQLiteError.unreadable("unknown notification kind '\(kindText)'")
        }
        return PlannedNotification(
          id: try row.text(named: "id"), kind: kind, fireAt: try row.date(named: "fire_at"),
          title: try row.text(named: "title"), body: try row.text(named: "body"),
          cardID: try row.optionalID(named: "card_id"),
          occurrenceAt: try row.optionalDate(named: "occurrence_at"))
      }
    }
  }

  /// Records as delivered what is due at `now`, before an overwrite or a cancel could lose it.
  private static func markDelivered(
    _ storage: SQLiteStorage, of account: AccountID, now: Date
  ) throws {
    try storage.connection.run(
      """
      UPDATE device_notifications SET delivered = 1
      WHERE account = ? AND delivered = 0 AND fire_at <= ?
      """, [.id(account), .date(now)])
  }

  func schedule(
    _ notifications: [PlannedNotification], for account: AccountID, now: Date
  ) throws {
    try writing { storage, _, _ in
      try Self.markDelivered(storage, of: account, now: now)
      for notification in notifications {
        try storage.connection.run(
          """
          INSERT INTO device_notifications
            (account, id, kind, fire_at, title, body, card_id, occurrence_at, delivered)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0)
          ON CONFLICT (account, id) DO UPDATE SET kind = excluded.kind, fire_at = excluded.fire_at,
            title = excluded.title, body = excluded.body, card_id = excluded.card_id,
            occurrence_at = excluded.occurrence_at, delivered = 0
          """,
          [
            .id(account), .text(notification.id), .text(notification.kind.rawValue),
            .date(notification.fireAt), .text(notification.title), .text(notification.body),
            .id(notification.cardID), .date(notification.occurrenceAt),
          ])
      }
    }
  }

  /// The accounts whose device keeps a state saved in this file: the phones a household's
  /// file is, which follow the household when it moves (AC-PORT-20).
  package func accountsWithSavedState() throws -> [AccountID] {
    try reading { storage, _ in
      try storage.connection.rows(
        "SELECT account FROM devices UNION SELECT account FROM device_parts ORDER BY account",
        []
      ) { AccountID(try $0.text(named: "account")) }
    }
  }

  /// Whether `account`'s device has saved a state in this file (a device beside a store
  /// that never saved follows the account's household from the start, AC-DEV-17).
  package func hasSavedState(of account: AccountID) throws -> Bool {
    try accountsWithSavedState().contains(account)
  }

  /// The place `account`'s device state last followed its household at (AC-PORT-34), nil
  /// before it was kept anywhere.
  package func devicePlace(of account: AccountID) throws -> String? {
    try reading { storage, _ in
      try storage.connection.first(
        "SELECT place FROM device_places WHERE account = ?", [.id(account)]
      ) { try $0.text(named: "place") }
    }
  }

  /// Keeps `place` as where `account`'s device state follows its household now.
  package func keepDevicePlace(_ place: String, of account: AccountID) throws {
    try writing { storage, _, _ in
      try storage.connection.run(
        """
        INSERT INTO device_places (account, place) VALUES (?, ?)
        ON CONFLICT (account) DO UPDATE SET place = excluded.place
        """, [.id(account), .text(place)])
    }
  }

  /// Every row of `account`'s device, gone: its account was erased.
  func forgetDevice(of account: AccountID) throws {
    try writing { storage, _, _ in
      for table in SQLiteStorage.deviceTables {
        try storage.connection.run("DELETE FROM \(table) WHERE account = ?", [.id(account)])
      }
    }
  }

  func removeAllNotifications(of account: AccountID) throws {
    try writing { storage, _, _ in
      try storage.connection.run(
        "DELETE FROM device_notifications WHERE account = ?", [.id(account)])
    }
  }

  func cancel(_ ids: [String], for account: AccountID, now: Date) throws {
    try writing { storage, _, _ in
      try Self.markDelivered(storage, of: account, now: now)
      for id in ids {
        try storage.connection.run(
          "DELETE FROM device_notifications WHERE account = ? AND id = ? AND delivered = 0",
          [.id(account), .text(id)])
      }
    }
  }
}

/// A device's notification centre kept in the store, so that each command-line run sees
/// what the previous one scheduled. A notification whose time has come counts as delivered.
public struct SQLiteNotificationScheduler: NotificationScheduler {
  let store: SQLiteBackend
  /// Whose device's notifications these are.
  public let account: AccountID
  let clock: any WallClock

  public func pending() async throws -> [PlannedNotification] {
    try await store.notifications(of: account, delivered: false, now: clock.now())
  }

  /// What this device has already shown, oldest first.
  public func delivered() async throws -> [PlannedNotification] {
    try await store.notifications(of: account, delivered: true, now: clock.now())
  }

  /// What this device has already shown, oldest first (`delivered()`).
  public func shown() async throws -> [PlannedNotification] { try await delivered() }

  public func schedule(_ notifications: [PlannedNotification]) async throws {
    try await store.schedule(notifications, for: account, now: clock.now())
  }

  public func cancel(ids: [String]) async throws {
    try await store.cancel(ids, for: account, now: clock.now())
  }

  public func removeAll() async throws {
    try await store.removeAllNotifications(of: account)
  }
}

extension SQLiteBackend {
  /// Moves `account`'s saved device rows to `device_set_aside`, each named by what it was:
  /// kept, never deleted, when this build cannot read them (AC-INPUT-10).
  static func setAside(_ storage: SQLiteStorage, of account: AccountID) throws {
    let moves = [
      ("devices", "'state'", "state"), ("device_parts", "part", "body"),
      ("device_cards", "'card ' || id", "body"),
    ]
    for (table, part, body) in moves {
      try storage.connection.run(
        """
        INSERT INTO device_set_aside (account, part, body)
        SELECT account, \(part), \(body) FROM \(table) WHERE account = ?
        """, [.id(account)])
      try storage.connection.run("DELETE FROM \(table) WHERE account = ?", [.id(account)])
    }
  }
}

/// A device's saved state that this build cannot read: set aside, not a damaged store.
struct UnreadableDeviceState: Error {}

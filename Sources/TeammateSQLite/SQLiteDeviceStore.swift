import Foundation
import TeammateKit

/// A device's state in a SQLite file (ADR 0020): a phone's own file, which keeps the device's
/// copies of the cards a row each, so that a turn's save writes only the cards it changed; or
/// the household's own store file, whose cards the device reads back from the household.
/// Each save is one transaction: the state is there whole, or as it was.
///
/// ```swift
/// let file = try SQLiteBackend(path: stateFile, clock: SystemWallClock())
/// let phone = try await Device(
///   account: "bob", backend: cloud, clock: SystemWallClock(), scheduler: centre,
///   store: SQLiteDeviceStore(file: file))
/// ```
public struct SQLiteDeviceStore: DeviceStore {
  /// The file the states are kept in.
  public let file: SQLiteBackend
  /// Whether the file keeps the device's card copies (a file of its own), rather than the
  /// household's cards being the file's (the household's store).
  public let keepsCards: Bool

  /// A device file of its own: what a phone keeps, and what the command line keeps beside a
  /// server.
  public init(file: SQLiteBackend) {
    self.file = file
    keepsCards = true
  }

  /// The household's own store file, whose cards the device shows: the command line's
  /// device beside a store file.
  public init(householdStore: SQLiteBackend) {
    file = householdStore
    keepsCards = false
  }

  /// The household's own store file opened to show the pending list (AC-CLI-100): on a
  /// store this run may not write, the device opens with only the cards that may wait for
  /// its account. Writable, it opens whole: a turn plans and keeps what it saw.
  package init(householdStore: SQLiteBackend, showingPending: Bool) {
    self.init(householdStore: householdStore)
    showsPending = showingPending
  }

  private var showsPending = false

  /// NB: a state this build cannot read is kept aside and the device opens fresh, told so
  /// once (AC-INPUT-10): a device is never stuck on its own data.
  public func loadState(of account: AccountID) async throws -> DeviceState? {
    let cards: SQLiteBackend.SavedCards =
      keepsCards ? .copies : showsPending && file.access == .readOnly ? .mayWait : .household
    do {
      return try await file.deviceState(for: account, cards: cards)
    } catch is UnreadableDeviceState {
      let fresh =
        (try await file.deviceState(for: account, cards: cards, readingSaved: false)
        ?? DeviceState()).toldItsSavedStateWasSetAside()
      // NB: a command that may only read leaves the rows for the first that may write; the
      // device opens fresh all the same. The rows move aside with the fresh state's save, in
      // one transaction, so that the notice is never lost.
      guard file.access != .readOnly else { return fresh }
      try await keep(fresh, previous: nil, of: account, settingAside: true)
      return fresh
    }
  }

  public func saveState(_ state: DeviceState, previous: DeviceState?, of account: AccountID)
    async throws
  {
    do {
      try await keep(state, previous: previous, of: account, settingAside: false)
    } catch {
      throw DeviceNotSaved(reason: "\(error)")
    }
  }

  /// Saves `state` as this kind of file keeps it, first keeping what was saved aside when
  /// `settingAside` (AC-INPUT-10), in one transaction.
  private func keep(
    _ state: DeviceState, previous: DeviceState?, of account: AccountID, settingAside: Bool
  ) async throws {
    try await file.saveDeviceParts(
      state, previous: previous, for: account, keepingCopies: keepsCards,
      settingAside: settingAside)
  }

  public func forgetState(of account: AccountID) async throws {
    do {
      try await file.forgetDevice(of: account)
    } catch {
      throw DeviceNotSaved(reason: "\(error)")
    }
  }

  /// Whether the file keeps a state `account`'s device saved: a device beside a household's
  /// store is made up from the household when it saved none, which a device handed over may
  /// take the place of.
  public func keepsState(of account: AccountID) async throws -> Bool {
    try await file.hasSavedState(of: account)
  }
}

extension SQLiteBackend {
  /// What a device file's save wrote: how many card rows, and which parts of the rest.
  struct DeviceFileSave: Equatable {
    var cards = 0
    var parts: [String] = []
  }

  /// Saves a device's state in one transaction: the cards that changed since `previous` a
  /// row each, and the parts of the rest that changed a row each (AC-DEV-18); everything
  /// when `previous` is unknown or of another household. Beside a household's store
  /// (`keepingCopies: false`) the cards are the store's own and only the parts are written
  /// (AC-DEV-25). `settingAside` first keeps what was saved before aside (AC-INPUT-10).
  @discardableResult
  func saveDeviceParts(
    _ state: DeviceState, previous: DeviceState?, for account: AccountID,
    keepingCopies: Bool = true, settingAside: Bool = false
  ) throws -> DeviceFileSave {
    let (state, previous) =
      keepingCopies ? (state, previous) : (state.withoutCards(), previous?.withoutCards())
    return try writing { storage, _, _ in
      if settingAside { try Self.setAside(storage, of: account) }
      var written = DeviceFileSave()
      let connection = storage.connection
      // NB: a state an earlier version saved whole, or one never saved (a device beside a
      // store opens following the household), is written whole as parts at its first save.
      let asParts =
        try connection.first(
          """
          SELECT NOT EXISTS (SELECT 1 FROM devices WHERE account = ?1)
            AND EXISTS (SELECT 1 FROM device_parts WHERE account = ?1)
          """, [.id(account)], { $0.int(0) == 1 }) ?? false
      let since = asParts && previous?.householdID == state.householdID ? previous : nil
      if since == nil {
        try connection.run("DELETE FROM device_cards WHERE account = ?", [.id(account)])
        try connection.run("DELETE FROM devices WHERE account = ?", [.id(account)])
      }
      // NB: a card copy changes only with the sequence applied to it (a change pulled or an
      // answer), so the cards whose sequence moved are the ones to write; another household,
      // or nothing known of the last save, rewrites them all.
      let changed =
        !keepingCopies ? [] : since.map { state.cardsApplied(since: $0) } ?? Array(state.cards.keys)
      for id in changed {
        guard let card = state.cards[id] else {
          try connection.run(
            "DELETE FROM device_cards WHERE account = ? AND id = ?", [.id(account), .id(id)])
          continue
        }
        try connection.run(
          """
          INSERT INTO device_cards (account, id, applied, body) VALUES (?, ?, ?, ?)
          ON CONFLICT (account, id) DO UPDATE SET applied = excluded.applied, body = excluded.body
          """,
          [
            .id(account), .id(id), .integer(state.appliedSequence(ofCard: id)),
            try storage.json(card),
          ])
        written.cards += 1
      }
      for part in state.parts(changedSince: since) {
        try connection.run(
          """
          INSERT INTO device_parts (account, part, body) VALUES (?, ?, ?)
          ON CONFLICT (account, part) DO UPDATE SET body = excluded.body
          """, [.id(account), .text(part.name), try storage.json(part.value)])
        written.parts.append(part.name)
      }
      return written
    }
  }
}

import Foundation

/// One record of a storage's generic store (`BackendStorage.records(_:)`): what a capability
/// keeps when the storage has no table of its own for it.
public struct StorageRecord: Sendable, Hashable {
  /// What it is: `invite`, `receipt`, `failed-join`, `credential`, `moved`.
  public var kind: String
  /// The household it belongs to, which it goes with (nil: the store's own).
  public var household: HouseholdID?
  /// Its name among the records of its kind.
  public var key: String
  /// What it keeps, as the kit wrote it.
  public var bytes: Data

  /// A record with every field given.
  public init(kind: String, household: HouseholdID?, key: String, bytes: Data) {
    self.kind = kind
    self.household = household
    self.key = key
    self.bytes = bytes
  }
}

/// What a call built on the record store throws when the storage keeps none: implement
/// `records(_:)`, `putRecord(_:)` and `deleteRecord(_:key:)`, or the call itself.
public struct StorageRecordsMissing: Error, CustomStringConvertible {
  /// The call that needed the record store.
  public var call: String

  public var description: String {
    "this storage keeps no records: implement records(_:), putRecord(_:) and "
      + "deleteRecord(_:key:), or \(call) itself"
  }
}

/// NB: the records' bytes are the kit's own JSON, read back only by it.
private let recordEncoder: JSONEncoder = {
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  return encoder
}()

extension BackendStorage {
  public func records(_ kind: String) throws -> [StorageRecord] {
    throw StorageRecordsMissing(call: "the call that read '\(kind)'")
  }

  public mutating func putRecord(_ record: StorageRecord) throws {
    throw StorageRecordsMissing(call: "the call that kept '\(record.kind)'")
  }

  public mutating func deleteRecord(_ kind: String, key: String) throws {
    throw StorageRecordsMissing(call: "the call that removed '\(kind)'")
  }

  fileprivate mutating func put(
    _ value: some Encodable, _ kind: String, in household: HouseholdID?, key: String
  ) throws {
    try putRecord(
      StorageRecord(
        kind: kind, household: household, key: key, bytes: try recordEncoder.encode(value)))
  }

  fileprivate func decoded<T: Decodable>(_ type: T.Type, _ record: StorageRecord) throws -> T {
    try JSONDecoder().decode(type, from: record.bytes)
  }

  /// The records of `kind`, nil when the storage keeps no record store (its own tables hold
  /// what these would): any other failure is the storage's, and thrown.
  fileprivate func keptRecords(_ kind: String) throws -> [StorageRecord]? {
    do {
      return try records(kind)
    } catch is StorageRecordsMissing {
      return nil
    }
  }

  // MARK: Invites

  public func invite(_ code: InviteCode) throws -> Invite? {
    try records("invite").first { $0.key == code.rawValue }.map { try decoded(Invite.self, $0) }
  }

  public func inviteCode(of household: HouseholdID) throws -> InviteCode? {
    try records("invite").first { $0.household == household }.map {
      try decoded(Invite.self, $0).code
    }
  }

  public mutating func putInvite(_ invite: Invite) throws {
    for old in try records("invite") where old.household == invite.householdID {
      try deleteRecord("invite", key: old.key)
    }
    try put(invite, "invite", in: invite.householdID, key: invite.code.rawValue)
  }

  public mutating func deleteInvite(_ code: InviteCode) throws {
    try deleteRecord("invite", key: code.rawValue)
  }

  // MARK: Failed joins

  private func failures() throws -> [(record: StorageRecord, failure: FailedJoin)] {
    try records("failed-join").map { ($0, try decoded(FailedJoin.self, $0)) }
  }

  public func failedJoins(of account: AccountID) throws -> [Date] {
    try failures().filter { $0.failure.account == account }.map(\.failure.at).sorted()
  }

  public func failedJoins(after date: Date) throws -> [Date] {
    try failures().map(\.failure.at).filter { $0 > date }.sorted()
  }

  /// NB: keyed by the account, the instant and how many it already has at that instant, so
  /// that two at one instant are two (a forget takes every one at an instant, or none).
  public mutating func recordFailedJoin(of account: AccountID, at date: Date) throws {
    let same = try failures().filter { $0.failure.account == account && $0.failure.at == date }
    try put(
      FailedJoin(account: account, at: date), "failed-join", in: nil,
      key: "\(account.rawValue) \(date.timeIntervalSinceReferenceDate) \(same.count)")
  }

  public mutating func forgetFailedJoins(of account: AccountID, through date: Date) throws {
    for (record, failure) in try failures() where failure.account == account && failure.at <= date {
      try deleteRecord("failed-join", key: record.key)
    }
  }

  // MARK: Credentials

  public func credentialOwner(_ credential: Credential) throws -> AccountID? {
    let key = String(decoding: try recordEncoder.encode(credential), as: UTF8.self)
    return try records("credential").first { $0.key == key }.map {
      try decoded(AccountID.self, $0)
    }
  }

  public mutating func link(_ credential: Credential, to account: AccountID) throws {
    let key = String(decoding: try recordEncoder.encode(credential), as: UTF8.self)
    try put(account, "credential", in: nil, key: key)
  }

  // MARK: Receipts

  private static func receiptKey(_ write: WriteID, of account: AccountID) -> String {
    "\(account.rawValue) \(write.rawValue)"
  }

  public func receipt(for write: WriteID, of account: AccountID, in household: HouseholdID)
    throws -> WriteOutcome?
  {
    let key = Self.receiptKey(write, of: account)
    return try records("receipt").first { $0.household == household && $0.key == key }.map {
      try decoded(WriteOutcome.self, $0)
    }
  }

  public mutating func putReceipt(
    _ outcome: WriteOutcome, for write: WriteID, of account: AccountID,
    in household: HouseholdID
  ) throws {
    try put(outcome, "receipt", in: household, key: Self.receiptKey(write, of: account))
  }

  public mutating func forgetReceipts(
    _ writes: [WriteID], of account: AccountID, in household: HouseholdID
  ) throws {
    for write in writes { try deleteRecord("receipt", key: Self.receiptKey(write, of: account)) }
  }

  // MARK: Moved households

  private func marks() throws -> [(household: HouseholdID, mark: MovedMark)] {
    try records("moved").map { (HouseholdID($0.key), try decoded(MovedMark.self, $0)) }
  }

  public mutating func markMoved(
    _ household: HouseholdID, to location: String, members: [AccountID]
  )
    throws
  {
    try put(
      MovedMark(location: location, members: members), "moved", in: nil, key: household.rawValue)
    for member in members where try householdID(of: member) == household {
      try setHouseholdID(nil, of: member)
    }
  }

  public func movedLocation(of household: HouseholdID, for account: AccountID) throws -> String? {
    try marks().first { $0.household == household && $0.mark.members.contains(account) }?
      .mark.location
  }

  public func movedHousehold(of account: AccountID) throws
    -> (household: HouseholdID, location: String)?
  {
    try marks().filter { $0.mark.members.contains(account) }.min { $0.household < $1.household }
      .map { ($0.household, $0.mark.location) }
  }

  // MARK: What goes with a household and an erased account

  /// The records of `household` gone with it (its invite, its receipts), when the storage
  /// keeps records: `deleteHousehold` is the storage's own.
  mutating func forgetRecords(of household: HouseholdID) throws {
    for kind in ["invite", "receipt"] {
      guard let kept = try keptRecords(kind) else { return }
      for record in kept where record.household == household {
        try deleteRecord(kind, key: record.key)
      }
    }
  }

  /// An erased account's records gone (its credentials, failed joins and receipts), and the
  /// receipts of `household` naming the former member instead, when the storage keeps
  /// records: `erase` is the storage's own.
  mutating func eraseRecords(_ account: AccountID, in household: HouseholdID?) throws {
    guard let credentials = try keptRecords("credential") else { return }
    for record in credentials where try decoded(AccountID.self, record) == account {
      try deleteRecord("credential", key: record.key)
    }
    for (record, failure) in try failures() where failure.account == account {
      try deleteRecord("failed-join", key: record.key)
    }
    for record in try records("receipt") {
      if record.key.hasPrefix(account.rawValue + " ") {
        try deleteRecord("receipt", key: record.key)
      } else if let household, record.household == household {
        let outcome = try Erasure.erasing(account, in: try decoded(WriteOutcome.self, record))
        try put(outcome, "receipt", in: household, key: record.key)
      }
    }
  }

  /// Takes an erased `account` off every mark the record store keeps; a storage with no
  /// record store keeps its marks as they are (see the requirement).
  public mutating func unmark(_ account: AccountID) throws {
    guard let kept = try keptRecords("moved") else { return }
    for record in kept {
      let mark = try decoded(MovedMark.self, record)
      guard mark.members.contains(account) else { continue }
      let left = MovedMark(location: mark.location, members: mark.members.filter { $0 != account })
      try put(left, "moved", in: nil, key: record.key)
    }
  }
}

/// A wrong invite code tried, as the record store keeps it.
private struct FailedJoin: Codable {
  var account: AccountID
  var at: Date
}

/// Where a household moved and who its members were then, as the record store keeps it.
private struct MovedMark: Codable {
  var location: String
  var members: [AccountID]
}

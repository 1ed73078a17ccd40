import Foundation
import TeammateKit

/// Failed joins and linked credentials: the reference tables, not keyed by household.
extension PostgresStorage {
  public func failedJoins(of account: AccountID) throws -> [Date] {
    try dates("SELECT at FROM failed_joins WHERE account = \(account.rawValue) ORDER BY at")
  }

  public func failedJoins(after date: Date) throws -> [Date] {
    // NB: every account's failures, their times alone, through the function that may read them.
    try dates(
      "SELECT at FROM teammate_failed_joins_after(\(date)) AS at")
  }

  /// Each row's `at`; a time that does not read is reported, never dropped.
  func dates(_ statement: PostgresQuery) throws -> [Date] {
    let rows = try connection.query(statement)
    return try (0..<rows.count).map { row in
      let text = try rows.text(row, "at")
      guard let seconds = Double(text) else {
        throw PostgresError.client("the server sent '\(text)' where a time belongs")
      }
      return Date(timeIntervalSinceReferenceDate: seconds)
    }
  }

  public mutating func recordFailedJoin(of account: AccountID, at date: Date) throws {
    // NB: through the database's function, which records the acting account's only (schema 13).
    connection.later(
      "SELECT teammate_record_failed_join(\(account.rawValue), \(date))"
    )
  }

  public mutating func forgetFailedJoins(of account: AccountID, through date: Date) throws {
    connection.later(
      "SELECT teammate_forget_failed_joins(\(account.rawValue), \(date))"
    )
  }

  /// NB: through the function that may look at every account's credentials, one at a time.
  public func credentialOwner(_ credential: Credential) throws -> AccountID? {
    let rows = try connection.query(
      "SELECT teammate_credential_owner(\(credential.provider), \(credential.subject)) AS account")
    return try rows.optionalText(0, "account").map { AccountID($0) }
  }

  public mutating func link(_ credential: Credential, to account: AccountID) throws {
    connection.later(
      """
      INSERT INTO credentials (provider, subject, account)
      VALUES (\(credential.provider), \(credential.subject), \(account.rawValue))
      """)
  }

  /// NB: through the database's function, which checks the actor is a member first and then
  /// removes the household's rows, its members' last (schema 14).
}

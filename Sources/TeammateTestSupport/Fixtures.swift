import Foundation
import TeammateKit

/// Shared names, instants and builders for tests.
public enum Fixtures {
  /// The partner who makes the household.
  public static let alice: AccountID = "alice"
  /// The partner who joins it.
  public static let bob: AccountID = "bob"
  /// A stranger to it.
  public static let carol: AccountID = "carol"
  /// Alice's household's id in fixtures.
  public static let householdID: HouseholdID = "home"
  /// Another household's id.
  public static let otherHouseholdID: HouseholdID = "other"

  /// 2026-12-01 10:00:00 UTC, a Tuesday: every test's "now" unless it needs another.
  public static let start = Date(timeIntervalSince1970: 1_796_119_200)

  /// An instant parsed from ISO 8601, for readable expectations.
  public static func date(_ iso: String) -> Date {
    guard let date = ISO8601DateFormatter().date(from: iso) else {
      preconditionFailure("not an ISO 8601 instant: \(iso)")
    }
    return date
  }

  /// A code from six literal digits.
  public static func code(_ digits: String) -> InviteCode {
    guard let code = InviteCode(rawValue: digits) else {
      preconditionFailure("not a six-digit code: \(digits)")
    }
    return code
  }

  /// Alice's household, with Bob as well unless `withBob` is false.
  public static func household(
    withBob: Bool = true, timeZone: String = "Asia/Taipei", at now: Date = start
  ) -> Household {
    var members = [Member(uid: alice, displayName: "Alice", joinedAt: now)]
    if withBob { members.append(Member(uid: bob, displayName: "Bob", joinedAt: now)) }
    return Household(
      id: householdID, name: "Home", timeZone: timeZone, createdBy: alice, createdAt: now,
      members: members)
  }

  /// A card alice logged at `now`, revision 1, nobody acknowledged.
  public static func card(
    _ id: CardID = "c1", kind: CardKind = .note, title: String = "Bought diapers",
    by author: AccountID = alice, time: Date? = nil, assignee: AccountID? = nil,
    replyBy: Date? = nil, at now: Date = start
  ) -> Card {
    Card(
      id: id, householdID: householdID, kind: kind, title: title, time: time, assignee: assignee,
      replyBy: replyBy, createdBy: author, createdAt: now)
  }
}

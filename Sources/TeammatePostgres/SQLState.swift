/// A server's five-character error code (SQLSTATE), typed, with the codes the backend acts on
/// named, so that no code is compared as a bare string.
public struct SQLState: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The five characters, as the server sent them.
  public var rawValue: String

  /// The code `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// The code written as a literal: `"40001"`.
  public init(stringLiteral value: String) { rawValue = value }

  public var description: String { rawValue }

  /// Two transactions could not both be kept as if one ran after the other.
  public static let serializationFailure: SQLState = "40001"
  /// Two transactions waited on each other; the server ended one.
  public static let deadlockDetected: SQLState = "40P01"
  /// A key is taken.
  public static let uniqueViolation: SQLState = "23505"
  /// The role may not do this.
  public static let insufficientPrivilege: SQLState = "42501"
  /// The database's own budget of invite-code guesses is spent for the account (ADR 0014).
  public static let tooManyGuesses: SQLState = "TM001"
  /// The database's own budget of invite-code guesses is spent for the whole store.
  public static let joiningPaused: SQLState = "TM002"
  /// A new card's id, taken to be free when the card was made, was another card's after all
  /// (schema 11): the write runs again, looking the id up first.
  public static let cardIDTaken: SQLState = "TM003"
  /// The household, the actor's membership or the feed's last number moved since the head
  /// an add ran on (schema 12, ADR 0018). No add runs on a head since schema 22 (ADR 0026).
  @available(*, deprecated, message: "no longer raised since 2.1.0 (ADR 0026)")
  public static let headMoved: SQLState = "TM004"
  /// A lock could not be had within `lock_timeout`.
  public static let lockNotAvailable: SQLState = "55P03"
}

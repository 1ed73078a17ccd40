import Foundation

/// How many wrong invite codes an account may try before it must wait.
///
/// Six digits can be guessed; expiry and single use narrow the window, this closes it.
public struct JoinAttemptLimit: Sendable, Equatable {
  /// How many wrong codes one account may try within the window.
  public var maxFailures: Int
  /// How long, in seconds, a wrong code counts against the account.
  public var window: TimeInterval
  /// Failures of all accounts together per window: new accounts cost nothing, so a limit
  /// per account alone could be sidestepped by making more of them.
  public var maxStoreWideFailures: Int

  /// A limit per account, and one for every account together.
  public init(maxFailures: Int, window: TimeInterval, maxStoreWideFailures: Int = 50) {
    self.maxFailures = maxFailures
    self.window = window
    self.maxStoreWideFailures = maxStoreWideFailures
  }

  /// Five failures per account and fifty in all per fifteen minutes.
  public static let standard = JoinAttemptLimit(
    maxFailures: 5, window: 15 * 60, maxStoreWideFailures: 50)

  /// Refuses every join while the store-wide budget of failures is spent, before any code is
  /// looked at; `failures` are the recent failures of every account.
  public func checkStoreWide(failures: [Date], now: Date) throws(TeammateError) {
    let recent = failures.filter { $0 > now.addingTimeInterval(-window) && $0 <= now }
    guard recent.count >= maxStoreWideFailures, let oldest = recent.min() else { return }
    throw .joiningPaused(retryAfter: oldest.addingTimeInterval(window))
  }

  /// Refuses when `maxFailures` failures fall inside the window ending at `now`.
  public func check(failedAttempts: [Date], now: Date) throws(TeammateError) {
    let recent = failedAttempts.filter { $0 > now.addingTimeInterval(-window) && $0 <= now }
    guard recent.count >= maxFailures, let oldest = recent.min() else { return }
    throw .tooManyJoinAttempts(retryAfter: oldest.addingTimeInterval(window))
  }

  /// Whether a refusal is a wrong guess that counts against the limit.
  ///
  /// A malformed code, a full household or an account already in one are not guesses.
  public static func countsAsFailure(_ error: TeammateError) -> Bool {
    switch error {
    case .inviteNotFound, .inviteExpired, .inviteAlreadyUsed: return true
    default: return false
    }
  }

  /// Failures older than the window no longer matter and may be forgotten.
  public func isForgettable(_ attempt: Date, now: Date) -> Bool {
    attempt <= now.addingTimeInterval(-window)
  }
}

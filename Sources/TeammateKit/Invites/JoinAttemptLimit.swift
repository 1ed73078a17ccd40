import Foundation

/// How many wrong invite codes an account may try before it must wait.
///
/// Six digits can be guessed; expiry and single use narrow the window, this closes it.
public struct JoinAttemptLimit: Sendable, Equatable {
  public var maxFailures: Int
  public var window: TimeInterval

  public init(maxFailures: Int, window: TimeInterval) {
    self.maxFailures = maxFailures
    self.window = window
  }

  /// Five failures per fifteen minutes.
  public static let standard = JoinAttemptLimit(maxFailures: 5, window: 15 * 60)

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

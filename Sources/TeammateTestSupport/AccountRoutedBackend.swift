import TeammateKit

/// A backend that is one per account, each signed in as its own (a server's device roles):
/// what a call names its actor for goes to that account's, and so do the test writes that go
/// past the seam.
public protocol AccountRoutedBackend: TeammateBackend {
  /// The backend signed in as `account`.
  func backend(for account: AccountID) async throws -> any TeammateBackend
}

extension TeammateBackend {
  /// The transactional backend `actor`'s calls reach, if there is one.
  func transactional(for actor: AccountID) async throws -> (any TransactionalBackend)? {
    if let routed = self as? any AccountRoutedBackend {
      return try await routed.backend(for: actor) as? any TransactionalBackend
    }
    return self as? any TransactionalBackend
  }
}

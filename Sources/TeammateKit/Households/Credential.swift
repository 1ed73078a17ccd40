import Foundation

/// A named sign-in (provider and subject) that can be linked to an anonymous account.
public struct Credential: Sendable, Codable, Hashable, CustomStringConvertible {
  public var provider: String
  public var subject: String

  public init(provider: String, subject: String) {
    self.provider = provider
    self.subject = subject
  }

  /// Parses `PROVIDER:ID`, both parts non-empty.
  public init(parsing text: String) throws(TeammateError) {
    let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2 else { throw .malformedCredential(text) }
    let provider = parts[0].trimmingCharacters(in: .whitespaces)
    let subject = parts[1].trimmingCharacters(in: .whitespaces)
    guard !provider.isEmpty, !subject.isEmpty else { throw .malformedCredential(text) }
    self.init(provider: provider, subject: subject)
  }

  public var description: String { "\(provider):\(subject)" }
}

/// Linking a credential to an account without changing its uid.
public enum AccountRules {
  /// Whether linking `credential` to `account` writes anything.
  ///
  /// Returns false when it is already linked to this account; refused when linked to another.
  public static func link(
    _ credential: Credential, to account: AccountID, currentOwner: AccountID?
  ) throws(TeammateError) -> Bool {
    guard let owner = currentOwner else { return true }
    guard owner == account else { throw .credentialLinkedElsewhere(credential) }
    return false
  }
}

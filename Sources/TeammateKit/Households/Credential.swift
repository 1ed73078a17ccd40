import Foundation

/// A named sign-in (provider and subject) that can be linked to an anonymous account.
public struct Credential: Sendable, Codable, Hashable, CustomStringConvertible {
  /// Who vouches for the sign-in: `apple`, `google`.
  public var provider: String
  /// The provider's id for the person.
  public var subject: String

  /// A sign-in credential of `provider`'s.
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

import Foundation

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

import Foundation

/// A new household and the invite issued with it.
public struct HouseholdCreation: Sendable, Equatable {
  /// The household just made.
  public var household: Household
  /// Its first invite, for the partner.
  public var invite: Invite

  /// A creation's result.
  public init(household: Household, invite: Invite) {
    self.household = household
    self.invite = invite
  }
}

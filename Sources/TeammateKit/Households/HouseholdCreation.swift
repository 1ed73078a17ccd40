import Foundation

/// A new household and the invite issued with it.
public struct HouseholdCreation: Sendable, Equatable {
  public var household: Household
  public var invite: Invite

  public init(household: Household, invite: Invite) {
    self.household = household
    self.invite = invite
  }
}

import Foundation
import TeammateKit

extension Fixtures {
  /// Alice's household in `timeZone`, which Bob has joined, on a fresh backend in memory
  /// seeded with `seed`: the backend and the household as it was made. `names` are the
  /// partners' display names.
  public static func couple(
    clock: ManualWallClock, seed: UInt64, timeZone: String = "Asia/Taipei",
    names: (alice: String, bob: String) = ("Alice", "Bob"), householdName: String = "Home"
  ) async throws -> (backend: any TeammateBackend, creation: HouseholdCreation) {
    let cloud = InMemoryBackendFactory().makeBackend(
      clock: clock, random: SeededRandomNumberGenerator(seed: seed))
    let creation = try await cloud.createHousehold(
      name: householdName, timeZone: timeZone, displayName: names.alice, as: alice)
    _ = try await cloud.join(
      code: creation.invite.code.rawValue, displayName: names.bob, as: bob)
    return (cloud, creation)
  }
}

import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

/// The household's own writes: a rename, a zone, a member's name and settings.
public enum HouseholdWritesContract {
  /// AC-WRITE-04: A household renamed or moved to another zone, and a member's own name or
  /// settings changed, are writes that land through `submit`: sent twice under one id they land
  /// once, the feed's change names the write, a stranger's is refused as `notAMember` and changes
  /// nothing, and a device makes them offline, waiting in its outbox and showing at once.
  public static let householdAndMemberChangesAreWrites = ContractCheck(
    id: "AC-WRITE-04", name: "householdAndMemberChangesAreWrites"
  ) { world in
    let home = try await world.couple()
    let rename = OutboxEntry(
      id: "w-nest", householdID: home, write: .updateHousehold(name: "Nest", timeZone: nil),
      madeAt: Fixtures.start)
    let first = try await world.backend.submit(rename, as: world.alice)
    let feed = try await world.backend.changes(in: home, after: 0, limit: 500, as: world.alice)
    #expect(try await world.backend.submit(rename, as: world.alice) == first)
    let again = try await world.backend.changes(in: home, after: 0, limit: 500, as: world.alice)
    #expect(again == feed)
    #expect(feed.filter { $0.writeID == "w-nest" }.map(\.kind) == [.householdUpdated])
    #expect(try await world.backend.household(home, as: world.bob).name == "Nest")

    let stranger = OutboxEntry(
      id: "w-mine", householdID: home, write: .updateMember(displayName: "Carol", settings: nil),
      madeAt: Fixtures.start)
    #expect(
      try await world.backend.submit(stranger, as: world.carol)
        == .refused(.accessDenied(.notAMember(home))))
    #expect(
      try await world.backend.changes(in: home, after: 0, limit: 500, as: world.alice) == feed)

    let bob = world.device(world.bob).device
    _ = try await bob.sync()
    await bob.setOnline(false)
    let shown = try await bob.updateMember(displayName: "Bobby")
    #expect(shown.member(world.bob)?.displayName == "Bobby")
    let zoned = try await bob.updateHousehold(timeZone: "Asia/Taipei")
    #expect(zoned.timeZone == "Asia/Taipei" && zoned.name == "Nest")
    #expect(await bob.outbox.map(\.write.kind.tag) == ["member", "household"])
    await bob.setOnline(true)
    _ = try await bob.sync()
    #expect(await bob.outbox.isEmpty)
    let landed = try await world.backend.household(home, as: world.alice)
    #expect(landed.member(world.bob)?.displayName == "Bobby" && landed.timeZone == "Asia/Taipei")
  }
}

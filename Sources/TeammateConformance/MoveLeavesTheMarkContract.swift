import Foundation
import TeammateKit
import Testing

/// What a move leaves in the store a household left: its mark, and nothing else of it.
extension PortabilityContract {
  /// AC-PORT-24: A household marked moved leaves only its mark: its rows are gone, so the
  /// store it left takes its document again (a move back) and exports it as it left.
  public static let aMovedHouseholdLeavesOnlyItsMark = ContractCheck(
    id: "AC-PORT-24", name: "aMovedHouseholdLeavesOnlyItsMark"
  ) { world in
    let home = try await ordinaryWeek(in: world)
    let source = try portable(world.backend, world.factory.name)
    let document = try await source.exportHousehold(home, as: world.alice)
    try await source.markMoved(home, to: "postgresql://db.example/teammate", as: world.alice)
    try await source.importHousehold(document, as: world.bob)
    #expect(try await source.exportHousehold(home, as: world.bob) == document)
  }

  /// AC-PORT-26: A member of a moved household erased afterwards is listed by its mark no
  /// more: asked, the account is in no household; the other member is still told where.
  public static let anErasedMemberLeavesTheMarks = ContractCheck(
    id: "AC-PORT-26", name: "anErasedMemberLeavesTheMarks"
  ) { world in
    let home = try await ordinaryWeek(in: world)
    let place = "postgresql://db.example/teammate"
    try await portable(world.backend, world.factory.name).markMoved(
      home, to: place, as: world.alice)
    try await world.backend.eraseAccount(deletingHousehold: false, as: world.alice)
    #expect(try await world.backend.householdID(of: world.alice, as: world.alice) == nil)
    await #expect(throws: TeammateError.householdMoved(home, to: place)) {
      _ = try await world.backend.householdID(of: world.bob, as: world.bob)
    }
  }
}

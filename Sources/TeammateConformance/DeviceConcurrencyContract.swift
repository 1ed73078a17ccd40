import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport
import Testing

/// One device called from many tasks at once, as an app's screens call it.
/// The contract's checks of this area, for any backend.
public enum DeviceConcurrencyContract {
  /// The calls one task makes, in its order: adds named after the task, with syncs,
  /// acknowledgements, refreshes, a shop named and forgotten, and exports between them.
  static func script(
    _ device: Device, name: String, adds: Int
  ) async -> [String] {
    var made: [String] = []
    for step in 0..<adds {
      let title = "\(name)-\(step)"
      // NB: a write that does not arrive waits in the outbox; the test checks it lands later.
      _ = try? await device.addCard(CardDraft(title: title))
      made.append(title)
      if step % 2 == 1 { _ = try? await device.sync() }
      if step % 3 == 2 { _ = try? await device.acknowledgeAllPending() }
      if step % 4 == 3 { _ = try? await device.refresh() }
      if step % 5 == 4 { try? await device.enterShop(step % 2 == 0 ? name : nil) }
      if step % 7 == 6 { _ = try? await device.exportHousehold() }
    }
    return made
  }

  /// Runs every task of `names` on its device at once, started in an order the seed shuffles.
  static func runAtOnce(
    _ calls: [(device: Device, name: String)], adds: Int, seed: UInt64
  ) async -> [String: [String]] {
    var random = SeededRandomNumberGenerator(seed: seed)
    let order = calls.shuffled(using: &random)
    return await withTaskGroup(of: (String, [String]).self) { group in
      for call in order {
        group.addTask { (call.name, await script(call.device, name: call.name, adds: adds)) }
      }
      var made: [String: [String]] = [:]
      for await (name, titles) in group { made[name] = titles }
      return made
    }
  }

  /// Every title landed exactly once, each task's in the order it made them; no write waits;
  /// each scheduler holds exactly its device's plan.
  static func expectLanded(
    _ made: [String: [String]], world: ContractWorld, home: HouseholdID,
    devices: [(Device, InMemoryNotificationScheduler)]
  ) async throws {
    for (device, _) in devices { _ = try await device.sync() }
    let feed = try await world.backend.changes(in: home, after: 0, limit: 100_000, as: world.alice)
    let added = feed.filter { $0.kind == .cardAdded }.compactMap { $0.card?.title }
    for (name, titles) in made {
      let landed = added.filter { $0.hasPrefix("\(name)-") }
      #expect(landed == titles, "\(name): each write once, in the order made")
    }
    #expect(added.count == made.values.map(\.count).reduce(0, +))
    for (device, centre) in devices {
      #expect(await device.state.outbox.isEmpty)
      #expect(await device.state.conflicts.isEmpty)
      let held = await centre.pending().sorted { $0.id < $1.id }
      let plan = await world.plan(of: device).sorted { $0.id < $1.id }
      #expect(held == plan)
      let kept = await device.state.planned.filter { $0.fireAt > world.clock.now() }
      #expect(kept.sorted { $0.id < $1.id } == plan)
    }
  }

  /// AC-DEV-01: On every backend, fifty and more writes and syncs started at once from many tasks
  /// on one device, and on both partners' devices together, online and offline, never crash:
  /// afterwards every write landed exactly once or is a conflict the device shows, each task's own
  /// writes landed in the order it made them, the outbox is empty after a sync, and the scheduler
  /// holds exactly the planner's plan.
  public static let manyCallsAtOnceLandOnceInOrder = ContractCheck(
    id: "AC-DEV-01", name: "manyCallsAtOnceLandOnceInOrder"
  ) { world in
    let home = try await world.couple()
    let alice = world.device(world.alice)
    let bob = world.device(world.bob)
    _ = try await alice.device.sync()
    _ = try await bob.device.sync()
    // Online: eight tasks on one device, then eight more on each partner's device together.
    var made = await Self.runAtOnce(
      (0..<8).map { (alice.device, "alone\($0)") }, adds: 7, seed: world.seed)
    made.merge(
      await Self.runAtOnce(
        (0..<8).map { ($0 % 2 == 0 ? alice.device : bob.device, "both\($0)") }, adds: 7,
        seed: world.seed + 1)
    ) { $1 }
    // Offline, then back: the outbox waits whole and lands once.
    await bob.device.setOnline(false)
    made.merge(
      await Self.runAtOnce((0..<6).map { (bob.device, "offline\($0)") }, adds: 5, seed: world.seed)
    ) { $1 }
    #expect(await bob.device.state.outbox.count >= 30)
    await bob.device.setOnline(true)
    try await Self.expectLanded(
      made, world: world, home: home, devices: [alice, bob])
  }

  /// AC-DEV-02: On every backend, cancelling the tasks of half of many concurrent writes leaves
  /// nothing half-done: each write either landed once or waits whole in the outbox, the next sync
  /// sends what waits, and the scheduler holds the planner's plan.
  public static let cancelledCallersLeaveNothingHalfDone = ContractCheck(
    id: "AC-DEV-02", name: "cancelledCallersLeaveNothingHalfDone"
  ) { world in
    let home = try await world.couple()
    let alice = world.device(world.alice)
    _ = try await alice.device.sync()
    let device = alice.device
    let tasks = (0..<60).map { index in
      Task { _ = try? await device.addCard(CardDraft(title: "cancel\(index)-0")) }
    }
    for (index, task) in tasks.enumerated() where index % 2 == 1 { task.cancel() }
    for task in tasks { await task.value }
    // NB: a cancelled caller's write is still made in its turn: all sixty land, once each.
    var made: [String: [String]] = [:]
    for index in 0..<60 { made["cancel\(index)"] = ["cancel\(index)-0"] }
    try await Self.expectLanded(made, world: world, home: home, devices: [alice])
  }

  /// AC-DEV-24: On every backend, fifty tasks handing one device over at once, while it
  /// writes offline, hand it over once: the store it goes to keeps its state with every write
  /// that waited, its own store forgets it, and the rest hand nothing.
  public static let fiftyHandOversHandTheDeviceOnce = ContractCheck(
    id: "AC-DEV-24", name: "fiftyHandOversHandTheDeviceOnce"
  ) { world in
    let home = try await world.couple()
    let here = InMemoryDeviceStore()
    let bob = try await world.device(world.bob, store: here)
    _ = try await bob.sync()
    await bob.setOnline(false)
    _ = try await bob.addCard(CardDraft(title: "Diapers"))
    let there = InMemoryDeviceStore()
    let handed = await withTaskGroup(of: Bool.self) { group in
      for index in 0..<50 {
        group.addTask {
          if index % 10 == 0 { _ = try? await bob.addCard(CardDraft(title: "Wipes \(index)")) }
          return (try? await bob.handOver(to: there, arrivingAt: "elsewhere", following: home))
            == true
        }
      }
      return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
    }
    #expect(handed == 1)
    let arrived = try #require(try await there.loadState(of: world.bob))
    #expect(arrived.movedTo == "elsewhere" && arrived.householdID == home)
    #expect(
      arrived.outbox.contains {
        if case .addCard(let draft) = $0.write { draft.title == "Diapers" } else { false }
      })
    #expect(try await here.loadState(of: world.bob)?.householdID == nil)
  }
}

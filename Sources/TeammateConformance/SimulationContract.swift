import Foundation
import TeammateInMemory
import TeammateKit
import TeammateSimulation
import TeammateTestSupport
import Testing

/// Random but reproducible lives of two partners: whatever happens, the phones converge, and
/// the simulator's invariants hold.
public enum SimulationContract {
  /// Six seeded lives of 60 steps.
  public static let devicesConvergeWhateverHappens = ContractCheck(
    id: "AC-SYNC-19", name: "devicesConvergeWhateverHappens"
  ) { (factory: any BackendFactory) in
    for seed in UInt64(1)...6 { try await live(seed: seed, steps: 60, on: factory) }
  }

  /// Seeds that once found a bug, kept at the length that found it.
  public static let longLivesThatFoundBugsStayFixed = ContractCheck(
    id: "AC-SYNC-19", name: "longLivesThatFoundBugsStayFixed"
  ) { (factory: any BackendFactory) in
    // Seed 84, 300 steps: a partner's change waited over two days behind quiet hours, and
    // the device forgot it had shown it in the very replan that showed it.
    try await live(seed: 84, steps: 300, on: factory)
  }

  /// Twenty simulated runs of 100 steps, every fault in play.
  public static let aSweepOfSeedsBreaksNoInvariant = ContractCheck(
    id: "AC-SIM-02", name: "aSweepOfSeedsBreaksNoInvariant"
  ) { (factory: any BackendFactory) in
    await sweep(1...20, steps: 100, on: factory)
  }

  /// Seeds that found a bug while the simulator was being built, at the length that found it.
  public static let seedsThatFoundBugsStayFixed = ContractCheck(
    id: "AC-SIM-02", name: "seedsThatFoundBugsStayFixed"
  ) { (factory: any BackendFactory) in
    // Seed 85: a write sent again after a lost reply put an older version of a card back.
    // NB: its steps as they were before meals came.
    await sweep(85...85, steps: 100, on: factory, meals: false)
  }

  /// Simulated runs of `seeds`, each `steps` long, on fresh backends of `factory`'s: none may
  /// break an invariant.
  public static func sweep(
    _ seeds: ClosedRange<UInt64>, steps: Int, on factory: any BackendFactory, meals: Bool = true
  ) async {
    for seed in seeds {
      let config = SimulationConfig(seed: seed, steps: steps, backend: factory, meals: meals)
      let result = await Simulation.run(config)
      #expect(
        result.violation == nil,
        "\(result.violation.map(String.init(describing:)) ?? ""); replay: \(config.replay)")
    }
  }

  /// One step a partner might take, through their own device; whether it landed. Refusals
  /// (a stale revision, one's own card) are part of life.
  static func act(
    _ device: Device, in home: HouseholdID, world: ContractWorld,
    random: inout SeededRandomNumberGenerator
  ) async -> Bool {
    let account = device.account
    let cards = (try? await world.backend.cards(in: home, as: account)) ?? []
    let live = CardRules.listed(cards)
    let pick = live.isEmpty ? nil : live[random.below(live.count)]
    let hours = TimeInterval(random.below(72)) * 3_600
    do {
      switch (random.below(10), pick) {
      case (0, _), (1, _), (_, nil):
        let kind = CardKind.allCases[random.below(4)]
        let draft = CardDraft(
          kind: kind, title: "t\(random.below(1_000))",
          time: kind == .event || kind == .task ? world.clock.now() + hours : nil,
          assignee: random.below(2) == 0 ? nil : account,
          replyBy: kind == .topic ? world.clock.now() + hours : nil)
        _ = try await device.addCard(draft)
      case (2, let card?):
        _ = try await device.editCard(card.id, CardEdit(title: .set("t\(random.next())")))
      case (3, let card?):
        _ = try await device.editCard(card.id, CardEdit(note: .set("n\(random.next())")))
      case (4, let card?):
        _ = try await device.acknowledge([CardRevision(card.id, revision: card.revision)])
      case (5, _):
        _ = try await device.acknowledgeAllPending()
      case (6, let card?):
        _ = try await device.setDone(card.id, done: !card.isDone)
      case (7, let card?):
        let deleted = try await device.deleteCard(card.id)
        if random.below(2) == 0 { _ = try await device.restoreCard(deleted.id) }
      case (8, _):
        var settings = NotificationSettings()
        settings.eventLeadMinutes = random.below(120)
        _ = try await device.updateSettings(settings)
      case (_, let card?):
        _ = try await device.editCard(card.id, CardEdit(time: .set(world.clock.now() + hours)))
      }
      return true
    } catch {
      return false
    }
  }

  /// One seeded life of both partners, `steps` long, checked after every step.
  public static func live(seed: UInt64, steps: Int, on factory: any BackendFactory) async throws {
    let world = try await ContractWorld(factory)
    let home = try await world.couple()
    var random = SeededRandomNumberGenerator(seed: seed)
    let phones = [world.alice: world.device(world.alice), world.bob: world.device(world.bob)]
    for (_, phone) in phones.sorted(by: { $0.key < $1.key }) { _ = try await phone.device.sync() }
    for _ in 0..<steps {
      let account = random.below(2) == 0 ? world.alice : world.bob
      guard let phone = phones[account] else { continue }
      if await Self.act(phone.device, in: home, world: world, random: &random) {
        // Plans follow every local write at once.
        #expect(await phone.centre.pending() == world.plan(of: phone.device))
      }
      world.clock.advance(by: TimeInterval(random.below(3 * 3_600)))
      if random.below(4) == 0 { _ = try await phone.device.sync() }
      for (_, each) in phones.sorted(by: { $0.key < $1.key }) {
        _ = await each.centre.pending()
        let shown = await each.centre.delivered.map(\.occurrence)
        #expect(Set(shown).count == shown.count, "a reminder was shown twice")
      }
    }
    for (account, phone) in phones.sorted(by: { $0.key < $1.key }) {
      _ = try await phone.device.sync()
      try await Self.expectConverged(account, phone, world: world, home: home)
    }
  }

  /// The device holds the backend's cards, its badge is the rules', its scheduler the plan.
  static func expectConverged(
    _ account: AccountID, _ phone: (device: Device, centre: InMemoryNotificationScheduler),
    world: ContractWorld, home: HouseholdID
  ) async throws {
    let cards = try await world.backend.cards(in: home, as: account)
    let state = await phone.device.state
    #expect(state.sortedCards == cards.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) })
    #expect(
      await phone.device.pending.count == AcknowledgementRules.badge(cards: cards, viewer: account))
    let household = try await world.backend.household(home, as: account)
    let plan = NotificationPlanner.plan(
      .device(
        state, cards: cards, household: household, viewer: account, now: world.clock.now(),
        wording: phone.device.wording))
    #expect(await phone.centre.pending() == plan.filter { $0.fireAt > world.clock.now() })
  }
}

import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport
import Testing

/// Random but reproducible lives of two partners: whatever happens, the phones converge.
@Suite struct SimulationContractTests {
  struct Run: Sendable, CustomTestStringConvertible {
    let kind: BackendKind
    let seed: UInt64
    var testDescription: String { "\(kind.rawValue), seed \(seed)" }
  }

  static let runs = BackendKind.allCases.flatMap { kind in (1...6).map { Run(kind: kind, seed: $0) }
  }

  /// One step a partner might take; refusals (a stale revision, one's own card) are part of life.
  static func act(
    _ account: AccountID, in home: HouseholdID, world: World,
    random: inout SeededRandomNumberGenerator
  ) async {
    let backend = world.backend
    let cards = (try? await backend.cards(in: home, as: account)) ?? []
    let live = CardRules.listed(cards)
    let pick = live.isEmpty ? nil : live[random.below(live.count)]
    let hours = TimeInterval(random.below(72)) * 3_600
    switch (random.below(8), pick) {
    case (0, _), (1, _), (_, nil):
      let kind = CardKind.allCases[random.below(4)]
      let draft = CardDraft(
        kind: kind, title: "t\(random.below(1_000))",
        time: kind == .event || kind == .task ? world.clock.now() + hours : nil,
        assignee: random.below(2) == 0 ? nil : account,
        replyBy: kind == .topic ? world.clock.now() + hours : nil)
      _ = try? await backend.addCard(draft, to: home, as: account)
    case (2, let card?):
      _ = try? await backend.editCard(
        card.id, CardEdit(title: .set("t\(random.next())")), as: account)
    case (3, let card?):
      _ = try? await backend.editCard(
        card.id, CardEdit(note: .set("n\(random.next())")), as: account)
    case (4, let card?), (5, let card?):
      _ = try? await backend.acknowledgeCard(card.id, revision: card.revision, as: account)
    case (6, let card?):
      _ = try? await backend.setCardDone(card.id, done: !card.isDone, as: account)
    case (_, let card?):
      _ = try? await backend.deleteCard(card.id, as: account)
    }
  }

  @Test(arguments: runs)
  func test_AC_SYNC_19_devicesConvergeWhateverHappens(run: Run) async throws {
    let world = try World(run.kind)
    let home = try await world.couple()
    var random = SeededRandomNumberGenerator(seed: run.seed)
    let phones = [world.alice: world.device(world.alice), world.bob: world.device(world.bob)]
    for _ in 0..<60 {
      let account = random.below(2) == 0 ? world.alice : world.bob
      await Self.act(account, in: home, world: world, random: &random)
      world.clock.advance(by: TimeInterval(random.below(3 * 3_600)))
      if random.below(4) == 0, let phone = phones[account] {
        _ = try await phone.device.sync()
      }
    }
    for (account, phone) in phones.sorted(by: { $0.key < $1.key }) {
      _ = try await phone.device.sync()
      try await expectConverged(account, phone, world: world, home: home)
    }
  }

  /// The device holds the backend's cards, its badge is the rules', its scheduler the plan.
  func expectConverged(
    _ account: AccountID, _ phone: (device: Device, centre: InMemoryNotificationScheduler),
    world: World, home: HouseholdID
  ) async throws {
    let cards = try await world.backend.cards(in: home, as: account)
    let state = await phone.device.state
    #expect(state.sortedCards == cards.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) })
    #expect(
      await phone.device.pending.count == AcknowledgementRules.badge(cards: cards, viewer: account))
    let household = try await world.backend.household(home, as: account)
    let plan = NotificationPlanner.plan(
      PlanInput(
        cards: cards, activity: state.waitingActivity, viewer: account, members: household.members,
        timeZone: TimeZone(identifier: household.timeZone) ?? .gmt, now: world.clock.now()))
    #expect(await phone.centre.pending() == plan.filter { $0.fireAt > world.clock.now() })
  }
}

import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport

/// A deterministic life of two partners and their phones, in the manner of FoundationDB's
/// and TigerBeetle's simulators: one seed chooses the faults, every step, every clock value,
/// and the invariants are checked after every step.
///
/// ```swift
/// let result = await Simulation.run(SimulationConfig(seed: 7, steps: 300))
/// if let violation = result.violation { print(violation, result.trace.suffix(5)) }
/// ```
public enum Simulation {
  /// The fault rates and the steps a seed stands for.
  public static func script(for config: SimulationConfig) -> (FaultRates, [SimAction]) {
    var random = SeededRandomNumberGenerator(seed: config.seed)
    let rates = FaultRates.swarm(&random)
    var base = SimAction.script(steps: config.steps, rates: rates, random: &random)
    /// In a third of the runs, `action` by a partner, somewhere in the quarter of the run
    /// after step `from`, drawn from the stream `seed`.
    func inAThird(_ action: (Partner) -> SimAction, seed: UInt64, from start: Int) {
      var random = SeededRandomNumberGenerator(seed: seed)
      guard random.below(3) == 0 else { return }
      let at = start + random.below(max(1, config.steps / 4))
      base.insert(action(Partner.allCases[random.below(2)]), at: min(at, base.count))
    }
    // NB: a third of the runs end with one partner gone, erased late in the run (after the
    // meal and list steps come between, about its last third); a third move the household in
    // about their middle third (AC-PORT-17). Each from a stream of its own: the steps before
    // stay as they were.
    if config.erasures {
      inAThird(SimAction.erase, seed: config.seed &+ 0x6572_6173, from: config.steps * 9 / 20)
    }
    if config.moves {
      inAThird(SimAction.move, seed: config.seed &+ 0x6D6F_7665, from: config.steps / 5)
    }
    var mixed = base
    // NB: meal and list steps come between the others, each from a stream of its own (a
    // fifth and a sixth of them), so that turning one off leaves the other steps as they were.
    if config.meals {
      mixed = interleaved(mixed, seed: config.seed &+ 0x6D65_616C, oneIn: 5, SimAction.meal)
    }
    if config.list {
      mixed = interleaved(mixed, seed: config.seed &+ 0x6C69_7374, oneIn: 6, SimAction.list)
    }
    return (rates, Array(mixed.prefix(config.steps)))
  }

  /// `actions` with a step of `make`'s before about one in `oneIn` of them, drawn from `seed`.
  private static func interleaved(
    _ actions: [SimAction], seed: UInt64, oneIn: Int,
    _ make: (Partner, inout SeededRandomNumberGenerator) -> SimAction
  ) -> [SimAction] {
    var random = SeededRandomNumberGenerator(seed: seed)
    var mixed: [SimAction] = []
    for action in actions {
      if random.below(oneIn) == 0 { mixed.append(make(Partner.allCases[random.below(2)], &random)) }
      mixed.append(action)
    }
    return mixed
  }

  /// Runs the seed's steps, or `actions` instead (a shortened run), stopping at the first
  /// broken invariant.
  public static func run(
    _ config: SimulationConfig, actions given: [SimAction]? = nil
  ) async -> SimulationResult {
    let (rates, scripted) = script(for: config)
    let actions = given ?? scripted
    var trace: [String] = ["seed \(config.seed) on \(config.backend.name): \(rates)"]
    do {
      let life = try await Life(config: config, rates: rates)
      for (index, action) in actions.enumerated() {
        let step = index + 1
        let outcome = await life.perform(action, step: step)
        trace.append("\(step) \(action) -> \(outcome)")
        if let violation = await life.check(step: step) {
          return SimulationResult(
            rates: rates, trace: trace, violation: violation, actions: actions)
        }
      }
      let violation = await life.quiesce(step: actions.count + 1)
      trace.append("quiescence -> \(violation == nil ? "converged" : "did not converge")")
      return SimulationResult(
        rates: rates, trace: trace, violation: violation, actions: actions,
        feed: await life.feed())
    } catch {
      let violation = Violation(step: 0, invariant: .noSurprise, detail: "setup: \(error)")
      return SimulationResult(rates: rates, trace: trace, violation: violation, actions: actions)
    }
  }

  /// A shorter list of steps that still breaks the same invariant: chunks are dropped while
  /// the run still fails, halving the chunk when none can go (delta debugging).
  public static func shrink(
    _ config: SimulationConfig, actions: [SimAction], breaking invariant: Invariant,
    budget: Int = 300
  ) async -> [SimAction] {
    var current = actions
    var chunk = max(1, current.count / 2)
    var runs = 0
    while runs < budget {
      var removed = false
      var start = 0
      while start < current.count, runs < budget {
        var candidate = current
        candidate.removeSubrange(start..<min(current.count, start + chunk))
        runs += 1
        if await run(config, actions: candidate).violation?.invariant == invariant {
          current = candidate
          removed = true
        } else {
          start += chunk
        }
      }
      if !removed {
        if chunk == 1 { break }
        chunk = max(1, chunk / 2)
      }
    }
    return current
  }
}

/// One phone in the run: its device, clock, notification centre and network.
final class Phone {
  let partner: Partner
  var device: Device
  let clock: SkewedWallClock
  let scheduler: SimScheduler
  var network: FaultyBackend
  /// The networks to the stores the household moved from, which heard answers too.
  var leftNetworks: [FaultyBackend] = []
  /// Where the device keeps its state: a relaunch opens from it alone.
  var store: any DeviceStore
  /// Pushes sent to the phone and not yet delivered.
  var pushes: [Change] = []
  /// The last change pushed to it.
  var pushedThrough: Int64 = 0
  /// The changes handed to it as pushes: told then, not by the pull that brings them again.
  var pushedTold: Set<Int64> = []
  /// The outbox as the last check saw it.
  var tracked: Set<WriteID> = []
  /// Conflicts the person has read and dismissed.
  var dismissed: Set<String> = []

  init(
    partner: Partner, device: Device, clock: SkewedWallClock, scheduler: SimScheduler,
    network: FaultyBackend, store: any DeviceStore
  ) {
    self.store = store
    self.partner = partner
    self.device = device
    self.clock = clock
    self.scheduler = scheduler
    self.network = network
  }
}

/// The state of one run, and every step it can take.
final class Life {
  let config: SimulationConfig
  let clock: ManualWallClock
  /// The backend the household lives on: another after a move (AC-PORT-17).
  var backend: any TeammateBackend
  /// What the checks read through: the backend, or its sabotaged answers.
  var observer: FaultyBackend
  /// The backends the household moved from, whose receipts answered writes made there.
  var left: [any TeammateBackend] = []
  /// The kind of store the household lives on now: the run's, or the one a move drew.
  var factory: any BackendFactory
  let home: HouseholdID
  /// The two phones, in `Partner.allCases` order.
  private var phones: [Phone] = []
  var members: Set<Partner> = [.alice, .bob]
  /// The partners who erased their account: gone from the run (AC-PORT-11).
  var erased: Set<Partner> = []
  /// The feed's sequence of the latest erasure, once the checks have read it.
  var erasedAt: Int64?
  var code: String
  /// Every value the backend's clock has shown.
  var instants: Set<Date> = []
  /// An invariant broken while a step ran (a stranger got in, an error nobody expected).
  var broken: Violation?
  /// Whether the last step was a partner's own device operation, after which its plan must
  /// be what it shows.
  var justActed: Partner?
  var lastSync: (Partner, SyncReport)?
  var model = ReferenceModel()
  /// The feed as the checks have read it so far, and where each write last appeared in it.
  var feedSeen: [Change] = []
  var lastPosition: [WriteID: Int] = [:]
  var feedMembers = FeedMembership()
  /// The latest version of each meal card in the feed, and the day each meal the partners
  /// planned was asked for, by the backend's clock.
  var meals = MealLedger()
  /// The latest version of each list item in the feed.
  var list = ListLedger()
  static let zone = "America/New_York"

  init(config: SimulationConfig, rates: FaultRates) async throws {
    self.config = config
    factory = config.backend
    // NB: each seed walks across one of the two daylight-saving changes of its zone.
    let starts = [
      Date(timeIntervalSince1970: 1_772_812_800), Date(timeIntervalSince1970: 1_792_850_400),
    ]
    clock = ManualWallClock(starts[Int(config.seed % 2)])
    instants.insert(clock.now())
    let random = SeededRandomNumberGenerator(seed: config.seed &* 7_919)
    backend = try await config.backend.makeBackend(clock: clock, random: random)
    observer = FaultyBackend(
      backend, distortion: config.sabotage?.distortion(observer: true) ?? .init())
    let creation = try await backend.createHousehold(
      name: "Home", timeZone: Self.zone, displayName: "Alice", as: Partner.alice.account)
    home = creation.household.id
    code = creation.invite.code.rawValue
    _ = try await backend.join(code: code, displayName: "Bob", as: Partner.bob.account)
    for (index, partner) in Partner.allCases.enumerated() {
      let phoneClock = SkewedWallClock(clock, offset: TimeInterval(rates.skewHours[index] * 3_600))
      let network = FaultyBackend(
        backend,
        distortion: config.sabotage?.distortion(observer: false, viewer: partner.account)
          ?? .init())
      let scheduler = SimScheduler(clock: phoneClock, sabotage: config.sabotage)
      let store = SimDeviceStore(
        base: try await config.backend.makeDeviceStore(for: backend),
        forgetful: config.sabotage == .forgetfulStore)
      let device = try await Device(
        account: partner.account, backend: network, clock: phoneClock, scheduler: scheduler,
        store: store, random: SeededRandomNumberGenerator(seed: config.seed &* 31 &+ UInt64(index)))
      phones.append(
        Phone(
          partner: partner, device: device, clock: phoneClock, scheduler: scheduler,
          network: network, store: store))
      _ = try await device.sync()
    }
  }

  // MARK: Steps

  /// Runs one step and says in a few words how it went.
  func perform(_ action: SimAction, step: Int) async -> String {
    justActed = nil
    lastSync = nil
    let outcome: String
    do {
      outcome = try await act(action, step: step)
    } catch let error as TeammateError {
      outcome = error == .unavailable ? "unavailable" : "refused: \(error)"
      // NB: a write refused on the phone itself changes nothing, and plans nothing again.
      justActed = nil
    } catch {
      broken = Violation(step: step, invariant: .noSurprise, detail: "\(action): \(error)")
      outcome = "failed: \(error)"
    }
    await pushNews()
    return outcome
  }

  private func act(_ action: SimAction, step: Int) async throws -> String {
    if let who = action.partner, erased.contains(who) { return "gone" }
    do {
      return try await acting(action, step: step)
    } catch TeammateError.householdMoved(let id, let place) where id == home {
      // NB: the phone's store said where the household went: opened there, it follows.
      guard let who = action.partner else { throw TeammateError.householdMoved(id, to: place) }
      try await follow(phone(who), step: step)
      return "moved to \(place): follows"
    }
  }

  private func acting(_ action: SimAction, step: Int) async throws -> String {
    switch action {
    case .add(let who, let kind, let hours, let assign, let repeats):
      let phone = phone(who)
      let at = clock.now() + TimeInterval(hours * 3_600)
      let assignee = [who.account, partner(of: who), nil][assign % 3]
      let draft = CardDraft(
        kind: kind, title: "t\(step)", time: kind == .event || kind == .task ? at : nil,
        assignee: assignee, replyBy: kind == .topic ? at : nil,
        repeatRule: SimRepeats.rule(repeats))
      justActed = who
      let card = try await phone.device.addCard(draft)
      return "ok \(card.id)"
    case .edit(let who, let field, let pick, let value):
      guard let card = await pickCard(who, pick, deleted: false) else { return "nothing to edit" }
      var edit = CardEdit()
      switch field {
      case .title: edit.title = .set("t\(value)")
      case .note: edit.note = .set(value % 5 == 0 ? nil : "n\(value)")
      case .time: edit.time = .set(clock.now() + TimeInterval(value * 600))
      case .assignee: edit.assignee = .set([who.account, partner(of: who), nil][value % 3])
      case .replyBy: edit.replyBy = .set(clock.now() + TimeInterval(value * 600))
      case .repeatRule: edit.repeatRule = .set(SimRepeats.rule(value))
      // NB: drawn from the first six fields only: a meal's are never edited as a card's.
      case .meal, .mealSlot, .cook: return "no meal to edit"
      }
      justActed = who
      let outcome = try await phone(who).device.editCard(card.id, edit)
      return "ok \(card.id) r\(outcome.card.revision)"
    case .acknowledge(let who, let pick, let stale):
      guard let card = await pickCard(who, pick, deleted: false) else { return "nothing to ack" }
      let revision = stale && card.revision > 1 ? card.revision - 1 : card.revision
      justActed = who
      _ = try await phone(who).device.acknowledge([CardRevision(card.id, revision: revision)])
      return "ok \(card.id) r\(revision)"
    case .acknowledgeAll(let who):
      justActed = who
      return "ok \(try await phone(who).device.acknowledgeAllPending().count) card(s)"
    case .done(let who, let pick):
      return try await write(who, pick, deleted: false, else: "nothing to do") {
        _ = try await $0.setDone($1.id, done: !$1.isDone)
      }
    case .skip(let who, let pick):
      return try await write(who, pick, deleted: false, else: "nothing to skip") {
        _ = try await $0.skip($1.id)
      }
    case .delete(let who, let pick):
      return try await write(who, pick, deleted: false, else: "nothing to delete") {
        _ = try await $0.deleteCard($1.id)
      }
    case .restore(let who, let pick):
      return try await write(who, pick, deleted: true, else: "nothing to restore") {
        _ = try await $0.restoreCard($1.id)
      }
    case .settings(let who, let lead, let quiet):
      var settings = NotificationSettings(eventLeadMinutes: lead)
      if !quiet { settings.quietHours = nil }
      justActed = who
      _ = try await phone(who).device.updateSettings(settings)
      return "ok"
    case .rename(let who, let value):
      _ = try await phone(who).network.updateHousehold(
        home, name: "Home \(value)", timeZone: nil, as: who.account)
      return "ok"
    case .invite(let who):
      code = try await phone(who).network.issueInvite(for: home, as: who.account).code.rawValue
      return "ok"
    case .join(let who, let rightCode):
      let given =
        rightCode ? code : String(code.reversed()) == code ? "000000" : String(code.reversed())
      _ = try await phone(who).network.join(code: given, displayName: who.rawValue, as: who.account)
      members.insert(who)
      return "ok"
    case .leave(let who):
      // NB: the household stays: only one of two members leaves.
      guard members.count == 2 else { return "stays: the last member" }
      justActed = who
      try await phone(who).device.leave()
      members.remove(who)
      return "ok"
    case .move(let who):
      guard members.contains(who) else { return "not a member" }
      return try await move(by: who, step: step)
    case .erase(let who):
      // NB: the household stays, with the partner: only one of two members erases.
      guard members.count == 2 else { return "stays: the last member" }
      do {
        try await phone(who).device.eraseAccount()
      } catch let error as TeammateError where error != .unavailable {
        throw error
      } catch {
        // NB: a reply lost on the way: the erasure may have landed all the same.
        guard try await backend.householdID(of: who.account, as: who.account) == nil else {
          throw error
        }
      }
      members.remove(who)
      erased.insert(who)
      return "ok"
    case .sync(let who, let dismiss):
      let phone = phone(who)
      justActed = who
      let before = await phone.device.state
      let report = try await phone.device.sync()
      if broken == nil,
        let missing = await newsMissing(
          report.news, to: who, before: before, after: phone.device.state,
          pushed: phone.pushedTold)
      {
        broken = Violation(step: step, invariant: .newsIsWhole, detail: missing)
      }

      // NB: offline, a sync only plans again from what the phone shows.
      if await phone.device.isOnline { lastSync = (who, report) }
      if broken == nil, let lie = newsLie(report.news, to: who) {
        broken = Violation(step: step, invariant: .newsIsTrue, detail: lie)
      }
      if dismiss {
        let ids = report.conflicts.map(\.id)
        try await phone.device.dismissConflicts(ids)
        phone.dismissed.formUnion(ids)
      }
      return "ok pulled \(report.pulled), badge \(report.badge), outbox \(report.outbox), "
        + "conflicts \(report.conflicts.count)"
    case .network(let who, let online):
      await phone(who).device.setOnline(online)
      return "ok"
    case .kill(let who):
      let phone = phone(who)
      // NB: a store beside the household's (SQLite's) names an erased partner the former
      // member in the phone's saved state at once; the phone learns it at its next pull.
      let held = await phone.device.state
      let news = await phone.device.news
      var erasedHeld = held
      var erasedNews = news
      for gone in erased {
        erasedHeld = (try? Erasure.erasing(gone.account, in: erasedHeld)) ?? erasedHeld
        erasedNews = (try? Erasure.erasing(gone.account, in: erasedNews)) ?? erasedNews
      }
      // NB: the phone dies with no save asked for; it opens again from its store alone, which
      // must hold what it had not sent, shown or told.
      phone.device = try await Device(
        account: who.account, backend: phone.network, clock: phone.clock,
        scheduler: phone.scheduler, store: phone.store, online: await phone.device.isOnline,
        random: SeededRandomNumberGenerator(seed: config.seed &* 131 &+ UInt64(step)))
      let kept = await phone.device.state
      let keptNews = await phone.device.news
      func keeps(_ state: DeviceState, _ told: [PartnerNews]) -> Bool {
        kept.outbox == state.outbox && kept.conflicts == state.conflicts
          && kept.shown == state.shown && keptNews == told
      }
      if !keeps(held, news), !keeps(erasedHeld, erasedNews) {
        broken = Violation(
          step: step, invariant: .nothingLost,
          detail: "\(who)'s store lost what the phone held: outbox \(held.outbox.count) → "
            + "\(kept.outbox.count), news \(news.count) → \(keptNews.count)")
      }
      return "ok, outbox \(kept.outbox.count)"
    case .loseReply(let who):
      phone(who).network.loseReplies(1)
      return "ok"
    case .deliver(let who, let fault):
      let phone = phone(who)
      guard await phone.device.isOnline else { return "held: offline" }
      let pushes = phone.pushes
      phone.pushes = []
      if fault != .dropped { phone.pushedTold.formUnion(pushes.map(\.sequence)) }
      switch fault {
      case .inOrder: for change in pushes { try await phone.device.receive(change) }
      case .reversed: for change in pushes.reversed() { try await phone.device.receive(change) }
      case .duplicated:
        for change in pushes + pushes { try await phone.device.receive(change) }
      case .dropped: break
      }
      return "\(pushes.count) push(es)"
    case .advance(let minutes):
      clock.advance(by: TimeInterval(minutes * 60))
      instants.insert(clock.now())
      return "ok"
    case .stranger(let pick):
      return await pry(pick, step: step)
    case .burst(let who, let calls, let seed):
      return await burst(who, calls: calls, seed: seed, step: step)
    case .dish, .planMeal, .changeMeal, .suggest:
      return try await actOnMeals(action, step: step)
    case .list:
      return try await actOnList(action)
    }
  }

  /// Starts `calls` calls on the phone, each from a task of its own, each once the one
  /// before has taken its place in line (so the seed fixes their order), then awaits them.
  private func burst(_ who: Partner, calls: Int, seed: Int, step: Int) async -> String {
    let device = phone(who).device
    let shown = await device.cards.values.sorted { $0.id < $1.id }
    justActed = who
    let base = await device.callsMade
    var running: [Task<String, Never>] = []
    for index in 0..<calls {
      let call = SimBurst.call(index, seed: seed, shown: shown, title: "t\(step).\(index)")
      running.append(
        Task {
          do {
            try await call(device)
            return "ok"
          } catch let error as TeammateError {
            return error == .unavailable ? "unavailable" : "refused"
          } catch {
            return "failed: \(error)"
          }
        })
      while await device.callsMade < base + index + 1 { await Task.yield() }
    }
    var outcomes: [String] = []
    for task in running { outcomes.append(await task.value) }
    if let failed = outcomes.first(where: { $0.hasPrefix("failed") }) {
      broken = Violation(step: step, invariant: .noSurprise, detail: "burst: \(failed)")
    }
    return outcomes.joined(separator: ", ")
  }

  func phone(_ partner: Partner) -> Phone { phones[partner == .alice ? 0 : 1] }

  /// The account `who` names as their partner: none once the partner erased theirs, whom
  /// nobody can name again (AC-PORT-11).
  func partner(of who: Partner) -> AccountID? {
    erased.contains(who.other) ? nil : who.other.account
  }

  /// A card the phone shows, chosen by `pick` among the live (or the deleted) ones.
  /// One write of `who` to the card `pick` chooses among their deleted or live ones, through
  /// their phone; the step's words (`nothing` when there is no such card).
  private func write(
    _ who: Partner, _ pick: Int, deleted: Bool, else nothing: String,
    _ body: (Device, Card) async throws -> Void
  ) async throws -> String {
    guard let card = await pickCard(who, pick, deleted: deleted) else { return nothing }
    justActed = who
    try await body(phone(who).device, card)
    return "ok \(card.id)"
  }

  private func pickCard(_ who: Partner, _ pick: Int, deleted: Bool) async -> Card? {
    let cards = await phone(who).device.cards.values.filter { $0.isDeleted == deleted }
      .sorted { $0.id < $1.id }
    return cards.isEmpty ? nil : cards[pick % cards.count]
  }

  /// Carol, in no household, tries to read the cards and to write one.
  private func pry(_ pick: Int, step: Int) async -> String {
    let carol: AccountID = "carol"
    if (try? await observer.cards(in: home, as: carol)) != nil {
      broken = Violation(
        step: step, invariant: .membersOnly, detail: "carol read the household's cards")
      return "read the cards"
    }
    let entry = OutboxEntry(
      id: WriteID("carol-\(step)"), householdID: home,
      write: .addCard(CardDraft(title: "c\(pick)")), madeAt: clock.now())
    if case .applied? = try? await observer.submit(entry, as: carol) {
      broken = Violation(step: step, invariant: .membersOnly, detail: "carol wrote a card")
      return "wrote a card"
    }
    return "kept out"
  }

  /// What the backend would push to each member's phone: the changes since its last push.
  private func pushNews() async {
    for partner in Partner.allCases where members.contains(partner) {
      let phone = phone(partner)
      guard
        let fresh = try? await phone.network.changes(
          in: home, after: phone.pushedThrough, limit: 10_000, as: partner.account)
      else { continue }
      phone.pushes += fresh
      phone.pushedThrough = fresh.last?.sequence ?? phone.pushedThrough
    }
  }

  // MARK: Checks

  /// The first invariant broken now, if any.
  func check(step: Int) async -> Violation? {
    if let broken { return broken }
    func violated(_ invariant: Invariant, _ detail: String) -> Violation {
      Violation(step: step, invariant: invariant, detail: detail)
    }
    guard let reader = members.sorted(by: { $0.rawValue < $1.rawValue }).first?.account else {
      return violated(.householdOfTwo, "the household has no member left")
    }
    do {
      let household = try await observer.household(home, as: reader)
      if household.members.count > 2 {
        return violated(.householdOfTwo, "\(household.members.count) members")
      }
      // NB: the feed is read from where the last check stopped, so a step costs what it
      // changed, not the whole history.
      let fresh = try await observer.changes(
        in: home, after: feedSeen.last?.sequence ?? 0, limit: 1_000_000, as: reader)
      let window = feedSeen.suffix(1) + fresh
      for (earlier, later) in zip(window, window.dropFirst())
      where later.sequence <= earlier.sequence {
        return violated(.feedIncreases, "\(later.sequence) after \(earlier.sequence)")
      }
      let times = fresh.flatMap { change in
        [change.at]
          + (change.card.map { [$0.createdAt, $0.lastEditedAt] + [$0.ackAt].compactMap { $0 } }
            ?? []) + (change.item.map(ListLedger.times) ?? [])
      }
      if let stray = times.first(where: { !instants.contains($0) }) {
        return violated(
          .serverTime, "\(ISOTimestamp.text(stray, in: .gmt)) was never the backend's time")
      }
      for change in fresh {
        if let id = change.writeID {
          if let previous = lastPosition[id], previous != feedSeen.count - 1 {
            return violated(
              .appliedOnce, "write \(id) appears apart, at \(previous) and \(feedSeen.count)")
          }
          lastPosition[id] = feedSeen.count
        }
        feedSeen.append(change)
        if let intruder = feedMembers.follow(change) {
          return violated(.membersOnly, "\(intruder) acted in a household they were not in")
        }
      }
      for gone in feedMembers.takeErased() {
        feedSeen = feedSeen.map { (try? Erasure.erasing(gone, in: $0)) ?? $0 }
        meals.erasing(gone)
        list.erasing(gone)
        erasedAt = fresh.last { $0.kind == .accountErased }?.sequence ?? erasedAt
      }
      if let named = try await erasedNamed(fresh: fresh, reader: reader) {
        return violated(.erasedNowhere, named)
      }
      if let broken = meals.follow(fresh) { return violated(broken.0, broken.1) }
      if let broken = list.follow(fresh) { return violated(broken.0, broken.1) }
      if let disagreement = model.follow(fresh) { return violated(.model, disagreement) }
      for id in Set(fresh.compactMap(\.card?.id)).sorted() {
        let card = try await backend.card(id, as: reader)
        if model.cards[id] != ReferenceModel.Version(card) {
          return violated(.model, "\(id) is not what the feed's changes give")
        }
      }
      let cards = lastSync == nil ? [] : try await backend.cards(in: home, as: reader)
      for partner in Partner.allCases where !erased.contains(partner) {
        if let violation = try await checkPhone(partner, cards: cards, violated) {
          return violation
        }
      }
    } catch {
      return violated(.noSurprise, "checking: \(error)")
    }
    return nil
  }

  private func checkPhone(
    _ partner: Partner, cards: [Card], _ violated: (Invariant, String) -> Violation
  ) async throws -> Violation? {
    let phone = phone(partner)
    let state = await phone.device.state
    let outbox = Set(state.outbox.map(\.id))
    let conflicts = Set(state.conflicts.map(\.id)).union(phone.dismissed)
    let held = Set(state.heldAnswers)
    for id in phone.tracked.subtracting(outbox).sorted() {
      var receipt = try await observer.receipt(for: id, in: home, as: partner.account)
      // NB: a receipt the phone said it holds the answer to is gone by design (AC-OFF-10):
      // what the backend answered on the way is the record then.
      for store in left where receipt == nil {
        receipt = try? await store.receipt(for: id, in: home, as: partner.account)
      }
      if receipt == nil, !held.contains(id) {
        receipt =
          ([phone.network] + phone.leftNetworks).lazy.compactMap { $0.answer(to: id) }
          .first
      }
      // NB: a write that landed before a move is answered by the feed that carries it: its
      // receipt stayed in the store the household left (AC-PORT-17).
      if receipt == nil, feedSeen.contains(where: { $0.writeID == id }) { continue }
      switch receipt {
      case nil where !conflicts.contains(id.rawValue):
        return violated(.nothingLost, "\(partner)'s write \(id) left the outbox unanswered")
      case .refused? where !conflicts.contains(id.rawValue):
        return violated(.nothingLost, "\(partner)'s refused write \(id) is no conflict")
      default: break
      }
    }
    phone.tracked = outbox
    if let wrong = try await mealReminderOffItsDay(phone) { return violated(.mealDay, wrong) }
    if let (who, report) = lastSync, who == partner, report.outbox == 0, members.contains(who) {
      let expected = AcknowledgementRules.badge(cards: cards, viewer: who.account)
      if report.badge != expected {
        return violated(.badge, "\(who)'s badge is \(report.badge), the rules say \(expected)")
      }
    }
    if justActed == partner {
      let plan = await plan(of: phone)
      let held = try await phone.scheduler.pending()
      // NB: the scheduler's contract: the same notification is what a person would see alike.
      if held.count != plan.count || !zip(held, plan).allSatisfy({ $0.looksLike($1) }) {
        return violated(
          .scheduleIsPlan, "\(partner) holds \(held.map(\.id)), the plan is \(plan.map(\.id))")
      }
    }
    let shown = await phone.scheduler.delivered().map(\.occurrence)
    if Set(shown).count != shown.count {
      let twice = Dictionary(grouping: shown, by: { $0 }).filter { $0.value.count > 1 }.keys
      let words = twice.map { "\($0.kind.rawValue) \($0.cardID?.rawValue ?? "") at \($0.at)" }
      return violated(
        .shownOnce, "\(partner) showed a reminder twice: \(words.sorted().joined(separator: ", "))")
    }
    return nil
  }

  /// The notifications the phone should hold for what it shows, at its own time.
  private func plan(of phone: Phone) async -> [PlannedNotification] {
    let device = phone.device
    let state = await device.state
    let now = phone.clock.now()
    guard let household = await device.household, household.hasMember(device.account) else {
      return []
    }
    return NotificationPlanner.plan(
      .device(
        state, cards: await device.cards.values, household: household, viewer: device.account,
        now: now, wording: device.wording)
    ).filter { $0.fireAt > now }
  }

  /// The household's whole feed, as a member reads it.
  func feed() async -> [Change] {
    guard let reader = members.sorted(by: { $0.rawValue < $1.rawValue }).first else { return [] }
    return (try? await backend.changes(in: home, after: 0, limit: 1_000_000, as: reader.account))
      ?? []
  }

  /// Faults stop, every phone comes online and syncs until its outbox is empty: within three
  /// rounds, every member's phone must show the backend's cards.
  func quiesce(step: Int) async -> Violation? {
    if let violation = await check(step: step) { return violation }
    justActed = nil
    lastSync = nil
    for phone in phones {
      phone.network.loseReplies(0)
      await phone.device.setOnline(true)
    }
    for _ in 0..<3 {
      for partner in Partner.allCases where !erased.contains(partner) {
        do {
          _ = try await phone(partner).device.sync()
        } catch TeammateError.householdMoved {
          _ = try? await follow(phone(partner), step: step)
        } catch {}
      }
    }
    for partner in Partner.allCases where !erased.contains(partner) {
      let device = phone(partner).device
      let state = await device.state
      guard state.outbox.isEmpty else {
        return Violation(
          step: step, invariant: .converges,
          detail: "\(partner)'s outbox still holds \(state.outbox.count)")
      }
      let shown = await device.cards
      if members.contains(partner),
        let household = try? await backend.household(home, as: partner.account),
        await device.household?.dishes != household.dishes
      {
        return Violation(
          step: step, invariant: .converges, detail: "\(partner)'s dishes are not the backend's")
      }
      if members.contains(partner) {
        let stored = try? await backend.cards(in: home, as: partner.account)
        let expected = Dictionary(uniqueKeysWithValues: (stored ?? []).map { ($0.id, $0) })
        if shown != expected {
          let differing = Set(shown.keys).union(expected.keys).filter { shown[$0] != expected[$0] }
          return Violation(
            step: step, invariant: .converges,
            detail: "\(partner) shows \(differing.sorted().prefix(3)) unlike the backend")
        }
      } else if !shown.isEmpty {
        return Violation(
          step: step, invariant: .converges,
          detail: "\(partner) left but shows \(shown.count) cards")
      }
    }
    // NB: the last check takes in what the final syncs sent; then every card is compared,
    // and every member's list with the feed's.
    if let violation = await check(step: step) { return violation }
    for partner in Partner.allCases where members.contains(partner) {
      let items = await phone(partner).device.state.items
      guard items != list.latest else { continue }
      let differing = Set(items.keys).union(list.latest.keys).filter {
        items[$0] != list.latest[$0]
      }
      return Violation(
        step: step, invariant: .converges,
        detail: "\(partner)'s list shows \(differing.sorted().prefix(3)) unlike the backend")
    }
    if let reader = members.sorted(by: { $0.rawValue < $1.rawValue }).first,
      let stored = try? await backend.cards(in: home, as: reader.account)
    {
      for card in stored where model.cards[card.id] != ReferenceModel.Version(card) {
        return Violation(
          step: step, invariant: .model, detail: "\(card.id) is not what the feed's changes give")
      }
    }
    return nil
  }
}

/// Who is a member at each point of the feed, replayed change by change.
struct FeedMembership {
  private var members: Set<AccountID> = []
  /// The members an erasure took out, until the checks take them.
  private var erased: [AccountID] = []

  /// The members erased since the last call, whom the checks' own copies must name as a
  /// former member from now on.
  mutating func takeErased() -> [AccountID] {
    defer { erased = [] }
    return erased
  }

  /// Takes in one change; the author, when they acted while not a member.
  mutating func follow(_ change: Change) -> AccountID? {
    switch change.kind {
    case .householdCreated, .memberJoined:
      members.insert(change.actor)
      return nil
    case .memberLeft:
      return members.remove(change.actor) == nil ? change.actor : nil
    case .accountErased:
      // NB: the actor is the former member: who left is whom the household no longer lists.
      let staying = Set(change.household?.members.map(\.uid) ?? [])
      let gone = members.subtracting(staying)
      guard change.actor == Erasure.formerMember, gone.count == 1 else { return change.actor }
      erased += gone
      members = staying
      return nil
    default:
      return members.contains(change.actor) ? nil : change.actor
    }
  }
}

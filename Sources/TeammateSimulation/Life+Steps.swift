import Foundation
import TeammateKit
import TeammateTestSupport

/// Each step of the script, made through the phones and the backend as people would.
extension Life {
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

  func act(_ action: SimAction, step: Int) async throws -> String {
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

  func acting(_ action: SimAction, step: Int) async throws -> String {
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
      justActed = who
      _ = try await phone(who).device.updateHousehold(name: "Home \(value)")
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
  func burst(_ who: Partner, calls: Int, seed: Int, step: Int) async -> String {
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
  func write(
    _ who: Partner, _ pick: Int, deleted: Bool, else nothing: String,
    _ body: (Device, Card) async throws -> Void
  ) async throws -> String {
    guard let card = await pickCard(who, pick, deleted: deleted) else { return nothing }
    justActed = who
    try await body(phone(who).device, card)
    return "ok \(card.id)"
  }

  func pickCard(_ who: Partner, _ pick: Int, deleted: Bool) async -> Card? {
    let cards = await phone(who).device.cards.values.filter { $0.isDeleted == deleted }
      .sorted { $0.id < $1.id }
    return cards.isEmpty ? nil : cards[pick % cards.count]
  }

  /// Carol, in no household, tries to read the cards and to write one.
  func pry(_ pick: Int, step: Int) async -> String {
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
  func pushNews() async {
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
}

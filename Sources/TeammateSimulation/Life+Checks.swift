import Foundation
import TeammateKit
import TeammateTestSupport

/// The invariants checked after every step.
extension Life {
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

  func checkPhone(
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
  func plan(of phone: Phone) async -> [PlannedNotification] {
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

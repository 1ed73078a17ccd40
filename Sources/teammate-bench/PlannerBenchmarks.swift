import Foundation
import TeammateKit

/// A household's worth of cards of every kind, spread over the next 30 days.
func benchmarkCards(_ count: Int, now: Date) -> [Card] {
  var random = SeededRandomNumberGenerator(seed: 2_026)
  // NB: a meal is a card with a plan of its own (`benchmarkMeals`).
  let kinds: [CardKind] = [.note, .task, .event, .topic]
  let people: [AccountID] = ["alice", "bob"]
  return (0..<count).map { index in
    let kind = kinds[index % kinds.count]
    let author = people[Int(random.next() % 2)]
    let offset = TimeInterval(random.next() % (30 * 24 * 3_600)) - 3_600
    var card = Card(
      id: CardID("c\(index)"), householdID: "home", kind: kind, title: "Card \(index)",
      time: kind == .event || kind == .task ? now + offset : nil,
      assignee: kind == .task ? people[index % 2] : nil,
      replyBy: kind == .topic ? now + offset : nil, createdBy: author, createdAt: now - 86_400)
    if random.next() % 2 == 0 { card.ackBy = people.first { $0 != author } }
    return card
  }
}

func plannerBenchmarks() -> [Measurement] {
  let now = Date(timeIntervalSince1970: 1_796_119_200)
  let zone = TimeZone(identifier: "Asia/Taipei") ?? .gmt
  let members = [
    Member(uid: "alice", displayName: "Alice", joinedAt: now),
    Member(uid: "bob", displayName: "Bob", joinedAt: now),
  ]
  var rows: [Measurement] = []
  for count in [1_000, 10_000, 100_000] {
    let cards = benchmarkCards(count, now: now)
    let activity = cards.prefix(20).map {
      ActivityEvent(cardID: $0.id, actor: $0.createdBy, action: .created, at: now)
    }
    let input = PlanInput(
      cards: cards, activity: Array(activity), viewer: "bob", members: members, timeZone: zone,
      now: now)
    rows.append(
      measure("linear pass (floor)", count: count) {
        keep(cards.reduce(0) { $0 + ($1.ackBy == nil && $1.lastEditedBy != "bob" ? 1 : 0) })
      })
    rows.append(measure("plan", count: count) { keep(NotificationPlanner.plan(input)) })
  }
  // NB: every task and event repeats (half the cards), each series begun a month ago, so
  // that an event walks its missed occurrences to find the coming one.
  let rules = [
    RepeatRule(frequency: .daily), RepeatRule(frequency: .weekly, weekdays: [.tuesday, .friday]),
    RepeatRule(frequency: .monthly, monthDays: [-1]),
  ]
  let repeating = benchmarkCards(10_000, now: now).enumerated().map { index, card in
    guard let time = card.time else { return card }
    var series = card
    series.repeatRule = rules[index % rules.count]
    series.repeatStart = time - 30 * 86_400
    series.time = time - 30 * 86_400
    return series
  }
  let repeatingInput = PlanInput(
    cards: repeating, viewer: "bob", members: members, timeZone: zone, now: now)
  rows.append(
    measure("plan, half of them repeating", count: 10_000) {
      keep(NotificationPlanner.plan(repeatingInput))
    })
  let scheduled = NotificationPlanner.plan(
    PlanInput(
      cards: benchmarkCards(1_000, now: now), viewer: "bob", members: members, timeZone: zone,
      now: now))
  let replanned = scheduled.map { notification in
    var moved = notification
    if moved.id.hasSuffix("0") { moved.fireAt += 60 }
    return moved
  }
  rows.append(
    measure("reconcile 64 against 64", count: scheduled.count, runs: 101) {
      _ = NotificationReconciler.reconcile(planned: replanned, scheduled: scheduled)
    })
  return rows
}

import Foundation
import TeammateKit

extension Commands {
  static let pending = CommandSpec(
    path: ["pending"], abstract: "What waits for you to know, with your badge count.",
    store: .readOnly
  ) { session, _ in
    let uid = try session.account()
    let household = try await session.household()
    let pending = try await session.store().pendingCards(in: household.id, as: uid)
    let badge = AcknowledgementRules.badge(cards: pending, viewer: uid)
    if session.json {
      let times = await session.times()
      return session.writeJSONObject(["badge": .int(badge)], array: "cards", count: pending.count) {
        JSONDocuments.write(pending[$0], viewer: uid, times: times, indent: 2, into: &$1)
      }
    }
    try await list(pending, session: &session, empty: "Nothing waits for you. Badge: 0")
    if !pending.isEmpty {
      session.write("\nBadge: \(badge)\n")
    }
  }

  static let ack = CommandSpec(
    path: ["ack"],
    abstract: "Say you know these cards (for a topic: you replied).",
    discussion:
      "Each card is acknowledged at its current revision, or at --revision when one card is "
      + "given, which is refused if the card has changed since.",
    arguments: [
      ArgumentSpec(name: "id", help: "Card ids, or unique starts of them.", arity: .variadic)
    ],
    options: [
      OptionSpec(name: "all", help: "Every card waiting for you."),
      OptionSpec(name: "revision", value: "n", help: "The revision you saw (one card only)."),
    ],
    examples: [
      "teammate ack --all",
      "teammate ack k3f9 --revision 2",
    ]
  ) { session, arguments in
    let uid = try session.account()
    let household = try await session.household()
    let store = try session.store()
    let acknowledged: [Card]
    if arguments.flag("all") {
      guard arguments.arguments("id").isEmpty else {
        throw CLIError.nothingToDo("give card ids or --all, not both")
      }
      guard arguments.option("revision") == nil else {
        throw CLIError.nothingToDo("--revision goes with exactly one card, not --all")
      }
      // NB: one write acknowledges what is pending at that moment: no race with an edit.
      acknowledged = try await session.deviceWrite { try await $0.acknowledgeAllPending() }
    } else {
      let cards = try await store.cards(in: household.id, as: uid)
      let chosen = try arguments.arguments("id").map { try CardLookup.resolve($0, among: cards) }
      guard !chosen.isEmpty else {
        throw CLIError.nothingToDo("give the ids of the cards you know, or --all")
      }
      var seen = chosen.map { CardRevision($0.id, revision: $0.revision) }
      if let text = arguments.option("revision") {
        guard let number = Int(text), number > 0 else {
          throw CLIError.invalidValue(
            option: "revision", value: text, expected: "a positive number")
        }
        guard let only = seen.first, seen.count == 1 else {
          throw CLIError.nothingToDo("--revision goes with exactly one card")
        }
        seen = [CardRevision(only.id, revision: number)]
      }
      let chosenRevisions = seen
      acknowledged = try await session.deviceWrite { try await $0.acknowledge(chosenRevisions) }
    }
    let badge = AcknowledgementRules.badge(
      cards: try await store.cards(in: household.id, as: uid), viewer: uid)
    if session.json {
      let times = await session.times()
      return session.writeJSON(
        .object([
          "badge": .int(badge),
          "cards": JSONDocuments.cards(acknowledged, viewer: uid, times: times),
        ]))
    }
    if acknowledged.isEmpty { return session.write("Nothing waits for you. Badge: 0\n") }
    for card in acknowledged {
      session.write("Known: \(card.id)  \(TerminalText.visible(card.title))\n")
    }
    session.write(
      "You know \(acknowledged.count == 1 ? "1 card" : "\(acknowledged.count) cards") now. "
        + "Badge: \(badge)\n")
  }
}

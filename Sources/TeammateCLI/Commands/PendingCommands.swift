import Foundation
import TeammateKit

extension Commands {
  static let pending = CommandSpec(
    path: ["pending"], abstract: "What waits for you to know, with your badge count.",
    store: .readOnly
  ) { session, _ in
    session.showsPendingOnly = true
    let uid = try session.account()
    _ = try await session.household()
    let pending = try await session.visiblePending()
    let badge = AcknowledgementRules.badge(cards: pending, viewer: uid)
    if session.json {
      let times = await session.times()
      return session.writeJSONObject(["badge": .int(badge)], array: "cards", count: pending.count) {
        JSONDocuments.write(pending[$0], viewer: uid, times: times, indent: 2, into: &$1)
      }
    }
    let words = CardWords(language: session.language)
    try await list(pending, session: &session, empty: words.nothingPending)
    if !pending.isEmpty {
      session.write("\n" + words.badge(badge) + "\n")
    }
  }

  static let ack: CommandSpec = {
    let ids = Argument<String>("id", help: "Card ids, or unique starts of them.", arity: .variadic)
    let all = Flag("all", help: "Every card waiting for you.")
    let revision = Option(
      "revision", value: "n", help: "The revision you saw (one card only).", conflicts: [all],
      parse: Values.revision)
    @Sendable func validate(_ arguments: ParsedArguments) throws(UsageError) {
      let count = arguments.all(ids).count
      if arguments[all] {
        guard count == 0 else { throw .conflict("card ids", "'--all'") }
      } else if count == 0 {
        throw UsageError(message: "give the ids of the cards you know, or --all")
      } else if count > 1, arguments[revision] != nil {
        throw UsageError(message: "'--revision' goes with exactly one card, not \(count)")
      }
    }
    return CommandSpec(
      path: ["ack"],
      abstract: "Say you know these cards (for a topic: you replied).",
      discussion:
        "Each card is acknowledged at its current revision, or at --revision when one card is "
        + "given, which is refused if the card has changed since.",
      arguments: [ids], options: [all, revision],
      examples: [
        "teammate ack --all",
        "teammate ack k3f9 --revision 2",
      ],
      validate: validate
    ) { session, arguments in
      try await acknowledge(
        arguments.all(ids), all: arguments[all], revision: arguments[revision], session: &session)
    }
  }()

  /// `ack`'s work, once its arguments are known to agree.
  private static func acknowledge(
    _ ids: [String], all: Bool, revision: Int?, session: inout Session
  ) async throws {
    let uid = try session.account()
    // NB: the household first, so that its absence is what the user hears.
    _ = try await session.household()
    let acknowledged: [Card]
    if all {
      // NB: one write acknowledges what is pending at that moment: no race with an edit.
      acknowledged = try await session.deviceWrite { try await $0.acknowledgeAllPending() }
    } else {
      let cards = try await session.visibleCards()
      let chosen = try ids.map { try CardLookup.resolve($0, among: cards) }
      var seen = chosen.map { CardRevision($0.id, revision: $0.revision) }
      if let revision, let only = seen.first {
        seen = [CardRevision(only.id, revision: revision)]
      }
      let chosenRevisions = seen
      acknowledged = try await session.deviceWrite { try await $0.acknowledge(chosenRevisions) }
    }
    let badge = AcknowledgementRules.badge(cards: try await session.visibleCards(), viewer: uid)
    if session.json {
      let times = await session.times()
      return session.writeJSON(
        .object([
          "badge": .int(badge),
          "cards": JSONDocuments.cards(acknowledged, viewer: uid, times: times),
        ]))
    }
    let words = CardWords(language: session.language)
    if acknowledged.isEmpty { return session.write(words.nothingPending + "\n") }
    for card in acknowledged { session.write(words.known(card) + "\n") }
    session.write(
      words.knowing(acknowledged.count, offline: session.offline, badge: badge) + "\n")
  }
}

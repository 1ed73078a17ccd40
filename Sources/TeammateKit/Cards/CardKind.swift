/// What a card is about.
public enum CardKind: String, Sendable, Codable, CaseIterable, Hashable {
  /// "I did this": the default.
  case note
  /// Something to do, usually assigned, maybe due at a time.
  case task
  /// Something that happens at a time.
  case event
  /// Something to talk about, needing the partner's reply by `replyBy`.
  case topic
  /// A meal of a day and slot, proposed, decided or skipped; its plan is the card's `meal`.
  case meal
}

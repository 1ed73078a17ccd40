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

extension CardKind {
  /// The kind's name in Traditional Chinese: 「筆記」、「待辦」.
  public var traditionalChineseName: String {
    switch self {
    case .note: "筆記"
    case .task: "待辦"
    case .event: "行程"
    case .topic: "話題"
    case .meal: "一餐"
    }
  }
}

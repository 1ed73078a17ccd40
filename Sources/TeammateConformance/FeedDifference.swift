import TeammateKit

/// Where two feeds part, in one line: a check that compares feeds says that much when it
/// fails, not both feeds whole (a household's feed printed whole ran to sixteen kilobytes on
/// one line).
enum FeedDifference {
  /// Nil when `got` is `wanted`; otherwise their lengths and the first place they differ.
  static func between(_ got: [Change], _ wanted: [Change]) -> String? {
    guard got != wanted else { return nil }
    let index =
      zip(got, wanted).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(got.count, wanted.count)
    func entry(_ feed: [Change]) -> String {
      guard feed.indices.contains(index) else { return "nothing" }
      let change = feed[index]
      return "#\(change.sequence) \(change.kind.rawValue) by \(change.actor)"
        + (change.card.map { " of card \($0.id) at revision \($0.revision)" } ?? "")
    }
    return "\(got.count) changes where \(wanted.count) were wanted; at \(index): "
      + "\(entry(got)) where \(entry(wanted)) was wanted"
  }
}

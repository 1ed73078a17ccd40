import Foundation

/// A waiting write as a saved state holds it, read one at a time, so that one this build
/// cannot read (another build saved it) does not keep the device from opening: it becomes a
/// conflict that names when it was made, if that much reads (AC-INPUT-09).
enum WaitingEntry: Decodable {
  case readable(OutboxEntry)
  case unreadable(id: String, madeAt: Date?)

  init(from decoder: any Decoder) throws {
    if let entry = try? OutboxEntry(from: decoder) {
      self = .readable(entry)
      return
    }
    let container = try? decoder.container(keyedBy: OutboxEntry.CodingKeys.self)
    let id = (try? container?.decodeIfPresent(String.self, forKey: .id)) ?? nil
    let madeAt = (try? container?.decodeIfPresent(Date.self, forKey: .madeAt)) ?? nil
    // NB: the conflict's id is the write's own, prefixed, so that reading the same state
    // twice tells it once; an entry with no id at all is named by when it was made.
    self = .unreadable(
      id: "unreadable-" + (id ?? madeAt.map { "\($0.timeIntervalSinceReferenceDate)" } ?? "write"),
      madeAt: madeAt)
  }
}

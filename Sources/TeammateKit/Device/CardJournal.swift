/// The cards whose copy a device state applied, newest last, the latest `kept` of them: a
/// save finds the copies that moved since the state it saved last from here, without
/// looking up each of a household's cards (AC-DEV-18). Two states of one line — one copied
/// from the other, then changed — share its origin; a state decoded or made anew starts a
/// line of its own, and one of another line is compared card by card. Not part of the
/// state's value: it is never encoded, and any two are equal.
struct CardJournal: Sendable, Equatable {
  /// Where a line of states began: compared by identity.
  final class Origin: Sendable {}

  /// How many card ids a journal keeps, the newest.
  static let kept = 256

  private var origin = Origin()
  private var noted: [CardID] = []
  /// How many cards were ever noted in this line.
  private var total = 0

  /// Notes that card `id`'s copy changed.
  mutating func note(_ id: CardID) {
    if noted.count == Self.kept { noted.removeFirst(Self.kept / 2) }
    noted.append(id)
    total += 1
  }

  /// The cards noted since `earlier`, each once; nil when `earlier` is of another line or
  /// further back than this journal keeps.
  func noted(since earlier: CardJournal) -> [CardID]? {
    let count = total - earlier.total
    guard origin === earlier.origin, count >= 0, count <= noted.count else { return nil }
    var seen: Set<CardID> = []
    return noted.suffix(count).filter { seen.insert($0).inserted }
  }

  /// Any two journals are equal: the journal is no part of what a state holds.
  static func == (lhs: CardJournal, rhs: CardJournal) -> Bool { true }
}

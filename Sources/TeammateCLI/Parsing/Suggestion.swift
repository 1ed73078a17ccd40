import TeammateKit

/// The nearest known word to a mistyped one, for "did you mean" hints.
enum Suggestion {
  static func nearest(to word: String, among candidates: [String]) -> String? {
    let distances = candidates.map { ($0, distance(word.lowercased(), $0.lowercased())) }
    guard let best = distances.min(by: { ($0.1, $0.0) < ($1.1, $1.0) }) else { return nil }
    let allowed = max(1, min(3, best.0.count / 3))
    return best.1 <= allowed || best.0.hasPrefix(word.lowercased()) && !word.isEmpty
      ? best.0 : nil
  }

  /// Edit distance over characters, where swapping two neighbours is one edit (`crad` is one
  /// from `card`), as people mistype.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var before = Array(repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], before[j - 2] + 1)
        }
      }
      before = previous
      previous = current
    }
    return previous[b.count]
  }

  /// "'card add'", "'card show', 'household show' or 'invite show'".
  static func list(_ words: [String]) -> String {
    WordList.joined(words.map { "'\($0)'" }, conjunction: " or ")
  }
}

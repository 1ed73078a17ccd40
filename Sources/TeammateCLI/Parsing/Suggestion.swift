/// The nearest known word to a mistyped one, for "did you mean" hints.
enum Suggestion {
  static func nearest(to word: String, among candidates: [String]) -> String? {
    let distances = candidates.map { ($0, distance(word.lowercased(), $0.lowercased())) }
    guard let best = distances.min(by: { ($0.1, $0.0) < ($1.1, $1.0) }) else { return nil }
    let allowed = max(1, min(3, best.0.count / 3))
    return best.1 <= allowed || best.0.hasPrefix(word.lowercased()) && !word.isEmpty
      ? best.0 : nil
  }

  /// Levenshtein distance over characters.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for (i, left) in a.enumerated() {
      var current = [i + 1] + Array(repeating: 0, count: b.count)
      for (j, right) in b.enumerated() {
        current[j + 1] = min(
          previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}

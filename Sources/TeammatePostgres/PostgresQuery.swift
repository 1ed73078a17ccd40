/// One statement with its values bound by interpolation: each interpolated value becomes the
/// next `$n` placeholder as the statement is rendered, so that no placeholder is numbered by
/// hand and the count of placeholders and values cannot disagree. SQL text itself comes only
/// from literals and from fragments that are queries themselves (`\(sql: …)`).
///
/// ```swift
/// let query: PostgresQuery = "SELECT body FROM cards WHERE id = \(id.rawValue)"
/// ```
struct PostgresQuery: ExpressibleByStringInterpolation, Sendable {
  enum Piece: Sendable {
    case text(String)
    case value(String?)
  }

  private(set) var pieces: [Piece]

  init(stringLiteral text: String) { pieces = [.text(text)] }

  /// Whether `name` may be written into SQL text as it is, where a value cannot be bound (a
  /// schema, a role): lowercase ASCII letters, digits and `_`, and not empty.
  static func isPlainName(_ name: String) -> Bool {
    !name.isEmpty
      && name.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "_") }
  }

  init(stringInterpolation: Interpolation) { pieces = stringInterpolation.pieces }

  struct Interpolation: StringInterpolationProtocol {
    var pieces: [Piece] = []

    init(literalCapacity: Int, interpolationCount: Int) {}

    mutating func appendLiteral(_ literal: String) { pieces.append(.text(literal)) }

    /// A value, bound (nil is NULL).
    mutating func appendInterpolation(_ value: String?) { pieces.append(.value(value)) }

    /// A number, bound.
    mutating func appendInterpolation(_ value: some BinaryInteger) {
      pieces.append(.value("\(value)"))
    }

    /// A truth value, bound: the server reads `true` or `false` as its column's boolean.
    mutating func appendInterpolation(_ value: Bool) {
      pieces.append(.value(value ? "true" : "false"))
    }

    /// A fragment of SQL that is a query itself, its values bound in their place.
    mutating func appendInterpolation(sql fragment: PostgresQuery) {
      pieces += fragment.pieces
    }
  }

  /// `fragments` one after another as one query, their values numbered in turn.
  static func joined(_ fragments: [PostgresQuery]) -> PostgresQuery {
    var query = PostgresQuery(stringLiteral: "")
    query.pieces = fragments.flatMap(\.pieces)
    return query
  }

  /// The statement's text, with `$1`, `$2`… in the places of its values.
  var sql: String {
    var text = ""
    var number = 0
    for piece in pieces {
      switch piece {
      case .text(let literal): text += literal
      case .value:
        number += 1
        text += "$\(number)"
      }
    }
    return text
  }

  /// The values, in the order of their placeholders.
  var parameters: [String?] {
    pieces.compactMap { piece in
      if case .value(let value) = piece { return .some(value) }
      return nil
    }
  }
}

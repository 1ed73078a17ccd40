import Foundation

/// One statement with its values bound by interpolation: each interpolated value becomes the
/// next `$n` placeholder as the statement is rendered, so that no placeholder is numbered by
/// hand and the count of placeholders and values cannot disagree. SQL text itself comes only
/// from literals and from fragments that are queries themselves (`\(sql: …)`).
///
/// ```swift
/// let query: PostgresQuery = "SELECT body FROM cards WHERE id = \(id.rawValue)"
/// ```
struct PostgresQuery: ExpressibleByStringInterpolation, Sendable {
  /// The type a value is bound as: the server reads it as that type, not from its text.
  enum ValueType: UInt32, Sendable {
    /// Text, its type the server's to infer from where it goes (a column, a function).
    case inferred = 0
    case boolean = 16
    case bigint = 20
    case doublePrecision = 701
  }

  enum Piece: Sendable {
    case text(String)
    case value(String?, ValueType)
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

    /// A value, bound as text (nil is NULL).
    mutating func appendInterpolation(_ value: String?) {
      pieces.append(.value(value, .inferred))
    }

    /// A whole number, bound as a `bigint`.
    mutating func appendInterpolation(_ value: some BinaryInteger) {
      pieces.append(.value("\(value)", .bigint))
    }

    /// A truth value, bound as a `boolean`.
    mutating func appendInterpolation(_ value: Bool) {
      pieces.append(.value(value ? "true" : "false", .boolean))
    }

    /// A time, bound as the store keeps times: `double precision` seconds since 2001,
    /// exactly as `Date` holds them.
    mutating func appendInterpolation(_ value: Date) {
      pieces.append(.value("\(value.timeIntervalSinceReferenceDate)", .doublePrecision))
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
      if case .value(let value, _) = piece { return .some(value) }
      return nil
    }
  }

  /// The types the values are bound as, in the order of their placeholders.
  var types: [ValueType] {
    pieces.compactMap { piece in
      if case .value(_, let type) = piece { return type }
      return nil
    }
  }
}

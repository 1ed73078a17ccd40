import Foundation

/// An iCalendar reader written for the tests, apart from the writer: it unfolds lines,
/// splits properties and parameters, nests components, unescapes text and resolves a local
/// time through the file's own `VTIMEZONE`, and says what in the file breaks RFC 5545.
struct ICalendarReader {
  struct Malformed: Error, CustomStringConvertible {
    var description: String
  }

  struct Property {
    var name: String
    var parameters: [String: String]
    var value: String
  }

  final class Component {
    let name: String
    var properties: [Property] = []
    var children: [Component] = []

    init(name: String) { self.name = name }

    func all(_ name: String) -> [Property] { properties.filter { $0.name == name } }
    func first(_ name: String) -> Property? { properties.first { $0.name == name } }
    func components(_ name: String) -> [Component] { children.filter { $0.name == name } }
  }

  /// The one `VCALENDAR` in `text`.
  static func read(_ text: String) throws -> Component {
    guard text.hasSuffix("\r\n") else { throw Malformed(description: "does not end in CRLF") }
    let physical = text.components(separatedBy: "\r\n").dropLast()
    var logical: [String] = []
    for line in physical {
      if line.contains("\n") || line.contains("\r") {
        throw Malformed(description: "a bare CR or LF in \(line)")
      }
      if line.utf8.count > 75 {
        throw Malformed(description: "\(line.utf8.count) octets: \(line)")
      }
      if line.hasPrefix(" ") || line.hasPrefix("\t") {
        guard !logical.isEmpty else { throw Malformed(description: "starts folded") }
        logical[logical.count - 1] += line.dropFirst()
      } else {
        logical.append(line)
      }
    }
    var stack: [Component] = []
    var root: Component?
    for line in logical {
      let property = try parse(line)
      switch property.name {
      case "BEGIN":
        let component = Component(name: property.value)
        stack.last?.children.append(component)
        if stack.isEmpty {
          guard root == nil else { throw Malformed(description: "two top components") }
          root = component
        }
        stack.append(component)
      case "END":
        guard stack.last?.name == property.value else {
          throw Malformed(
            description: "END:\(property.value) closes \(stack.last?.name ?? "nothing")")
        }
        stack.removeLast()
      default:
        guard let current = stack.last else { throw Malformed(description: "outside: \(line)") }
        current.properties.append(property)
      }
    }
    guard stack.isEmpty, let root, root.name == "VCALENDAR" else {
      throw Malformed(description: "not one closed VCALENDAR")
    }
    return root
  }

  /// `NAME;PARAM=value;PARAM="quoted":value`.
  static func parse(_ line: String) throws -> Property {
    var quoted = false
    var colon: String.Index?
    for index in line.indices {
      if line[index] == "\"" { quoted.toggle() }
      if line[index] == ":" && !quoted {
        colon = index
        break
      }
    }
    guard let colon else { throw Malformed(description: "no value: \(line)") }
    let head = line[..<colon].split(separator: ";", omittingEmptySubsequences: false)
    guard let name = head.first, !name.isEmpty,
      name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" })
    else { throw Malformed(description: "bad name: \(line)") }
    var parameters: [String: String] = [:]
    for parameter in head.dropFirst() {
      let pair = parameter.split(separator: "=", maxSplits: 1)
      guard pair.count == 2 else { throw Malformed(description: "bad parameter: \(line)") }
      parameters[String(pair[0])] = String(pair[1]).trimmingCharacters(in: ["\""])
    }
    return Property(
      name: String(name), parameters: parameters, value: String(line[line.index(after: colon)...]))
  }

  /// A TEXT value as it was before escaping; refuses an escape RFC 5545 does not have.
  static func text(_ value: String) throws -> String {
    var result = ""
    var escaping = false
    for character in value {
      if escaping {
        switch character {
        case "\\", ";", ",": result.append(character)
        case "n", "N": result.append("\n")
        default: throw Malformed(description: "unknown escape \\\(character)")
        }
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        guard character != ";" && character != "," else {
          throw Malformed(description: "unescaped \(character) in \(value)")
        }
        result.append(character)
      }
    }
    return result
  }

  /// `YYYYMMDDTHHMMSS` as seconds since 1970 of that wall-clock reading in UTC.
  static func wallClock(_ text: String) throws -> Int {
    let digits = text.filter(\.isNumber).map { Int(String($0)) ?? 0 }
    guard text.count == 15, digits.count == 14, text.dropFirst(8).first == "T" else {
      throw Malformed(description: "not a local date-time: \(text)")
    }
    func number(_ range: Range<Int>) -> Int { digits[range].reduce(0) { $0 * 10 + $1 } }
    let (year, month, day) = (number(0..<4), number(4..<6), number(6..<8))
    // NB: days from 1970-01-01 by the civil-from-days algorithm, so no calendar is borrowed.
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    let days = era * 146_097 + doe - 719_468
    return days * 86_400 + number(8..<10) * 3_600 + number(10..<12) * 60 + number(12..<14)
  }

  /// `+0800`, `-0500` in seconds.
  static func offset(_ text: String) throws -> Int {
    guard text.count == 5, let sign = text.first, sign == "+" || sign == "-",
      let hours = Int(text.dropFirst().prefix(2)), let minutes = Int(text.suffix(2))
    else { throw Malformed(description: "not an offset: \(text)") }
    return (sign == "-" ? -1 : 1) * (hours * 3_600 + minutes * 60)
  }

  /// The instant a `TZID` local time names, by the onsets of that `VTIMEZONE`: the offset is
  /// the one the latest onset at or before it gives.
  static func instant(_ property: Property, in calendar: Component) throws -> Date {
    if property.value.hasSuffix("Z") {
      return Date(
        timeIntervalSince1970: TimeInterval(try wallClock(String(property.value.dropLast()))))
    }
    guard let tzid = property.parameters["TZID"],
      let zone = calendar.components("VTIMEZONE").first(where: { $0.first("TZID")?.value == tzid })
    else { throw Malformed(description: "\(property.name) names no VTIMEZONE") }
    let local = try wallClock(property.value)
    var best: (onset: Int, offset: Int)?
    for onset in zone.children {
      guard let start = onset.first("DTSTART"), let from = onset.first("TZOFFSETFROM"),
        let to = onset.first("TZOFFSETTO")
      else { throw Malformed(description: "an onset without DTSTART or offsets") }
      // NB: an onset's DTSTART is local time in the offset before it.
      let utc = try wallClock(start.value) - (try offset(from.value))
      let candidate = local - (try offset(to.value))
      if utc <= candidate, best.map({ utc > $0.onset }) ?? true {
        best = (utc, try offset(to.value))
      }
    }
    guard let best else { throw Malformed(description: "\(property.value) is before every onset") }
    return Date(timeIntervalSince1970: TimeInterval(local - best.offset))
  }
}

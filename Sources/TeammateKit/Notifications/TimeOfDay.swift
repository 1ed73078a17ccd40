import Foundation

/// A wall-clock time in the household's zone, `HH:MM`.
public struct TimeOfDay: Sendable, Codable, Hashable, Comparable, CustomStringConvertible {
  /// The hour, 0 to 23.
  public var hour: Int
  /// The minute, 0 to 59.
  public var minute: Int

  /// Refuses anything outside 00:00…23:59.
  public init(hour: Int, minute: Int) throws(TeammateError) {
    guard (0..<24).contains(hour), (0..<60).contains(minute) else {
      throw .invalidTimeOfDay(String(format: "%02d:%02d", hour, minute))
    }
    self.hour = hour
    self.minute = minute
  }

  /// Parses `H:MM` or `HH:MM`.
  public init(parsing text: String) throws(TeammateError) {
    // NB: the stored form, read in every household's document, is read without Foundation.
    if let (hour, minute) = Self.plainDigits(text), (0..<24).contains(hour), minute < 60 {
      self.init(unchecked: hour, minute)
      return
    }
    let parts = text.trimmingCharacters(in: .whitespaces).split(
      separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
      let hour = Int(parts[0]), let minute = Int(parts[1]),
      parts.allSatisfy({
        $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber)
      })
    else { throw .invalidTimeOfDay(text) }
    do { try self.init(hour: hour, minute: minute) } catch { throw .invalidTimeOfDay(text) }
  }

  /// Minutes since midnight.
  public var minutes: Int { hour * 60 + minute }

  public var description: String { Self.twoDigits(hour) + ":" + Self.twoDigits(minute) }

  /// `n` (0…99) with a leading zero below ten.
  private static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

  /// The hour and minute of exactly `H:MM` or `HH:MM` in ASCII digits, else nil.
  private static func plainDigits(_ text: String) -> (Int, Int)? {
    var parts = (hour: 0, minute: 0)
    var counts = (hour: 0, minute: 0)
    var afterColon = false
    for byte in text.utf8 {
      if byte == UInt8(ascii: ":"), !afterColon {
        afterColon = true
      } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
        let digit = Int(byte - UInt8(ascii: "0"))
        if afterColon {
          (parts.minute, counts.minute) = (parts.minute * 10 + digit, counts.minute + 1)
        } else {
          (parts.hour, counts.hour) = (parts.hour * 10 + digit, counts.hour + 1)
        }
        guard counts.hour <= 2, counts.minute <= 2 else { return nil }
      } else {
        return nil
      }
    }
    guard afterColon, counts.hour >= 1, counts.minute == 2 else { return nil }
    return parts
  }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.minutes < rhs.minutes }

  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    try self.init(parsing: text)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

extension TimeOfDay {
  /// A time known to be valid, for literals written in code; traps outside 00:00…23:59.
  public static func constant(_ hour: Int, _ minute: Int) -> TimeOfDay {
    precondition((0..<24).contains(hour) && (0..<60).contains(minute))
    return TimeOfDay(unchecked: hour, minute)
  }

  private init(unchecked hour: Int, _ minute: Int) {
    self.hour = hour
    self.minute = minute
  }
}

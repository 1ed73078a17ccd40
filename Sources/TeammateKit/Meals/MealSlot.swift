import Foundation

/// The three meals of a day, in the order they come.
public enum MealSlot: String, Sendable, Codable, CaseIterable, Comparable {
  case breakfast, lunch, dinner

  /// Where the meal comes in the day.
  private var order: Int {
    switch self {
    case .breakfast: 0
    case .lunch: 1
    case .dinner: 2
    }
  }

  public static func < (lhs: MealSlot, rhs: MealSlot) -> Bool { lhs.order < rhs.order }
}

/// When the household eats each meal, and how long before one an undecided meal reminds:
/// household settings, in the household's zone.
public struct MealTimes: Sendable, Codable, Equatable {
  /// When breakfast is eaten.
  public var breakfast: TimeOfDay
  /// When lunch is eaten.
  public var lunch: TimeOfDay
  /// When dinner is eaten.
  public var dinner: TimeOfDay
  /// How long before a meal's time it should be decided.
  public var decideByMinutes: Int

  /// Times of the household's choosing; by default 08:00, 12:30 and 19:00, decided an hour
  /// before.
  public init(
    breakfast: TimeOfDay = .constant(8, 0), lunch: TimeOfDay = .constant(12, 30),
    dinner: TimeOfDay = .constant(19, 0), decideByMinutes: Int = 60
  ) {
    self.breakfast = breakfast
    self.lunch = lunch
    self.dinner = dinner
    self.decideByMinutes = decideByMinutes
  }

  /// The local time of `slot`.
  public func time(of slot: MealSlot) -> TimeOfDay {
    switch slot {
    case .breakfast: breakfast
    case .lunch: lunch
    case .dinner: dinner
    }
  }
}

/// The household's meal settings: its meal times, and the days a dish rests once eaten.
public struct MealSettings: Sendable, Codable, Equatable {
  /// When each meal is eaten, and decided by.
  public var times: MealTimes
  /// Days after eating a dish that a suggestion does not offer it.
  public var cooldownDays: Int

  /// Minutes before a meal it may be decided by: from its very time to twelve hours before.
  public static let decideByRange = 0...720
  /// Days a dish may rest: none to two months.
  public static let cooldownRange = 0...60

  /// The settings as the rules keep them: each within its range, refused in words.
  public func validated() throws(TeammateError) -> MealSettings {
    let checks: [(String, Int, ClosedRange<Int>)] = [
      ("decide-by time", times.decideByMinutes, Self.decideByRange),
      ("cooldown", cooldownDays, Self.cooldownRange),
    ]
    for (name, value, range) in checks where !range.contains(value) {
      throw .mealSettingOutOfRange(
        name, value: value, lowest: range.lowerBound, highest: range.upperBound)
    }
    return self
  }

  /// The household's settings; by default the standard times and a week's rest.
  public init(times: MealTimes = MealTimes(), cooldownDays: Int = MealRules.standardCooldownDays) {
    self.times = times
    self.cooldownDays = cooldownDays
  }
}

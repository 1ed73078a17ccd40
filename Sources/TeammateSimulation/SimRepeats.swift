import TeammateKit

/// The rules simulated cards repeat by: daily, weekly on two days, every other week,
/// monthly on the 31st and on the last day, one that ends by a count; or none.
enum SimRepeats {
  static let rules: [RepeatRule?] = [
    nil,
    RepeatRule(frequency: .daily),
    RepeatRule(frequency: .weekly, weekdays: [.tuesday, .friday]),
    RepeatRule(frequency: .weekly, interval: 2),
    RepeatRule(frequency: .monthly, monthDays: [31]),
    RepeatRule(frequency: .monthly, monthDays: [-1]),
    RepeatRule(frequency: .daily, end: .count(3)),
  ]

  static func rule(_ value: Int) -> RepeatRule? { rules[value % rules.count] }
}

import Foundation

/// A change to one field: keep what is there, or set a new value (which may be nil).
public enum FieldEdit<Value: Sendable & Equatable>: Sendable, Equatable {
  case keep
  case set(Value)

  /// The edited value, given the current one.
  public func applied(to current: Value) -> Value {
    switch self {
    case .keep: return current
    case .set(let value): return value
    }
  }
}

extension FieldEdit: Codable where Value: Codable {}

/// The fields a partner may change on an existing card.
public struct CardEdit: Sendable, Equatable, Codable {
  public var title: FieldEdit<String>
  public var note: FieldEdit<String?>
  public var time: FieldEdit<Date?>
  public var assignee: FieldEdit<AccountID?>
  public var replyBy: FieldEdit<Date?>
  /// A new rule, or nil to stop repeating.
  public var repeatRule: FieldEdit<RepeatRule?>

  public init(
    title: FieldEdit<String> = .keep, note: FieldEdit<String?> = .keep,
    time: FieldEdit<Date?> = .keep, assignee: FieldEdit<AccountID?> = .keep,
    replyBy: FieldEdit<Date?> = .keep, repeatRule: FieldEdit<RepeatRule?> = .keep
  ) {
    self.repeatRule = repeatRule
    self.title = title
    self.note = note
    self.time = time
    self.assignee = assignee
    self.replyBy = replyBy
  }
}

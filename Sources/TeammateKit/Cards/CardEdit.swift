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
  /// The new title, or keep the old.
  public var title: FieldEdit<String>
  /// The new note, none, or keep the old.
  public var note: FieldEdit<String?>
  /// The new time, none, or keep the old.
  public var time: FieldEdit<Date?>
  /// The new assignee, none, or keep the old.
  public var assignee: FieldEdit<AccountID?>
  /// The new reply-by time, none, or keep the old.
  public var replyBy: FieldEdit<Date?>
  /// A new rule, or nil to stop repeating.
  public var repeatRule: FieldEdit<RepeatRule?>

  /// An edit changing only the fields given.
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

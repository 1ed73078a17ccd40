import Foundation

/// What a partner types to log a new card; the backend adds ids, authors and timestamps.
public struct CardDraft: Sendable, Codable, Equatable {
  public var kind: CardKind
  public var title: String
  public var note: String?
  public var time: Date?
  public var assignee: AccountID?
  public var replyBy: Date?
  /// How a task or event repeats, from `time`, its first occurrence.
  public var repeatRule: RepeatRule?
  /// The id a device gave a card it made offline, so that its later writes can name it;
  /// nil for the backend to choose.
  public var id: CardID?

  public init(
    kind: CardKind = .note, title: String, note: String? = nil, time: Date? = nil,
    assignee: AccountID? = nil, replyBy: Date? = nil, repeatRule: RepeatRule? = nil,
    id: CardID? = nil
  ) {
    self.repeatRule = repeatRule
    self.id = id
    self.kind = kind
    self.title = title
    self.note = note
    self.time = time
    self.assignee = assignee
    self.replyBy = replyBy
  }
}

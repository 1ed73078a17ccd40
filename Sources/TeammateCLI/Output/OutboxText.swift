import TeammateKit

/// The words for a device's waiting writes and for what did not land.
enum OutboxText {
  /// "edit", "acknowledgement"…: what a write is, as a noun (its kind's words).
  static func noun(_ write: DeviceWrite) -> String {
    write.kind.words(WriteNames(title: \.rawValue)).english.noun
  }

  /// The write's kind in `--json`.
  static func kind(_ write: DeviceWrite) -> String { write.kind.tag }

  /// `outbox`'s one line for a waiting write: "acknowledge 'Checkup' (revision 1)", what
  /// people typed in it made safe for the terminal.
  static func line(
    _ write: DeviceWrite, title: @escaping (CardID) -> String,
    text: @escaping (ItemID) -> String = \.rawValue
  ) -> String {
    TerminalText.visible(write.kind.words(WriteNames(title: title, text: text)).english.line)
  }

  /// What did not land, in a sentence; `name` gives a member's name, `value` a field value.
  static func conflict(
    _ conflict: SyncConflict, name: (AccountID) -> String, value: (FieldValue) -> String,
    when: (MealDay) -> String, changedBy: AccountID?
  ) -> String {
    let title = "'\(TerminalText.visible(conflict.title ?? conflict.cardID?.rawValue ?? ""))'"
    switch conflict.reason {
    case .refused(let write, .staleAcknowledgement):
      let who = changedBy.map(name) ?? "your partner"
      return "\(who) changed \(title) while you were offline; your \(noun(write)) was of the "
        + "old version: see it with 'teammate card show \(conflict.cardID?.rawValue ?? "ID")'"
    case .refused(let write, .mealSlotTaken(let slot, let day, let by, let standing)):
      return "\(name(by)) had already \(standing.rawValue) \(slot.rawValue) \(when(day)): your "
        + "\(noun(write)) of \(title) did not land"
    case .refused(let write, .itemCleared(let text, let by)):
      return "\(name(by)) had already cleared '\(TerminalText.visible(text))': your "
        + "\(noun(write)) did not land"
    case .refused(let write, .cardDeleted):
      return "\(title) was deleted while you were offline; your \(noun(write)) did not land"
    case .refused(let write, let error):
      return "your \(noun(write)) of \(title) did not land: \(error.description)"
    case .overwritten(let overwrite, let by):
      let fields: [CardRules.CardField: String] = [
        .replyBy: "reply-by time", .meal: "choice", .mealSlot: "day and slot", .cook: "cook",
      ]
      let field = fields[overwrite.field] ?? overwrite.field.rawValue
      return "\(name(by)) also changed the \(field) of \(title), and theirs came later: "
        + "your \(value(overwrite.lost)) was replaced"
    case .unreadableWrite(let madeAt):
      let made = madeAt.map { " on \(value(.time($0)))" } ?? ""
      return "a write you made\(made) could not be read by this version: it was not sent"
    case .stateSetAside:
      return "this device's saved state could not be read by this version: it was kept aside, "
        + "and the device started again from the household"
    }
  }

  /// A field's value as a conflict names it, in this household's names, zone and dishes.
  static func value(
    _ value: FieldValue, times: TimeText, name: (AccountID) -> String, dishes: [Dish]
  ) -> String {
    switch value {
    case .text(let text): text.map { "'\(TerminalText.visible($0))'" } ?? "empty value"
    case .time(let time): time.map { times.human($0) } ?? "no time"
    case .account(let uid): uid.map(name) ?? "both of you"
    case .rule(let rule):
      rule.map { "'\(RepeatText.words($0, at: nil, zone: times.zone))'" } ?? "no repeat"
    case .meal(let meal): meal.map { MealText.plan($0, dishes: dishes) } ?? "no meal"
    }
  }
}

import Foundation

/// Every refusal a rule or a backend can give, each with the context a caller needs.
///
/// Cases are `Equatable` so that tests compare the exact reason, and each has a sentence
/// a person understands (`description`), in the kit's own terms. Each has a stable `code`
/// too, the case's name: stored answers (receipts, a device's conflicts) keep the code and the
/// case's values, so a case renamed must keep its old name (see `code`).
///
/// A new refusal is written here, its case and its sentence in `description`, and in
/// Traditional Chinese in `TraditionalChineseWording.refusal` (the compiler asks for both).
/// `ErrorCodeTests` then asks for a sample of it by name.
public enum TeammateError: Error, Equatable, Sendable, Codable {
  // Validation
  case emptyTitle
  case tooManyBytes(String, bytes: Int, limit: Int)
  case titleTooLong(length: Int, limit: Int)
  case noteTooLong(length: Int, limit: Int)
  case emptyName(NameField)
  case nameTooLong(NameField, length: Int, limit: Int)
  case unknownTimeZone(String)
  case replyByRequiresTopic(CardKind)
  case assigneeNotMember(AccountID)
  case malformedInviteCode(String)
  case malformedCredential(String)
  case invalidTimeOfDay(String)
  /// Quiet hours that start and end at the same minute: empty, or the whole day.
  case invalidQuietHours(String)
  case invalidLeadTime(minutes: Int)
  case invalidTime(String, offset: String)
  /// A repeat rule outside the subset the product speaks, with the reason.
  case invalidRepeatRule(String, reason: String)
  case repeatRequiresTaskOrEvent(CardKind)
  case repeatRequiresTime
  case repeatEndsBeforeStart(until: Date, start: Date, timeZone: String)
  /// A time (of a card, a repeat's end or a clock) no store can hold and read back
  /// (`StoredTime`, AC-INPUT-01).
  case timeOutOfRange(earliestYear: Int, latestYear: Int)
  /// A quantity on the list larger than the list keeps, as typed or as a sum (AC-INPUT-02).
  case quantityTooLarge(limit: Int)

  // Invites and joining
  case inviteNotFound(InviteCode)
  case inviteExpired(InviteCode, expiredAt: Date, timeZone: String)
  case inviteAlreadyUsed(InviteCode)
  case householdFull(HouseholdID)
  case alreadyInHousehold(HouseholdID)
  case tooManyJoinAttempts(retryAfter: Date)
  case joiningPaused(retryAfter: Date)

  // Households, cards and acknowledgement
  case householdNotFound(HouseholdID)
  case notInHousehold(AccountID)
  case cardNotFound(CardID)
  case cardDeleted(CardID)
  case cardNotDeleted(CardID)
  case lastMemberMustDeleteHousehold(HouseholdID)
  case notATask(CardID)
  case notRepeating(CardID)
  case repeatEnded(CardID)
  case lastEditorCannotAcknowledge(CardID)
  case staleAcknowledgement(CardID, seen: Int, current: Int)

  // Accounts and access
  case credentialLinkedElsewhere(Credential)
  case accessDenied(AccessDenial)

  // Reaching the backend
  case unavailable
  case ambiguousCardID(String, matches: [CardID])
  /// A device named a new card with an id another card has (or one no device makes).
  case cardIDTaken(CardID)
  /// A device named a new household with an id another household has (or one no device
  /// makes).
  case householdIDTaken(HouseholdID)
  /// The household lives in another store now (AC-PORT-12): where, as its members moved it.
  case householdMoved(HouseholdID, to: String)
  /// A write's id is empty or longer than a device makes one: it cannot be kept as a receipt.
  case malformedWriteID(length: Int, limit: Int)

  // Meals and dishes
  case mealPlanRequired
  case mealPlanOnlyOnMeal(CardKind)
  case mealHasNoTimeOrAssignee
  case mealOptionCount(Int, limit: Int)
  case mealOptionTwice
  case optionNotOffered(MealSlot, day: MealDay)
  case mealSlotTaken(MealSlot, day: MealDay, by: AccountID, standing: MealState.Standing)
  case notAMeal(CardID)
  case dishNotFound(DishID)
  case dishRemoved(DishID)
  case dishNotRemoved(DishID)
  case dishNameTaken(String, by: DishID)
  case dishIDTaken(DishID)
  case tooManyIngredients(Int, limit: Int)
  /// A meal setting out of its range: which, the value, and the range.
  case mealSettingOutOfRange(String, value: Int, lowest: Int, highest: Int)

  // The shopping list
  case itemCleared(String, by: AccountID)
  case itemIDTaken(ItemID)
  case itemNotFound(ItemID)
  /// A rename onto the thing another needed item is (AC-LIST-37): its text.
  case itemTextTaken(String)
  case mealHasNoDish(CardID)
}

extension TeammateError {
  /// The refusal's stable name, such as `cardNotFound`: what stored answers keep and what an
  /// app may switch on across versions. A code is never renamed or reused.
  ///
  /// NB: read from the stored form itself (its one key is the case's name), so a new case
  /// needs nothing here. To rename a case, declare `CodingKeys` with the old name as its raw
  /// value: `test_AC_ERR_02` fails on any stored form that moved.
  public var code: String {
    let encoder = JSONEncoder()
    guard let data = try? encoder.encode(self),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let key = object.keys.first
    else { return "\(self)" }
    return key
  }
}

/// Which free-text name a validation error is about.
public enum NameField: String, Sendable, Codable {
  case householdName = "household name"
  case displayName = "display name"
  case dishName = "dish name"
  /// A meal typed as text.
  case mealText = "meal"
  /// One line of a dish's ingredients.
  case ingredient = "ingredient"
  /// What a shopping list item says.
  case itemText = "item text"
  /// The aisle an item is listed under.
  case category = "category"
  /// Where a household moved to.
  case location = "location"
}

extension TeammateError: CustomStringConvertible, LocalizedError {
  public var errorDescription: String? { description }

  public var description: String {
    switch self {
    case .tooManyBytes(let field, let bytes, let limit):
      return
        "the \(field) takes \(bytes) bytes; at most \(limit) fit (some characters take several "
        + "bytes each)"
    case .emptyTitle:
      return "a card needs a title"
    case .titleTooLong(let length, let limit):
      return "the title is \(length) characters long; at most \(limit) are allowed"
    case .noteTooLong(let length, let limit):
      return "the note is \(length) characters long; at most \(limit) are allowed"
    case .emptyName(let field):
      return "the \(field.rawValue) cannot be empty"
    case .nameTooLong(let field, let length, let limit):
      return "the \(field.rawValue) is \(length) characters long; at most \(limit) are allowed"
    case .unknownTimeZone(let zone):
      return "'\(zone)' is not a known time zone (use an IANA name such as Asia/Taipei)"
    case .replyByRequiresTopic(let kind):
      return "only a topic can have a reply-by time, and this card is a \(kind.rawValue)"
    case .assigneeNotMember(let uid):
      return "'\(uid)' is not a member of this household, so the card cannot be assigned to them"
    case .malformedInviteCode(let code):
      return "'\(code)' is not an invite code: a code is exactly six digits"
    case .malformedCredential(let text):
      return "'\(text)' is not a credential: write it as PROVIDER:ID"
    case .invalidTimeOfDay(let text):
      return "'\(text)' is not a time of day: write it as HH:MM, from 00:00 to 23:59"
    case .invalidRepeatRule(let text, let reason):
      return "'\(text)' is not a repeat rule a card may have: \(reason)"
    case .repeatRequiresTaskOrEvent(let kind):
      return "only a task or an event can repeat, and this card is a \(kind.rawValue)"
    case .repeatRequiresTime:
      return "a card that repeats needs a time for its first occurrence"
    case .repeatEndsBeforeStart(let until, let start, let zone):
      let zone = TimeZone(identifier: zone) ?? TimeZone(secondsFromGMT: 0) ?? .gmt
      return
        "the repeat would end (\(ISOTimestamp.text(until, in: zone))) before its first "
        + "occurrence (\(ISOTimestamp.text(start, in: zone)))"
    case .invalidQuietHours(let text):
      return
        "quiet hours '\(text)' start and end at the same time: give a range such as "
        + "22:00-07:00, or off"
    case .invalidTime(let text, let offset):
      return
        "'\(text)' is not a time: write 2026-12-01T20:00\(offset), 2026-12-01 20:00, today 20:00, "
        + "tomorrow 7:30, 19:00, 7pm, mon 9:30, next tue 18:00, in 2h or in 30m"
    case .invalidLeadTime(let minutes):
      return "a reminder lead time of \(minutes) minutes is outside 0…1440"
    case .inviteNotFound(let code):
      return "there is no invite with the code \(code)"
    case .inviteExpired(let code, let expiredAt, let zone):
      let time = ISOTimestamp.text(expiredAt, in: TimeZone(identifier: zone) ?? .gmt)
      return
        "the invite \(code) expired at \(time) (\(zone) time); ask your partner for a new code"
    case .inviteAlreadyUsed(let code):
      return "the invite \(code) has already been used"
    case .householdFull:
      return "this household already has two members"
    case .alreadyInHousehold:
      return "this account already belongs to a household; leave it first"
    case .tooManyJoinAttempts(let retryAfter):
      return
        "too many wrong invite codes; try again after \(ISOTimestamp.text(retryAfter, in: .gmt))"
    case .joiningPaused(let retryAfter):
      return
        "too many wrong invite codes have been tried on this store; joining is paused until "
        + "\(ISOTimestamp.text(retryAfter, in: .gmt))"
    case .cardIDTaken(let id):
      return "a card with the id \(id) exists already, or the id is not one a device makes"
    case .householdIDTaken(let id):
      return
        "a household with the id \(id) exists already, or the id is not one a device makes; "
        + "nothing was made"
    case .householdMoved(let id, let location):
      return "the household \(id) has moved to \(location); nothing was done here"
    case .malformedWriteID(let length, let limit):
      return
        "a write's id is 1 to \(limit) characters, and this one is \(length); it was not applied"
    case .householdNotFound(let id):
      return "there is no household '\(id)'"
    case .notInHousehold(let uid):
      return "'\(uid)' is not in a household yet: create one or join one with an invite code"
    case .cardNotDeleted(let id):
      return "the card '\(id)' is not deleted: there is nothing to restore"
    case .lastMemberMustDeleteHousehold:
      return
        "you are the household's last member: leaving would strand its cards; "
        + "say you mean to delete the household, its cards and its history to leave"
    case .cardNotFound(let id):
      return "there is no card '\(id)'"
    case .cardDeleted(let id):
      return "the card '\(id)' has been deleted"
    case .notATask(let id):
      return "the card '\(id)' is not a task, so it cannot be marked done"
    case .notRepeating(let id):
      return "the card '\(id)' does not repeat, so it has no occurrence to skip"
    case .repeatEnded(let id):
      return "the card '\(id)' has had its last occurrence; it is done"
    case .lastEditorCannotAcknowledge(let id):
      return "you made the last change to '\(id)'; your partner is the one who acknowledges it"
    case .staleAcknowledgement(let id, let seen, let current):
      return
        "'\(id)' changed since you saw it (you saw revision \(seen), it is now \(current)); "
        + "look at it again before acknowledging"
    case .credentialLinkedElsewhere(let credential):
      return "the credential \(credential) is already linked to another account"
    case .accessDenied(let denial):
      return "access denied: \(denial)"
    case .unavailable:
      return "the server cannot be reached right now; nothing was saved"
    case .mealPlanRequired:
      return "a meal needs its day, slot and what is planned"
    case .mealPlanOnlyOnMeal(let kind):
      return "only a meal has a day and slot to eat, and this card is a \(kind.rawValue)"
    case .mealHasNoTimeOrAssignee:
      return
        "a meal has no time or assignee of its own: its time is its slot's, and who cooks is "
        + "its cook"
    case .mealOptionCount(let count, let limit):
      return "a proposal offers 1 to \(limit) options, and this one has \(count)"
    case .mealOptionTwice:
      return "a proposal offers each option once"
    case .optionNotOffered(let slot, let day):
      return "that is not one of the options offered for \(slot.rawValue) on \(day)"
    case .mealSlotTaken(let slot, let day, let by, let standing):
      return "\(by) had already \(standing.rawValue) \(slot.rawValue) on \(day)"
    case .notAMeal(let id):
      return "the card '\(id)' is not a meal"
    case .dishNotFound(let id):
      return "there is no dish '\(id)' in the household's dishes"
    case .dishRemoved(let id):
      return "the dish '\(id)' has been removed from the household's dishes"
    case .dishNotRemoved(let id):
      return "the dish '\(id)' is in the household's dishes: there is nothing to restore"
    case .dishNameTaken(let name, let id):
      return "the household already has the dish '\(name)' (\(id))"
    case .dishIDTaken(let id):
      return "a dish with the id \(id) exists already, or the id is not one a device makes"
    case .tooManyIngredients(let count, let limit):
      return "a dish keeps at most \(limit) ingredient lines, and this one has \(count)"
    case .mealSettingOutOfRange(let name, let value, let lowest, let highest):
      return "the \(name) is \(value); it is \(lowest) to \(highest)"
    case .itemCleared(let text, let by):
      return "\(by) had already cleared '\(text)'"
    case .itemIDTaken(let id):
      return "an item with the id \(id) exists already, or the id is not one a device makes"
    case .itemNotFound(let id):
      return "there is no item '\(id)' on the list"
    case .itemTextTaken(let text):
      return "'\(text)' is on the list already"
    case .mealHasNoDish(let id):
      return "the meal '\(id)' is not a decided dish, so it has no ingredients to put on the list"
    case .timeOutOfRange(let earliest, let latest):
      return "a time must fall between the start of \(earliest) and the end of \(latest)"
    case .quantityTooLarge(let limit):
      return "a quantity on the list is at most \(grouped(limit))"
    case .ambiguousCardID(let prefix, let matches):
      let listed = matches.prefix(5).map(\.rawValue).joined(separator: ", ")
      return "'\(prefix)' matches \(matches.count) cards (\(listed)); type more of the id"
    }
  }
}

/// `1000000` as `1,000,000`: a bound a person reads at a glance.
private func grouped(_ number: Int) -> String {
  let digits = String(number.magnitude)
  let groups = stride(from: digits.count, to: 0, by: -3).reversed().map { end in
    let start = max(end - 3, 0)
    return String(digits.dropFirst(start).prefix(end - start))
  }
  return (number < 0 ? "-" : "") + groups.joined(separator: ",")
}

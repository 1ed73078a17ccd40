import Foundation

/// Length limits and normalisation for the free text people type.
///
/// Lengths count characters as a person sees them (grapheme clusters). A character can be
/// built of any number of code points, so each text also has a limit in UTF-8 bytes, wide
/// enough for any real text (forty family emoji are 720 bytes).
package enum Validation {
  package static let titleLimit = 200
  package static let noteLimit = 2_000
  package static let householdNameLimit = 80
  package static let displayNameLimit = 40
  package static let itemTextLimit = 120
  package static let titleByteLimit = 4_000
  package static let noteByteLimit = 20_000
  package static let householdNameByteLimit = 1_600
  package static let displayNameByteLimit = 1_000

  /// Refuses a text of more than `limit` UTF-8 bytes.
  static func bytes(_ text: String, _ field: String, limit: Int) throws(TeammateError) {
    let count = text.utf8.count
    guard count <= limit else { throw .tooManyBytes(field, bytes: count, limit: limit) }
  }

  /// The trimmed title, refused when empty or too long.
  package static func title(_ raw: String) throws(TeammateError) -> String {
    let title = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !title.isEmpty else { throw .emptyTitle }
    // NB: the characters first: a text too long in both is told in the unit its rule counts.
    guard title.count <= titleLimit else {
      throw .titleTooLong(length: title.count, limit: titleLimit)
    }
    try bytes(title, "title", limit: titleByteLimit)
    return title
  }

  /// The trimmed note, `nil` when blank, refused when too long.
  package static func note(_ raw: String?) throws(TeammateError) -> String? {
    guard let note = raw?.trimmingCharacters(in: .whitespacesAndNewlines), !note.isEmpty else {
      return nil
    }
    guard note.count <= noteLimit else {
      throw .noteTooLong(length: note.count, limit: noteLimit)
    }
    try bytes(note, "note", limit: noteByteLimit)
    return note
  }

  /// The longest place a household can be said to have moved to (AC-PORT-12).
  package static let locationLimit = 500

  /// A trimmed household, display or dish name, refused when empty or too long.
  package static func name(_ raw: String, field: NameField) throws(TeammateError) -> String {
    let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !name.isEmpty else { throw .emptyName(field) }
    let (limit, byteLimit) =
      switch field {
      case .householdName, .dishName, .mealText, .ingredient, .category:
        (householdNameLimit, householdNameByteLimit)
      case .itemText: (itemTextLimit, householdNameByteLimit * 2)
      case .displayName: (displayNameLimit, displayNameByteLimit)
      case .location: (locationLimit, locationLimit * 4)
      }
    guard name.count <= limit else {
      throw .nameTooLong(field, length: name.count, limit: limit)
    }
    try bytes(name, field.rawValue, limit: byteLimit)
    // NB: a quantity past the list's limit would be carried into sums (AC-INPUT-02).
    if field == .itemText, !ItemWants(reading: name).quantities.allSatisfy(\.isWithinLimit) {
      throw .quantityTooLarge(limit: ItemQuantity.limit)
    }
    return name
  }

  /// The identifier of a known IANA time zone.
  package static func timeZone(_ identifier: String) throws(TeammateError) -> TimeZone {
    guard !identifier.isEmpty, let zone = TimeZone(identifier: identifier) else {
      throw .unknownTimeZone(identifier)
    }
    return zone
  }
}

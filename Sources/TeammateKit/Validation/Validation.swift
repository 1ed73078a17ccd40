import Foundation

/// Length limits and normalisation for the free text people type.
///
/// Lengths count characters as a person sees them (grapheme clusters), never bytes.
public enum Validation {
  public static let titleLimit = 200
  public static let noteLimit = 2_000
  public static let householdNameLimit = 80
  public static let displayNameLimit = 40

  /// The trimmed title, refused when empty or too long.
  public static func title(_ raw: String) throws(TeammateError) -> String {
    let title = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !title.isEmpty else { throw .emptyTitle }
    guard title.count <= titleLimit else {
      throw .titleTooLong(length: title.count, limit: titleLimit)
    }
    return title
  }

  /// The trimmed note, `nil` when blank, refused when too long.
  public static func note(_ raw: String?) throws(TeammateError) -> String? {
    guard let note = raw?.trimmingCharacters(in: .whitespacesAndNewlines), !note.isEmpty else {
      return nil
    }
    guard note.count <= noteLimit else {
      throw .noteTooLong(length: note.count, limit: noteLimit)
    }
    return note
  }

  /// A trimmed household or display name, refused when empty or too long.
  public static func name(_ raw: String, field: NameField) throws(TeammateError) -> String {
    let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !name.isEmpty else { throw .emptyName(field) }
    let limit = field == .householdName ? householdNameLimit : displayNameLimit
    guard name.count <= limit else {
      throw .nameTooLong(field, length: name.count, limit: limit)
    }
    return name
  }

  /// The identifier of a known IANA time zone.
  public static func timeZone(_ identifier: String) throws(TeammateError) -> TimeZone {
    guard !identifier.isEmpty, let zone = TimeZone(identifier: identifier) else {
      throw .unknownTimeZone(identifier)
    }
    return zone
  }
}

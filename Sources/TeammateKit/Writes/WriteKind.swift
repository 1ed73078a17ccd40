import Foundation

/// One kind of write a device makes, everything about it in one place (ADR 0025): its rules
/// and its effect on the household, what it names and reads, how a device makes it, and its
/// words in English and in Traditional Chinese. No requirement has a default, so a kind that
/// leaves one out does not compile; `DeviceWrite.kind` is the one switch over writes.
package protocol WriteKind: Sendable {
  /// Its tag for programs: `kind` in `outbox --json` (`list-add`).
  var tag: String { get }
  /// The card it is about, when it is about one.
  var cardID: CardID? { get }
  /// The dish it is about, when it is about one.
  var dishID: DishID? { get }
  /// The list items it names, as the device knew them.
  var itemIDs: [ItemID] { get }
  /// What a person knows it by when it makes a thing: a new card's title, an add's first
  /// text; nil for any other.
  var title: String? { get }
  /// The cards its rules read, declared: what a server reads in the write's first round trip.
  var reads: CardsRead { get }
  /// The same write naming items by the ids the backend answered with: an item this device
  /// made that merged into the partner's is the partner's from then on.
  func renamingItems(_ names: [ItemID: ItemID]) -> DeviceWrite
  /// Its rules and its effect, landing in `home` as `actor` at `now`, access granted: its
  /// answer, the changes it appends kept by the storage. The one interpreter of the backend's
  /// state and of the device's view (`BackendOperations.apply`).
  func land(
    in home: HouseholdID, actor: AccountID, storage: inout some BackendStorage, now: Date,
    random: inout some RandomNumberGenerator
  ) throws -> WriteOutcome
  /// Makes it through the device's own call, as an app does.
  func make(on device: Device) async throws
  /// What a person reads of it: its noun and its outbox line, in both languages.
  func words(_ names: WriteNames) -> WriteWords
}

/// The cards a write's rules read (`WriteKind.reads`).
package enum CardsRead: Sendable, Equatable {
  /// None that exists already.
  case none
  /// These.
  case named([CardID])
  /// Every card of the household.
  case every
}

/// The names a write's words show for the ids it holds: a card's title, an item's text.
package struct WriteNames {
  /// The title of the card with this id, as the person sees it.
  package var title: (CardID) -> String
  /// The text of the item with this id, as the person sees it.
  package var text: (ItemID) -> String

  /// Names given by `title` and `text`.
  package init(
    title: @escaping (CardID) -> String, text: @escaping (ItemID) -> String = \.rawValue
  ) {
    self.title = title
    self.text = text
  }
}

/// What a person reads of a write, in each language the product speaks.
package struct WriteWords: Sendable, Equatable {
  /// A write in one language: its noun ("acknowledgement", 「知道了」) and its outbox line
  /// ("acknowledge 'Checkup' (revision 1)"), texts people typed in them as typed.
  package struct Phrase: Sendable, Equatable {
    /// What the write is, as a noun.
    package var noun: String
    /// The write in one line, as the outbox lists it.
    package var line: String

    /// The noun and the line.
    package init(noun: String, line: String) {
      self.noun = noun
      self.line = line
    }
  }

  /// In English.
  package var english: Phrase
  /// In Traditional Chinese, as written in Taiwan.
  package var traditionalChinese: Phrase

  /// The write's phrases in English and in Traditional Chinese: both, always.
  package init(english: Phrase, traditionalChinese: Phrase) {
    self.english = english
    self.traditionalChinese = traditionalChinese
  }
}

extension WriteOutcome {
  /// Landed with `cards` as they now are, and nothing else.
  static func landed(_ cards: [Card]) -> WriteOutcome { .applied(cards: cards, household: nil) }
}

import Foundation

/// A write waiting for the backend: in order, with the id that makes a resend harmless.
public struct OutboxEntry: Sendable, Codable, Equatable, Identifiable {
  public var id: WriteID
  /// The household the write is for.
  public var householdID: HouseholdID
  /// What the write does.
  public var write: DeviceWrite
  /// When the device made it, by the device's own clock: for people only, never stored by
  /// the backend.
  public var madeAt: Date
  /// The longest write id a backend takes: a device makes sixteen characters.
  public static let idLimit = 64
  /// Earlier writes of this device whose answers it holds, filled in as the write is sent:
  /// the backend forgets their receipts (AC-OFF-10).
  public var heldAnswers: [WriteID] = []

  /// A write the device made at `madeAt` (its own clock), with an id it made.
  public init(
    id: WriteID, householdID: HouseholdID, write: DeviceWrite, madeAt: Date,
    heldAnswers: [WriteID] = []
  ) {
    self.id = id
    self.householdID = householdID
    self.write = write
    self.madeAt = madeAt
    self.heldAnswers = heldAnswers
  }

  enum CodingKeys: String, CodingKey {
    case id, householdID, write, madeAt, heldAnswers
  }

  /// NB: an entry saved before held answers were sent has none.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(WriteID.self, forKey: .id)
    householdID = try container.decode(HouseholdID.self, forKey: .householdID)
    write = try container.decode(DeviceWrite.self, forKey: .write)
    madeAt = try container.decode(Date.self, forKey: .madeAt)
    heldAnswers = try container.decodeIfPresent([WriteID].self, forKey: .heldAnswers) ?? []
  }

  /// NB: none held, the entry is stored as before.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(householdID, forKey: .householdID)
    try container.encode(write, forKey: .write)
    try container.encode(madeAt, forKey: .madeAt)
    if !heldAnswers.isEmpty { try container.encode(heldAnswers, forKey: .heldAnswers) }
  }
}

/// What the backend did with one write: the same answer however often it is sent.
public enum WriteOutcome: Sendable, Codable, Equatable {
  /// Landed: the cards it wrote as they now are, the household for a settings change, for
  /// an edit what it changed, and the feed entries it appended, which a device applies
  /// like pulled ones (so an answer given again never puts back an older version).
  case applied(
    cards: [Card], household: Household?, edit: CardRules.EditOutcome? = nil,
    changes: [Change] = [])
  /// Refused by a rule on the backend's own state; nothing was written.
  case refused(TeammateError)
}

/// What a device shows: the backend's last word with the writes still waiting applied over
/// it.
public struct DeviceView: Sendable, Equatable {
  /// The household's cards, by id.
  public var cards: [CardID: Card]
  /// The household, with this device's own waiting changes to it.
  public var household: Household?
  /// The shopping list's items, cleared ones included, by id.
  public var items: [ItemID: ShoppingItem]

  /// A view of these documents.
  public init(
    cards: [CardID: Card], household: Household?, items: [ItemID: ShoppingItem] = [:]
  ) {
    self.cards = cards
    self.household = household
    self.items = items
  }
}

/// The device's view: the cards the backend last sent with the outbox applied over them, in
/// order, by the same rules the backend applies. A write that no longer applies (the card
/// was deleted meanwhile) is left out of the view; the backend will refuse it too.
public enum Outbox {
  /// The cards, household and list as the person sees them: what was pulled, with the
  /// waiting writes applied by the backend's own interpreter.
  public static func view(
    cards: [CardID: Card], household: Household?, items: [ItemID: ShoppingItem] = [:],
    entries: [OutboxEntry], viewer: AccountID, now: Date
  ) -> DeviceView {
    var view = DeviceView(cards: cards, household: household, items: items)
    for entry in entries {
      // NB: a household made here shows from its making on; another household's writes never.
      guard entry.householdID == (view.household?.id ?? entry.householdID) else { continue }
      // NB: a household made here is dated when it was made, so that it shows the same each
      // time until the backend's own arrives.
      let at = if case .createHousehold = entry.write { entry.madeAt } else { now }
      if let applied = try? apply(entry, to: view, viewer: viewer, now: at) {
        view = applied
      }
    }
    return view
  }

  /// One write over the device's view, refused as the backend would refuse it: by the same
  /// code (`BackendOperations`), over the view as storage. Returns the view after it.
  package static func apply(
    _ write: DeviceWrite, to view: DeviceView, viewer: AccountID, now: Date
  ) throws(TeammateError) -> DeviceView {
    guard let household = view.household else { throw .notInHousehold(viewer) }
    return try apply(
      OutboxEntry(id: WriteID("view"), householdID: household.id, write: write, madeAt: now),
      to: view, viewer: viewer, now: now)
  }

  /// One entry over the device's view: a household's making applies to a view of none.
  package static func apply(
    _ entry: OutboxEntry, to view: DeviceView, viewer: AccountID, now: Date
  ) throws(TeammateError) -> DeviceView {
    let write = entry.write
    if view.household == nil {
      guard case .createHousehold = write else { throw .notInHousehold(viewer) }
    }
    var storage = DeviceViewStorage(
      cards: view.cards, household: view.household, items: view.items, viewer: viewer)
    // NB: the view never draws a card id: a device names every card it makes.
    var noRandom = SeededRandomNumberGenerator(seed: 0)
    do {
      let outcome = try BackendOperations.apply(
        entry, actor: viewer, storage: &storage, now: now, random: &noRandom)
      if case .refused(let error) = outcome { throw error }
      return DeviceView(cards: storage.cards, household: storage.household, items: storage.items)
    } catch let error as TeammateError {
      throw error
    } catch {
      // NB: the view's storage never fails; a write it cannot apply is not for it.
      throw .cardNotFound(write.cardID ?? CardID(""))
    }
  }
}

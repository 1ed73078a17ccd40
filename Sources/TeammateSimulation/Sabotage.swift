import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport

/// A component broken on purpose, one per invariant, so that a test shows the invariant
/// fires: an invariant that cannot fail is no invariant.
public enum Sabotage: String, CaseIterable, Sendable {
  /// The backend reports a third member.
  case thirdMember
  /// The feed hands one change out twice.
  case repeatedSequence
  /// A change carries a time the backend's clock never showed.
  case foreignTime
  /// A device's write shows up in the feed twice.
  case writeAppliedTwice
  /// The backend forgets the answers it gave.
  case lostReceipts
  /// Devices never hear of acknowledgements, so their badges go wrong.
  case blindDevices
  /// A phone's scheduler ignores the first plan it is given.
  case deafScheduler
  /// A phone shows one reminder twice.
  case repeatedReminder
  /// Someone who left, or never joined, appears in the feed.
  case intruder
  /// A stranger may read the household's cards.
  case openDoor
  /// An edit's change carries a revision the rules would not give.
  case ruleBreaker
  /// A repeating card said to move on stays where it was.
  case stuckRepeat
  /// The network swallows every write from an outbox, so nothing ever drains.
  case blackHole
  /// The feed fails with an error no backend gives.
  case garbledFeed
  /// A meal's change shows up as a second meal of the same slot.
  case doubledMeal
  /// A phone plans "today" by its own clock, not the backend's.
  case phoneDay
  /// Suggestions forget the household's cooldown.
  case restlessSuggestion
  /// The observer reads a new list item as one cleared before: a tombstone brought back.
  case revivedItem
  /// The observer reads a merged add as a second needed item of its thing.
  case twinNeeded
  /// The phones read an erasure as a member leaving: they keep the erased name.
  case rememberingPhone
  /// The observer never reads a meal's part taken back off the list.
  case stuckMealPart
  /// The phones never pull a list change: each knows only the items it wrote itself.
  case deafList
  /// The phones read a meal's proposed options in the wrong order, so its news tells a plan
  /// nobody made.
  case lyingNews
  /// A phone's store drops every save of a write waiting to be sent: a relaunch loses it.
  case forgetfulStore
  /// A phone reads the partner's changes to a card as its own, so it tells none of them.
  case silentNews
  /// A phone reads every move of a thing on the list to the wrong aisle, so its news tells a
  /// move nobody made.
  case wrongAisle
  /// A phone reads the partner's gets and moves on the list as its own, so it tells none.
  case silentList
  /// A phone reads each of the partner's adds to the list as a rename, so its news tells a
  /// rename nobody made.
  case phantomRename
  /// A phone reads the partner's renames on the list as its own, so it tells none.
  case silentRename

  /// The invariant it breaks.
  public var breaks: Invariant {
    switch self {
    case .thirdMember: .householdOfTwo
    case .repeatedSequence: .feedIncreases
    case .foreignTime: .serverTime
    case .writeAppliedTwice: .appliedOnce
    case .lostReceipts: .nothingLost
    case .blindDevices: .badge
    case .deafScheduler: .scheduleIsPlan
    case .repeatedReminder: .shownOnce
    case .intruder, .openDoor: .membersOnly
    case .ruleBreaker: .model
    case .stuckRepeat: .model
    case .blackHole: .converges
    case .garbledFeed: .noSurprise
    case .doubledMeal: .oneMealPerSlot
    case .phoneDay: .mealDay
    case .restlessSuggestion: .suggestionRests
    case .revivedItem: .clearedStaysCleared
    case .twinNeeded: .oneNeededPerThing
    case .stuckMealPart: .mealPartTakenBack
    case .rememberingPhone: .erasedNowhere
    case .deafList: .converges
    case .lyingNews: .newsIsTrue
    case .forgetfulStore: .nothingLost
    case .silentNews: .newsIsWhole
    case .wrongAisle: .newsIsTrue
    case .silentList: .newsIsWhole
    case .phantomRename: .newsIsTrue
    case .silentRename: .newsIsWhole
    }
  }

  /// How it distorts what the checks read (`observer`) or what `viewer`'s phone reads.
  func distortion(observer: Bool, viewer: AccountID? = nil) -> FaultyBackend.Distortion {
    var distortion = FaultyBackend.Distortion()
    switch (self, observer) {
    case (.thirdMember, true):
      distortion.household = { household in
        var more = household
        more.members.append(
          Member(uid: "mallory", displayName: "Mallory", joinedAt: household.createdAt))
        return more
      }
    case (.repeatedSequence, true):
      distortion.changes = { changes in changes.last.map { changes + [$0] } ?? changes }
    case (.foreignTime, true):
      distortion.changes = { changes in
        guard var last = changes.last else { return changes }
        last.at += 1
        return changes.dropLast() + [last]
      }
    case (.writeAppliedTwice, true):
      // NB: a later change claims to come from an earlier write, with others in between.
      distortion.changes = { changes in
        guard let first = changes.firstIndex(where: { $0.writeID != nil }),
          let id = changes[first].writeID,
          let later = changes.indices.last(where: {
            $0 > first + 1 && changes[$0 - 1].writeID != id
          })
        else { return changes }
        var again = changes
        again[later].writeID = id
        return again
      }
    case (.lostReceipts, true):
      distortion.receipt = { _ in nil }
    case (.blindDevices, false):
      distortion.changes = { changes in
        changes.filter { $0.kind != .cardAcknowledged }.map { change in
          var blind = change
          blind.card?.ackBy = nil
          blind.card?.ackAt = nil
          blind.card?.ackRevision = nil
          return blind
        }
      }
    case (.intruder, true):
      distortion.changes = { changes in
        guard var last = changes.last else { return changes }
        last.actor = "mallory"
        return changes.dropLast() + [last]
      }
    case (.ruleBreaker, true):
      distortion.changes = { changes in
        changes.map { change in
          guard change.kind == .cardEdited, var card = change.card else { return change }
          var broken = change
          card.revision += 1
          broken.card = card
          return broken
        }
      }
    case (.stuckRepeat, true):
      distortion.changes = { changes in
        changes.map { change in
          guard [.cardCompleted, .cardSkipped].contains(change.kind), var card = change.card,
            card.repeatRule != nil, !card.isDone
          else { return change }
          var broken = change
          card.time = card.repeatStart
          broken.card = card
          return broken
        }
      }
    case (.blackHole, false):
      distortion.swallowsWrites = true
    case (.garbledFeed, false):
      distortion.breaksFeed = true
    case (.doubledMeal, true):
      // NB: an edit of a meal reads as a second meal planned for its slot.
      distortion.changes = { changes in
        changes.map { change in
          guard change.kind == .cardEdited, var card = change.card, card.meal != nil else {
            return change
          }
          var doubled = change
          card.id = CardID("2" + card.id.rawValue)
          doubled.card = card
          return doubled
        }
      }
    case (.revivedItem, true):
      let cleared = ClearedItems()
      distortion.changes = { changes in
        changes.map { change in
          guard var item = change.item else { return change }
          if item.isCleared { cleared.keep(item.id) }
          guard change.kind == .itemAdded, item.revision == 1, let old = cleared.first else {
            return change
          }
          var revived = change
          item.id = old
          revived.item = item
          return revived
        }
      }
    case (.twinNeeded, true):
      distortion.changes = { changes in
        changes.map { change in
          guard change.kind == .itemAdded, var item = change.item, item.revision > 1 else {
            return change
          }
          var twin = change
          item.id = ItemID("2" + item.id.rawValue)
          twin.item = item
          return twin
        }
      }
    case (.rememberingPhone, false):
      distortion.changes = { changes in
        changes.map { change in
          guard change.kind == .accountErased else { return change }
          var remembering = change
          remembering.kind = .memberLeft
          return remembering
        }
      }
    case (.stuckMealPart, true):
      distortion.changes = { changes in changes.filter { $0.kind != .itemTakenBack } }
    case (.deafList, false):
      distortion.changes = { changes in changes.filter { $0.item == nil } }
    case (.lyingNews, false):
      distortion.changes = { changes in
        changes.map { change in
          guard case .proposed(let options)? = change.card?.meal?.state, options.count > 1 else {
            return change
          }
          var lying = change
          lying.card?.meal?.state = .proposed(options.reversed())
          return lying
        }
      }
    case (.silentNews, false):
      distortion.changes = Self.readingAsOwn(viewer) { $0.card != nil && $0.card?.meal == nil }
    case (.wrongAisle, false):
      distortion.changes = { changes in
        changes.map { change in
          guard change.kind == .itemMoved, let item = change.item else { return change }
          var wrong = change
          wrong.item?.category = item.category == .other ? .produce : .other
          return wrong
        }
      }
    case (.silentList, false):
      distortion.changes = Self.readingAsOwn(viewer) {
        $0.kind == .itemMoved || $0.kind == .itemGot
      }
    case (.phantomRename, false):
      distortion.changes = { changes in
        changes.map { change in
          guard let viewer, change.kind == .itemAdded, change.actor != viewer else { return change }
          var phantom = change
          phantom.kind = .itemEdited
          phantom.fields = [.title]
          return phantom
        }
      }
    case (.silentRename, false):
      distortion.changes = Self.readingAsOwn(viewer) { $0.kind == .itemEdited }
    case (.openDoor, true):
      distortion.readsForStrangersAs = "alice"
    default:
      break
    }
    return distortion
  }

  /// A phone that reads each change `matching` as `viewer`'s own, so that it tells none of
  /// them: the silent sabotages' one distortion.
  private static func readingAsOwn(
    _ viewer: AccountID?, _ matching: @escaping @Sendable (Change) -> Bool
  ) -> @Sendable ([Change]) -> [Change] {
    { changes in
      changes.map { change in
        guard let viewer, matching(change) else { return change }
        var silent = change
        silent.actor = viewer
        return silent
      }
    }
  }
}

/// A phone's notification centre, as the simulation holds it: the in-memory one, broken on
/// purpose when the sabotage says so.
actor SimScheduler: NotificationScheduler {
  let base: InMemoryNotificationScheduler
  private var deaf: Bool
  private let repeats: Bool

  init(clock: any WallClock, sabotage: Sabotage?) {
    base = InMemoryNotificationScheduler(clock: clock)
    deaf = sabotage == .deafScheduler
    repeats = sabotage == .repeatedReminder
  }

  func pending() async throws -> [PlannedNotification] { await base.pending() }

  func schedule(_ notifications: [PlannedNotification]) async throws {
    // NB: a deaf centre drops the first non-empty plan it is handed.
    if deaf, !notifications.isEmpty {
      deaf = false
      return
    }
    await base.schedule(notifications)
  }

  func cancel(ids: [String]) async throws { await base.cancel(ids: ids) }

  func removeAll() async throws { await base.removeAll() }

  func shown() async throws -> [PlannedNotification] { await delivered() }

  /// What the phone has shown, oldest first.
  func delivered() async -> [PlannedNotification] {
    _ = await base.pending()
    let shown = await base.delivered
    return repeats ? shown + shown.prefix(1) : shown
  }
}

/// Where a phone keeps its state, as the simulation holds it: the backend's own store,
/// broken on purpose when the sabotage says so.
struct SimDeviceStore: DeviceStore {
  let base: any DeviceStore
  let forgetful: Bool

  func loadState(of account: AccountID) async throws -> DeviceState? {
    try await base.loadState(of: account)
  }

  func saveState(_ state: DeviceState, previous: DeviceState?, of account: AccountID)
    async throws
  {
    // NB: a forgetful store answers that it saved a write waiting to be sent, and did not.
    if forgetful, !state.outbox.isEmpty { return }
    try await base.saveState(state, previous: previous, of: account)
  }
}

/// The items a sabotaged observer has seen cleared, across the pages it reads.
private final class ClearedItems: @unchecked Sendable {
  private let lock = NSLock()
  private var ids: [ItemID] = []

  func keep(_ id: ItemID) { lock.withLock { if !ids.contains(id) { ids.append(id) } } }
  var first: ItemID? { lock.withLock { ids.first } }
}

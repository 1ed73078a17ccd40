import Foundation
import TeammateKit

/// One of the two partners.
public enum Partner: String, Sendable, CaseIterable, Codable {
  case alice, bob

  /// The partner's account.
  public var account: AccountID { AccountID(rawValue) }
  /// The other partner.
  public var other: Partner { self == .alice ? .bob : .alice }
}

/// How a phone's waiting pushes arrive.
public enum PushFault: String, Sendable, Codable {
  case inOrder, reversed, duplicated, dropped
}

/// One step of a run. Choices that depend on the state (which card) are numbers reduced to
/// what there is when the step runs, so that a shortened run still means something.
public enum SimAction: Sendable, Equatable, Codable, CustomStringConvertible {
  /// `repeats` picks one of `SimRepeats.rules` (0: none) for a task or event.
  case add(Partner, kind: CardKind, hours: Int, assign: Int, repeats: Int = 0)
  case edit(Partner, field: CardRules.CardField, pick: Int, value: Int)
  case acknowledge(Partner, pick: Int, stale: Bool)
  case acknowledgeAll(Partner)
  case done(Partner, pick: Int)
  case skip(Partner, pick: Int)
  case delete(Partner, pick: Int)
  case restore(Partner, pick: Int)
  case settings(Partner, lead: Int, quiet: Bool)
  case rename(Partner, value: Int)
  case invite(Partner)
  case join(Partner, rightCode: Bool)
  case leave(Partner)
  /// The partner erases their account (AC-PORT-11): gone from the run from then on.
  case erase(Partner)
  /// The partner moves the household to a fresh backend (AC-PORT-17).
  case move(Partner)
  case sync(Partner, dismiss: Bool)
  case network(Partner, online: Bool)
  case kill(Partner)
  case loseReply(Partner)
  case deliver(Partner, PushFault)
  case advance(minutes: Int)
  case stranger(pick: Int)
  /// Several calls made at once on one phone, from tasks of their own, in an order `seed`
  /// fixes (`SimBurst`).
  case burst(Partner, calls: Int, seed: Int)
  /// A dish added (`op` 0), edited (1), removed (2) or restored (3).
  case dish(Partner, op: Int, pick: Int, value: Int)
  /// A meal planned on the household's day `day` days from today (by the backend's clock):
  /// proposed (`plan` 0), decided (1) or skipped (2).
  case planMeal(Partner, day: Int, slot: Int, plan: Int, value: Int)
  /// A meal proposed again, picked, decided, skipped, moved, given a cook, removed or
  /// restored (`change` 0 to 7).
  case changeMeal(Partner, pick: Int, change: Int, value: Int)
  /// What a phone suggests for dinner `day` days from today, checked against the cooldown.
  case suggest(Partner, day: Int, seed: Int)
  /// A step on the shopping list: an add (merging as texts fold), a got, an undo, a clear,
  /// clearing the got, or a decided meal's ingredients.
  case list(Partner, op: Int, pick: Int, value: Int)

  /// The partner whose phone takes the step, if one does.
  var partner: Partner? {
    switch self {
    case .add(let who, _, _, _, _), .edit(let who, _, _, _), .acknowledge(let who, _, _),
      .acknowledgeAll(let who), .done(let who, _), .skip(let who, _), .delete(let who, _),
      .restore(let who, _), .settings(let who, _, _), .rename(let who, _), .invite(let who),
      .join(let who, _), .leave(let who), .erase(let who), .move(let who), .sync(let who, _),
      .network(let who, _), .kill(let who), .loseReply(let who), .deliver(let who, _),
      .burst(let who, _, _), .dish(let who, _, _, _), .planMeal(let who, _, _, _, _),
      .changeMeal(let who, _, _, _), .suggest(let who, _, _), .list(let who, _, _, _):
      who
    case .advance, .stranger: nil
    }
  }

  public var description: String {
    switch self {
    case .add(let who, let kind, let hours, let assign, let repeats):
      "\(who) add \(kind.rawValue) in \(hours)h for \(["me", "partner", "both"][assign % 3])"
        + (SimRepeats.rule(repeats).map { " repeating \($0.text)" } ?? "")
    case .edit(let who, let field, let pick, let value):
      "\(who) edit \(field.rawValue) #\(pick) =\(value)"
    case .acknowledge(let who, let pick, let stale): "\(who) ack #\(pick)\(stale ? " stale" : "")"
    case .acknowledgeAll(let who): "\(who) ack all"
    case .done(let who, let pick): "\(who) done/undone #\(pick)"
    case .skip(let who, let pick): "\(who) skip #\(pick)"
    case .delete(let who, let pick): "\(who) delete #\(pick)"
    case .restore(let who, let pick): "\(who) restore #\(pick)"
    case .settings(let who, let lead, let quiet): "\(who) settings lead \(lead) quiet \(quiet)"
    case .rename(let who, let value): "\(who) rename household =\(value)"
    case .invite(let who): "\(who) invite"
    case .join(let who, let right): "\(who) join with \(right ? "the" : "a wrong") code"
    case .leave(let who): "\(who) leave"
    case .erase(let who): "\(who) erases their account"
    case .move(let who): "\(who) moves the household to another store"
    case .sync(let who, let dismiss): "\(who) sync\(dismiss ? " and read conflicts" : "")"
    case .network(let who, let online): "\(who) \(online ? "online" : "offline")"
    case .kill(let who): "\(who) killed and restarted"
    case .loseReply(let who): "\(who) loses the next reply"
    case .deliver(let who, let fault): "\(who) receives pushes \(fault.rawValue)"
    case .advance(let minutes): "time +\(minutes) min"
    case .stranger(let pick): "carol pries #\(pick)"
    case .burst(let who, let calls, let seed): "\(who) makes \(calls) calls at once (#\(seed))"
    case .dish(let who, let op, let pick, let value):
      "\(who) \(["adds", "edits", "removes", "restores"][op % 4]) dish #\(pick) =\(value)"
    case .planMeal(let who, let day, let slot, let plan, let value):
      "\(who) plans \(MealSlot.allCases[slot % 3].rawValue) in \(day)d "
        + "\(["proposed", "decided", "skipped"][plan % 3]) =\(value)"
    case .changeMeal(let who, let pick, let change, let value):
      "\(who) \(["proposes", "picks", "decides", "skips", "moves", "cooks", "removes", "restores"][change % 8]) "
        + "meal #\(pick) =\(value)"
    case .suggest(let who, let day, let seed): "\(who) asks for dinner in \(day)d (#\(seed))"
    case .list(let who, let op, let pick, let value):
      "\(who) list \(SimAction.listWords[op % SimAction.listWords.count]) #\(pick) =\(value)"
    }
  }

  /// What each list step does, by its `op`.
  public static let listWords = [
    "add", "add", "add", "got", "got", "undo", "clear", "clear-got", "from-meal", "shop", "move",
    "rename",
  ]

  /// A shopping list step, drawn from a stream of its own so that a seed's other steps stay
  /// what they were before the list came.
  static func list(_ who: Partner, random: inout SeededRandomNumberGenerator) -> SimAction {
    .list(
      who, op: random.below(listWords.count), pick: random.below(1_000),
      value: random.below(1_000))
  }

  /// A meal or dish step, drawn from a stream of its own so that a seed's other steps stay
  /// what they were before meals came.
  static func meal(_ who: Partner, random: inout SeededRandomNumberGenerator) -> SimAction {
    let pick = random.below(1_000)
    let value = random.below(1_000)
    switch random.below(10) {
    case 0, 1:
      return .dish(
        who, op: random.below(4) == 0 ? 1 + random.below(3) : 0, pick: pick, value: value)
    case 2, 3, 4:
      return .planMeal(
        who, day: random.below(6) - 3, slot: random.below(3), plan: random.below(3), value: value)
    case 5, 6, 7, 8: return .changeMeal(who, pick: pick, change: random.below(8), value: value)
    default: return .suggest(who, day: random.below(3) - 1, seed: value)
    }
  }

  /// The steps of a run, drawn from the seed with its fault rates.
  static func script(
    steps: Int, rates: FaultRates, random: inout SeededRandomNumberGenerator
  ) -> [SimAction] {
    func chance(_ rate: Double) -> Bool { Double(random.below(10_000)) < rate * 10_000 }
    var actions: [SimAction] = []
    for _ in 0..<steps {
      let who = Partner.allCases[random.below(2)]
      if chance(rates.offline) {
        actions.append(.network(who, online: random.below(2) == 0))
      } else if chance(rates.lostReply) {
        actions.append(.loseReply(who))
      } else if chance(rates.kill) {
        actions.append(.kill(who))
      } else if chance(rates.push) {
        let fault: PushFault =
          chance(rates.pushDrop)
          ? .dropped
          : chance(rates.pushDuplicate)
            ? .duplicated : chance(rates.pushReorder) ? .reversed : .inOrder
        actions.append(.deliver(who, fault))
      } else if chance(rates.membership) {
        switch random.below(4) {
        case 0: actions.append(.leave(who))
        case 1: actions.append(.join(who, rightCode: random.below(3) != 0))
        case 2: actions.append(.invite(who))
        default: actions.append(.rename(who, value: random.below(1_000)))
        }
      } else {
        actions.append(operation(who, rates: rates, random: &random))
      }
    }
    return actions
  }

  private static func operation(
    _ who: Partner, rates: FaultRates, random: inout SeededRandomNumberGenerator
  ) -> SimAction {
    let pick = random.below(1_000)
    switch random.below(17) {
    case 0, 1:
      let kind = CardKind.allCases[random.below(4)]
      let hours = random.below(96) - 12
      let assign = random.below(3)
      // NB: a third of the tasks and events repeat.
      let repeats = random.below(3) == 0 ? 1 + random.below(SimRepeats.rules.count - 1) : 0
      return .add(
        who, kind: kind, hours: hours, assign: assign,
        repeats: kind == .task || kind == .event ? repeats : 0)
    case 2, 3:
      return .edit(
        who, field: CardRules.CardField.allCases[random.below(6)], pick: pick,
        value: random.below(1_000))
    case 4, 5:
      return .acknowledge(
        who, pick: pick, stale: Double(random.below(100)) < rates.staleAck * 100)
    case 6: return .acknowledgeAll(who)
    case 7: return random.below(2) == 0 ? .done(who, pick: pick) : .skip(who, pick: pick)
    case 8: return .delete(who, pick: pick)
    case 9: return .restore(who, pick: pick)
    case 10: return .settings(who, lead: random.below(120), quiet: random.below(2) == 0)
    case 11, 12: return .sync(who, dismiss: random.below(2) == 0)
    case 13: return .stranger(pick: pick)
    case 16: return .burst(who, calls: 2 + random.below(7), seed: random.below(1_000))
    default: return .advance(minutes: 1 + random.below(360))
    }
  }
}

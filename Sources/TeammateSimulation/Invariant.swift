import TeammateKit

/// What must hold after every step of every run.
public enum Invariant: String, CaseIterable, Sendable {
  case householdOfTwo = "a household has at most two members"
  case feedIncreases = "each feed's sequence increases"
  case serverTime = "every stored time comes from the backend's clock"
  case appliedOnce = "no write is applied twice"
  case nothingLost = "every write lands once or is a conflict its phone shows"
  case badge = "after a sync the badge is the rules' pending count"
  case scheduleIsPlan = "a phone's scheduler holds the plan for what it shows"
  case shownOnce = "no reminder is shown twice"
  case membersOnly = "nobody reads or writes a household they are not in"
  case model = "the backend agrees with a second, plain model of the rules"
  case converges = "once faults stop, every outbox drains and every phone shows the backend"
  case noSurprise = "no call fails but with a rule's refusal or an unreachable backend"
  case oneMealPerSlot = "a day's slot holds at most one live meal"
  case mealDay = "a meal's day and its reminder are the household's, never a phone's"
  case suggestionRests = "a suggestion offers nothing eaten lately unless it says it relaxed"
  case clearedStaysCleared = "a cleared list item is never needed or got again"
  case oneNeededPerThing = "no two needed list items are one thing as texts fold"
  case mealPartTakenBack = "a meal leaving its dish's plan takes its part off every needed item"
  case newsIsTrue = "every piece of news names an act the partner made, as it was made"
  case newsIsWhole = "no card the partner acted on since a phone's last sync goes untold"
  case erasedNowhere =
    "an erased account is named by nothing the backend keeps, nor by a phone that pulled its erasure"
}

/// The first invariant a run broke: where, which, and what was seen.
public struct Violation: Sendable, Equatable, CustomStringConvertible {
  /// The step after which it broke.
  public var step: Int
  /// What broke.
  public var invariant: Invariant
  /// How, in words.
  public var detail: String

  public var description: String { "step \(step): \(invariant.rawValue): \(detail)" }
}

/// What one run did, step by step, and whether it broke anything.
public struct SimulationResult: Sendable {
  /// The faults the seed chose.
  public var rates: FaultRates
  /// One line per step; the same seed gives the same lines.
  public var trace: [String]
  /// The first invariant broken, if any.
  public var violation: Violation?
  /// The steps the run was given.
  public var actions: [SimAction]
  /// The household's feed when the run ended, to compare runs of one seed on two backends.
  public var feed: [Change] = []
}

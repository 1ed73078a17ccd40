import Foundation
import TeammateKit
import TeammateTestSupport

/// How often each fault comes in one run. Each seed picks its own (swarm testing): a run
/// with few kinds of fault, each often, finds combinations an even mix hides.
public struct FaultRates: Sendable, Equatable, CustomStringConvertible {
  /// Chance per step that a partner's phone goes offline, or comes back.
  public var offline = 0.0
  /// Chance per step that the reply to a phone's next write is lost after it landed.
  public var lostReply = 0.0
  /// Chance per step that a phone is killed and started again from its saved state.
  public var kill = 0.0
  /// Chance per step that a phone's waiting pushes are delivered, and how they go wrong.
  public var push = 0.0
  /// Chance that a delivered push is lost.
  public var pushDrop = 0.0
  /// Chance that a delivered push comes twice.
  public var pushDuplicate = 0.0
  /// Chance that delivered pushes come in reverse.
  public var pushReorder = 0.0
  /// Chance that an acknowledgement is of an older revision than the phone shows.
  public var staleAck = 0.0
  /// Chance per step that the household changes: a leave, a join, a rename.
  public var membership = 0.0
  /// How far each phone's clock is off the server's, in hours.
  public var skewHours: [Int] = [0, 0]

  /// No faults at all.
  public init() {}

  /// No faults at all.
  public static let none = FaultRates()

  /// The faults of one seed: each kind is on or off by a coin, and on at a rate of its own.
  public static func swarm(_ random: inout SeededRandomNumberGenerator) -> FaultRates {
    func rate() -> Double {
      random.below(2) == 0 ? 0 : [0.02, 0.05, 0.1, 0.2, 0.35][random.below(5)]
    }
    var rates = FaultRates()
    rates.offline = rate()
    rates.lostReply = rate()
    rates.kill = rate()
    rates.push = rate()
    rates.pushDrop = rate()
    rates.pushDuplicate = rate()
    rates.pushReorder = rate()
    rates.staleAck = rate()
    rates.membership = rate() / 2
    let skews = [0, 0, 3, -5, 9, -11]
    rates.skewHours = [skews[random.below(skews.count)], skews[random.below(skews.count)]]
    return rates
  }

  public var description: String {
    let rates: [(String, Double)] = [
      ("offline", offline), ("lost-reply", lostReply), ("kill", kill), ("push", push),
      ("push-drop", pushDrop), ("push-dup", pushDuplicate), ("push-reorder", pushReorder),
      ("stale-ack", staleAck), ("membership", membership),
    ]
    let on = rates.filter { $0.1 > 0 }.map { "\($0.0) \($0.1)" }
    return (on.isEmpty ? "no faults" : on.joined(separator: ", "))
      + "; clocks \(skewHours.map { "\($0 >= 0 ? "+" : "")\($0)h" }.joined(separator: " "))"
  }
}

/// One run: its seed decides everything else.
public struct SimulationConfig: Sendable {
  /// The seed: it decides the faults and every step.
  public var seed: UInt64
  /// How many steps the run takes.
  public var steps: Int
  /// Where the household lives: each seed gets a fresh backend of the factory's.
  public var backend: any BackendFactory
  /// A component broken on purpose, to prove that an invariant fires.
  public var sabotage: Sabotage?
  /// Whether the partners plan meals and keep dishes too: off for a seed kept from before
  /// meals, whose steps stay what found its bug.
  public var meals: Bool
  /// Whether the partners keep the shopping list too: off for a seed kept from before it.
  public var list: Bool
  /// Whether a partner may erase their account late in the run (AC-PORT-11): off for a seed
  /// kept from before erasures.
  public var erasures: Bool
  /// Whether a partner may move the household to another store mid-run (AC-PORT-17): off for
  /// a seed kept from before moves.
  public var moves: Bool
  /// The other kinds of store a move may take the household to, besides the run's own, each
  /// move drawing one from the seed (issue 58): `teammate-sim` gives every kind it makes on
  /// this machine alone, so that a seed moves the same way again.
  public var moveTargets: [any BackendFactory] = []

  /// A run of `steps` steps from `seed`, on fresh backends of `backend`'s.
  public init(
    seed: UInt64, steps: Int, backend: any BackendFactory = InMemoryBackendFactory(),
    sabotage: Sabotage? = nil, meals: Bool = true, list: Bool = true, erasures: Bool = true,
    moves: Bool = true
  ) {
    self.moves = moves
    self.list = list
    self.erasures = erasures
    self.seed = seed
    self.steps = steps
    self.backend = backend
    self.sabotage = sabotage
    self.meals = meals
  }

  /// The backends `teammate-sim` can make by name; any other factory runs through
  /// `Simulation.run` in its adopter's own code.
  public static let commandLineBackends: Set<String> = [
    "inMemory", "sqliteInMemory", "sqliteFile", "postgres", "postgresPooled",
  ]

  /// What runs this seed again: `teammate-sim` for a backend it can make, otherwise the call
  /// an adopter's test makes with its own factory (the command line cannot make it).
  public var replay: String {
    guard Self.commandLineBackends.contains(backend.name) else {
      let options =
        (sabotage.map { ", sabotage: .\($0.rawValue)" } ?? "") + (meals ? "" : ", meals: false")
        + (list ? "" : ", list: false") + (erasures ? "" : ", erasures: false")
        + (moves ? "" : ", moves: false")
      return "await Simulation.run(SimulationConfig(seed: \(seed), steps: \(steps), "
        + "backend: \(backend.name) factory\(options)))"
    }
    return "swift run -c release teammate-sim --seed \(seed) --steps \(steps) "
      + "--backend \(backend.name)" + (sabotage.map { " --sabotage \($0.rawValue)" } ?? "")
      + (meals ? "" : " --no-meals") + (list ? "" : " --no-list")
      + (erasures ? "" : " --no-erasures") + (moves ? "" : " --no-moves")
  }
}

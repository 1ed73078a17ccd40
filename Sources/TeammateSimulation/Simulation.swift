import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport

/// A deterministic life of two partners and their phones, in the manner of FoundationDB's
/// and TigerBeetle's simulators: one seed chooses the faults, every step, every clock value,
/// and the invariants are checked after every step.
///
/// ```swift
/// let result = await Simulation.run(SimulationConfig(seed: 7, steps: 300))
/// if let violation = result.violation { print(violation, result.trace.suffix(5)) }
/// ```
public enum Simulation {
  /// The fault rates and the steps a seed stands for.
  public static func script(for config: SimulationConfig) -> (FaultRates, [SimAction]) {
    var random = SeededRandomNumberGenerator(seed: config.seed)
    let rates = FaultRates.swarm(&random)
    var base = SimAction.script(steps: config.steps, rates: rates, random: &random)
    /// In a third of the runs, `action` by a partner, somewhere in the quarter of the run
    /// after step `from`, drawn from the stream `seed`: where, when it is placed.
    @discardableResult
    func inAThird(_ action: (Partner) -> SimAction, seed: UInt64, from start: Int) -> Int? {
      var random = SeededRandomNumberGenerator(seed: seed)
      guard random.below(3) == 0 else { return nil }
      let at = min(start + random.below(max(1, config.steps / 4)), base.count)
      base.insert(action(Partner.allCases[random.below(2)]), at: at)
      return at
    }
    // NB: a third of the runs end with one partner gone, erased late in the run (after the
    // meal and list steps come between, about its last third); a third move the household in
    // about their middle third (AC-PORT-17). Each from a stream of its own: the steps before
    // stay as they were.
    if config.erasures {
      inAThird(SimAction.erase, seed: config.seed &+ 0x6572_6173, from: config.steps * 9 / 20)
    }
    if config.moves,
      let first = inAThird(SimAction.move, seed: config.seed &+ 0x6D6F_7665, from: config.steps / 5)
    {
      // NB: half of the runs that move move again later, by either partner: a move cut short
      // is made again then (AC-PORT-33).
      var again = SeededRandomNumberGenerator(seed: config.seed &+ 0x6167_6169)
      if again.below(2) == 0 {
        let at = first + 5 + again.below(max(1, config.steps / 4))
        base.insert(SimAction.move(Partner.allCases[again.below(2)]), at: min(at, base.count))
      }
    }
    var mixed = base
    // NB: meal and list steps come between the others, each from a stream of its own (a
    // fifth and a sixth of them), so that turning one off leaves the other steps as they were.
    if config.meals {
      mixed = interleaved(mixed, seed: config.seed &+ 0x6D65_616C, oneIn: 5, SimAction.meal)
    }
    if config.list {
      mixed = interleaved(mixed, seed: config.seed &+ 0x6C69_7374, oneIn: 6, SimAction.list)
    }
    return (rates, Array(mixed.prefix(config.steps)))
  }

  /// `actions` with a step of `make`'s before about one in `oneIn` of them, drawn from `seed`.
  private static func interleaved(
    _ actions: [SimAction], seed: UInt64, oneIn: Int,
    _ make: (Partner, inout SeededRandomNumberGenerator) -> SimAction
  ) -> [SimAction] {
    var random = SeededRandomNumberGenerator(seed: seed)
    var mixed: [SimAction] = []
    for action in actions {
      if random.below(oneIn) == 0 { mixed.append(make(Partner.allCases[random.below(2)], &random)) }
      mixed.append(action)
    }
    return mixed
  }

  /// Runs the seed's steps, or `actions` instead (a shortened run), stopping at the first
  /// broken invariant.
  public static func run(
    _ config: SimulationConfig, actions given: [SimAction]? = nil
  ) async -> SimulationResult {
    let (rates, scripted) = script(for: config)
    let actions = given ?? scripted
    var trace: [String] = ["seed \(config.seed) on \(config.backend.name): \(rates)"]
    do {
      let life = try await Life(config: config, rates: rates)
      for (index, action) in actions.enumerated() {
        let step = index + 1
        let outcome = await life.perform(action, step: step)
        trace.append("\(step) \(action) -> \(outcome)")
        if let violation = await life.check(step: step) {
          return SimulationResult(
            rates: rates, trace: trace, violation: violation, actions: actions)
        }
      }
      let violation = await life.quiesce(step: actions.count + 1)
      trace.append("quiescence -> \(violation == nil ? "converged" : "did not converge")")
      return SimulationResult(
        rates: rates, trace: trace, violation: violation, actions: actions,
        feed: await life.feed())
    } catch {
      let violation = Violation(step: 0, invariant: .noSurprise, detail: "setup: \(error)")
      return SimulationResult(rates: rates, trace: trace, violation: violation, actions: actions)
    }
  }

  /// A shorter list of steps that still breaks the same invariant: chunks are dropped while
  /// the run still fails, halving the chunk when none can go (delta debugging).
  public static func shrink(
    _ config: SimulationConfig, actions: [SimAction], breaking invariant: Invariant,
    budget: Int = 300
  ) async -> [SimAction] {
    var current = actions
    var chunk = max(1, current.count / 2)
    var runs = 0
    while runs < budget {
      var removed = false
      var start = 0
      while start < current.count, runs < budget {
        var candidate = current
        candidate.removeSubrange(start..<min(current.count, start + chunk))
        runs += 1
        if await run(config, actions: candidate).violation?.invariant == invariant {
          current = candidate
          removed = true
        } else {
          start += chunk
        }
      }
      if !removed {
        if chunk == 1 { break }
        chunk = max(1, chunk / 2)
      }
    }
    return current
  }
}

/// One phone in the run: its device, clock, notification centre and network.
final class Phone {
  let partner: Partner
  var device: Device
  let clock: SkewedWallClock
  let scheduler: SimScheduler
  var network: FaultyBackend
  /// The networks to the stores the household moved from, which heard answers too.
  var leftNetworks: [FaultyBackend] = []
  /// Where the device keeps its state: a relaunch opens from it alone.
  var store: any DeviceStore
  /// Pushes sent to the phone and not yet delivered.
  var pushes: [Change] = []
  /// The last change pushed to it.
  var pushedThrough: Int64 = 0
  /// The changes handed to it as pushes: told then, not by the pull that brings them again.
  var pushedTold: Set<Int64> = []
  /// The outbox as the last check saw it.
  var tracked: Set<WriteID> = []
  /// Conflicts the person has read and dismissed.
  var dismissed: Set<String> = []

  init(
    partner: Partner, device: Device, clock: SkewedWallClock, scheduler: SimScheduler,
    network: FaultyBackend, store: any DeviceStore
  ) {
    self.store = store
    self.partner = partner
    self.device = device
    self.clock = clock
    self.scheduler = scheduler
    self.network = network
  }
}

/// The state of one run, and every step it can take.
final class Life {
  let config: SimulationConfig
  let clock: ManualWallClock
  /// The backend the household lives on: another after a move (AC-PORT-17).
  var backend: any TeammateBackend
  /// What the checks read through: the backend, or its sabotaged answers.
  var observer: FaultyBackend
  /// The backends the household moved from, whose receipts answered writes made there.
  var left: [any TeammateBackend] = []
  /// The kind of store the household lives on now: the run's, or the one a move drew.
  var factory: any BackendFactory
  let home: HouseholdID
  /// The two phones, in `Partner.allCases` order.
  var phones: [Phone] = []
  var members: Set<Partner> = [.alice, .bob]
  /// The partners who erased their account: gone from the run (AC-PORT-11).
  var erased: Set<Partner> = []
  /// The feed's sequence of the latest erasure, once the checks have read it.
  var erasedAt: Int64?
  var code: String
  /// Every value the backend's clock has shown.
  var instants: Set<Date> = []
  /// An invariant broken while a step ran (a stranger got in, an error nobody expected).
  var broken: Violation?
  /// Whether the last step was a partner's own device operation, after which its plan must
  /// be what it shows.
  var justActed: Partner?
  var lastSync: (Partner, SyncReport)?
  var model = ReferenceModel()
  /// The feed as the checks have read it so far, and where each write last appeared in it.
  var feedSeen: [Change] = []
  var lastPosition: [WriteID: Int] = [:]
  var feedMembers = FeedMembership()
  /// The latest version of each meal card in the feed, and the day each meal the partners
  /// planned was asked for, by the backend's clock.
  var meals = MealLedger()
  /// The latest version of each list item in the feed.
  var list = ListLedger()
  /// A move cut short after its import (AC-PORT-33): the store the household was copied to,
  /// its kind and where it is, for the next move to make again.
  var cutShort: (store: any TeammateBackend, kind: any BackendFactory, place: String)?
  static let zone = "America/New_York"

  init(config: SimulationConfig, rates: FaultRates) async throws {
    self.config = config
    factory = config.backend
    // NB: each seed walks across one of the two daylight-saving changes of its zone.
    let starts = [
      Date(timeIntervalSince1970: 1_772_812_800), Date(timeIntervalSince1970: 1_792_850_400),
    ]
    clock = ManualWallClock(starts[Int(config.seed % 2)])
    instants.insert(clock.now())
    let random = SeededRandomNumberGenerator(seed: config.seed &* 7_919)
    backend = try await config.backend.makeBackend(clock: clock, random: random)
    observer = FaultyBackend(
      backend, distortion: config.sabotage?.distortion(observer: true) ?? .init())
    let creation = try await backend.createHousehold(
      name: "Home", timeZone: Self.zone, displayName: "Alice", as: Partner.alice.account)
    home = creation.household.id
    code = creation.invite.code.rawValue
    _ = try await backend.join(code: code, displayName: "Bob", as: Partner.bob.account)
    for (index, partner) in Partner.allCases.enumerated() {
      let phoneClock = SkewedWallClock(clock, offset: TimeInterval(rates.skewHours[index] * 3_600))
      let network = FaultyBackend(
        backend,
        distortion: config.sabotage?.distortion(observer: false, viewer: partner.account)
          ?? .init())
      let scheduler = SimScheduler(clock: phoneClock, sabotage: config.sabotage)
      let store = SimDeviceStore(
        base: try await config.backend.makeDeviceStore(for: backend),
        forgetful: config.sabotage == .forgetfulStore)
      let device = try await Device(
        account: partner.account, backend: network, clock: phoneClock, scheduler: scheduler,
        store: store, random: SeededRandomNumberGenerator(seed: config.seed &* 31 &+ UInt64(index)))
      phones.append(
        Phone(
          partner: partner, device: device, clock: phoneClock, scheduler: scheduler,
          network: network, store: store))
      _ = try await device.sync()
    }
  }
}

import Foundation
import TeammateKit
import TeammateSimulation
import TeammateTestHarness
import TeammateTestSupport
import Testing

@Suite struct SimulationTests {
  @Test func test_AC_SIM_01_oneSeedDeterminesTheWholeRun() async throws {
    let config = SimulationConfig(seed: 11, steps: 120)
    let first = await Simulation.run(config)
    let second = await Simulation.run(config)
    #expect(first.violation == nil, "\(first.violation.map(String.init(describing:)) ?? "")")
    #expect(first.trace == second.trace)
    #expect(first.trace.count == 122)
    var sqlite = config
    sqlite.backend = BackendKind.sqliteInMemory
    let other = await Simulation.run(sqlite)
    #expect(other.feed == first.feed)
    #expect(first.feed.count > 20)
    #expect(Array(other.trace.dropFirst()) == Array(first.trace.dropFirst()))
  }

  @Test func test_AC_SIM_03_everyInvariantHasItsSabotage() {
    #expect(Set(Sabotage.allCases.map(\.breaks)) == Set(Invariant.allCases))
  }

  @Test(arguments: Sabotage.allCases)
  func test_AC_SIM_03_everyInvariantFiresOnAComponentBrokenOnPurpose(
    sabotage: Sabotage
  ) async throws {
    // NB: the first seed among a few whose run reaches the broken component.
    var found: (SimulationConfig, SimulationResult)?
    for seed in UInt64(1)...40 {
      let config = SimulationConfig(seed: seed, steps: 120, sabotage: sabotage)
      let result = await Simulation.run(config)
      if result.violation?.invariant == sabotage.breaks {
        found = (config, result)
        break
      }
    }
    let (config, result) = try #require(found, "\(sabotage) never broke \(sabotage.breaks)")
    let violation = try #require(result.violation)
    // NB: verify shrinks a little, enough to prove shrinking keeps the break; the soak, far.
    let short = await Simulation.shrink(
      config, actions: result.actions, breaking: violation.invariant,
      budget: Soak.size(verify: 12, soak: 120))
    #expect(short.count < result.actions.count)
    #expect(await Simulation.run(config, actions: short).violation?.invariant == sabotage.breaks)
    #expect(config.replay.hasPrefix("swift run -c release teammate-sim --seed \(config.seed) "))
  }

  @Test func test_AC_SIM_04_eachSeedPicksItsOwnFaultsAndEveryOperationComes() {
    let scripts = (UInt64(1)...100).map {
      Simulation.script(for: SimulationConfig(seed: $0, steps: 300))
    }
    let rates = scripts.map(\.0)
    let kinds: [(String, (FaultRates) -> Double)] = [
      ("offline", \.offline), ("lostReply", \.lostReply), ("kill", \.kill), ("push", \.push),
      ("pushDrop", \.pushDrop), ("pushDuplicate", \.pushDuplicate),
      ("pushReorder", \.pushReorder), ("staleAck", \.staleAck), ("membership", \.membership),
    ]
    for (name, rate) in kinds {
      #expect(rates.contains { rate($0) > 0 } && rates.contains { rate($0) == 0 }, "\(name)")
    }
    #expect(Set(rates.flatMap(\.skewHours)).count > 2)
    let words = Set(
      scripts.flatMap(\.1).map { action in
        String(describing: action).split(separator: " ").dropFirst().first.map(String.init) ?? ""
      })
    for word in [
      "add", "edit", "ack", "done/undone", "delete", "restore", "settings", "rename", "invite",
      "join", "leave", "sync", "offline", "online", "killed", "loses", "receives",
    ] {
      #expect(words.contains(word), "no step '\(word)'")
    }
    #expect(words.contains { $0.hasPrefix("+") }, "time never passes")
    #expect(words.contains("pries") || scripts.flatMap(\.1).contains { "\($0)".hasPrefix("carol") })
  }

  static var tool: URL {
    URL(fileURLWithPath: Bundle.main.bundlePath).appendingPathComponent("teammate-sim")
  }

  /// Runs the tool, its output and error output as one text, waited for off Swift's
  /// cooperative threads, which the other tests need meanwhile.
  func sim(_ arguments: [String]) async throws -> (Int32, String) {
    try await offThePool {
      let process = Process()
      process.executableURL = Self.tool
      process.arguments = arguments
      let output = Pipe()
      process.standardOutput = output
      process.standardError = output
      try process.run()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
  }

  @Test func test_AC_SIM_05_theToolRunsSeedsAndSaysHowToReplayAFailure() async throws {
    let (status, output) = try await sim(["--seeds", "1...3", "--steps", "40"])
    #expect(status == 0, "\(output)")
    #expect(output.contains("3 seed(s) x 40 steps on inMemory: 0 failed"))
    #expect(output.contains(" steps/s"))
    let (failed, report) = try await sim(
      ["--seed", "2", "--steps", "80", "--sabotage", "repeatedReminder"])
    #expect(failed == 1, "\(report)")
    #expect(report.contains("FAIL seed 2, step "))
    #expect(report.contains("no reminder is shown twice"))
    #expect(
      report.contains(
        "replay: swift run -c release teammate-sim --seed 2 --steps 80 --backend inMemory "
          + "--sabotage repeatedReminder --trace"))
    #expect(report.contains("shrunk to "))
    let (usage, message) = try await sim(["--seeds", "9...1"])
    #expect(usage == 64)
    #expect(message.contains("--seeds takes a range such as 1...1000"))
  }
}

@Suite struct RepeatSimulationTests {
  @Test func test_AC_REP_15_theSimulatorMovesRepeatingCardsAcrossDaylightSaving() async {
    var moves = 0
    for (seed, result) in await SharedLives.twelve.value {
      #expect(result.violation == nil, "seed \(seed): \(String(describing: result.violation))")
      // NB: every move of a repeating card in the feed went later, and kept who knew it.
      var last: [CardID: Card] = [:]
      for change in result.feed {
        guard let card = change.card else { continue }
        defer { last[card.id] = card }
        guard [.cardCompleted, .cardSkipped].contains(change.kind), card.repeatRule != nil,
          !card.isDone, let before = last[card.id],
          // NB: reopening a series that had ended is no move (a burst's done/undone meets it).
          !before.isDone
        else { continue }
        moves += 1
        #expect(
          (card.time ?? .distantPast) > (before.time ?? .distantFuture),
          "seed \(seed), change \(change.sequence) \(change.kind) of \(card.id)")
        #expect(card.ackBy == before.ackBy)
      }
    }
    #expect(moves > 0, "no repeating card moved on in twelve seeds")
  }
}

@Suite struct BurstSimulationTests {
  @Test func test_AC_SIM_06_burstsOfCallsAtOnceBreakNothingAndRepeatBySeed() async {
    var bursts = 0
    for seed in UInt64(300)...329 {
      let config = SimulationConfig(seed: seed, steps: 100)
      let result = await Simulation.run(config)
      #expect(result.violation == nil, "seed \(seed): \(String(describing: result.violation))")
      bursts += result.actions.filter { if case .burst = $0 { true } else { false } }.count
      if seed % 10 == 0 {
        #expect(await Simulation.run(config).trace == result.trace, "seed \(seed)")
      }
    }
    #expect(bursts > 60)
  }

  /// Seeds that once found a bug, kept at the length that found it.
  @Test func test_AC_SIM_06_seedsThatFoundBugsStayFixed() async {
    // Seed 918, 300 steps: pushed changes, pulled again once their reminders were forgotten,
    // were shown twice.
    // NB: its steps as they were before meals came.
    let result = await Simulation.run(SimulationConfig(seed: 918, steps: 300, meals: false))
    #expect(result.violation == nil, "\(String(describing: result.violation))")
  }
}

/// A factory none of our named kinds is: the in-memory backend behind a network that works.
struct BehindANetwork: BackendFactory {
  var name: String { "behind-a-network" }

  func makeBackend(clock: any WallClock, random: SeededRandomNumberGenerator)
    -> any TeammateBackend
  {
    FaultyBackend(InMemoryBackendFactory().makeBackend(clock: clock, random: random))
  }
}

@Suite struct SimulationFactoryTests {
  @Test func test_AC_CONF_04_theSimulatorRunsOnAnyBackendFactory() async throws {
    let config = SimulationConfig(seed: 21, steps: 150, backend: BehindANetwork())
    let first = await Simulation.run(config)
    let second = await Simulation.run(config)
    #expect(first.violation == nil)
    #expect(first.trace == second.trace && first.actions.count == 150)
    // NB: the backends the replay gives to the command line are those it makes.
    #expect(Set(BackendKind.allCases.map(\.name)) == SimulationConfig.commandLineBackends)
    // NB: the command line cannot make an adopter's backend: the replay is the call that can.
    #expect(
      config.replay
        == "await Simulation.run(SimulationConfig(seed: 21, steps: 150, backend: "
        + "behind-a-network factory))")
  }
}

@Suite struct MealSimulationTests {
  @Test func test_AC_MEAL_19_theSimulatorPlansMealsAndKeepsDishesBreakingNothing() async {
    var words: Set<String> = []
    var landed = 0
    for (seed, result) in await SharedLives.twelve.value {
      #expect(result.violation == nil, "seed \(seed): \(String(describing: result.violation))")
      for (action, line) in zip(result.actions, result.trace.dropFirst()) {
        switch action {
        case .dish, .planMeal, .changeMeal, .suggest: break
        default: continue
        }
        words.insert(String(describing: action).split(separator: " ").map(String.init)[1])
        if line.contains("-> ok") { landed += 1 }
      }
      // NB: one live meal per slot in the feed the run ended with.
      var latest: [CardID: Card] = [:]
      for change in result.feed {
        if let card = change.card, card.kind == .meal { latest[card.id] = card }
      }
      let slots = MealRules.planned(Array(latest.values)).compactMap {
        $0.meal.map { "\($0.day) \($0.slot)" }
      }
      #expect(Set(slots).count == slots.count, "seed \(seed)")
    }
    for word in [
      "adds", "edits", "removes", "restores", "plans", "proposes", "picks", "decides", "skips",
      "moves", "cooks", "asks",
    ] {
      #expect(words.contains(word), "no meal step '\(word)'")
    }
    #expect(landed > 100)
    // The same seed, the same life, meals and all; a seed kept from before meals is as it was.
    let config = SimulationConfig(seed: 5, steps: 150)
    #expect(await Simulation.run(config).trace == (await Simulation.run(config)).trace)
    let before = Simulation.script(
      for: SimulationConfig(seed: 5, steps: 150, meals: false, list: false)
    ).1
    #expect(!before.contains { "\($0)".contains("meal") || "\($0)".contains("dish") })
  }
}

@Suite struct ListSimulationTests {
  @Test func test_AC_LIST_13_theSimulatorKeepsTheListBreakingNothing() async {
    var words: Set<String> = []
    var landed = 0
    for (seed, result) in await SharedLives.twelve.value {
      #expect(result.violation == nil, "seed \(seed): \(String(describing: result.violation))")
      for (action, line) in zip(result.actions, result.trace.dropFirst()) {
        guard case .list = action else { continue }
        words.insert(String(describing: action).split(separator: " ").map(String.init)[2])
        if line.contains("-> ok") { landed += 1 }
      }
      // NB: the run's own feed: no two needed items of one thing, nothing cleared came back.
      var latest: [ItemID: ShoppingItem] = [:]
      for change in result.feed {
        guard let item = change.item else { continue }
        #expect(latest[item.id]?.isCleared != true || item.isCleared, "seed \(seed)")
        latest[item.id] = item
      }
      let needed = latest.values.filter(\.isNeeded).map(\.text.key)
      #expect(Set(needed).count == needed.count, "seed \(seed)")
    }
    for word in SimAction.listWords { #expect(words.contains(word), "no list step '\(word)'") }
    #expect(landed > 100)
    // Turning the list off leaves every other step of a seed as it was.
    let with = Simulation.script(for: SimulationConfig(seed: 5, steps: 300)).1
    let without = Simulation.script(for: SimulationConfig(seed: 5, steps: 300, list: false)).1
    let others = with.filter { if case .list = $0 { false } else { true } }
    #expect(others.map { "\($0)" } == without.prefix(others.count).map { "\($0)" })
    #expect(!without.contains { if case .list = $0 { true } else { false } })
  }
}

@Suite struct NewsSimulationTests {
  @Test func test_AC_NEWS_06_noActOfThePartnerGoesUntold() async {
    let result = await Simulation.run(SimulationConfig(seed: 18_948, steps: 300))
    #expect(result.violation == nil, "\(result.violation.map { "\($0)" } ?? "")")
    #expect(Invariant.newsIsWhole.rawValue.contains("untold"))
    #expect(Sabotage.silentNews.breaks == .newsIsWhole)
  }
}

extension SimulationTests {
  @Test func test_AC_SIM_07_theNewsInvariantsHoldTheListToItsActs() async throws {
    for (sabotage, kinds) in [
      (Sabotage.wrongAisle, ["moved-item"]), (.silentList, ["moved-item", "got-items"]),
      (.phantomRename, ["renamed-item"]), (.silentRename, ["renamed-item"]),
    ] {
      var detail: String?
      for seed in UInt64(1)...40 where detail == nil {
        let result = await Simulation.run(
          SimulationConfig(seed: seed, steps: 120, sabotage: sabotage))
        if let violation = result.violation, violation.invariant == sabotage.breaks {
          detail = violation.detail
        }
      }
      let said = try #require(detail, "\(sabotage) never broke \(sabotage.breaks)")
      #expect(kinds.contains { said.contains($0) }, "\(sabotage): \(said)")
    }
  }
}

import TeammateKit
import TeammateSimulation
import TeammateTestHarness
import Testing

/// A partner moves the household to another store in the middle of a run (AC-PORT-17).
@Suite struct MoveSimulationTests {
  @Test func test_AC_PORT_17_aHouseholdMovedMidRunIsFollowedAndBreaksNothing() async throws {
    func moves(_ actions: [SimAction]) -> Bool {
      actions.contains { if case .move = $0 { true } else { false } }
    }
    // NB: the first seeds whose runs move: a third of them do, in their middle third.
    let seeds = (UInt64(1)...40).filter {
      moves(Simulation.script(for: SimulationConfig(seed: $0, steps: 120, moves: true)).1)
    }.prefix(4)
    #expect(seeds.count == 4)
    var followed = 0
    for seed in seeds {
      let result = await Simulation.run(SimulationConfig(seed: seed, steps: 120, moves: true))
      #expect(result.violation == nil, "seed \(seed): \(String(describing: result.violation))")
      if result.trace.contains(where: { $0.hasSuffix(": follows") }) { followed += 1 }
    }
    #expect(followed >= 2, "\(followed) of \(seeds.count) runs had a phone follow a move")
    // NB: off, a seed's steps are what they were before moves came.
    for seed in seeds {
      let (_, off) = Simulation.script(for: SimulationConfig(seed: seed, steps: 120, moves: false))
      let (_, on) = Simulation.script(for: SimulationConfig(seed: seed, steps: 120, moves: true))
      #expect(!moves(off))
      let at = try #require(on.firstIndex { if case .move = $0 { true } else { false } })
      #expect(Array(on.prefix(at)) == Array(off.prefix(at)))
    }
  }
}

extension MoveSimulationTests {
  @Test func test_AC_PORT_28_householdsMoveBetweenKindsOfStoreAndAPhoneGoesStraightThere()
    async throws
  {
    var kinds: Set<String> = ["sqliteInMemory"]
    var straight = 0
    for seed in UInt64(1)...30 {
      var config = SimulationConfig(seed: seed, steps: 200, backend: BackendKind.sqliteInMemory)
      config.moveTargets = [BackendKind.inMemory, BackendKind.sqliteFile]
      guard
        Simulation.script(for: config).1.contains(where: {
          if case .move = $0 { true } else { false }
        })
      else { continue }
      let result = await Simulation.run(config)
      #expect(result.violation == nil, "seed \(seed): \(String(describing: result.violation))")
      for line in result.trace where line.contains("moves the household") {
        for kind in ["inMemory", "sqliteInMemory", "sqliteFile"]
        where line.contains(", \(kind)") {
          kinds.insert(kind)
        }
        if line.contains("goes straight there") { straight += 1 }
      }
      if kinds.count >= 2, straight >= 1 { break }
    }
    #expect(kinds.count >= 2, "\(kinds)")
    #expect(straight >= 1)
  }

  /// The seeds that found a defect, each run as it failed (AC-SIM-08).
  @Test(arguments: [UInt64(499), 644, 697, 737])
  func test_AC_SIM_08_seedsThatOnceFoundADefectStayClean(seed: UInt64) async {
    var config = SimulationConfig(seed: seed, steps: 300, backend: BackendKind.inMemory)
    config.moveTargets = [BackendKind.sqliteInMemory, BackendKind.sqliteFile]
    let result = await Simulation.run(config)
    #expect(result.violation == nil, "seed \(seed): \(String(describing: result.violation))")
    #expect(result.trace.contains { $0.contains("moves the household") })
  }

  @Test func test_AC_PORT_33_aMoveCutShortIsMadeAgainOrGoesElsewhereBreakingNothing() async {
    var again = 0
    var later = 0
    for seed in UInt64(1)...60 where again == 0 || later == 0 {
      let config = SimulationConfig(seed: seed, steps: 300, backend: BackendKind.inMemory)
      let result = await Simulation.run(config)
      #expect(result.violation == nil, "seed \(seed): \(String(describing: result.violation))")
      again += result.trace.filter { $0.contains("cut short after its import, made again") }.count
      later += result.trace.filter { $0.contains("-> cut short after its import to") }.count
    }
    #expect(again >= 1 && later >= 1, "made again \(again), left for later \(later)")
  }
}

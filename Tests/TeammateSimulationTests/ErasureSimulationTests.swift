import TeammateKit
import TeammateSimulation
import Testing

/// A partner erases their account in the middle of a run (AC-PORT-11).
@Suite struct ErasureSimulationTests {
  @Test func test_AC_PORT_11_anAccountErasedMidRunLeavesNoTraceAndBreaksNothing() async throws {
    func erases(_ actions: [SimAction]) -> Bool {
      actions.contains { if case .erase = $0 { true } else { false } }
    }
    // NB: the first seeds whose runs erase: a third of them do, late.
    let seeds = (UInt64(1)...40).filter {
      erases(Simulation.script(for: SimulationConfig(seed: $0, steps: 120)).1)
    }.prefix(4)
    #expect(seeds.count == 4)
    var erased = 0
    for seed in seeds {
      let result = await Simulation.run(SimulationConfig(seed: seed, steps: 120))
      #expect(result.violation == nil, "seed \(seed): \(String(describing: result.violation))")
      if result.trace.contains(where: { $0.contains("erases their account -> ok") }) { erased += 1 }
    }
    #expect(erased >= 2, "\(erased) of \(seeds.count) runs erased an account")
    // NB: off, a seed's steps are what they were before erasures came.
    for seed in seeds {
      let (_, off) = Simulation.script(
        for: SimulationConfig(seed: seed, steps: 120, erasures: false))
      let (_, on) = Simulation.script(for: SimulationConfig(seed: seed, steps: 120))
      #expect(!erases(off))
      let at = try #require(on.firstIndex { if case .erase = $0 { true } else { false } })
      #expect(Array(on.prefix(at)) == Array(off.prefix(at)))
    }
  }
}

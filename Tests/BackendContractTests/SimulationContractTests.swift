import TeammateConformance
import TeammateTestHarness
import TeammateTestSupport
import Testing

/// `SimulationContract`'s seeded runs on each of our backends, its seeds spread over test
/// cases so that they share the cores (its checks run with the rest, `BackendContractTests`).
@Suite struct SimulationContractTests {
  struct Run: Sendable, CustomTestStringConvertible {
    let kind: BackendKind
    let seed: UInt64
    var testDescription: String { "\(kind.rawValue), seed \(seed)" }
  }

  static let runs = BackendKind.allCases.flatMap { kind in (1...6).map { Run(kind: kind, seed: $0) }
  }

  @Test(arguments: runs)
  func test_AC_SYNC_19_devicesConvergeWhateverHappens(run: Run) async throws {
    try await SimulationContract.live(seed: run.seed, steps: 60, on: run.kind)
  }

  /// A slice of the sweep: the seeds of one test case, on one backend kind.
  struct Sweep: Sendable, CustomTestStringConvertible {
    let kind: BackendKind
    let seeds: ClosedRange<UInt64>
    var testDescription: String { "\(kind.rawValue), seeds \(seeds)" }
  }

  /// 100 seeds × 100 steps in memory in the soak (20 in verify), 10 × 40 on each of the others
  /// (each step there is a transaction), each slice a test case of its own.
  static let sweeps = BackendKind.allCases.flatMap { kind in
    let perCase: UInt64 = kind == .inMemory ? Soak.size(verify: 2, soak: 10) : 1
    return (UInt64(0)..<10).map {
      Sweep(kind: kind, seeds: (1 + $0 * perCase)...(($0 + 1) * perCase))
    }
  }

  @Test(arguments: sweeps)
  func test_AC_SIM_02_aSweepOfSeedsBreaksNoInvariant(sweep: Sweep) async throws {
    let steps = sweep.kind == .inMemory ? 100 : 40
    await SimulationContract.sweep(sweep.seeds, steps: steps, on: sweep.kind)
  }
}

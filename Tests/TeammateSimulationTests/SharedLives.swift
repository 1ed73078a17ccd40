import TeammateSimulation

/// The twelve lives of 200 steps that the repeat, meal and list tests each read, lived once
/// a test process: the same seeds give the same lives, so running them three times proved
/// nothing more and cost verify three times the time.
enum SharedLives {
  /// Seeds 1 to 12, 200 steps each, in memory.
  static let twelve = Task {
    var lives: [(seed: UInt64, result: SimulationResult)] = []
    for seed in UInt64(1)...12 {
      lives.append((seed, await Simulation.run(SimulationConfig(seed: seed, steps: 200))))
    }
    return lives
  }
}

import Foundation
import TeammateSimulation
import TeammateTestHarness

// `teammate-sim --seeds 1...1000 --steps 300 [--backend inMemory] [--trace] [--sabotage NAME]
// [--no-meals] [--no-list]` runs each seed and says which broke an invariant; `--seed N --trace` prints one
// run; `--no-meals` runs a seed's steps as they were before meals came, `--no-list` before the
// shopping list came.
let usage =
  "usage: teammate-sim [--seed N | --seeds A...B] [--steps N] [--backend "
  + BackendKind.allCases.map(\.rawValue).joined(separator: "|") + "] [--trace] [--sabotage "
  + Sabotage.allCases.map(\.rawValue).joined(separator: "|")
  + "] [--no-meals] [--no-list] [--no-erasures] [--no-moves]"

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("teammate-sim: error: \(message)\n\(usage)\n".utf8))
  exit(64)
}

var seeds: ClosedRange<UInt64> = 1...100
var steps = 300
var backend = BackendKind.inMemory
var printTrace = false
var sabotage: Sabotage?
var meals = true
var list = true
var erasures = true
var moves = true
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  func value() -> String {
    guard let value = arguments.popFirst() else { fail("'\(argument)' needs a value") }
    return value
  }
  switch argument {
  case "--seed":
    guard let seed = UInt64(value()) else { fail("--seed takes a number") }
    seeds = seed...seed
  case "--seeds":
    let text = value()
    let parts = text.components(separatedBy: "...")
    guard parts.count == 2, let low = UInt64(parts[0]), let high = UInt64(parts[1]), low <= high
    else { fail("--seeds takes a range such as 1...1000, not '\(text)'") }
    seeds = low...high
  case "--steps":
    guard let count = Int(value()), count > 0 else { fail("--steps takes a positive number") }
    steps = count
  case "--backend":
    let text = value()
    guard let kind = BackendKind(rawValue: text) else { fail("unknown backend '\(text)'") }
    backend = kind
  case "--sabotage":
    let text = value()
    guard let kind = Sabotage(rawValue: text) else { fail("unknown sabotage '\(text)'") }
    sabotage = kind
  case "--trace": printTrace = true
  case "--no-meals": meals = false
  case "--no-list": list = false
  case "--no-erasures": erasures = false
  case "--no-moves": moves = false
  case "-h", "--help":
    print(usage)
    exit(0)
  default: fail("unknown argument '\(argument)'")
  }
}

let started = ContinuousClock.now
var failures = 0
var stepsRun = 0
for seed in seeds {
  var config = SimulationConfig(
    seed: seed, steps: steps, backend: backend, sabotage: sabotage, meals: meals, list: list,
    erasures: erasures, moves: moves)
  // NB: a move may take the household to any kind of store this machine makes alone.
  config.moveTargets = [BackendKind.inMemory, .sqliteInMemory, .sqliteFile].filter {
    $0 != backend
  }
  let result = await Simulation.run(config)
  stepsRun += result.trace.count - 1
  if printTrace { print(result.trace.joined(separator: "\n")) }
  guard let violation = result.violation else { continue }
  failures += 1
  print("FAIL seed \(seed), \(violation)")
  print("  replay: \(config.replay) --trace")
  let short = await Simulation.shrink(
    config, actions: result.actions, breaking: violation.invariant)
  let shrunk = await Simulation.run(config, actions: short)
  print("  shrunk to \(short.count) step(s):")
  for line in shrunk.trace { print("    \(line)") }
}
let elapsed = ContinuousClock.now - started
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
print(
  String(
    format: "%d seed(s) x %d steps on %@: %d failed, %.1f s, %.0f steps/s", seeds.count, steps,
    backend.rawValue, failures, seconds, Double(stepsRun) / max(seconds, 1e-9)))
exit(failures == 0 ? 0 : 1)

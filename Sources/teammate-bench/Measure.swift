import Foundation

/// One row of the benchmark table.
struct Measurement {
  var name: String
  var count: Int
  var median: Duration
  var fastest: Duration
}

/// Runs `body` `runs` times (after one warm-up) and keeps the median and fastest wall times.
func measure(
  _ name: String, count: Int, runs: Int = 15, _ body: () throws -> Void
) rethrows -> Measurement {
  try body()
  let clock = ContinuousClock()
  var times: [Duration] = []
  for _ in 0..<runs {
    let start = clock.now
    try body()
    times.append(clock.now - start)
  }
  times.sort()
  return Measurement(name: name, count: count, median: times[times.count / 2], fastest: times[0])
}

/// The async twin of `measure`, with a fresh `setup` value for every run (not timed).
func measure<Input>(
  _ name: String, count: Int, runs: Int = 15, setup: () async throws -> Input,
  _ body: (Input) async throws -> Void
) async rethrows -> Measurement {
  try await body(try await setup())
  let clock = ContinuousClock()
  var times: [Duration] = []
  for _ in 0..<runs {
    let input = try await setup()
    let start = clock.now
    try await body(input)
    times.append(clock.now - start)
  }
  times.sort()
  return Measurement(name: name, count: count, median: times[times.count / 2], fastest: times[0])
}

/// Consumes a computed value so that the optimiser cannot drop the work behind it.
@_optimize(none)
func keep<T>(_ value: T) {}

/// A duration in seconds, as a number.
func seconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
}

/// Formats a duration in the unit that reads best.
func format(_ duration: Duration) -> String {
  let total = seconds(duration)
  if total >= 1 { return String(format: "%.2f s", total) }
  if total >= 1e-3 { return String(format: "%.2f ms", total * 1e3) }
  return String(format: "%.1f µs", total * 1e6)
}

/// Prints the rows as an aligned Markdown table, ready to paste into docs/benchmarks.md.
func printTable(_ rows: [Measurement]) {
  let header = ["benchmark", "n", "median", "fastest"]
  let body = rows.map { [$0.name, String($0.count), format($0.median), format($0.fastest)] }
  let widths = header.indices.map { column in
    ([header] + body).map { $0[column].count }.max() ?? 0
  }
  func line(_ cells: [String]) -> String {
    "| "
      + cells.enumerated().map { index, cell in
        cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
      }.joined(separator: " | ") + " |"
  }
  print(line(header))
  print(line(widths.map { String(repeating: "-", count: $0) }))
  for row in body { print(line(row)) }
}

import Foundation

// Release build only: `swift run -c release teammate-bench`. Figures go to docs/benchmarks.md.
let scratch = (NSTemporaryDirectory() as NSString).appendingPathComponent(
  "teammate-bench-\(getpid())")
try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: scratch) }

var rows = plannerBenchmarks()
rows += try await storeBenchmarks(folder: scratch)
printTable(rows)

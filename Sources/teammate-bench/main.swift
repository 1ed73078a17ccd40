import Foundation

// Release build only: `swift run -c release teammate-bench`. Figures go to docs/benchmarks.md.
let scratch = (NSTemporaryDirectory() as NSString).appendingPathComponent(
  "teammate-bench-\(getpid())")
try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
/// Takes the scratch folder away unless `TEAMMATE_BENCH_KEEP` asks to keep it.
func leaveNothing() {
  if ProcessInfo.processInfo.environment["TEAMMATE_BENCH_KEEP"] == nil {
    try? FileManager.default.removeItem(atPath: scratch)
  }
}
/// Ends a run of some rows alone: `exit` runs no `defer`, so the folder goes first.
func finish() -> Never {
  leaveNothing()
  exit(0)
}
defer { leaveNothing() }

// NB: `TEAMMATE_BENCH_ONLY=save` runs a turn's save alone.
if ProcessInfo.processInfo.environment["TEAMMATE_BENCH_ONLY"] == "save" {
  printTable(try await saveBenchmarks())
  finish()
}
// NB: `TEAMMATE_BENCH_ONLY=device` runs the device's rows alone, for working on them.
if ProcessInfo.processInfo.environment["TEAMMATE_BENCH_ONLY"] == "device" {
  printTable(plannerBenchmarks() + (try await deviceBenchmarks()))
  finish()
}
// NB: `TEAMMATE_BENCH_ONLY=meals` runs the meal rows alone.
if ProcessInfo.processInfo.environment["TEAMMATE_BENCH_ONLY"] == "meals" {
  printTable(mealBenchmarks())
  finish()
}
// NB: `TEAMMATE_BENCH_ONLY=list` runs the shopping list's rows alone.
if ProcessInfo.processInfo.environment["TEAMMATE_BENCH_ONLY"] == "list" {
  printTable(
    try await listBenchmarks(folder: scratch) + (try await shopListBenchmarks(folder: scratch)))
  finish()
}
// NB: `TEAMMATE_BENCH_ONLY=news` runs the first sync's rows alone.
if ProcessInfo.processInfo.environment["TEAMMATE_BENCH_ONLY"] == "news" {
  printTable(try await firstSyncBenchmarks())
  finish()
}
// NB: `TEAMMATE_BENCH_ONLY=cli` runs the command line's rows alone.
if ProcessInfo.processInfo.environment["TEAMMATE_BENCH_ONLY"] == "cli" {
  let commandLine = try await commandLineBenchmarks(folder: scratch)
  printTable(commandLine.rows)
  if let peak = commandLine.peakMiB {
    print(String(format: "\npeak memory of `teammate pending --json`: %.1f MiB", peak))
  }
  finish()
}
// NB: `TEAMMATE_BENCH_ONLY=portable-sqlite` runs a household's export and import on SQLite
// alone, without a server: the loop for working on the document's coders.
if ProcessInfo.processInfo.environment["TEAMMATE_BENCH_ONLY"] == "portable-sqlite" {
  printTable(try await portabilityBenchmarks(folder: scratch, server: nil))
  finish()
}
// NB: `TEAMMATE_BENCH_ONLY=portable` runs a household's export and import alone.
if ProcessInfo.processInfo.environment["TEAMMATE_BENCH_ONLY"] == "portable" {
  let server = try BenchServer.start()
  do {
    printTable(try await portabilityBenchmarks(folder: scratch, server: server))
  } catch {
    server.stop()
    throw error
  }
  server.stop()
  finish()
}
// NB: `TEAMMATE_BENCH_ONLY=load` runs the server's load rows alone.
if ProcessInfo.processInfo.environment["TEAMMATE_BENCH_ONLY"] == "load" {
  let server = try BenchServer.start()
  // NB: `exit` runs no `defer`: the cluster is stopped first, whatever the load did.
  do {
    print(try await postgresLoad(server).joined(separator: "\n"))
  } catch {
    server.stop()
    throw error
  }
  server.stop()
  finish()
}
var rows = plannerBenchmarks()
rows += mealBenchmarks()
rows += try await listBenchmarks(folder: scratch)
rows += try await shopListBenchmarks(folder: scratch)
rows += try await deviceBenchmarks()
rows += try await storeBenchmarks(folder: scratch)
let commandLine = try await commandLineBenchmarks(folder: scratch)
rows += commandLine.rows
rows += try await syncBenchmarks(folder: scratch)
let server = try BenchServer.start()
defer { server.stop() }
rows += try await postgresBenchmarks(server)
rows += try await portabilityBenchmarks(folder: scratch, server: server)
let pushes = try await pushLatencies(server)
let load = try await postgresLoad(server)
printTable(rows)
print("\n" + pushes.joined(separator: "\n"))
print("\n" + load.joined(separator: "\n"))
if let peak = commandLine.peakMiB {
  print(String(format: "\npeak memory of `teammate pending --json`: %.1f MiB", peak))
} else {
  print("\n(no release `teammate` beside the benchmark: build it with `swift build -c release`)")
}

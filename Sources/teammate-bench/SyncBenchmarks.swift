import Foundation
import TeammateKit
import TeammateSQLite
import TeammateSystem

/// A partner's first `sync` of a household with `count` new cards, human against `--json`:
/// the human output words every card, so it must stay linear (within 1.2× of `--json`).
func syncBenchmarks(folder: String, counts: [Int] = [10_000, 100_000]) async throws
  -> [Measurement]
{
  let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  let teammate = products.appendingPathComponent("teammate").path
  guard FileManager.default.isExecutableFile(atPath: teammate) else { return [] }
  var rows: [Measurement] = []
  for count in counts {
    let (store, home) = try await freshStore(in: folder)
    _ = try await store.addCards(drafts(count), to: home, as: "alice")
    let path = store.path
    // NB: each run starts from a device that has never synced.
    let forget = {
      try await store.saveDeviceState(DeviceState(), for: "bob")
      try await store.scheduler(for: "bob", clock: SystemWallClock()).removeAll()
    }
    let runs = count >= 100_000 ? 5 : 11
    for json in [false, true] {
      let arguments = ["--store", path, "--as", "bob"] + (json ? ["--json"] : []) + ["sync"]
      rows.append(
        try await measure(
          "first `teammate sync\(json ? " --json" : "")`", count: count, runs: runs, setup: forget
        ) {
          guard try runQuietly(teammate, arguments) else { throw StoreError.notWritable(path) }
        })
    }
  }
  return rows
}

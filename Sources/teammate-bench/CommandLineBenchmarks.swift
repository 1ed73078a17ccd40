import Foundation
import TeammateKit
import TeammateSQLite

/// Runs a program to completion with its output discarded; false when it failed.
func runQuietly(_ executable: String, _ arguments: [String]) throws -> Bool {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  try process.run()
  process.waitUntilExit()
  return process.terminationStatus == 0
}

/// The peak memory a `teammate -v` run reports for itself on stderr, in MiB.
func reportedPeakMemory(_ executable: String, _ arguments: [String]) throws -> Double? {
  let process = Process()
  let errors = Pipe()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = ["-v"] + arguments
  process.standardOutput = FileHandle.nullDevice
  process.standardError = errors
  try process.run()
  let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  guard let range = text.range(of: "peak memory ") else { return nil }
  return Double(text[range.upperBound...].prefix { $0.isNumber || $0 == "." })
}

/// A cold `teammate pending --json` on a 10,000-card store, against the same rows read by the
/// `sqlite3` shell as the floor. Returns the rows and the peak memory of the teammate runs.
func commandLineBenchmarks(
  folder: String
) async throws -> (rows: [Measurement], peakMiB: Double?) {
  let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  let teammate = products.appendingPathComponent("teammate").path
  guard FileManager.default.isExecutableFile(atPath: teammate) else { return ([], nil) }
  let (store, home) = try await freshStore(in: folder)
  let cards = try await store.addCards(drafts(10_000), to: home, as: "alice")
  _ = try await store.acknowledgeCards(
    cards.enumerated().filter { $0.offset % 2 == 0 }.map {
      CardRevision($0.element.id, revision: 1)
    },
    as: "bob")
  let path = store.path

  var rows: [Measurement] = []
  rows.append(
    try await measure("cold `teammate --version`", count: 1, runs: 11, setup: {}) {
      guard try runQuietly(teammate, ["--version"]) else { throw StoreError.notWritable(path) }
    })
  let arguments = ["--store", path, "--as", "bob", "--json", "pending"]
  rows.append(
    try await measure("cold `teammate pending --json`", count: 10_000, runs: 11, setup: {}) {
      guard try runQuietly(teammate, arguments) else { throw StoreError.notWritable(path) }
    })
  let peak = try reportedPeakMemory(teammate, arguments)
  let sync = ["--store", path, "--as", "bob", "sync"]
  rows.append(
    try await measure("`teammate sync`, nothing new", count: 10_000, runs: 11, setup: {}) {
      guard try runQuietly(teammate, sync) else { throw StoreError.notWritable(path) }
    })
  // NB: the rows above ran on a device that had never saved; after the syncs it keeps a
  // state, the partner's 10,000 acts waiting in it, as a phone that synced does.
  rows.append(
    try await measure(
      "cold `teammate pending --json`, state saved", count: 10_000, runs: 11, setup: {}
    ) {
      guard try runQuietly(teammate, arguments) else { throw StoreError.notWritable(path) }
    })

  let shell = "/usr/bin/sqlite3"
  if FileManager.default.isExecutableFile(atPath: shell) {
    let query = """
      SELECT \(["id", "household_id", "kind", "title", "note", "time", "assignee", "reply_by", "created_by", "last_edited_by", "created_at", "last_edited_at", "revision", "ack_by", "ack_at", "ack_revision", "done", "deleted"].joined(separator: ", "))
      FROM cards WHERE household_id = '\(home)' AND ack_by IS NULL AND last_edited_by != 'bob'
      AND deleted = 0 ORDER BY last_edited_at, id
      """
    rows.append(
      try await measure("same rows, sqlite3 shell (floor)", count: 10_000, runs: 11, setup: {}) {
        guard try runQuietly(shell, ["-json", path, query]) else {
          throw StoreError.notWritable(path)
        }
      })
  }
  return (rows, peak)
}

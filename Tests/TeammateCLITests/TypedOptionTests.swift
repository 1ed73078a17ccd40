import Foundation
import TeammateCLI
import TeammateTestSupport
import Testing

@Suite struct TypedOptionTests {
  @Test(arguments: [
    (["card", "add", "Milk", "--kind", "idea"], "'idea' is not a valid value for '--kind'"),
    (["settings", "--lead", "2000"], "a reminder lead time of 2000 minutes is outside 0…1440"),
    (["ack", "k3f9", "--revision", "0"], "'0' is not a valid value for '--revision'"),
    (["card", "list", "--sort", "size"], "'size' is not a valid value for '--sort'"),
    (["settings", "--quiet", "23:00-23:00"], "quiet hours '23:00-23:00' start and end"),
    (["card", "add", "Milk", "--at", "someday"], "'someday' is not a time"),
  ])
  func test_AC_CLI_50_badValuesAreUsageErrorsBeforeAnyStoreOpens(
    arguments: [String], message: String
  ) async throws {
    let scratch = try Scratch()
    let outcome = try await Binary.run(
      ["--as", "alice"] + arguments,
      environment: ["TEAMMATE_STORE": scratch.store, "TEAMMATE_NOW": scratch.now])
    #expect(outcome.exitCode == 64)
    #expect(outcome.stdout.isEmpty)
    #expect(outcome.stderr.hasPrefix("teammate: error: \(message)"), "\(outcome.stderr)")
    // NB: the store does not exist: a value checked before the command runs never gets there.
    #expect(!outcome.stderr.contains(scratch.store))
    #expect(!FileManager.default.fileExists(atPath: scratch.store))
  }

  @Test func test_AC_CLI_50_aTimeThatDoesNotParseShowsTheHouseholdsOffset() async throws {
    let scratch = try Scratch()
    _ = try await scratch.json(
      "carol", ["household", "create", "--name", "NY", "--tz", "America/New_York"])
    let outcome = await scratch.run("carol", ["card", "add", "Milk", "--at", "someday"])
    #expect(outcome.exitCode == 64)
    #expect(outcome.stderr.contains("2026-12-01T20:00-05:00"), "\(outcome.stderr)")
    let nowhere = await scratch.run("dave", ["card", "add", "Milk", "--at", "someday"])
    #expect(nowhere.exitCode == 64)
    #expect(nowhere.stderr.contains("'someday' is not a time"))
  }

  @Test(arguments: [
    (
      ["card", "edit", "{id}", "--at", "tomorrow 17:00", "--clear-time"], "'--at'", "'--clear-time'"
    ),
    (["card", "edit", "{id}", "--note", "x", "--clear-note"], "'--note'", "'--clear-note'"),
    (
      ["card", "edit", "{id}", "--reply-by", "19:00", "--clear-reply-by"], "'--reply-by'",
      "'--clear-reply-by'"
    ),
    (["card", "list", "--open", "--done"], "'--open'", "'--done'"),
    (["ack", "--all", "{id}"], "card ids", "'--all'"),
    (["ack", "--all", "--revision", "1"], "'--revision'", "'--all'"),
    (["ack", "{id}", "{id}", "--revision", "1"], "'--revision'", "exactly one card"),
    (
      ["settings", "--enable", "digest", "--disable", "Digest"], "'--enable digest'",
      "'--disable digest'"
    ),
  ])
  func test_AC_CLI_51_contradictionsAreUsageErrorsNamingBoth(
    arguments: [String], first: String, second: String
  ) async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let card = try await scratch.card("alice", ["Checkup", "--kind", "event", "--at", "19:00"])
    let id = try #require(card["id"] as? String)
    let before = try await scratch.fingerprint()
    let outcome = await scratch.run("alice", arguments.map { $0 == "{id}" ? id : $0 })
    #expect(outcome.exitCode == 64)
    #expect(outcome.stdout.isEmpty)
    let line = outcome.stderr.split(separator: "\n").first.map(String.init) ?? ""
    #expect(line.contains(first) && line.contains(second), "\(outcome.stderr)")
    #expect(outcome.stderr.contains("Usage: teammate "))
    let after = try await scratch.fingerprint()
    #expect(NSDictionary(dictionary: before).isEqual(to: after))
  }

  @Test func test_AC_CLI_52_anOptionGivenTwiceIsRefusedUnlessItRepeats() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let twice = await scratch.run(nil, ["--as", "alice", "--as", "bob", "pending"])
    #expect(twice.exitCode == 64)
    #expect(twice.stderr.hasPrefix("teammate: error: '--as' was given twice ('alice' and 'bob')"))
    let flag = await scratch.run("alice", ["--json", "pending", "--json"])
    #expect(flag.exitCode == 64)
    #expect(flag.stderr.hasPrefix("teammate: error: '--json' was given twice: give it once."))
    let local = await scratch.run("alice", ["card", "add", "Milk", "--note", "a", "--note", "b"])
    #expect(local.exitCode == 64)
    #expect(local.stderr.contains("'--note' was given twice ('a' and 'b')"))
    let repeats = try await scratch.json(
      "alice", ["settings", "--disable", "digest", "--disable", "event"])
    let settings = try #require(repeats["settings"] as? [String: Any])
    #expect(settings["disabled"] as? [String] == ["digest", "event"])
  }
}

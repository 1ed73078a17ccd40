import Foundation
import TeammateCLI
import Testing

@Suite struct HouseholdCLITests {
  @Test func test_AC_CLI_10_householdAndInviteCommandsPrintTheirJSON() async throws {
    let scratch = try Scratch()
    let created = try await scratch.json(
      "alice",
      ["household", "create", "--name", "Home", "--tz", "Asia/Taipei", "--display-name", "Alice"])
    let household = try #require(created["household"] as? [String: Any])
    #expect(household["name"] as? String == "Home")
    #expect(household["timeZone"] as? String == "Asia/Taipei")
    #expect((household["id"] as? String)?.isEmpty == false)
    let invite = try #require(created["invite"] as? [String: Any])
    #expect(invite["expiresAt"] as? String == "2026-12-02T09:00:00+08:00")
    let first = try #require(invite["code"] as? String)
    #expect(first.count == 6)

    let shown = try await scratch.json("alice", ["invite", "show"])
    #expect(shown["code"] as? String == first)
    let second = try await scratch.json("alice", ["invite", "create"])
    let code = try #require(second["code"] as? String)
    #expect(code != first)
    let revoked = await scratch.run("bob", ["household", "join", first])
    #expect(revoked.exitCode == 1)

    let joined = try await scratch.json(
      "bob", ["household", "join", code, "--display-name", "Bob"])
    let members = (joined["household"] as? [String: Any])?["members"] as? [[String: Any]]
    #expect(members?.map { $0["displayName"] as? String } == ["Alice", "Bob"])
    let show = try await scratch.json("bob", ["household", "show"])
    #expect(show["invite"] is NSNull)
    let noInvite = await scratch.run("alice", ["invite", "show"])
    #expect(noInvite.exitCode == 1)
    #expect(noInvite.stderr.contains("has no live invite"))

    let left = try await scratch.json("bob", ["household", "leave"])
    #expect(left["left"] as? String == household["id"] as? String)
    let after = await scratch.run("bob", ["pending"])
    #expect(after.stderr.contains("'bob' is not in a household yet"))
  }

  @Test func test_AC_CLI_15_accountLinkKeepsTheUid() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let linked = try await scratch.json(
      "alice", ["account", "link", "--credential", "google:alice@example.com"])
    #expect(linked["account"] as? String == "alice")
    #expect(linked["credential"] as? String == "google:alice@example.com")
    #expect(try await scratch.json("alice", ["household", "show"])["household"] != nil)
    let taken = await scratch.run(
      "bob", ["account", "link", "--credential", "google:alice@example.com"])
    #expect(taken.exitCode == 1)
    #expect(taken.stderr.contains("already linked to another account"))
    let malformed = await scratch.run("bob", ["account", "link", "--credential", "google"])
    #expect(malformed.exitCode == 64)
  }

  @Test func test_AC_CLI_47_anExpiredCodeSaysWhenInTheHouseholdsTimeAndWhatToDo() async throws {
    let scratch = try Scratch()
    let created = try await scratch.json(
      "alice", ["household", "create", "--name", "Home", "--tz", "America/New_York"])
    let code = try #require((created["invite"] as? [String: Any])?["code"] as? String)
    let late = await scratch.run(
      "bob", ["household", "join", code], now: "2026-12-03T09:00:00+08:00")
    #expect(late.exitCode == 1)
    #expect(
      late.stderr.contains(
        "expired at 2026-12-01T20:00:00-05:00 (America/New_York time); ask your partner for a "
          + "new code\nhint: your partner makes a new code with 'teammate invite create'"),
      "\(late.stderr)")
  }
}

@Suite struct RefusalHintTests {
  @Test func test_AC_CLI_70_theLastMemberLeavingIsToldTheOption() async throws {
    let scratch = try Scratch()
    _ = try await scratch.json("alice", ["household", "create", "--name", "Home"])
    let refused = await scratch.run("alice", ["household", "leave"])
    #expect(refused.exitCode == 1)
    #expect(
      refused.stderr.hasSuffix(
        "hint: to leave and delete it: teammate household leave --delete-household\n"),
      "\(refused.stderr)")
    let still = try await scratch.json("alice", ["household", "show"])
    #expect((still["household"] as? [String: Any])?["name"] as? String == "Home")
  }

  @Test func test_AC_CLI_79_joiningSaysWithWhomAndWhatYouAreCalled() async throws {
    let scratch = try Scratch()
    let created = try await scratch.json(
      "alice", ["household", "create", "--name", "Home", "--tz", "Asia/Taipei"])
    let code = try #require((created["invite"] as? [String: Any])?["code"] as? String)
    let joined = await scratch.run("bob", ["household", "join", code, "--display-name", "Bob"])
    #expect(joined.exitCode == 0, "\(joined.stderr)")
    #expect(joined.stdout == "Joined 'Home' with alice; you are Bob.\n")
  }
}

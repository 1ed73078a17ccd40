import Foundation
import TeammateCLI
import TeammateTestHarness
import Testing

/// A household that went to a server and comes back to a file, a phone with its own file
/// following it with its waiting write, and no credential in where it went (AC-PORT-21,
/// AC-PORT-23), through the built binary.
@Suite struct MoveBackFromServerCLITests {
  @Test func test_AC_PORT_21_AC_PORT_23_backToAFileWithTheWriteAPhoneKeptAndNoCredentialTold()
    async throws
  {
    let scratch = try Scratch()
    try await scratch.couple()
    let server = try PostgresTestServer.freshStore("movingback")
    var urls: [String: String] = [:]
    for name in ["alice", "bob"] {
      urls[name] = try #require(
        try await ServerAccountCLITests.add(
          name, on: server, passfile: scratch.folder.appending("\(name).pgpass"))["url"]
          as? String)
    }
    func run(_ account: String, _ arguments: [String], store: String? = nil) async throws
      -> CommandOutcome
    {
      var environment = scratch.environment
      environment["TEAMMATE_DEVICE"] = scratch.folder.appending("phone-\(account).sqlite")
      if let store { environment["TEAMMATE_STORE"] = store }
      return try await Binary.run(["--as", account] + arguments, environment: environment)
    }
    #expect(try await run("alice", ["card", "add", "Checkup"]).exitCode == 0)
    _ = try await run("bob", ["sync"])
    let moved = try await run("alice", ["household", "move", "--to", server])
    #expect(moved.exitCode == 0, "\(moved.stderr)")

    // AC-PORT-23: where it went has no credential, and the hint names the member's own URL.
    for language in ["en", "zh-Hant"] {
      let left = try await run("bob", ["--lang", language, "sync"])
      #expect(left.exitCode == 1, "\(left.stderr)")
      for secret in ["postgres@", "user=", "password", "passfile"] {
        #expect(!left.stderr.contains(secret), "\(secret): \(left.stderr)")
        #expect(!moved.stdout.contains(secret), "\(secret): \(moved.stdout)")
      }
      #expect(left.stderr.contains("teammate server add-account"), "\(left.stderr)")
    }

    // AC-PORT-21: Bob on the server with his phone's file writes offline; Alice takes the
    // household to a file; Bob's first run there, with his phone's file, sends the write.
    #expect(try await run("bob", ["sync"], store: urls["bob"]).exitCode == 0)
    let written = try await run("bob", ["--offline", "card", "add", "Y"], store: urls["bob"])
    #expect(written.exitCode == 0, "\(written.stderr)")
    let file = scratch.folder.appending("final.sqlite")
    let back = try await run("alice", ["household", "move", "--to", file], store: urls["alice"])
    #expect(back.exitCode == 0, "\(back.stderr)")
    let there = try await run("bob", ["sync"], store: file)
    #expect(there.exitCode == 0, "\(there.stderr)")
    #expect(there.stdout.hasPrefix("1 waiting write sent;"), "\(there.stdout)")
    #expect(!there.stdout.contains("Checkup"), "\(there.stdout)")
    let outbox = try await run("bob", ["outbox"], store: file)
    #expect(outbox.stdout.contains("every write has landed"), "\(outbox.stdout)")
    let cards = try await run("alice", ["--json", "card", "list"], store: file)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(cards.stdout.utf8)) as? [String: Any])
    let titles = ((document["cards"] as? [[String: Any]]) ?? []).compactMap {
      $0["title"] as? String
    }
    #expect(titles.sorted() == ["Checkup", "Y"], "\(titles)")
    // NB: the phone's file keeps nothing of Bob's any more: it went with him.
    let phone = try await run("bob", ["--offline", "outbox"], store: urls["bob"])
    #expect(!phone.stdout.contains("'Y'"), "\(phone.stdout)\(phone.stderr)")
  }
}

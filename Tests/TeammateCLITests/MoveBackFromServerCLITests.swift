import Foundation
import TeammateCLI
import TeammateTestHarness
import Testing

/// A household that went to a server and comes back to a file, a phone with its own file
/// following it with its waiting write, and no credential in where it went (AC-PORT-21,
/// AC-PORT-23), through the built binary.
@Suite struct MoveBackFromServerCLITests {
  /// Alice and Bob on a file, each with a role on a fresh server and a phone's file of their
  /// own; Bob has synced a card; Alice moves the household to the server.
  struct Moved {
    let scratch: Scratch
    let urls: [String: String]
    let moved: CommandOutcome

    /// Runs the built binary as `account`, with the account's phone file, on `store`.
    func run(_ account: String, _ arguments: [String], store: String? = nil) async throws
      -> CommandOutcome
    {
      var environment = scratch.environment
      environment["TEAMMATE_DEVICE"] = scratch.folder.appending("phone-\(account).sqlite")
      if let store { environment["TEAMMATE_STORE"] = store }
      return try await Binary.run(["--as", account] + arguments, environment: environment)
    }
  }

  static func movedToAServer() async throws -> Moved {
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
    var moved = Moved(scratch: scratch, urls: urls, moved: CommandOutcome())
    #expect(try await moved.run("alice", ["card", "add", "Checkup"]).exitCode == 0)
    _ = try await moved.run("bob", ["sync"])
    let outcome = try await moved.run("alice", ["household", "move", "--to", server])
    #expect(outcome.exitCode == 0, "\(outcome.stderr)")
    moved = Moved(scratch: scratch, urls: urls, moved: outcome)
    return moved
  }

  @Test func test_AC_PORT_23_whereTheHouseholdWentHasNoCredential() async throws {
    let moved = try await Self.movedToAServer()
    for language in ["en", "zh-Hant"] {
      let left = try await moved.run("bob", ["--lang", language, "sync"])
      #expect(left.exitCode == 1, "\(left.stderr)")
      for secret in ["postgres@", "user=", "password", "passfile"] {
        #expect(!left.stderr.contains(secret), "\(secret): \(left.stderr)")
        #expect(!moved.moved.stdout.contains(secret), "\(secret): \(moved.moved.stdout)")
      }
      #expect(left.stderr.contains("teammate server add-account"), "\(left.stderr)")
    }
  }

  @Test func test_AC_PORT_21_backToAFileWithTheWriteAPhoneKept() async throws {
    let moved = try await Self.movedToAServer()
    let (bob, alice) = (moved.urls["bob"], moved.urls["alice"])
    // Bob on the server with his phone's file writes offline; Alice takes the household to a
    // file; Bob's first run there, with his phone's file, sends the write once.
    #expect(try await moved.run("bob", ["sync"]).exitCode == 1)
    #expect(try await moved.run("bob", ["sync"], store: bob).exitCode == 0)
    let written = try await moved.run("bob", ["--offline", "card", "add", "Y"], store: bob)
    #expect(written.exitCode == 0, "\(written.stderr)")
    let file = moved.scratch.folder.appending("final.sqlite")
    let back = try await moved.run("alice", ["household", "move", "--to", file], store: alice)
    #expect(back.exitCode == 0, "\(back.stderr)")
    let there = try await moved.run("bob", ["sync"], store: file)
    #expect(there.exitCode == 0, "\(there.stderr)")
    #expect(there.stdout.hasPrefix("1 waiting write sent;"), "\(there.stdout)")
    #expect(!there.stdout.contains("Checkup"), "\(there.stdout)")
    let outbox = try await moved.run("bob", ["outbox"], store: file)
    #expect(outbox.stdout.contains("every write has landed"), "\(outbox.stdout)")
    let cards = try await moved.run("alice", ["--json", "card", "list"], store: file)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(cards.stdout.utf8)) as? [String: Any])
    let titles = ((document["cards"] as? [[String: Any]]) ?? []).compactMap {
      $0["title"] as? String
    }
    #expect(titles.sorted() == ["Checkup", "Y"], "\(titles)")
    // NB: the phone's file keeps nothing of Bob's any more: it went with him.
    let phone = try await moved.run("bob", ["--offline", "outbox"], store: bob)
    #expect(!phone.stdout.contains("'Y'"), "\(phone.stdout)\(phone.stderr)")
  }
}

extension MoveBackFromServerCLITests {
  /// Bob offline with a waiting write on the server the household went to; Alice moves it on
  /// to another server, where the operator gave each of them a role and another household
  /// wrote first. Where each of them reaches the new server.
  static func movedOnToAnotherServer() async throws -> (Moved, there: [String: String]) {
    let moved = try await Self.movedToAServer()
    let (bob, alice) = (try #require(moved.urls["bob"]), try #require(moved.urls["alice"]))
    #expect(try await moved.run("bob", ["sync"], store: bob).exitCode == 0)
    let written = try await moved.run("bob", ["--offline", "card", "add", "Y"], store: bob)
    #expect(written.exitCode == 0, "\(written.stderr)")
    let next = try PostgresTestServer.freshStore("movingon")
    var there: [String: String] = [:]
    for name in ["alice", "bob"] {
      there[name] = try #require(
        try await ServerAccountCLITests.add(
          name, on: next, passfile: moved.scratch.folder.appending("\(name)-next.pgpass"))["url"]
          as? String)
    }
    // NB: the new server numbers its changes its own way: another household wrote there first.
    let carol = try #require(
      try await ServerAccountCLITests.add(
        "carol", on: next, passfile: moved.scratch.folder.appending("carol.pgpass"))["url"]
        as? String)
    _ = try await moved.run("carol", ["household", "create", "--name", "Other"], store: carol)
    for title in ["a", "b", "c", "d", "e", "f"] {
      #expect(try await moved.run("carol", ["card", "add", title], store: carol).exitCode == 0)
    }
    let onward = try await moved.run("alice", ["household", "move", "--to", next], store: alice)
    #expect(onward.exitCode == 0, "\(onward.stderr)")
    return (moved, there)
  }

  @Test func test_AC_PORT_27_serverToServerWithAPhoneThatNeverOpensTheOldOne() async throws {
    let (moved, there) = try await Self.movedOnToAnotherServer()
    // NB: Bob goes straight to the new server with his phone's file: the old one never again.
    let arrived = try await moved.run("bob", ["sync"], store: there["bob"])
    #expect(arrived.exitCode == 0, "\(arrived.stderr)")
    #expect(arrived.stdout.hasPrefix("1 waiting write sent;"), "\(arrived.stdout)")
    #expect(!arrived.stdout.contains("Checkup"), "\(arrived.stdout)")
    let outbox = try await moved.run("bob", ["outbox"], store: there["bob"])
    #expect(outbox.stdout.contains("every write has landed"), "\(outbox.stdout)")
    let cards = try await moved.run("alice", ["--json", "card", "list"], store: there["alice"])
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(cards.stdout.utf8)) as? [String: Any])
    let titles = ((document["cards"] as? [[String: Any]]) ?? []).compactMap {
      $0["title"] as? String
    }
    #expect(titles.sorted() == ["Checkup", "Y"], "\(titles)")
  }

  @Test func test_AC_PORT_34_aPhoneFileOpenedAtAnotherPlaceArrivesThere() async throws {
    let (moved, there) = try await Self.movedOnToAnotherServer()
    let arrived = try await moved.run("bob", ["-v", "sync"], store: there["bob"])
    #expect(arrived.exitCode == 0, "\(arrived.stderr)")
    #expect(arrived.stderr.contains("device state of bob kept at"), "\(arrived.stderr)")
    #expect(arrived.stderr.contains(": arrives at postgresql://"), "\(arrived.stderr)")
    #expect(!arrived.stderr.contains("password"), "\(arrived.stderr)")
    #expect(arrived.stdout.hasPrefix("1 waiting write sent;"), "\(arrived.stdout)")
    // NB: at the same place again, nothing to arrive at.
    let again = try await moved.run("bob", ["-v", "sync"], store: there["bob"])
    #expect(again.exitCode == 0 && !again.stderr.contains("arrives at"), "\(again.stderr)")
  }
}

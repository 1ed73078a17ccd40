import Foundation
import TeammateCLI
import Testing

@Suite struct CardCLITests {
  @Test func test_AC_CLI_11_cardCommandsPrintTheirJSON() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let card = try await scratch.card(
      "alice", ["Checkup", "--kind", "event", "--at", "tomorrow 09:30", "--assignee", "partner"])
    let keys: Set<String> = [
      "id", "kind", "title", "note", "time", "assignee", "replyBy", "createdBy", "lastEditedBy",
      "createdAt", "lastEditedAt", "revision", "ackBy", "ackAt", "ackRevision", "done", "deleted",
      "repeat", "next", "meal", "pending",
    ]
    #expect(Set(card.keys) == keys)
    #expect(card["kind"] as? String == "event")
    #expect(card["time"] as? String == "2026-12-02T09:30:00+08:00")
    #expect(card["assignee"] as? String == "bob")
    #expect(card["note"] is NSNull && card["ackBy"] is NSNull && card["replyBy"] is NSNull)
    #expect(card["revision"] as? Int == 1)
    let id = try #require(card["id"] as? String)

    let shown = try await scratch.json("bob", ["card", "show", String(id.prefix(5))])
    #expect((shown["card"] as? [String: Any])?["pending"] as? Bool == true)
    let done = await scratch.run("bob", ["card", "done", id])
    #expect(done.exitCode == 1 && done.stderr.contains("is not a task"))
    let task = try await scratch.card("bob", ["Recycling", "--kind", "task"])
    let taskID = try #require(task["id"] as? String)
    let completed = try await scratch.json("alice", ["card", "done", taskID])
    #expect((completed["card"] as? [String: Any])?["done"] as? Bool == true)
    let listed = try await scratch.json("alice", ["card", "list", "--kind", "task"])
    #expect((listed["cards"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Recycling"])
    let deleted = try await scratch.json("alice", ["card", "delete", taskID])
    #expect((deleted["card"] as? [String: Any])?["deleted"] as? Bool == true)
    #expect((try await scratch.json("alice", ["card", "list"])["cards"] as? [Any])?.count == 1)

    var ids = [id, taskID]
    while ids.count < 40 {
      ids.append(try #require(try await scratch.card("alice", ["n\(ids.count)"])["id"] as? String))
    }
    let shared = try #require(
      Dictionary(grouping: ids, by: { $0.prefix(1) }).first { $0.value.count > 1 })
    let ambiguous = await scratch.run("alice", ["card", "show", String(shared.key)])
    #expect(ambiguous.exitCode == 1)
    #expect(ambiguous.stderr.contains("matches \(shared.value.count) cards"))
  }

  @Test func test_AC_CLI_12_pendingAndAcknowledgement() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let first = try await scratch.card("alice", ["Bought diapers"])
    let second = try await scratch.card(
      "alice", ["Booked the vaccine"], now: "2026-12-01T09:01:00+08:00")
    let mine = try await scratch.card("bob", ["Fixed the stroller"])
    let pending = try await scratch.json("bob", ["pending"])
    #expect(pending["badge"] as? Int == 2)
    #expect(
      (pending["cards"] as? [[String: Any]])?.map { $0["title"] as? String } == [
        "Bought diapers", "Booked the vaccine",
      ])

    let firstID = try #require(first["id"] as? String)
    let mineID = try #require(mine["id"] as? String)
    let refused = await scratch.run("bob", ["ack", firstID, mineID])
    #expect(refused.exitCode == 1)
    #expect(try await scratch.json("bob", ["pending"])["badge"] as? Int == 2)

    _ = try await scratch.json("alice", ["card", "edit", firstID, "--title", "Bought two packs"])
    let stale = await scratch.run("bob", ["ack", firstID, "--revision", "1"])
    #expect(stale.exitCode == 1 && stale.stderr.contains("changed since you saw it"))
    let acknowledged = try await scratch.json("bob", ["ack", firstID, "--revision", "2"])
    #expect(acknowledged["badge"] as? Int == 1)
    let all = try await scratch.json("bob", ["ack", "--all"])
    #expect((all["cards"] as? [[String: Any]])?.first?["id"] as? String == second["id"] as? String)
    #expect(all["badge"] as? Int == 0)
    let human = await scratch.run("bob", ["pending"])
    #expect(human.stdout == "Nothing waits for you. Badge: 0\n")
  }

  @Test func test_AC_CLI_21_editNeedsSomethingAndClearsValues() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let card = try await scratch.card(
      "alice",
      [
        "Checkup", "--kind", "task", "--at", "today 17:00", "--assignee", "partner", "--note",
        "bring the card",
      ])
    let id = try #require(card["id"] as? String)
    let nothing = await scratch.run("alice", ["card", "edit", id])
    #expect(nothing.exitCode == 64)
    #expect(nothing.stderr.contains("nothing to change"))
    let cleared = try await scratch.json(
      "alice", ["card", "edit", id, "--clear-time", "--assignee", "both", "--clear-note"])
    let edited = try #require(cleared["card"] as? [String: Any])
    #expect(edited["time"] is NSNull && edited["assignee"] is NSNull && edited["note"] is NSNull)
    #expect(edited["revision"] as? Int == 2)
  }
}

import Foundation
import TeammateCLI
import Testing

/// Every `--json` document has exactly the documented keys, sorted, at every level.
@Suite struct JSONShapeTests {
  static let card = [
    "id", "kind", "title", "note", "time", "assignee", "replyBy", "createdBy", "lastEditedBy",
    "createdAt", "lastEditedAt", "revision", "ackBy", "ackAt", "ackRevision", "done", "deleted",
    "repeat", "next", "meal",
    "pending",
  ].sorted()
  static let household = ["id", "name", "timeZone", "createdBy", "createdAt", "members"].sorted()
  static let member = ["uid", "displayName", "joinedAt"].sorted()
  static let invite = ["code", "expiresAt"]
  static let notification = ["id", "kind", "fireAt", "title", "body", "cardId"].sorted()
  static let news = ["kind", "cardId", "title", "by", "at", "needsKnowing", "changed", "items"]
    .sorted()
  static let meal = ["day", "slot", "state", "options", "choice", "cook"].sorted()
  static let option = ["kind", "dish", "name"].sorted()
  static let dish = ["id", "name", "note", "ingredients", "removed"].sorted()
  static let item = [
    "id", "list", "text", "note", "addedBy", "addedAt", "fromMeals", "state", "by", "at",
    "category",
  ].sorted()

  func document(_ scratch: Scratch, _ account: String, _ arguments: [String]) async throws
    -> OrderedJSON
  {
    let outcome = await scratch.run(account, ["--json"] + arguments)
    #expect(outcome.exitCode == 0, "\(arguments): \(outcome.stderr)")
    return try OrderedJSON.parse(outcome.stdout)
  }

  func expectHousehold(_ value: OrderedJSON?) {
    #expect(value?.keys == Self.household)
    for member in value?["members"]?.items ?? [] { #expect(member.keys == Self.member) }
  }

  @Test func test_AC_CLI_23_everyDocumentHasExactlyTheDocumentedKeysSorted() async throws {
    let scratch = try Scratch()
    let created = try await document(
      scratch, "alice", ["household", "create", "--name", "Home", "--tz", "Asia/Taipei"])
    #expect(created.keys == ["household", "invite"])
    expectHousehold(created["household"])
    #expect(created["invite"]?.keys == Self.invite)
    #expect(try await document(scratch, "alice", ["invite", "show"]).keys == Self.invite)
    let invite = try await document(scratch, "alice", ["invite", "create"])
    #expect(invite.keys == Self.invite)
    guard case .scalar(let code)? = invite["code"] else { throw OrderedJSON.Malformed() }
    let joined = try await document(scratch, "bob", ["household", "join", code])
    #expect(joined.keys == ["household"])
    expectHousehold(joined["household"])
    let shown = try await document(scratch, "bob", ["household", "show"])
    #expect(shown.keys == ["household", "invite"])
    expectHousehold(shown["household"])

    let event = try await document(
      scratch, "alice", ["card", "add", "Checkup", "--kind", "event", "--at", "today 15:00"])
    #expect(event.keys == ["card"])
    #expect(event["card"]?.keys == Self.card)
    guard case .scalar(let id)? = event["card"]?["id"] else { throw OrderedJSON.Malformed() }
    for arguments in [
      ["card", "show", id], ["card", "edit", id, "--note", "bring the card"],
    ] {
      let shape = try await document(scratch, "alice", arguments)
      #expect(shape.keys == ["card"], "\(arguments)")
      #expect(shape["card"]?.keys == Self.card, "\(arguments)")
    }
    let task = try await document(scratch, "alice", ["card", "add", "Trash", "--kind", "task"])
    guard case .scalar(let taskID)? = task["card"]?["id"] else { throw OrderedJSON.Malformed() }
    #expect(
      try await document(scratch, "alice", ["card", "done", taskID])["card"]?.keys == Self.card)
    let list = try await document(scratch, "alice", ["card", "list"])
    #expect(list.keys == ["cards"])
    #expect(list["cards"]?.items.allSatisfy { $0.keys == Self.card } == true)

    let synced = try await document(scratch, "bob", ["sync"])
    #expect(
      synced.keys == ["badge", "cancelled", "changes", "conflicts", "news", "outbox", "scheduled"])
    #expect(synced["news"]?.items.isEmpty == false)
    #expect(synced["news"]?.items.allSatisfy { $0.keys == Self.news } == true)
    #expect(synced["scheduled"]?.items.isEmpty == false)
    #expect(synced["scheduled"]?.items.allSatisfy { $0.keys == Self.notification } == true)
    let outbox = try await document(scratch, "bob", ["outbox"])
    #expect(outbox.keys == ["outbox"])
    let notifications = try await document(scratch, "bob", ["notifications"])
    #expect(notifications.keys == ["notifications"])
    #expect(
      notifications["notifications"]?.items.allSatisfy { $0.keys == Self.notification } == true)
    let pending = try await document(scratch, "bob", ["pending"])
    #expect(pending.keys == ["badge", "cards"])
    #expect(pending["cards"]?.items.allSatisfy { $0.keys == Self.card } == true)
    let acknowledged = try await document(scratch, "bob", ["ack", id])
    #expect(acknowledged.keys == ["badge", "cards"])
    let settings = try await document(scratch, "bob", ["settings"])
    #expect(settings.keys == ["settings"])
    #expect(
      settings["settings"]?.keys == [
        "digestTime", "disabled", "enabled", "leadMinutes", "quietHours",
      ])
    let linked = try await document(
      scratch, "bob", ["account", "link", "--credential", "apple:b1"])
    #expect(linked.keys == ["account", "credential"])
    let status = try await document(scratch, "bob", ["status"])
    #expect(status.keys == ["account", "household", "outbox", "partner", "pending", "store"])
    #expect(status["store"]?.keys == ["exists", "kind", "path", "schema"])
    expectHousehold(status["household"])
    let deleted = try await document(scratch, "alice", ["card", "delete", taskID])
    #expect(deleted["card"]?.keys == Self.card)

    let dish = try await document(scratch, "alice", ["dish", "add", "Curry"])
    #expect(dish.keys == ["dish"] && dish["dish"]?.keys == Self.dish)
    #expect(try await document(scratch, "alice", ["dish", "list"]).keys == ["dishes"])
    let added = try await document(scratch, "alice", ["list", "add", "milk"])
    #expect(added.keys == ["items"] && added["items"]?.items.first?.keys == Self.item)
    let onTheList = try await document(scratch, "bob", ["list", "--all"])
    #expect(onTheList.keys == ["items", "news"])
    #expect(onTheList["items"]?.items.allSatisfy { $0.keys == Self.item } == true)
    #expect(onTheList["news"]?.items.first?.keys == Self.news)
    for arguments in [
      ["meal", "propose", "dinner", "Curry", "Soup"], ["meal", "pick", "dinner", "Curry"],
      ["meal", "decide", "lunch", "takeaway", "--cook", "me"], ["meal", "skip", "breakfast"],
      ["meal", "move", "lunch", "--to", "tomorrow"], ["meal", "remove", "breakfast"],
    ] {
      let shape = try await document(scratch, "alice", arguments)
      #expect(shape.keys == ["meal"] && shape["meal"]?.keys == Self.card, "\(arguments)")
      #expect(shape["meal"]?["meal"]?.keys == Self.meal, "\(arguments)")
      for option in shape["meal"]?["meal"]?["options"]?.items ?? [] {
        #expect(option.keys == Self.option)
      }
    }
    let days = try await document(scratch, "alice", ["meal"])
    #expect(days.keys == ["days"])
    for day in days["days"]?.items ?? [] {
      #expect(day.keys == ["day", "slots"])
      for slot in day["slots"]?.items ?? [] { #expect(slot.keys == ["meal", "slot"]) }
    }
    let suggestion = try await document(scratch, "alice", ["meal", "suggest", "dinner"])
    #expect(suggestion.keys == ["suggestion"])
    #expect(suggestion["suggestion"]?.keys == ["dishes", "relaxed"])
    for offered in suggestion["suggestion"]?["dishes"]?.items ?? [] {
      #expect(offered.keys == ["id", "name"])
    }
    #expect(try await document(scratch, "alice", ["meal", "history"]).keys == ["history"])
    #expect(try await document(scratch, "bob", ["household", "leave"]).keys == ["left"])
  }
}

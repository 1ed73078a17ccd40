import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

/// A device is never stuck on its own data: what another build saved, that this one cannot
/// read or the rules now refuse, is set aside and told, and the device works on.
@Suite struct UnreadableStateTests {
  /// Bob's phone, offline, with two cards waiting in its outbox, "first" and "second".
  struct Waiting {
    let clock = ManualWallClock(Fixtures.date("2026-12-01T13:00:00+08:00"))
    let cloud: any TeammateBackend
    let household: HouseholdID
    let state: DeviceState

    init() async throws {
      let (cloud, creation) = try await Fixtures.couple(clock: clock, seed: 57)
      self.cloud = cloud
      household = creation.household.id
      let bob = Device(
        account: Fixtures.bob, backend: cloud, clock: clock,
        scheduler: PhoneShapedNotificationCentre(), random: SeededRandomNumberGenerator(seed: 9))
      _ = try await bob.sync()
      await bob.setOnline(false)
      _ = try await bob.addCard(CardDraft(title: "first"))
      _ = try await bob.addCard(CardDraft(title: "second"))
      state = await bob.state
    }

    /// The state as saved, with the first waiting write's JSON changed by `change`, read
    /// back as this build reads it.
    func saved(changingFirstWrite change: (inout [String: Any]) -> Void) throws -> DeviceState {
      var object = try #require(
        try JSONSerialization.jsonObject(with: JSONEncoder().encode(state)) as? [String: Any])
      var outbox = try #require(object["outbox"] as? [[String: Any]])
      var write = try #require(outbox[0]["write"] as? [String: Any])
      change(&write)
      outbox[0]["write"] = write
      object["outbox"] = outbox
      return try JSONDecoder().decode(
        DeviceState.self, from: JSONSerialization.data(withJSONObject: object))
    }

    /// Bob's phone opened over `state`, online.
    func phone(over state: DeviceState) -> Device {
      Device(
        account: Fixtures.bob, backend: cloud, clock: clock,
        scheduler: PhoneShapedNotificationCentre(), state: state,
        random: SeededRandomNumberGenerator(seed: 10))
    }

    /// The titles of the household's cards, as the backend holds them.
    func landed() async throws -> [String] {
      try await cloud.cards(in: household, as: Fixtures.alice).map(\.title).sorted()
    }
  }

  @Test func test_AC_INPUT_09_aWaitingWriteThisBuildCannotReadIsSetAsideAndTold() async throws {
    let waiting = try await Waiting()
    let madeAt = try #require(waiting.state.outbox.first?.madeAt)
    let state = try waiting.saved { write in write = ["teleportCard": ["to": "the moon"]] }
    #expect(state.outbox.count == 1)
    #expect(
      state.conflicts.map(\.reason) == [.unreadableWrite(madeAt: madeAt)], "\(state.conflicts)")
    // NB: read again, the set-aside write is not set aside twice.
    let again = try JSONDecoder().decode(DeviceState.self, from: JSONEncoder().encode(state))
    #expect(again == state)
    let phone = waiting.phone(over: state)
    let report = try await phone.sync()
    #expect(report.conflicts.map(\.reason) == [.unreadableWrite(madeAt: madeAt)])
    #expect(await phone.state.outbox.isEmpty)
    #expect(try await waiting.landed() == ["second"])
  }

  @Test func test_AC_INPUT_11_aWaitingWriteTheRulesNowRefuseIsToldAndTheDeviceWorks()
    async throws
  {
    let waiting = try await Waiting()
    let long = String(repeating: "x", count: Validation.titleLimit + 1)
    let state = try waiting.saved { write in
      var add = write["addCard"] as? [String: Any] ?? [:]
      var draft = add["_0"] as? [String: Any] ?? [:]
      draft["title"] = long
      add["_0"] = draft
      write["addCard"] = add
    }
    #expect(state.outbox.count == 2 && state.conflicts.isEmpty)
    let phone = waiting.phone(over: state)
    // NB: the view opens with what can be shown.
    #expect(await phone.cards.values.map(\.title).contains("second"))
    let report = try await phone.sync()
    let refused = try #require(report.conflicts.first)
    guard case .refused(_, .titleTooLong) = refused.reason else {
      Issue.record("\(refused.reason)")
      return
    }
    try await phone.dismissConflicts([refused.id])
    _ = try await phone.addCard(CardDraft(title: "third"))
    #expect(try await waiting.landed() == ["second", "third"])
  }
}

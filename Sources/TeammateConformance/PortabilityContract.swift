import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport
import Testing

/// A household leaves a store and arrives at another whole: the contract's checks of
/// `PortableBackend`, for any backend.
public enum PortabilityContract {
  /// AC-PORT-03: exported, imported into a fresh store of the same kind and into one in
  /// memory (and from there back into the kind), and exported again: the same bytes, so
  /// every pair of backends that passes agrees.
  public static let aRoundTripGivesTheSameBytes = ContractCheck(
    id: "AC-PORT-03", name: "aRoundTripGivesTheSameBytes"
  ) { world in
    let home = try await ordinaryWeek(in: world)
    let source = try portable(world.backend, world.factory.name)
    let first = try await source.exportHousehold(home, as: world.alice).encoded()

    let same = try portable(
      try await world.factory.makeBackend(
        clock: world.clock, random: SeededRandomNumberGenerator(seed: 31)), world.factory.name)
    let inMemory = try portable(
      InMemoryBackendFactory().makeBackend(
        clock: world.clock, random: SeededRandomNumberGenerator(seed: 32)), "inMemory")
    for target in [same, inMemory] {
      guard
        try await imports(
          try HouseholdDocument(decoding: first), into: target, as: world.bob,
          world.factory.name)
      else { continue }
      let again = try await target.exportHousehold(home, as: world.alice).encoded()
      #expect(
        again == first,
        "\(world.factory.name) → \(type(of: target)): \(FirstDifference(first, again))")
    }
    // NB: and back from memory into a fresh store of the kind.
    let back = try portable(
      try await world.factory.makeBackend(
        clock: world.clock, random: SeededRandomNumberGenerator(seed: 33)), world.factory.name)
    let fromMemory = try await inMemory.exportHousehold(home, as: world.bob).encoded()
    #expect(fromMemory == first)
    guard
      try await imports(
        try HouseholdDocument(decoding: fromMemory), into: back, as: world.alice,
        world.factory.name)
    else { return }
    #expect(try await back.exportHousehold(home, as: world.bob).encoded() == first)

    // NB: a device that syncs from the start on the new store reads the household as it was.
    let phone = world.device(world.bob, network: back).device
    _ = try await phone.sync()
    let shown = await phone.cards
    #expect(
      Set(shown.keys) == Set(try await source.cards(in: home, as: world.bob).map(\.id)))
  }

  /// AC-PORT-06: Alice erases her account while she shares a household with Bob: what she
  /// wrote stays, by the former member, and nothing the backend or Bob's phone keeps names
  /// her; alone, an account erases its household only when it says so.
  public static let anErasedAccountBecomesAFormerMember = ContractCheck(
    id: "AC-PORT-06", name: "anErasedAccountBecomesAFormerMember"
  ) { world in
    let home = try await ordinaryWeek(in: world)
    let credential = Credential(provider: "apple", subject: "000111.alice")
    try await world.backend.linkCredential(credential, as: world.alice)
    let kept = InMemoryDeviceStore()
    let alice = try await world.device(world.alice, store: kept)
    let bob = world.device(world.bob).device
    _ = try await alice.sync()
    _ = try await bob.sync()
    let written = try await world.backend.cards(in: home, as: world.bob)
    #expect(written.contains { $0.createdBy == world.alice })

    // Offline, nothing happens.
    let before = try await world.snapshot(home)
    await alice.setOnline(false)
    await #expect(throws: TeammateError.unavailable) { try await alice.eraseAccount() }
    await alice.setOnline(true)
    #expect(try await world.snapshot(home) == before)

    world.clock.advance(by: 60)
    try await alice.eraseAccount()
    #expect(await alice.state == DeviceState())
    #expect(try await kept.loadState(of: world.alice) == nil)
    #expect(try await world.backend.householdID(of: world.alice, as: world.alice) == nil)
    let household = try await world.backend.household(home, as: world.bob)
    #expect(household.members.map(\.uid) == [world.bob])
    let cards = try await world.backend.cards(in: home, as: world.bob)
    let feed = try await world.backend.changes(in: home, after: 0, limit: 10_000, as: world.bob)
    let uid = "\"\(world.alice.rawValue)\""
    func names(_ value: some Encodable) throws -> Bool {
      String(decoding: try JSONEncoder().encode(value), as: UTF8.self).contains(uid)
    }
    #expect(try !names(household) && !names(cards) && !names(feed))
    #expect(cards.map(\.id) == written.map(\.id))
    #expect(
      zip(cards, written).allSatisfy {
        $0.createdBy == ($1.createdBy == world.alice ? Erasure.formerMember : $1.createdBy)
          && $0.ackBy == ($1.ackBy == world.alice ? Erasure.formerMember : $1.ackBy)
          && $0.revision == $1.revision && $0.title == $1.title
      })
    #expect(feed.last?.kind == .accountErased && feed.last?.actor == Erasure.formerMember)
    // NB: her credential is free: another may link it now.
    try await world.backend.linkCredential(credential, as: world.carol)

    // Bob's phone names her nowhere, and tells him once.
    let report = try await bob.sync()
    #expect(report.news.filter { $0.kind == .erased }.count == 1, "\(report.news)")
    #expect(report.news.allSatisfy { $0.actor != world.alice })
    #expect(try !names(await bob.state))
    #expect(try await bob.sync().news.filter { $0.kind == .erased }.isEmpty)
    _ = try await world.backend.issueInvite(for: home, as: world.bob)

    // NB: an account in no household erases what it has: its credentials.
    let carols = Credential(provider: "google", subject: "carol")
    try await world.backend.linkCredential(carols, as: world.carol)
    try await world.device(world.carol).device.eraseAccount()
    try await world.backend.linkCredential(carols, as: world.bob)

    // Alone, Bob erases his household only when he says so.
    let alone = try await world.backend.cards(in: home, as: world.bob)
    await #expect(throws: TeammateError.lastMemberMustDeleteHousehold(home)) {
      try await bob.eraseAccount()
    }
    #expect(try await world.backend.cards(in: home, as: world.bob) == alone)
    try await bob.eraseAccount(deletingHousehold: true)
    #expect(try await world.backend.householdID(of: world.bob, as: world.bob) == nil)
  }

  /// AC-PORT-12: A household its members moved elsewhere says where it went, to them alone,
  /// and keeps nothing working here; a device's waiting write stays waiting.
  public static let aMovedHouseholdSaysWhereItWent = ContractCheck(
    id: "AC-PORT-12", name: "aMovedHouseholdSaysWhereItWent"
  ) { world in
    let home = try await ordinaryWeek(in: world)
    let source = try portable(world.backend, world.factory.name)
    let bob = world.device(world.bob).device
    _ = try await bob.sync()
    let place = "postgresql://db.example/teammate"
    let before = try await world.snapshot(home)
    await #expect(throws: TeammateError.accessDenied(.notAMember(home))) {
      try await source.markMoved(home, to: place, as: world.carol)
    }
    await #expect(throws: TeammateError.emptyName(.location)) {
      try await source.markMoved(home, to: "  ", as: world.alice)
    }
    #expect(try await world.snapshot(home) == before)

    try await source.markMoved(home, to: place, as: world.alice)
    let moved = TeammateError.householdMoved(home, to: place)
    for member in [world.alice, world.bob] {
      await #expect(throws: moved) {
        _ = try await world.backend.changes(in: home, after: 0, limit: 10, as: member)
      }
      await #expect(throws: moved) { _ = try await world.backend.household(home, as: member) }
      await #expect(throws: moved) { _ = try await world.backend.cards(in: home, as: member) }
      let entry = OutboxEntry(
        id: WriteID("moved-\(member)"), householdID: home,
        write: .addCard(CardDraft(title: "After the move")), madeAt: world.clock.now())
      await #expect(throws: moved) { _ = try await world.backend.submit(entry, as: member) }
      // NB: and asked which household they are in, they are told where it went (AC-PORT-19).
      await #expect(throws: moved) {
        _ = try await world.backend.householdID(of: member, as: member)
      }
    }
    // NB: where it went is its members' to know.
    await #expect(throws: TeammateError.accessDenied(.notAMember(home))) {
      _ = try await world.backend.changes(in: home, after: 0, limit: 10, as: world.carol)
    }
    // A phone's waiting write waits on: the sync says where the household went.
    await bob.setOnline(false)
    _ = try await bob.addCard(CardDraft(title: "Written offline"))
    await bob.setOnline(true)
    await #expect(throws: moved) { _ = try await bob.sync() }
    #expect(await bob.snapshot().waitingWrites == 1)
    #expect(await bob.cards.values.contains { $0.title == "Written offline" })
  }

  /// AC-PORT-19: A member's phone that follows no household yet is told, by the store the
  /// household left, where it went; nobody else learns of the move, and a member who is in a
  /// household there now is told that one.
  public static let aPhoneWithoutAHouseholdIsToldWhereItWent = ContractCheck(
    id: "AC-PORT-19", name: "aPhoneWithoutAHouseholdIsToldWhereItWent"
  ) { world in
    let (home, alice, _) = try await world.coupleWithPhones()
    _ = try await alice.addCard(CardDraft(title: "Checkup"))
    let place = "postgresql://db.example/teammate"
    try await portable(world.backend, world.factory.name).markMoved(
      home, to: place, as: world.alice)
    let moved = TeammateError.householdMoved(home, to: place)

    // A new phone of Bob's, on the store the household left.
    let phone = world.device(world.bob).device
    await #expect(throws: moved) { _ = try await phone.sync() }
    await #expect(throws: moved) { _ = try await phone.addCard(CardDraft(title: "Lost")) }
    let (cards, waiting) = (await phone.cards, await phone.snapshot().waitingWrites)
    #expect(cards.isEmpty && waiting == 0)
    // Carol was never a member: she hears of no household, as before.
    #expect(try await world.backend.householdID(of: world.carol, as: world.carol) == nil)
    // Alice makes a household here again: that one is hers now.
    let again = try await world.backend.createHousehold(
      name: "Again", timeZone: "Asia/Taipei", displayName: "Alice", as: world.alice)
    #expect(
      try await world.backend.householdID(of: world.alice, as: world.alice)
        == again.household.id)
  }

  /// AC-PORT-14: Each phone follows the household to the store it moved to: its place in the
  /// feed found there by count, nothing told again, a write that landed before the move not
  /// sent twice, a write made offline meanwhile sent once.
  public static let phonesFollowAMovedHousehold = ContractCheck(
    id: "AC-PORT-14", name: "phonesFollowAMovedHousehold"
  ) { world in
    let home = try await ordinaryWeek(in: world)
    let source = try portable(world.backend, world.factory.name)
    let (alicesStore, bobsStore) = (InMemoryDeviceStore(), InMemoryDeviceStore())
    let network = FaultyBackend(world.backend)
    var alice = try await world.device(world.alice, store: alicesStore, network: network)
    var bob = try await world.device(world.bob, store: bobsStore)
    _ = try await alice.sync()
    _ = try await bob.sync()
    // Bob goes offline with a write; Alice's last write lands, its answer lost on the way.
    await bob.setOnline(false)
    _ = try await bob.addCard(CardDraft(title: "Written offline"))
    world.clock.advance(by: 60)
    network.loseReplies(1)
    await #expect(throws: TeammateError.unavailable) {
      _ = try await alice.addCard(CardDraft(title: "Before the move"))
    }
    let landed = try #require(await alice.state.outbox.first?.id)

    // The move: exported, imported into a fresh store of the kind, marked where it went.
    let target = try portable(
      try await world.factory.makeBackend(
        clock: world.clock, random: SeededRandomNumberGenerator(seed: 14)), world.factory.name)
    guard
      try await imports(
        try await source.exportHousehold(home, as: world.alice), into: target, as: world.alice,
        world.factory.name)
    else { return }
    try await source.markMoved(home, to: "the new store", as: world.alice)
    await #expect(throws: TeammateError.householdMoved(home, to: "the new store")) {
      _ = try await alice.sync()
    }
    #expect(await alice.movedTo == "the new store")

    // Each phone opened on the new store with what it kept arrives there.
    alice = try await world.device(world.alice, store: alicesStore, run: 1, network: target)
    let arrived = try await alice.sync()
    #expect(arrived.news.isEmpty, "\(arrived.news)")
    #expect(await alice.movedTo == nil)
    #expect(await alice.state.outbox.isEmpty)
    await bob.setOnline(true)
    await #expect(throws: TeammateError.householdMoved(home, to: "the new store")) {
      _ = try await bob.sync()
    }
    bob = try await world.device(world.bob, store: bobsStore, run: 1, network: target)
    let told = try await bob.sync()
    #expect(told.news.map(\.title) == ["Before the move"], "\(told.news)")
    _ = try await alice.sync()
    let feed = try await target.changes(in: home, after: 0, limit: 10_000, as: world.bob)
    #expect(feed.filter { $0.writeID == landed }.count == 1)
    #expect(feed.filter { $0.card?.title == "Written offline" }.count == 1)
    let cards = try await target.cards(in: home, as: world.bob)
    let stored = Dictionary(uniqueKeysWithValues: cards.map { ($0.id, $0) })
    #expect(await alice.cards == stored)
    #expect(await bob.cards == stored)
    #expect(await bob.state.outbox.isEmpty)
  }

  /// Imports `document`; false, with a known issue, where the backend says an import is not
  /// available to a member yet (PostgreSQL: the operator's import, ADR 0021).
  static func imports(
    _ document: HouseholdDocument, into target: any PortableBackend, as actor: AccountID,
    _ name: String
  ) async throws -> Bool {
    do {
      try await target.importHousehold(document, as: actor)
      return true
    } catch TeammateError.unavailable {
      withKnownIssue("\(name): an import on this backend is the operator's, not built yet") {
        Issue.record("\(type(of: target)) does not import a household yet")
      }
      return false
    }
  }

  /// The backend as a `PortableBackend`, or a failure that says it is not one.
  static func portable(_ backend: any TeammateBackend, _ name: String) throws
    -> any PortableBackend
  {
    return try #require(
      backend as? any PortableBackend, "\(name): \(type(of: backend)) is not a PortableBackend")
  }

  /// Alice and Bob's week: cards of each kind, known, edited, done and deleted; a dish; the
  /// list with items needed, got and cleared; settings with kinds switched off.
  static func ordinaryWeek(in world: ContractWorld) async throws -> HouseholdID {
    let (home, alice, bob) = try await world.coupleWithPhones()
    let checkup = try await alice.addCard(
      CardDraft(kind: .event, title: "Checkup", time: world.clock.now() + 86_400))
    let diapers = try await alice.addCard(CardDraft(kind: .task, title: "Diapers"))
    _ = try await alice.addCard(CardDraft(kind: .topic, title: "Daycare?"))
    world.clock.advance(by: 60)
    _ = try await bob.sync()
    _ = try await bob.acknowledge([CardRevision(checkup.id, revision: checkup.revision)])
    _ = try await bob.setDone(diapers.id, done: true)
    _ = try await alice.editCard(checkup.id, CardEdit(note: .set("bring the booklet")))
    let nap = try await bob.addCard(CardDraft(title: "Nap at two"))
    _ = try await bob.deleteCard(nap.id)
    _ = try await alice.addDish(name: "Curry", ingredients: ["rice", "carrots"])
    let items = try await bob.addItems(["milk", "eggs", "牛奶"])
    _ = try await alice.sync()
    _ = try await alice.getItems([items[0].id])
    _ = try await alice.clearGotItems()
    _ = try await bob.getItems([items[1].id])
    var settings = NotificationSettings.default
    settings.disabledKinds = [.listActivity, .digest, .activity]
    _ = try await bob.updateSettings(settings)
    _ = try await alice.sync()
    return home
  }
}

/// Where two documents first differ, with a little of each around it: a short diff, not the
/// whole document.
struct FirstDifference: CustomStringConvertible {
  let description: String

  init(_ one: Data, _ other: Data) {
    let (first, second) = (Array(one), Array(other))
    let index =
      zip(first, second).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(first.count, second.count)
    func around(_ bytes: [UInt8]) -> String {
      let start = max(0, index - 80)
      return String(decoding: bytes[start..<min(bytes.count, index + 80)], as: UTF8.self)
    }
    description =
      one == other
      ? "the same" : "byte \(index) differs:\n  \(around(first))\n  ≠\n  \(around(second))"
  }
}

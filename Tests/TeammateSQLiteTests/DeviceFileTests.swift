import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport
import Testing

@testable import TeammateSQLite

/// A device's state in a SQLite file: whole after a relaunch, each save writing what changed.
@Suite struct DeviceFileTests {
  let clock = ManualWallClock(Fixtures.start)

  /// Bob's phone over `server`, keeping itself in the file at `path`.
  func bobsPhone(_ server: InMemoryBackend, path: String, run: UInt64) async throws -> Device {
    let file = try SQLiteBackend(path: path, clock: clock)
    return try await Device(
      account: "bob", backend: server, clock: clock,
      scheduler: file.scheduler(for: "bob", clock: clock), store: SQLiteDeviceStore(file: file),
      random: SeededRandomNumberGenerator(seed: 40 + run))
  }

  @Test func test_AC_DEV_12_aDeviceFileKeepsTheStateWholeAndWritesWhatChanged() async throws {
    let server = InMemoryBackend(clock: clock, random: SeededRandomNumberGenerator(seed: 12))
    let creation = try await server.createHousehold(
      name: "Home", timeZone: "Asia/Taipei", displayName: "Alice", as: "alice")
    let home = creation.household.id
    _ = try await server.join(code: creation.invite.code.rawValue, displayName: "Bob", as: "bob")
    let path = try TemporaryFolder.make().appending("device.sqlite")
    let bob = try await bobsPhone(server, path: path, run: 0)
    let checkup = try await server.addCard(
      CardDraft(kind: .event, title: "Checkup", time: clock.now() + 86_400), to: home,
      as: "alice")
    _ = try await server.addCard(CardDraft(title: "Pick up the kids"), to: home, as: "alice")
    _ = try await bob.sync()
    // NB: a conflict: Bob's offline edit of a card Alice deleted meanwhile.
    await bob.setOnline(false)
    _ = try await bob.editCard(checkup.id, CardEdit(note: .set("bring the booklet")))
    _ = try await server.deleteCard(checkup.id, as: "alice")
    await bob.setOnline(true)
    _ = try await bob.sync()
    await bob.setOnline(false)
    _ = try await bob.addCard(CardDraft(title: "Diapers"))
    let held = await bob.state
    let news = await bob.news
    #expect(held.outbox.count == 1 && held.conflicts.count == 1 && !news.isEmpty)
    #expect(held.planned.contains { !$0.title.isEmpty })

    let again = try await bobsPhone(server, path: path, run: 1)
    #expect(await again.state == held)
    #expect(await again.news == news)

    // NB: a save after one card changed writes that card's row alone.
    let file = try SQLiteBackend(path: path, clock: clock)
    var edited = held
    var kids = try #require(held.cards.values.first { $0.title == "Pick up the kids" })
    kids.note = "at four"
    // NB: as a change applied moves it: the card with the sequence it came with.
    edited.restore(copies: [(kids, held.appliedSequence(ofCard: kids.id) + 1)])
    #expect(try await file.saveDeviceParts(edited, previous: held, for: "bob").cards == 1)
    #expect(try await file.saveDeviceParts(edited, previous: edited, for: "bob").cards == 0)
    #expect(try await file.deviceState(for: "bob", cards: .copies)?.cards == edited.cards)

    // NB: a state an earlier version saved whole, its cards inside, opens all the same.
    let whole = edited
    try await file.saveDeviceState(whole, for: "bob", keepingCards: true)
    try SQLiteConnection(path: path).run("DELETE FROM device_cards")
    try SQLiteConnection(path: path).run("DELETE FROM device_parts")
    let older = try await bobsPhone(server, path: path, run: 2)
    #expect(await older.state.cards == whole.cards)
    #expect(await older.state.outbox == whole.outbox)
  }
}

extension DeviceFileTests {
  @Test func test_AC_DEV_17_aDeviceBesideTheStoreShowsTheHouseholdAsItIsNow() async throws {
    let couple = try await Couple(clock: clock, seed: 170)
    let (store, home) = (couple.store, couple.home)
    func bobsDevice(_ run: UInt64) async throws -> Device { try await couple.bobsDevice(run) }
    // NB: Bob's device never saved a state: it opens following his household.
    let first = try await bobsDevice(0)
    #expect(await first.household?.members.map(\.displayName) == ["Alice", "Bob"])
    _ = try await first.sync()
    let cursor = await first.state.cursor

    let crib = try await store.addCard(CardDraft(title: "Crib"), to: home, as: "alice")
    let alice = Device(
      account: "alice", backend: store, clock: clock,
      scheduler: InMemoryNotificationScheduler(clock: clock))
    let curry = try await alice.addDish(name: "Curry")
    let again = try await bobsDevice(1)
    #expect(await again.state.cursor == cursor)
    #expect(await again.cards[crib.id]?.title == "Crib")
    #expect(await again.household?.dishes.map(\.id) == [curry.id])
    let told = try await again.sync().news.map(\.title)
    #expect(told.contains("Crib"))

    // NB: an account in no household opens with nothing.
    let stranger = try await Device(
      account: "carol", backend: store, clock: clock,
      scheduler: store.scheduler(for: "carol", clock: clock),
      store: SQLiteDeviceStore(householdStore: store))
    let strangers = await stranger.cards
    #expect(await stranger.household == nil && strangers.isEmpty)
  }
}

extension DeviceFileTests {
  /// Records in `written` every row of the device file's parts and cards written from now.
  func logWrites(to path: String) throws {
    let file = try SQLiteConnection(path: path)
    try file.run("CREATE TABLE written (what TEXT)")
    for (table, name) in [("device_parts", "new.part"), ("device_cards", "'card ' || new.id")] {
      for event in ["INSERT", "UPDATE"] {
        try file.run(
          """
          CREATE TRIGGER log_\(table)_\(event) AFTER \(event) ON \(table)
          BEGIN INSERT INTO written VALUES (\(name)); END
          """)
      }
    }
  }

  /// What was written since `logWrites`, the log taken away: a store with a table of no
  /// version's does not open.
  func written(in path: String) throws -> [String] {
    let file = try SQLiteConnection(path: path)
    let seen = try file.rows("SELECT what FROM written ORDER BY rowid") {
      try $0.text(named: "what")
    }
    try file.run("DROP TABLE written")
    for table in ["device_parts", "device_cards"] {
      for event in ["INSERT", "UPDATE"] { try file.run("DROP TRIGGER log_\(table)_\(event)") }
    }
    return seen
  }

  @Test func test_AC_DEV_18_aSaveWritesOnlyThePartsThatChanged() async throws {
    let server = InMemoryBackend(clock: clock, random: SeededRandomNumberGenerator(seed: 18))
    let creation = try await server.createHousehold(
      name: "Home", timeZone: "Asia/Taipei", displayName: "Alice", as: "alice")
    _ = try await server.join(code: creation.invite.code.rawValue, displayName: "Bob", as: "bob")
    let path = try TemporaryFolder.make().appending("device.sqlite")
    let bob = try await bobsPhone(server, path: path, run: 0)
    let alice = Device(
      account: "alice", backend: server, clock: clock, scheduler: InMemoryNotificationScheduler())
    for title in ["Pick up the kids", "Call the plumber", "Vitamin D"] {
      _ = try await alice.addCard(CardDraft(title: title))
    }
    _ = try await alice.addItem("milk")
    _ = try await bob.sync()
    #expect(await bob.news.count == 4)
    // NB: the partner's news just notified: the next turn records it shown.
    _ = try await bob.sync()
    try logWrites(to: path)

    // NB: an offline write: its outbox entry alone, the news and the list untouched.
    await bob.setOnline(false)
    _ = try await bob.addCard(CardDraft(title: "Diapers"))
    let offline = try written(in: path)
    #expect(offline == ["outbox"])
    let held = await bob.state
    let again = try await bobsPhone(server, path: path, run: 1)
    #expect(await again.state == held)
    #expect(await again.news.count == 4)

    // NB: sent: the outbox emptied and the answer's card and cursor kept, nothing else.
    try logWrites(to: path)
    await again.setOnline(true)
    _ = try await again.sync()
    let sent = try written(in: path)
    #expect(sent.contains("outbox") && sent.contains("cursor"))
    #expect(sent.filter { $0.hasPrefix("card ") }.count == 1)
    #expect(!sent.contains("news") && !sent.contains("items") && !sent.contains("household"))
    let sentState = await again.state
    #expect(try await bobsPhone(server, path: path, run: 2).state == sentState)

    // NB: more cards in one pull than a save's journal keeps: each written all the same.
    for index in 0..<300 { _ = try await alice.addCard(CardDraft(title: "Card \(index)")) }
    try logWrites(to: path)
    _ = try await again.sync()
    #expect(try written(in: path).filter { $0.hasPrefix("card ") }.count == 300)
    let after = await again.state
    #expect(try await bobsPhone(server, path: path, run: 5).state == after)

    // NB: a state an earlier version saved whole opens, and its next save keeps it as parts.
    let file = try SQLiteBackend(path: path, clock: clock)
    try await file.saveDeviceState(after, for: "bob", keepingCards: true)
    let connection = try SQLiteConnection(path: path)
    try connection.run("DELETE FROM device_parts")
    try connection.run("DELETE FROM device_cards")
    let older = try await bobsPhone(server, path: path, run: 3)
    #expect(await older.state == after)
    try logWrites(to: path)
    await older.setOnline(false)
    _ = try await older.addCard(CardDraft(title: "Wipes"))
    #expect(Set(try written(in: path)).isSuperset(of: DeviceState.partNames))
    #expect(try connection.first("SELECT count(*) FROM devices") { $0.int(0) } == 0)
    #expect(try await bobsPhone(server, path: path, run: 4).state == older.state)
  }
}

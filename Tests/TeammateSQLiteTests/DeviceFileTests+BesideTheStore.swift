import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport
import Testing

@testable import TeammateSQLite

extension DeviceFileTests {
  @Test func test_AC_DEV_25_aDeviceBesideTheStoreKeepsItsStateAsParts() async throws {
    // NB: at 23:00 in Taipei, within quiet hours: the partner's acts wait for their notice.
    let couple = try await Couple(clock: ManualWallClock(Fixtures.start + 5 * 3_600), seed: 250)
    let (path, store, home) = (couple.path, couple.store, couple.home)
    for title in ["Pick up the kids", "Call the plumber", "Vitamin D"] {
      _ = try await store.addCard(CardDraft(title: title), to: home, as: "alice")
    }
    let bob = try await couple.bobsDevice(0)
    _ = try await bob.sync()
    _ = try await bob.sync()
    #expect(await !bob.state.waitingActivity.isEmpty)
    let connection = try SQLiteConnection(path: path)
    #expect(try connection.first("SELECT count(*) FROM devices") { $0.int(0) } == 0)
    #expect(try connection.first("SELECT count(*) FROM device_cards") { $0.int(0) } == 0)

    // NB: an offline write: its outbox entry alone.
    try logWrites(to: path)
    await bob.setOnline(false)
    _ = try await bob.addCard(CardDraft(title: "Diapers"))
    #expect(try written(in: path) == ["outbox"])
    let held = await bob.state
    #expect(try await couple.bobsDevice(1).state.keptBesideTheStore == held.keptBesideTheStore)

    // NB: read-only, the waiting activity's row is never read: unreadable, it changes nothing.
    let activity = try #require(
      try connection.first(
        "SELECT body FROM device_parts WHERE part = ?", [.text(DeviceState.waitingActivityPart)]
      ) { try $0.text(named: "body") })
    try connection.run(
      "UPDATE device_parts SET body = 'not a state' WHERE part = ?",
      [.text(DeviceState.waitingActivityPart)])
    let viewing = try await couple.bobsDevice(
      2, on: try SQLiteBackend(path: path, clock: clock, access: .readOnly))
    #expect(await viewing.state.outbox == held.outbox)
    let shown = await viewing.state
    #expect(shown.waitingActivity.isEmpty && shown.cursor == held.cursor)
    try connection.run(
      "UPDATE device_parts SET body = ? WHERE part = ?",
      [.text(activity), .text(DeviceState.waitingActivityPart)])

    // NB: a state an earlier version kept whole opens, and its next save keeps it as parts.
    try await store.saveDeviceState(held, for: "bob")
    try connection.run("DELETE FROM device_parts")
    let older = try await couple.bobsDevice(3)
    #expect(await older.state.keptBesideTheStore == held.keptBesideTheStore)
    try logWrites(to: path)
    _ = try await older.addCard(CardDraft(title: "Wipes"))
    #expect(Set(try written(in: path)).isSuperset(of: DeviceState.partNames))
    #expect(try connection.first("SELECT count(*) FROM devices") { $0.int(0) } == 0)
    let kept = await older.state.keptBesideTheStore
    #expect(try await couple.bobsDevice(4).state.keptBesideTheStore == kept)
  }
}

extension DeviceFileTests {
  /// A household's store file with Alice and Bob in it, and Bob's device beside it, opened
  /// anew for each run.
  struct Couple {
    let path: String
    let store: SQLiteBackend
    let home: HouseholdID
    let clock: ManualWallClock
    let seed: UInt64

    init(clock: ManualWallClock, seed: UInt64) async throws {
      path = try TemporaryFolder.make().appending("home.sqlite")
      store = try SQLiteBackend(path: path, clock: clock)
      let creation = try await store.createHousehold(
        name: "Home", timeZone: "Asia/Taipei", displayName: "Alice", as: "alice")
      home = creation.household.id
      _ = try await store.join(code: creation.invite.code.rawValue, displayName: "Bob", as: "bob")
      (self.clock, self.seed) = (clock, seed)
    }

    /// Bob's device beside the store (or beside `file`, the same store opened otherwise).
    func bobsDevice(_ run: UInt64, on file: SQLiteBackend? = nil) async throws -> Device {
      let file = file ?? store
      return try await Device(
        account: "bob", backend: file, clock: clock,
        scheduler: file.scheduler(for: "bob", clock: clock),
        store: SQLiteDeviceStore(householdStore: file),
        random: SeededRandomNumberGenerator(seed: seed + run))
    }
  }
}

extension DeviceState {
  /// What a device beside the store keeps: everything but the cards' sequences, which the
  /// store's own rows stand for.
  fileprivate var keptBesideTheStore: DeviceState {
    var kept = withoutCardCopies()
    kept.cards = cards
    return kept
  }

  /// What a device beside the store keeps of its own: all but the household and its cards.
  fileprivate var keptByThePhone: DeviceState {
    var kept = withoutCardCopies()
    kept.household = nil
    return kept
  }
}

extension DeviceFileTests {
  @Test func test_AC_DEV_26_anErasureLeavesTheStatesBesideTheStoreWhole() async throws {
    let couple = try await Couple(clock: clock, seed: 260)
    let (store, home) = (couple.store, couple.home)
    _ = try await store.addCard(CardDraft(title: "Crib"), to: home, as: "alice")
    let bob = try await couple.bobsDevice(0)
    _ = try await bob.sync()
    #expect(await bob.state.household?.members.map(\.displayName) == ["Alice", "Bob"])

    // NB: Alice erases her account while Bob's phone, offline, has not heard of it; its next
    // save is of what it holds, Alice named in it.
    try await store.eraseAccount(deletingHousehold: false, as: "alice")
    await bob.setOnline(false)
    _ = try await bob.addCard(CardDraft(title: "Diapers"))
    let held = await bob.state
    let reopened = try await couple.bobsDevice(1)
    // NB: the household and its cards are the store's as they are now (AC-DEV-17); the rest is
    // what the phone kept, all of it.
    #expect(await reopened.state.keptByThePhone == held.keptByThePhone)

    // NB: online, it pulls the erasure and names her no more, reopened or not.
    await reopened.setOnline(true)
    _ = try await reopened.sync()
    let pulled = await reopened.state
    #expect(!String(decoding: try JSONEncoder().encode(pulled), as: UTF8.self).contains("alice"))
    #expect(try await couple.bobsDevice(2).state.keptByThePhone == pulled.keptByThePhone)
  }
}

import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport
import Testing

/// The shared backend operations, driven directly so that the random source can be chosen
/// for each call.
@Suite struct CardIdentityTests {
  let now = Fixtures.start

  func household(_ storage: inout InMemoryStorage) throws -> HouseholdID {
    var random = SeededRandomNumberGenerator(seed: 5)
    return try BackendOperations.createHousehold(
      name: "Home", timeZone: "UTC", displayName: "Alice", actor: "alice", storage: &storage,
      now: now, random: &random
    ).household.id
  }

  @Test func test_AC_SYNC_21_newCardIdsNeverCollideEvenWhenTheRandomSourceRepeats() throws {
    var storage = InMemoryStorage()
    let home = try household(&storage)
    // Eight characters a card id: the first three ids drawn are the same.
    var random = CollidingRandomNumberGenerator(repeats: 24, seed: 9)
    let batch = try BackendOperations.addCards(
      [CardDraft(title: "One"), CardDraft(title: "Two")], to: home, actor: "alice",
      storage: &storage, now: now, random: &random)
    #expect(Set(batch.map(\.id)).count == 2)
    var again = CollidingRandomNumberGenerator(repeats: 8, seed: 10)
    let later = try BackendOperations.addCards(
      [CardDraft(title: "Three")], to: home, actor: "alice", storage: &storage, now: now,
      random: &again)
    #expect(!batch.map(\.id).contains(later[0].id))
    #expect(storage.cards(in: home).map(\.title).sorted() == ["One", "Three", "Two"])
  }
}

import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

/// A device's state written canonically: the same state, the same bytes.
@Suite struct CanonicalStateTests {
  /// A state holding `count` cards and items, put in in the order `ids` gives, into
  /// dictionaries and sets of `capacity`.
  static func state(_ ids: [Int], capacity: Int) -> DeviceState {
    var state = DeviceState()
    state.householdID = Fixtures.householdID
    var cards: [CardID: Card] = [:]
    cards.reserveCapacity(capacity)
    var unseen: Set<ItemID> = []
    unseen.reserveCapacity(capacity)
    for id in ids {
      cards[CardID("c\(id)")] = Fixtures.card(CardID("c\(id)"), title: "Card \(id)")
      unseen.insert(ItemID("i\(id)"))
    }
    state.cards = cards
    state.listUnseen = unseen
    return state
  }

  @Test func test_AC_DEV_20_theSameStateIsTheSameBytesAndTheOldFormReadsBack() throws {
    let one = Self.state(Array(0..<300), capacity: 300)
    let other = Self.state(Array((0..<300).reversed()), capacity: 4_000)
    #expect(one == other)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let bytes = try encoder.encode(one)
    #expect(try encoder.encode(other) == bytes)
    #expect(try JSONDecoder().decode(DeviceState.self, from: bytes) == one)
    // NB: the form Swift writes itself, in hash order, reads back as the same state.
    var object = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
    object["cards"] = try JSONSerialization.jsonObject(with: JSONEncoder().encode(other.cards))
    object["listUnseen"] = try JSONSerialization.jsonObject(
      with: JSONEncoder().encode(other.listUnseen))
    let old = try JSONSerialization.data(withJSONObject: object)
    #expect(try JSONDecoder().decode(DeviceState.self, from: old) == one)
  }
}

import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport
import Testing

/// The contract's checks of this area, for any backend.
public enum RaceContract {
  /// AC-SYNC-08: Two accounts joining with one code at once: exactly one joins.
  public static let twoAccountsRacingForOneCodeOneJoins = ContractCheck(
    id: "AC-SYNC-08", name: "twoAccountsRacingForOneCodeOneJoins"
  ) { world in
    let creation = try await world.aliceAlone()
    let code = creation.invite.code.rawValue
    let backend = world.backend
    async let bob = outcome { try await backend.join(code: code, displayName: "Bob", as: "bob") }
    async let carol = outcome {
      try await backend.join(code: code, displayName: "Carol", as: "carol")
    }
    let results = await [bob, carol]
    let joined = results.compactMap { try? $0.get() }
    #expect(joined.count == 1)
    for case .failure(let error) in results {
      let refusal = error as? TeammateError
      #expect(
        refusal == .inviteAlreadyUsed(creation.invite.code)
          || refusal == .householdFull(creation.household.id))
    }
    #expect(try await backend.household(creation.household.id, as: world.alice).members.count == 2)
  }

  /// AC-SYNC-09: Both partners editing one card at once: both edits land in some order, the
  /// revision counts both, and nothing is lost.
  public static let concurrentEditsBothLand = ContractCheck(
    id: "AC-SYNC-09", name: "concurrentEditsBothLand"
  ) { world in
    let home = try await world.couple()
    let card = try await world.backend.addCard(CardDraft(title: "Bath"), to: home, as: world.alice)
    let backend = world.backend
    async let byAlice = backend.editCard(card.id, CardEdit(note: .set("warm water")), as: "alice")
    async let byBob = backend.editCard(card.id, CardEdit(title: .set("Bath at 7")), as: "bob")
    _ = try await (byAlice, byBob)
    let final = try await backend.card(card.id, as: world.alice)
    #expect(final.revision == 3)
    #expect(final.title == "Bath at 7")
    #expect(final.note == "warm water")
  }

  /// AC-SYNC-10: An acknowledgement of revision 1 that arrives after a title edit is refused as
  /// `staleAcknowledgement`.
  public static let acknowledgementAfterATitleEditIsStale = ContractCheck(
    id: "AC-SYNC-10", name: "acknowledgementAfterATitleEditIsStale"
  ) { world in
    let home = try await world.couple()
    let card = try await world.backend.addCard(
      CardDraft(title: "Pick up meds"), to: home, as: world.alice)
    let bob = world.device(world.bob).device
    let seen = try await bob.sync().pending.first
    _ = try await world.backend.editCard(
      card.id, CardEdit(title: .set("Pick up meds at 5")), as: world.alice)
    await #expect(throws: TeammateError.staleAcknowledgement(card.id, seen: 1, current: 2)) {
      try await world.backend.acknowledgeCard(card.id, revision: seen?.revision ?? 0, as: world.bob)
    }
  }
}

/// The outcome of an async call as a value, so that racing calls can be compared.
func outcome<T>(_ body: () async throws -> T) async -> Result<T, any Error> {
  do { return .success(try await body()) } catch { return .failure(error) }
}

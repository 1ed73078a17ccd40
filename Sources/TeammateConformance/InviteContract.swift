import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport
import Testing

/// The contract's checks of this area, for any backend.
public enum InviteContract {
  /// AC-INV-06: Through every backend, issuing a new invite revokes the household's previous one:
  /// its code is no longer found, and the household has one live invite.
  public static let newInviteRevokesTheOldOne = ContractCheck(
    id: "AC-INV-06", name: "newInviteRevokesTheOldOne"
  ) { world in
    let creation = try await world.aliceAlone()
    let home = creation.household.id
    let first = creation.invite
    #expect(try await world.backend.liveInvite(for: home, as: world.alice) == first)
    let second = try await world.backend.issueInvite(for: home, as: world.alice)
    #expect(second.code != first.code)
    #expect(try await world.backend.liveInvite(for: home, as: world.alice) == second)
    await #expect(throws: TeammateError.inviteNotFound(first.code)) {
      try await world.backend.join(code: first.code.rawValue, displayName: "Bob", as: world.bob)
    }
    #expect(try await world.backend.invite(code: second.code.rawValue, as: world.carol) == second)
    _ = try await world.backend.join(code: second.code.rawValue, displayName: "Bob", as: world.bob)
    #expect(try await world.backend.liveInvite(for: home, as: world.alice) == nil)
    await #expect(throws: TeammateError.householdFull(home)) {
      try await world.backend.issueInvite(for: home, as: world.alice)
    }
  }

  /// AC-INV-07: Through every backend, leaving a household revokes its invite (also when its last
  /// member deletes it).
  public static let leavingRevokesTheInvite = ContractCheck(
    id: "AC-INV-07", name: "leavingRevokesTheInvite"
  ) { world in
    let home = try await world.couple()
    try await world.backend.leaveHousehold(home, as: world.bob)
    let invite = try await world.backend.issueInvite(for: home, as: world.alice)
    try await world.backend.leaveHousehold(home, deletingHousehold: true, as: world.alice)
    await #expect(throws: TeammateError.inviteNotFound(invite.code)) {
      try await world.backend.join(
        code: invite.code.rawValue, displayName: "Carol", as: world.carol)
    }
  }

  /// AC-SYNC-11: Through the backend, the sixth invite attempt within 15 minutes of five wrong
  /// codes is refused as `tooManyJoinAttempts` even with the right code.
  public static let wrongCodesAreLimitedThroughTheBackend = ContractCheck(
    id: "AC-SYNC-11", name: "wrongCodesAreLimitedThroughTheBackend"
  ) { world in
    let creation = try await world.aliceAlone()
    let right = creation.invite.code.rawValue
    let wrong = right == "000000" ? "000001" : "000000"
    for _ in 0..<5 {
      await #expect(throws: TeammateError.inviteNotFound(Fixtures.code(wrong))) {
        try await world.backend.join(code: wrong, displayName: "Bob", as: world.bob)
      }
      world.clock.advance(by: 60)
    }
    let retryAfter = Fixtures.start + 15 * 60
    await #expect(throws: TeammateError.tooManyJoinAttempts(retryAfter: retryAfter)) {
      try await world.backend.join(code: right, displayName: "Bob", as: world.bob)
    }
    await #expect(throws: TeammateError.tooManyJoinAttempts(retryAfter: retryAfter)) {
      try await world.backend.invite(code: right, as: world.bob)
    }
    // Another account is not held back by Bob's guesses.
    #expect(try await world.backend.invite(code: right, as: world.carol) == creation.invite)
    world.clock.set(retryAfter)
    let joined = try await world.backend.join(code: right, displayName: "Bob", as: world.bob)
    #expect(joined.hasMember(world.bob))
  }

  /// AC-SYNC-33: Through every backend, fifty wrong codes spread over many accounts pause joining
  /// for everyone, even a new account with the right code, before the code is looked at.
  public static let wrongCodesFromManyAccountsPauseJoiningForEveryone = ContractCheck(
    id: "AC-SYNC-33", name: "wrongCodesFromManyAccountsPauseJoiningForEveryone"
  ) { world in
    let creation = try await world.aliceAlone()
    let right = creation.invite.code.rawValue
    let wrong = right == "000000" ? "000001" : "000000"
    for guesser in 0..<10 {
      for _ in 0..<5 {
        await #expect(throws: TeammateError.inviteNotFound(Fixtures.code(wrong))) {
          try await world.backend.join(
            code: wrong, displayName: "G", as: AccountID("guesser\(guesser)"))
        }
      }
    }
    let paused = TeammateError.joiningPaused(retryAfter: Fixtures.start + 15 * 60)
    await #expect(throws: paused) {
      try await world.backend.join(code: right, displayName: "Bob", as: world.bob)
    }
    await #expect(throws: paused) {
      try await world.backend.invite(code: right, as: world.carol)
    }
    world.clock.advance(by: 15 * 60)
    _ = try await world.backend.join(code: right, displayName: "Bob", as: world.bob)
  }
}

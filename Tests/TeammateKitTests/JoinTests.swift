import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

@Suite struct JoinTests {
  let issuedAt = Fixtures.start
  let household = Fixtures.household(withBob: false)
  var invite: Invite {
    Invite(
      code: Fixtures.code("012345"),
      householdID: household.id, createdBy: Fixtures.alice, createdAt: issuedAt,
      expiresAt: issuedAt.addingTimeInterval(Invite.lifetime))
  }

  func join(
    _ code: String = "012345", account: AccountID = Fixtures.bob, invite: Invite?? = nil,
    household: Household? = nil, accountHousehold: HouseholdID? = nil,
    failures: [Date] = [], at now: Date? = nil
  ) throws(TeammateError) -> InviteRules.Join {
    try InviteRules.join(
      code: code, account: account, displayName: "Bob", invite: invite ?? self.invite,
      household: household ?? self.household, accountHousehold: accountHousehold,
      failedAttempts: failures, now: now ?? issuedAt.addingTimeInterval(60))
  }

  @Test func test_AC_JOIN_01_joinDescribesEveryWrite() throws {
    let now = issuedAt.addingTimeInterval(60)
    let result = try join(at: now)
    #expect(result.invite.usedBy == Fixtures.bob)
    #expect(result.invite.usedAt == now)
    #expect(result.member == Member(uid: Fixtures.bob, displayName: "Bob", joinedAt: now))
    #expect(result.household.members.map(\.uid) == [Fixtures.alice, Fixtures.bob])
    #expect(result.account == Fixtures.bob)
  }

  @Test func test_AC_JOIN_02_malformedCodeIsRefused() {
    #expect(throws: TeammateError.malformedInviteCode("12-345")) { try join("12-345") }
  }

  @Test func test_AC_JOIN_03_unknownCodeIsRefused() {
    #expect(throws: TeammateError.inviteNotFound(Fixtures.code("999999"))) {
      try join("999999", invite: .some(nil))
    }
  }

  @Test func test_AC_JOIN_04_expiredFromTheExpiryInstantOn() throws {
    let expiry = invite.expiresAt
    #expect(
      throws: TeammateError.inviteExpired(invite.code, expiredAt: expiry, timeZone: "Asia/Taipei")
    ) {
      try join(at: expiry)
    }
    #expect(try join(at: expiry.addingTimeInterval(-1)).invite.usedAt == expiry - 1)
  }

  @Test func test_AC_JOIN_05_usedInviteIsRefused() {
    var used = invite
    used.usedBy = Fixtures.carol
    used.usedAt = issuedAt
    #expect(throws: TeammateError.inviteAlreadyUsed(invite.code)) { try join(invite: used) }
  }

  @Test func test_AC_JOIN_06_thirdAccountCannotJoinFullHousehold() {
    #expect(throws: TeammateError.householdFull(household.id)) {
      try join(account: Fixtures.carol, household: Fixtures.household(withBob: true))
    }
  }

  @Test func test_AC_JOIN_07_accountInAHouseholdCannotJoinAnother() {
    #expect(throws: TeammateError.alreadyInHousehold(Fixtures.otherHouseholdID)) {
      try join(accountHousehold: Fixtures.otherHouseholdID)
    }
  }

  @Test func test_AC_JOIN_08_serverClockJudgesExpiryNotTheDevice() throws {
    let server = FixedWallClock(issuedAt.addingTimeInterval(60 * 60))
    let device = SkewedWallClock(server, offset: 25 * 60 * 60)
    #expect(invite.isExpired(at: device.now()))
    #expect(try join(at: server.now()).invite.usedAt == server.now())
  }

  @Test func test_AC_JOIN_09_wrongCodesAreLimitedPerAccount() throws {
    let now = issuedAt.addingTimeInterval(20 * 60)
    let failures = (0..<5).map { now.addingTimeInterval(Double(-$0 * 60)) }
    let retryAfter = now.addingTimeInterval(-4 * 60 + 15 * 60)
    #expect(throws: TeammateError.tooManyJoinAttempts(retryAfter: retryAfter)) {
      try join(failures: failures, at: now)
    }
    #expect(try join(failures: failures, at: retryAfter).account == Fixtures.bob)
    #expect(try join(failures: Array(failures.prefix(4)), at: now).account == Fixtures.bob)
    #expect(JoinAttemptLimit.countsAsFailure(.inviteNotFound(invite.code)))
    #expect(
      JoinAttemptLimit.countsAsFailure(
        .inviteExpired(invite.code, expiredAt: now, timeZone: "UTC")))
    #expect(JoinAttemptLimit.countsAsFailure(.inviteAlreadyUsed(invite.code)))
    #expect(!JoinAttemptLimit.countsAsFailure(.malformedInviteCode("1")))
    #expect(!JoinAttemptLimit.countsAsFailure(.householdFull(household.id)))
  }

  @Test func test_AC_JOIN_09_theWindowEdgeIsExact() throws {
    let now = issuedAt.addingTimeInterval(60 * 60)
    let window = JoinAttemptLimit.standard.window
    let recent = (1...4).map { now.addingTimeInterval(Double(-$0)) }
    // A failure exactly one window old no longer counts; one second younger still does.
    #expect(try join(failures: recent + [now - window], at: now).account == Fixtures.bob)
    let youngest = now - window + 1
    #expect(throws: TeammateError.tooManyJoinAttempts(retryAfter: youngest + window)) {
      try join(failures: recent + [youngest], at: now)
    }
    #expect(try join(failures: recent + [youngest], at: youngest + window).account == Fixtures.bob)
    #expect(JoinAttemptLimit.standard.isForgettable(now - window, now: now))
    #expect(!JoinAttemptLimit.standard.isForgettable(youngest, now: now))
  }

  @Test func test_AC_JOIN_10_aStoreWideBudgetPausesEveryJoin() throws {
    let now = issuedAt.addingTimeInterval(60 * 60)
    let limit = JoinAttemptLimit.standard
    let failures = (0..<50).map { now.addingTimeInterval(Double(-$0 * 10)) }
    let oldest = now.addingTimeInterval(-490)
    #expect(throws: TeammateError.joiningPaused(retryAfter: oldest + limit.window)) {
      try limit.checkStoreWide(failures: failures, now: now)
    }
    try limit.checkStoreWide(failures: Array(failures.prefix(49)), now: now)
    try limit.checkStoreWide(failures: failures, now: oldest + limit.window)
  }
}

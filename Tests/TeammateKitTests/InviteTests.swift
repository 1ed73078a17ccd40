import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

@Suite struct InviteTests {
  let now = Fixtures.start

  func issue(
    _ household: Household = Fixtures.household(withBob: false),
    by actor: AccountID = Fixtures.alice,
    seed: UInt64 = 7, taken: Set<InviteCode> = []
  ) throws(TeammateError) -> Invite {
    var random = SeededRandomNumberGenerator(seed: seed)
    return try InviteRules.issue(
      household: household, by: actor, now: now, random: &random, isCodeTaken: taken.contains)
  }

  @Test func test_AC_INV_01_codesAreSixSeededDigitsWithLeadingZeros() throws {
    #expect(try issue(seed: 7) == issue(seed: 7))
    var random = SeededRandomNumberGenerator(seed: 1)
    let codes = (0..<2_000).map { _ in InviteCode.random(using: &random).rawValue }
    #expect(codes.allSatisfy { $0.count == 6 && $0.allSatisfy(\.isNumber) })
    #expect(codes.contains { $0.hasPrefix("0") })
    #expect(Set(codes).count > 1_900)
  }

  @Test func test_AC_INV_02_expiresTwentyFourHoursAfterServerCreation() throws {
    let invite = try issue()
    #expect(invite.createdAt == now)
    #expect(invite.expiresAt == now.addingTimeInterval(24 * 60 * 60))
    #expect(invite.householdID == Fixtures.householdID)
    #expect(invite.createdBy == Fixtures.alice)
  }

  @Test func test_AC_INV_03_onlyMembersIssueAndNotWhenFull() {
    #expect(throws: TeammateError.accessDenied(.notAMember(Fixtures.householdID))) {
      try issue(by: Fixtures.carol)
    }
    #expect(throws: TeammateError.householdFull(Fixtures.householdID)) {
      try issue(Fixtures.household(withBob: true))
    }
  }

  @Test func test_AC_INV_04_newCodeAvoidsLiveCodes() throws {
    let first = try issue(seed: 42)
    let second = try issue(seed: 42, taken: [first.code])
    #expect(second.code != first.code)
  }

  @Test(arguments: ["12345", "1234567", "12a456", "12 345", "١٢٣٤٥٦", "", "+12345", "123456\n7"])
  func test_AC_INV_05_malformedCodesAreRefused(text: String) {
    #expect(throws: TeammateError.malformedInviteCode(text)) { try InviteCode(validating: text) }
  }

  @Test func test_AC_INV_05_surroundingSpacesAreIgnored() throws {
    #expect(try InviteCode(validating: " 012345 ").rawValue == "012345")
  }
}

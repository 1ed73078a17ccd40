import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

@Suite struct HouseholdTests {
  let now = Fixtures.start

  func create(
    name: String = "Home", zone: String = "Asia/Taipei", displayName: String = "Alice",
    existing: HouseholdID? = nil
  ) throws(TeammateError) -> Household {
    try HouseholdRules.create(
      id: "h1", name: name, timeZone: zone, creator: Fixtures.alice, displayName: displayName,
      creatorHousehold: existing, now: now)
  }

  @Test func test_AC_HH_01_creatorIsFirstMemberAtServerTime() throws {
    let household = try create()
    #expect(household.createdBy == Fixtures.alice)
    #expect(household.createdAt == now)
    #expect(household.members == [Member(uid: Fixtures.alice, displayName: "Alice", joinedAt: now)])
  }

  @Test func test_AC_HH_02_accountInAHouseholdCannotCreateAnother() {
    #expect(throws: TeammateError.alreadyInHousehold("old")) { try create(existing: "old") }
  }

  @Test func test_AC_HH_03_namesAreTrimmedAndBounded() throws {
    let household = try create(name: "  Home  ", displayName: "\tAlice\n")
    #expect(household.name == "Home")
    #expect(household.members[0].displayName == "Alice")
    #expect(throws: TeammateError.emptyName(.householdName)) { try create(name: "   ") }
    #expect(throws: TeammateError.emptyName(.displayName)) { try create(displayName: "") }
    let longName = String(repeating: "家", count: 81)
    #expect(throws: TeammateError.nameTooLong(.householdName, length: 81, limit: 80)) {
      try create(name: longName)
    }
    // 40 family emoji are 40 characters although they are hundreds of bytes.
    let emojiName = String(repeating: "👨‍👩‍👧", count: 40)
    #expect(try create(displayName: emojiName).members[0].displayName == emojiName)
  }

  @Test func test_AC_HH_04_timeZoneMustBeKnown() throws {
    #expect(throws: TeammateError.unknownTimeZone("Mars/Olympus")) {
      try create(zone: "Mars/Olympus")
    }
    #expect(throws: TeammateError.unknownTimeZone("")) { try create(zone: "") }
    #expect(try create(zone: "America/New_York").timeZone == "America/New_York")
  }

  @Test func test_AC_HH_05_membersMayRenameAndChangeZone() throws {
    let household = Fixtures.household()
    let renamed = try HouseholdRules.update(household, name: " Nest ", timeZone: "Europe/Paris")
    #expect(renamed.name == "Nest")
    #expect(renamed.timeZone == "Europe/Paris")
    #expect(renamed.members == household.members)
    #expect(throws: TeammateError.unknownTimeZone("Nowhere")) {
      try HouseholdRules.update(household, name: nil, timeZone: "Nowhere")
    }
  }

  @Test func test_AC_HH_06_memberMayLeaveButStrangerCannot() throws {
    let household = Fixtures.household()
    let after = try HouseholdRules.leave(household, account: Fixtures.bob)
    #expect(after.members.map(\.uid) == [Fixtures.alice])
    #expect(throws: TeammateError.accessDenied(.notAMember(household.id))) {
      try HouseholdRules.leave(household, account: Fixtures.carol)
    }
  }

  @Test func test_AC_HH_07_householdHoldsAtMostTwo() {
    #expect(Household.capacity == 2)
    #expect(Fixtures.household(withBob: true).isFull)
    #expect(!Fixtures.household(withBob: false).isFull)
  }

  @Test func test_AC_HH_08_linkingKeepsUidAndRefusesOtherOwners() throws {
    let google = Credential(provider: "google", subject: "alice@example.com")
    #expect(try AccountRules.link(google, to: Fixtures.alice, currentOwner: nil))
    #expect(try !AccountRules.link(google, to: Fixtures.alice, currentOwner: Fixtures.alice))
    #expect(throws: TeammateError.credentialLinkedElsewhere(google)) {
      try AccountRules.link(google, to: Fixtures.bob, currentOwner: Fixtures.alice)
    }
  }

  @Test(arguments: ["google", ":x", "google:", "", "  :  "])
  func test_AC_HH_09_credentialNeedsProviderAndId(text: String) throws {
    #expect(throws: TeammateError.malformedCredential(text)) { try Credential(parsing: text) }
    let parsed = try Credential(parsing: "apple:0012.ab:c")
    #expect(parsed == Credential(provider: "apple", subject: "0012.ab:c"))
  }

  @Test func test_AC_HH_03_oneCharacterOverEitherLimitIsRefused() throws {
    let forty = String(repeating: "a", count: 40)
    #expect(try create(displayName: forty).members[0].displayName == forty)
    #expect(throws: TeammateError.nameTooLong(.displayName, length: 41, limit: 40)) {
      try create(displayName: forty + "b")
    }
    let eighty = String(repeating: "家", count: 80)
    #expect(try create(name: eighty).name == eighty)
    #expect(throws: TeammateError.nameTooLong(.householdName, length: 81, limit: 80)) {
      try create(name: eighty + "家")
    }
  }

  @Test func test_AC_HH_05_aRenameIsValidatedLikeACreation() throws {
    let household = Fixtures.household()
    #expect(throws: TeammateError.emptyName(.householdName)) {
      try HouseholdRules.update(household, name: " \n ", timeZone: nil)
    }
    #expect(throws: TeammateError.nameTooLong(.householdName, length: 81, limit: 80)) {
      try HouseholdRules.update(household, name: String(repeating: "x", count: 81), timeZone: nil)
    }
    let eighty = String(repeating: "x", count: 80)
    #expect(try HouseholdRules.update(household, name: eighty, timeZone: nil).name == eighty)
    #expect(try HouseholdRules.update(household, name: nil, timeZone: nil) == household)
  }

  @Test func test_AC_HH_10_theLastMemberLeavesOnlyByDeletingTheHousehold() throws {
    let alone = try HouseholdRules.leave(Fixtures.household(), account: Fixtures.bob)
    #expect(throws: TeammateError.lastMemberMustDeleteHousehold(alone.id)) {
      try HouseholdRules.leave(alone, account: Fixtures.alice)
    }
    let gone = try HouseholdRules.leave(alone, account: Fixtures.alice, deletingHousehold: true)
    #expect(gone.members.isEmpty)
    #expect(
      try HouseholdRules.leave(Fixtures.household(), account: Fixtures.alice).members.map(\.uid)
        == [Fixtures.bob])
  }

  @Test func test_AC_HH_11_namesHaveALimitInBytesToo() throws {
    let stacked = "Al" + String(repeating: "\u{0308}", count: 1_000)
    #expect(throws: TeammateError.tooManyBytes("display name", bytes: 2_002, limit: 1_000)) {
      try create(displayName: stacked)
    }
    #expect(throws: TeammateError.tooManyBytes("household name", bytes: 2_002, limit: 1_600)) {
      try create(name: stacked)
    }
  }
}

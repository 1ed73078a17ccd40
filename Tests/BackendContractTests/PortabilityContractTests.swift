import TeammateConformance
import TeammateTestHarness
import Testing

/// `PortabilityContract` of the conformance product, on each of our backends.
@Suite struct PortabilityContractTests {
  @Test(arguments: BackendKind.allCases)
  func test_AC_PORT_03_aRoundTripGivesTheSameBytes(kind: BackendKind) async throws {
    try await PortabilityContract.aRoundTripGivesTheSameBytes.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_PORT_06_anErasedAccountBecomesAFormerMember(kind: BackendKind) async throws {
    try await PortabilityContract.anErasedAccountBecomesAFormerMember.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_PORT_12_aMovedHouseholdSaysWhereItWent(kind: BackendKind) async throws {
    try await PortabilityContract.aMovedHouseholdSaysWhereItWent.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_PORT_14_phonesFollowAMovedHousehold(kind: BackendKind) async throws {
    try await PortabilityContract.phonesFollowAMovedHousehold.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_PORT_19_aPhoneWithoutAHouseholdIsToldWhereItWent(kind: BackendKind) async throws {
    try await PortabilityContract.aPhoneWithoutAHouseholdIsToldWhereItWent.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_PORT_24_aMovedHouseholdLeavesOnlyItsMark(kind: BackendKind) async throws {
    try await PortabilityContract.aMovedHouseholdLeavesOnlyItsMark.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_PORT_26_anErasedMemberLeavesTheMarks(kind: BackendKind) async throws {
    try await PortabilityContract.anErasedMemberLeavesTheMarks.run(on: kind)
  }
}

import TeammateConformance
import TeammateTestHarness
import Testing

/// `InviteContract` of the conformance product, on each of our backends.
@Suite struct InviteContractTests {
  @Test(arguments: BackendKind.allCases)
  func test_AC_INV_06_newInviteRevokesTheOldOne(kind: BackendKind) async throws {
    try await InviteContract.newInviteRevokesTheOldOne.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_INV_07_leavingRevokesTheInvite(kind: BackendKind) async throws {
    try await InviteContract.leavingRevokesTheInvite.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_SYNC_11_wrongCodesAreLimitedThroughTheBackend(kind: BackendKind) async throws {
    try await InviteContract.wrongCodesAreLimitedThroughTheBackend.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_SYNC_33_wrongCodesFromManyAccountsPauseJoiningForEveryone(kind: BackendKind)
    async throws
  {
    try await InviteContract.wrongCodesFromManyAccountsPauseJoiningForEveryone.run(on: kind)
  }
}

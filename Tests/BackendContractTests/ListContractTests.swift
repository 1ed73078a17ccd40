import TeammateConformance
import TeammateTestHarness
import Testing

/// `ListContract` of the conformance product, on each of our backends.
@Suite struct ListContractTests {
  @Test(arguments: BackendKind.allCases)
  func test_AC_LIST_06_theListIsTheSameOnEveryBackend(kind: BackendKind) async throws {
    try await ListContract.theListIsTheSameOnEveryBackend.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_LIST_07_twoAddsOfflineAreOneItem(kind: BackendKind) async throws {
    try await ListContract.twoAddsOfflineAreOneItem.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_LIST_08_gotAndClearedNeverComeBack(kind: BackendKind) async throws {
    try await ListContract.gotAndClearedNeverComeBack.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_LIST_21_aMovedItemIsListedUnderItsNewAisle(kind: BackendKind) async throws {
    try await ListContract.aMovedItemIsListedUnderItsNewAisle.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_LIST_37_aRenamedItemReadsItsNewText(kind: BackendKind) async throws {
    try await ListContract.aRenamedItemReadsItsNewText.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_LIST_23_bothPartnersWalksTeachOneOrder(kind: BackendKind) async throws {
    try await ListContract.bothPartnersWalksTeachOneOrder.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_LIST_24_quantitiesOfOneThingAddUp(kind: BackendKind) async throws {
    try await ListContract.quantitiesOfOneThingAddUp.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_LIST_28_aMealTakesBackOnlyItsPart(kind: BackendKind) async throws {
    try await ListContract.aMealTakesBackOnlyItsPart.run(on: kind)
  }
}

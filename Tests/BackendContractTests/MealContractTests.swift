import TeammateConformance
import TeammateTestHarness
import Testing

/// `MealContract` of the conformance product, on each of our backends.
@Suite struct MealContractTests {
  @Test(arguments: BackendKind.allCases)
  func test_AC_MEAL_14_mealsAndDishesAreTheSameOnEveryBackend(kind: BackendKind) async throws {
    try await MealContract.mealsAndDishesAreTheSameOnEveryBackend.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_MEAL_11_twoPicksOfflineTheLaterArrivalWins(kind: BackendKind) async throws {
    try await MealContract.twoPicksOfflineTheLaterArrivalWins.run(on: kind)
  }
}

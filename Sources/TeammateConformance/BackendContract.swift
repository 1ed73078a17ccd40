/// The whole backend contract: every check a backend must pass, whatever it stores in.
///
/// A backend's own test target runs them all in a few lines, each check a test case of its
/// own (see "Writing a backend" in TeammateKit's documentation):
///
/// ```swift
/// import Testing
/// import TeammateConformance
///
/// @Test(arguments: BackendContract.checks)
/// func contract(_ check: ContractCheck) async throws {
///   try await check.run(on: MyCloudFactory())
/// }
/// ```
public enum BackendContract {
  /// Every check, in the order of the areas they prove.
  public static let checks: [ContractCheck] = [
    AccessContract.strangerCanReadAndWriteNothing,
    AccessContract.formerMemberIsAStrangerAndSettingsAreOwn,
    DeviceConcurrencyContract.manyCallsAtOnceLandOnceInOrder,
    DeviceConcurrencyContract.cancelledCallersLeaveNothingHalfDone,
    DeviceConcurrencyContract.fiftyHandOversHandTheDeviceOnce,
    DeviceStoreContract.aDroppedDeviceLosesNothingAndSendsOnce,
    PortabilityContract.aRoundTripGivesTheSameBytes,
    PortabilityContract.anErasedAccountBecomesAFormerMember,
    PortabilityContract.aMovedHouseholdSaysWhereItWent,
    PortabilityContract.phonesFollowAMovedHousehold,
    PortabilityContract.aPhoneWithoutAHouseholdIsToldWhereItWent,
    PortabilityContract.aMovedHouseholdLeavesOnlyItsMark,
    PortabilityContract.anErasedMemberLeavesTheMarks,
    DeviceObservationContract.aScreenFollowsThePartnerWithoutSync,
    DeviceObservationContract.theViewOfAWaitingWriteIsTheBackendsAnswer,
    DeviceTruthContract.eachReminderFiresOnceHoweverOftenTheDeviceSyncs,
    DeviceTruthContract.aDevicesOwnWritesReplanItAtOnce,
    DeviceTruthContract.aSyncSaysWhatThePartnerDidOncePerCard,
    DeviceTruthContract.acknowledgingAllPendingIsOneWriteAtTheRevisionsThen,
    DeviceTruthContract.theLastMemberLeavesOnlyByDeletingTheHousehold,
    DeviceTruthContract.eitherMemberRestoresADeletedCard,
    FeedContract.feedIsOrderedPerHouseholdAndPagesByCursor,
    FeedContract.duplicateLateAndReversedPushesDoNoHarm,
    FeedContract.refusedCallsChangeNothing,
    FeedContract.batchOfCardsIsAllOrNothing,
    FeedContract.acknowledgingSeveralIsAllOrNothing,
    FeedContract.anUpdateThatChangesNothingAddsNothingToTheFeed,
    FeedContract.acknowledgingCompletingAndDeletingAreNotActivity,
    FeedContract.aDevicePullsEveryPageEvenAnExactMultiple,
    FeedContract.pendingCardsAreExactlyTheRules,
    FeedContract.textRoundTripsExactly,
    HouseholdWritesContract.householdAndMemberChangesAreWrites,
    InviteContract.newInviteRevokesTheOldOne,
    InviteContract.leavingRevokesTheInvite,
    InviteContract.wrongCodesAreLimitedThroughTheBackend,
    InviteContract.wrongCodesFromManyAccountsPauseJoiningForEveryone,
    OfflineContract.offlineWritesApplyAtOnceAndWaitInOrder,
    OfflineContract.backOnlineTheOutboxLandsOnceInOrder,
    OfflineContract.aWriteSentAgainIsAnsweredAsTheFirstTime,
    OfflineContract.theBackendChecksAgainAndStampsItsOwnTime,
    OfflineContract.aRefusedWriteBecomesAConflictAndTheViewGoesBack,
    OfflineContract.editsMergeByFieldAndTheLaterArrivalWins,
    OfflineContract.theOutboxAndConflictsSurviveARestart,
    OfflineContract.theBadgeAndPlanFollowTheViewWhileAWriteWaits,
    OfflineContract.aLostReplyIsSentAgainAndAnOnlineRefusalIsThrown,
    OfflineContract.receiptsAreKeptOnlyWhileADeviceMayAskForThem,
    OfflineContract.aWriteIDNoDeviceMakesIsRefused,
    OfflineContract.aHouseholdIsMadeThroughTheOutbox,
    MealContract.mealsAndDishesAreTheSameOnEveryBackend,
    MealContract.twoPicksOfflineTheLaterArrivalWins,
    ListContract.theListIsTheSameOnEveryBackend,
    ListContract.twoAddsOfflineAreOneItem,
    ListContract.gotAndClearedNeverComeBack,
    ListContract.aMovedItemIsListedUnderItsNewAisle,
    ListContract.aRenamedItemReadsItsNewText,
    ListContract.bothPartnersWalksTeachOneOrder,
    ListContract.quantitiesOfOneThingAddUp,
    ListContract.aMealTakesBackOnlyItsPart,
    NewsContract.thePartnersActsAreToldAsMade,
    RaceContract.twoAccountsRacingForOneCodeOneJoins,
    RaceContract.concurrentEditsBothLand,
    RaceContract.acknowledgementAfterATitleEditIsStale,
    RepeatContract.theRuleIsStoredAndSyncedLikeAnyField,
    SimulationContract.devicesConvergeWhateverHappens,
    SimulationContract.longLivesThatFoundBugsStayFixed,
    SimulationContract.aSweepOfSeedsBreaksNoInvariant,
    SimulationContract.seedsThatFoundBugsStayFixed,
    StoryContract.partnersCardIsPendingWithOneActivityNotification,
    StoryContract.acknowledgementReachesThePartner,
    StoryContract.titleEditNeedsKnowingAgainNoteEditDoesNot,
    StoryContract.syncingAgainWithNothingNewChangesNothing,
    StoryContract.serverClockWinsOverASkewedDevice,
    StoryContract.leavingLetsGoOfTheHousehold,
    StoryContract.deletedCardLeavesPendingAndCancelsItsNotifications,
    StoryContract.linkingKeepsTheUid,
    StoryContract.aDeviceClockHoursBehindChangesNoStoredTime,
  ]
}

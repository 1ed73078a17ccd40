/// A device handed over to where its household moved (AC-DEV-22, AC-PORT-15): the phone that
/// follows the household there opens with what this one kept.
extension Device {
  /// Hands this device over to `target`, the store a phone keeps where its household moved
  /// (`place`): its state — its outbox, its place in the feed, what it was told — is kept
  /// there marked to arrive at `place`, so that the device opened on it arrives at its next
  /// sync and sends each waiting write once; unless `target` keeps a state of this account
  /// already, which is never overwritten. Its own store then forgets it, and this device
  /// follows nothing. A device that follows no household, or another than `household` when
  /// one is named, hands nothing over. Answers whether it handed its state over.
  public func handOver(
    to target: any DeviceStore, arrivingAt place: String, following household: HouseholdID? = nil
  ) async throws -> Bool {
    try await waitTurn { () async throws -> Bool in
      guard let followed = state.householdID, household == nil || household == followed else {
        return false
      }
      var handed = state
      if handed.movedTo == nil { handed.movedTo = place }
      if try await !target.keepsState(of: account) {
        try await target.saveState(handed, previous: nil, of: account)
      }
      try await store?.forgetState(of: account)
      state = DeviceState()
      saved = state
      shownView = nil
      return true
    }
  }
}

import Foundation

/// Writes, through the outbox: each made as an entry kept before it is sent, sent in order,
/// answered once.
extension Device {
  /// Whether the household the device follows is one it made that waits in its outbox.
  var householdWaits: Bool {
    state.outbox.contains {
      guard case .createHousehold = $0.write else { return false }
      return $0.householdID == state.householdID
    }
  }

  /// The household this device's account is in, asking the backend when it does not know.
  func householdID() async throws -> HouseholdID {
    if let id = state.householdID { return id }
    guard isOnline else { throw TeammateError.unavailable }
    guard let id = try await backend.householdID(of: account, as: account) else {
      throw TeammateError.notInHousehold(account)
    }
    // NB: followed from now on, so that the answers to its writes are kept (a list item has
    // no other way back to a device); the next pull brings the rest.
    state.householdID = id
    return id
  }

  /// Makes one write: offline it is checked against the device's view and waits; online it
  /// is sent with whatever waits before it, and the backend's refusal of it is thrown.
  /// Returns the backend's answer, or nil while the write waits.
  ///
  /// `chosen` names the household a write makes (`DeviceWrite.createHousehold`), which the
  /// device follows from then on.
  func make(_ write: DeviceWrite, in chosen: HouseholdID? = nil) async throws -> WriteOutcome? {
    let household: HouseholdID
    if let chosen { household = chosen } else { household = try await householdID() }
    let now = clock.now()
    // NB: the entry keeps when it was made, read back with the device's state (AC-INPUT-01).
    try StoredTime.check(now)
    // NB: a household's making is checked here online too: it depends on nothing the backend
    // holds, and a refused one must not leave a new device behind (AC-INPUT-08).
    if !isOnline || chosen != nil {
      let shown = view
      // NB: offline, the rules refuse at once what this device can already see is wrong.
      if shown.household != nil || chosen != nil {
        let checked = OutboxEntry(id: "view", householdID: household, write: write, madeAt: now)
        _ = try Outbox.apply(checked, to: shown, viewer: account, now: now)
      }
    }
    let entry = OutboxEntry(
      id: .random(length: 16, using: &random), householdID: household, write: write, madeAt: now)
    state.householdID = household
    state.outbox.append(entry)
    // NB: kept before it is sent: a device that dies meanwhile sends it on its next run, once.
    try await keep()
    guard isOnline else {
      try await replan(adding: [])
      return nil
    }
    let outcome: WriteOutcome?
    do {
      outcome = try await flush(answering: entry.id)[entry.id]
    } catch {
      // NB: unanswered, the write waits; the plan follows the view all the same.
      try await replan(adding: [])
      throw error
    }
    try await replan(adding: [])
    if case .refused(let error) = outcome { throw error }
    return outcome
  }

  /// Sends the outbox in order, each write once until it is answered, and stops at the
  /// first that does not arrive (it stays, to be sent again). A refusal puts the device's
  /// view back to the backend's and becomes a conflict, except for `answering`, whose
  /// refusal the caller hears at once.
  @discardableResult
  func flush(answering: WriteID? = nil) async throws -> [WriteID: WriteOutcome] {
    try await arriveIfMoved()
    var outcomes: [WriteID: WriteOutcome] = [:]
    while let entry = state.outbox.first {
      var sending = entry
      sending.heldAnswers = state.heldAnswers
      let outcome = try await backend.submit(sending, as: account)
      state.outbox.removeAll { $0.id == entry.id }
      // NB: a household not made is not followed: the next pull asks where the account is.
      if case .createHousehold = entry.write, case .refused = outcome,
        state.householdID == entry.householdID
      {
        state.householdID = nil
      }
      // NB: the backend has forgotten what this device held; it holds this answer now.
      state.heldAnswers.removeAll { sending.heldAnswers.contains($0) }
      state.heldAnswers.append(entry.id)
      outcomes[entry.id] = outcome
      switch outcome {
      case .applied(_, _, _, let changes):
        // NB: by sequence, as pulled: an answer given again after a lost reply carries
        // versions the device may have moved past since. One's own list writes are no news,
        // and an item they touched is one the person has seen (its answer shows it).
        let unseen = state.listUnseen
        for change in changes { state.apply(change) }
        state.listUnseen = unseen.subtracting(changes.compactMap(\.item?.id))
        renameMergedItems(of: entry.write, answeredBy: changes)
      case .refused(let error) where entry.id != answering:
        state.conflicts.append(
          SyncConflict(
            id: entry.id.rawValue, cardID: entry.write.cardID,
            title: entry.write.cardID.flatMap { state.cards[$0]?.title }
              ?? entry.write.itemIDs.first.flatMap { state.items[$0]?.text.text }
              ?? entry.write.title,
            reason: .refused(entry.write, error)))
      case .refused:
        break
      }
    }
    return outcomes
  }

  /// An item this device added that merged into one the backend had (the partner's) is
  /// that one from now on: the writes still waiting name it by the backend's id.
  func renameMergedItems(of write: DeviceWrite, answeredBy changes: [Change]) {
    guard case .addItems(let drafts) = write else { return }
    let answered = changes.compactMap(\.item)
    var names: [ItemID: ItemID] = [:]
    for (draft, item) in zip(drafts, answered) where draft.id != item.id {
      names[draft.id] = item.id
    }
    guard !names.isEmpty else { return }
    for index in state.outbox.indices {
      state.outbox[index].write = state.outbox[index].write.renamingItems(names)
    }
  }

  /// The cards an answer wrote, or the device's view of them while the write waits.
  func cards(_ outcome: WriteOutcome?, else ids: [CardID]) -> [Card] {
    if case .applied(let cards, _, _, _) = outcome { return cards }
    let shown = view.cards
    return ids.compactMap { shown[$0] }
  }
}

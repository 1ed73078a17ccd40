import Foundation
import TeammateKit
import TeammateTestSupport

extension Life {
  /// `who` moves the household to a fresh backend of the run's kind (AC-PORT-17): exported,
  /// imported there, marked moved here. The checks follow it at once, finding their place in
  /// its feed by count; each phone follows when its store tells it where it went, one that
  /// followed no household as well (AC-PORT-19).
  ///
  /// The store it goes to is of a kind drawn from the run's and `moveTargets`; and in half the
  /// moves the partner's phone goes straight there, never opening the store left again.
  func move(by who: Partner, step: Int) async throws -> String {
    guard let source = backend as? any PortableBackend else { return "not movable" }
    var draw = SeededRandomNumberGenerator(seed: config.seed &+ 0x6B69_6E64 &+ UInt64(step))
    if let again = try await moveAgain(by: who, step: step) {
      return try await arrive(
        at: again.store, kind: again.kind, place: again.place, by: who, step: step, draw: &draw)
        + "; made again"
    }
    let kinds = [config.backend] + config.moveTargets
    let kind = kinds[draw.below(kinds.count)]
    let made = try await kind.makeBackend(
      clock: clock, random: SeededRandomNumberGenerator(seed: config.seed &* 7_919 &+ UInt64(step)))
    guard let target = made as? any PortableBackend else { return "not movable" }
    try await target.importHousehold(
      try await source.exportHousehold(home, as: who.account), as: who.account)
    // NB: a move killed between its import and its mark, in one move of four: the household
    // lives on here, and the next move makes it again (AC-PORT-33).
    var cut = SeededRandomNumberGenerator(seed: config.seed &+ 0x6375_7420 &+ UInt64(step))
    if cut.below(4) == 0 {
      cutShort = (made, kind, "store \(step)")
      // NB: in half of them the person moves again at once, nothing written since; else a
      // later move makes it again, or finds the copy moved past and goes elsewhere.
      guard cut.below(2) == 0, let again = try await moveAgain(by: who, step: step) else {
        return "cut short after its import to store \(step)"
      }
      return try await arrive(
        at: again.store, kind: again.kind, place: again.place, by: who, step: step, draw: &draw)
        + "; cut short after its import, made again"
    }
    try await source.markMoved(home, to: "store \(step)", as: who.account)
    return try await arrive(
      at: made, kind: kind, place: "store \(step)", by: who, step: step, draw: &draw)
  }

  /// The move cut short before, made again through `who`'s phone (AC-PORT-31) when it is
  /// online: the store it was copied to when nothing was written since, nil otherwise (a
  /// copy the household moved past is refused, and the move goes to a fresh store).
  private func moveAgain(by who: Partner, step: Int) async throws
    -> (store: any TeammateBackend, kind: any BackendFactory, place: String)?
  {
    guard let cut = cutShort, let target = cut.store as? any PortableBackend else { return nil }
    cutShort = nil
    let device = phone(who).device
    guard await device.isOnline else { return nil }
    let waiting = Set(await device.state.outbox.map(\.id))
    // NB: as a person would, up to three times through the faults of the phone's network.
    for attempt in 1...3 {
      do {
        _ = try await device.moveHousehold(to: target, location: cut.place)
        await holdToAnswers(waiting, sentBy: who, step: step)
        return cut
      } catch HouseholdDocumentError.householdAlreadyHere {
        return nil
      } catch {
        // NB: the mark may have landed all the same, its answer lost.
        do {
          _ = try await backend.household(home, as: who.account)
        } catch TeammateError.householdMoved {
          await holdToAnswers(waiting, sentBy: who, step: step)
          return cut
        }
        if attempt == 3 {
          cutShort = cut
          throw error
        }
      }
    }
    return nil
  }

  /// What a move made again through `who`'s phone sent first, of the writes `waiting` before
  /// it, is held to the network's answers: their receipts went with the mark in the same
  /// step, before any check could read them.
  private func holdToAnswers(_ waiting: Set<WriteID>, sentBy who: Partner, step: Int) async {
    let sent = waiting.subtracting(await phone(who).device.state.outbox.map(\.id))
    if let lost = sent.sorted().first(where: { phone(who).network.answer(to: $0) == nil }) {
      broken = Violation(
        step: step, invariant: .nothingLost,
        detail: "\(who)'s write \(lost) left the outbox unanswered in a move")
    }
    phone(who).tracked.subtract(sent)
  }

  /// The household arrived at `made`: the checks follow it there, and in half the moves the
  /// partner's phone goes straight there.
  private func arrive(
    at made: any TeammateBackend, kind: any BackendFactory, place: String, by who: Partner,
    step: Int, draw: inout SeededRandomNumberGenerator
  ) async throws -> String {
    left.append(backend)
    backend = made
    factory = kind
    observer = FaultyBackend(
      made, distortion: config.sabotage?.distortion(observer: true) ?? .init())
    // NB: the checks' copy of the feed, numbered as the new store numbers it.
    let moved = try await observer.changes(
      in: home, after: 0, limit: 1_000_000, as: who.account)
    guard moved.count >= feedSeen.count else { return "moved short of the feed" }
    feedSeen = Array(moved.prefix(feedSeen.count))
    model.rebase(through: feedSeen.last?.sequence ?? 0)
    // NB: a store of the run's own kind is named as before, so that runs of one seed on two
    // backends read alike.
    let to = "ok to \(place)" + (kind.name == config.backend.name ? "" : ", \(kind.name)")
    let partner = who == .alice ? Partner.bob : .alice
    guard members.contains(partner), draw.below(2) == 0 else { return to }
    // NB: as the command line hands each member's state to the file the household went to,
    // or a phone's own file goes with it: what the phone holds, whatever its store left.
    var held = await phone(partner).device.state
    if held.movedTo == nil { held.movedTo = place }
    try await follow(phone(partner), step: step, holding: held)
    return to + "; \(partner) goes straight there"
  }

  /// The phone re-opened on the store its household moved to, from what it kept (or `held`,
  /// what it holds): its next sync arrives there.
  func follow(_ phone: Phone, step: Int, holding held: DeviceState? = nil) async throws {
    var kept = held
    if kept == nil { kept = try await phone.store.loadState(of: phone.partner.account) }
    let online = await phone.device.isOnline
    phone.leftNetworks.append(phone.network)
    phone.network = FaultyBackend(
      backend,
      distortion: config.sabotage?.distortion(observer: false, viewer: phone.partner.account)
        ?? .init())
    phone.pushes = []
    phone.pushedThrough = 0
    phone.pushedTold = []
    // NB: a store kept beside the household's (SQLite's) goes with it, what the phone kept
    // handed over, as the command line hands it.
    let store = SimDeviceStore(
      base: try await factory.makeDeviceStore(for: backend),
      forgetful: config.sabotage == .forgetfulStore)
    if let kept {
      try await store.saveState(kept, previous: nil, of: phone.partner.account)
    }
    phone.store = store
    phone.device = try await Device(
      account: phone.partner.account, backend: phone.network, clock: phone.clock,
      scheduler: phone.scheduler, store: phone.store, online: online,
      random: SeededRandomNumberGenerator(seed: config.seed &* 257 &+ UInt64(step)))
    _ = try await phone.device.sync()
    phone.pushedThrough = await phone.device.state.cursor
  }
}

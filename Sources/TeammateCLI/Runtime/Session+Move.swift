import Foundation
import TeammateKit
import TeammatePostgres
import TeammateSQLite

/// The store a household moves to, and the devices' states that follow it (AC-PORT-15,
/// AC-PORT-20, AC-PORT-21).
extension Session {
  /// The store at `place` (a SQLite file, made when missing, or a server's service URL) and
  /// where it is, as devices are told: the file's full path; the server's place with no
  /// credential in it (AC-PORT-23).
  mutating func storeToMoveTo(_ place: String) throws -> (any PortableBackend, String) {
    guard ServerURL.isServer(place) else {
      let path = URL(fileURLWithPath: (place as NSString).expandingTildeInPath).standardized.path
      return (try SQLiteBackend(path: path, clock: clock, access: .create), path)
    }
    do {
      return (try PostgresBackend(url: place, clock: clock), ServerURL.place(place))
    } catch {
      throw ServerError(url: place, reason: error.message)
    }
  }

  /// The devices kept beside the household's file, each handed over by itself to where the
  /// household moved (`Device.handOver`, AC-DEV-22): into that file when it moved to one, into
  /// this device's own file when it moved to a server. Opened there, each device arrives at
  /// its next sync. A move from a file to a file hands every member's device (the file is
  /// each member's phone, AC-PORT-20); to a server, this account's alone, since only this
  /// device's own file is known here (each other member's follows at that member's next run
  /// on the file). A device that keeps its own file already has nothing to hand over.
  mutating func handOver(to place: String, everyMember: Bool = false) async throws {
    guard !onServer else { return }
    let uid = try account()
    let here = try deviceStore()
    let toServer = ServerURL.isServer(place)
    let target =
      toServer
      ? SQLiteDeviceStore(file: try SQLiteBackend(path: devicePath, clock: clock, access: .create))
      : SQLiteDeviceStore(
        householdStore: try SQLiteBackend(path: place, clock: clock, access: .existing))
    let states = SQLiteDeviceStore(householdStore: here)
    // NB: a device that followed no household there has nothing to arrive with (AC-PORT-19);
    // one that follows another household stays. This account's device, opened once, says
    // which household moves.
    let mine: Device
    if let opened = openedAccountDevice {
      mine = opened
    } else {
      mine = try await handingDevice(of: uid, in: here, keptIn: states)
    }
    let moving = await mine.state.householdID
    let accounts = everyMember && !toServer ? try await here.accountsWithSavedState() : [uid]
    for account in accounts where try await here.hasSavedState(of: account) {
      // NB: another member's device may be in a run of its own: it finishes first.
      let held = account == uid ? nil : DeviceLock(account: account.rawValue, storePath: here.path)
      defer { withExtendedLifetime(held) {} }
      let device =
        account == uid ? mine : try await handingDevice(of: account, in: here, keptIn: states)
      if try await device.handOver(to: target, arrivingAt: place, following: moving) {
        log("device of \(account) handed over to \(place)")
      }
    }
  }

  /// A device file keeps the place each account's state followed its household at; a state
  /// opened at another place arrives there, as one a move handed over does (AC-PORT-34): a
  /// phone that goes straight from one server to the one its household moved to.
  mutating func followPlace(of uid: AccountID, in file: SQLiteBackend) async throws {
    let here = ServerURL.place(storePath)
    let kept = try await file.devicePlace(of: uid)
    guard kept != here else { return }
    let states = SQLiteDeviceStore(file: file)
    if kept != nil, var state = try await states.loadState(of: uid), state.householdID != nil,
      state.movedTo == nil
    {
      state.movedTo = here
      log("device state of \(uid) kept at \(kept ?? ""): arrives at \(here)")
      try await states.saveState(state, previous: nil, of: uid)
    }
    try await file.keepDevicePlace(here, of: uid)
  }

  /// A device opened on a file that keeps no state of its account takes the account's state
  /// from its device file, when that state follows the household the account is in here:
  /// a phone that kept its own file beside a server follows the household to a file with
  /// what it holds, its waiting writes and its place in the feed (AC-PORT-21). A command
  /// that may not write the file takes nothing.
  mutating func takeStateFromDeviceFile(of uid: AccountID, into file: SQLiteBackend) async throws {
    guard access != .readOnly, devicePath != storePath,
      FileManager.default.fileExists(atPath: devicePath), try await !file.hasSavedState(of: uid)
    else { return }
    let phoneFile = try SQLiteBackend(path: devicePath, clock: clock, access: .existing)
    let phone = SQLiteDeviceStore(file: phoneFile)
    guard let followed = try await phone.loadState(of: uid)?.householdID,
      try await file.householdID(of: uid, as: uid) == followed
    else { return }
    // NB: the phone's device hands itself over, as a move's does (AC-DEV-22).
    let device = try await handingDevice(of: uid, in: phoneFile, keptIn: phone)
    if try await device.handOver(
      to: SQLiteDeviceStore(householdStore: file), arrivingAt: storePath, following: followed)
    {
      log("device of \(uid) taken from \(devicePath)")
    }
  }

  /// `account`'s device as `store` keeps it in `file`, opened offline with `file`'s own
  /// scheduler to hand itself over: it reaches no backend, and plans nothing.
  func handingDevice(
    of account: AccountID, in file: SQLiteBackend, keptIn store: SQLiteDeviceStore
  ) async throws -> Device {
    try await Device(
      account: account, backend: file, clock: clock,
      scheduler: file.scheduler(for: account, clock: clock), store: store, online: false)
  }
}

import Foundation
import TeammateKit
import TeammatePostgres
import TeammateSQLite

/// One run of the tool: where the store is, who is acting, what time it is, and what has
/// been written to stdout and stderr so far.
struct Session {
  let globals: GlobalOptions
  let environment: [String: String]
  let storePath: String
  let clock: SessionClock
  var stdout = ""
  var stderr = ""
  /// How this run's command uses the store (see `CommandSpec.store`).
  var access: StoreAccess = .existing
  /// Where stdout goes as it is written, when the caller streams it (the executable does);
  /// false from it stops further output.
  var flush: (@Sendable (String) -> Bool)?
  /// Where stderr goes at once, for a command that runs until interrupted (`watch`).
  var flushError: (@Sendable (String) -> Void)?
  var flushFailed = false
  /// Output is handed on in pieces of about this size.
  static let chunk = 1 << 16
  private var opened: (any TeammateBackend)?
  private var openedDevice: SQLiteBackend?
  private var cachedHousehold: Household?
  /// The acting account's device on this machine, opened once a run.
  private(set) var openedAccountDevice: Device?
  /// Whether this run's device has pulled what is new (once a run, before it is read).
  private var refreshed = false
  /// This machine's device of the acting account, held until the command ends.
  private var deviceLock: DeviceLock?
  /// The store and device files this run made: a command that fails takes them away again,
  /// so that a refusal leaves nothing behind (AC-INPUT-08).
  private var madeFiles: [String] = []
  /// Whether a member whose household moved is refused here, naming where it went
  /// (AC-PORT-22): every command but one that makes, joins or imports a household, and the
  /// erasure of an account, which is the person's wherever the household went.
  var refusesMovedHousehold = true
  /// Whether this run's device is opened for what it holds alone (`heldDevice`).
  private var readsOnlyItsDevice = false
  /// Whether the command shows the pending list alone: beside a store file it may only read,
  /// the device opens with only the cards that may wait (AC-CLI-100).
  var showsPendingOnly = false
  /// Whether the command opens the device without holding it: `watch`, which runs until
  /// interrupted and only pulls, must not keep the account's other commands waiting.
  var sharesDevice = false
  let started = ContinuousClock.now

  init(globals: GlobalOptions, environment: [String: String]) throws {
    self.globals = globals
    self.environment = environment
    storePath = Self.storePath(globals.store ?? environment["TEAMMATE_STORE"], environment)
    clock = try SessionClock(now: globals.now?.text ?? environment["TEAMMATE_NOW"])
    if let offline = environment["TEAMMATE_OFFLINE"], !["", "0", "1"].contains(offline) {
      throw UsageError(
        message:
          "TEAMMATE_OFFLINE is '\(TerminalText.visible(offline))': set it to 1 (offline) or 0")
    }
  }

  /// `--store`, else `$XDG_DATA_HOME/teammate/teammate.sqlite`, else under `~/.local/share`.
  static func storePath(_ given: String?, _ environment: [String: String]) -> String {
    if let given, !given.isEmpty { return (given as NSString).expandingTildeInPath }
    let data =
      environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(
        ".local/share")
    return (data as NSString).appendingPathComponent("teammate/teammate.sqlite")
  }

  var json: Bool { globals.json }

  /// The language this run speaks to a person (AC-LANG-05).
  var language: Language { Language.chosen(globals.language, environment: environment) }

  /// `--offline` or `TEAMMATE_OFFLINE=1`: this device's writes wait in its outbox.
  var offline: Bool { globals.offline || environment["TEAMMATE_OFFLINE"] == "1" }
  var now: Date { clock.now() }

  /// The account this device acts as.
  func account() throws -> AccountID {
    let uid = (globals.account ?? environment["TEAMMATE_USER"] ?? "")
      .trimmingCharacters(in: .whitespaces)
    guard !uid.isEmpty else { throw CLIError.missingAccount }
    return AccountID(uid)
  }

  /// Whether the store is a PostgreSQL server (`postgresql://…`) rather than a file.
  var onServer: Bool { ServerURL.isServer(storePath) }

  /// Where this device keeps its own state when the store is a server: `--device`, else
  /// `TEAMMATE_DEVICE`, else `$XDG_STATE_HOME/teammate/device.sqlite` (or `~/.local/state`).
  var devicePath: String {
    if let given = globals.device ?? environment["TEAMMATE_DEVICE"], !given.isEmpty {
      return (given as NSString).expandingTildeInPath
    }
    let state =
      environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(
        ".local/state")
    return (state as NSString).appendingPathComponent("teammate/device.sqlite")
  }

  /// Remembers a SQLite file (and the files SQLite keeps beside it) as this run's making when
  /// it is not there yet. NB: a partner's first command making the same file at the same
  /// instant is not told apart; only a store nobody had written to can be taken so.
  private mutating func noteMade(_ path: String) {
    guard !FileManager.default.fileExists(atPath: path) else { return }
    madeFiles += ["", "-wal", "-shm", "-journal"].map { path + $0 }
  }

  /// The device's lock file goes, held: an account erased keeps no file named after it
  /// (AC-PORT-25).
  mutating func removeDeviceLock() {
    deviceLock?.remove()
  }

  /// After a command failed: the files this run made go again, the device's lock last (while
  /// it is held), so that a refused command leaves no store file and no lock (AC-INPUT-08).
  mutating func removeWhatItMade() {
    opened = nil
    openedDevice = nil
    openedAccountDevice = nil
    for path in madeFiles { try? FileManager.default.removeItem(atPath: path) }
    madeFiles = []
    deviceLock?.removeIfMade()
    deviceLock = nil
  }

  /// The store, opened on first use: the SQLite file, or the PostgreSQL server.
  mutating func store() throws -> any TeammateBackend {
    if let opened { return opened }
    let store: any TeammateBackend
    if onServer {
      let server: PostgresBackend
      do {
        server = try PostgresBackend(url: storePath, clock: clock)
      } catch {
        throw ServerError(url: storePath, reason: error.message)
      }
      // NB: a device's URL signs in as one account (ADR 0014): --as is not a free choice.
      if let signedIn = server.signedIn, let uid = try? account(), uid != signedIn {
        throw UsageError(
          message:
            "--as \(TerminalText.visible(uid.rawValue)), but the server URL signs in as "
            + "\(TerminalText.visible(signedIn.rawValue)): a device acts only as its own account",
          hint: "pass --as \(TerminalText.visible(signedIn.rawValue)), or the URL of that account")
      }
      store = server
      log(
        "store \(ServerURL.masked(storePath)) (PostgreSQL, schema \(PostgresBackend.schemaVersion))"
      )
    } else {
      store = try fileStore()
    }
    opened = store
    return store
  }

  /// Whether the store is there: its file exists, or its server answers.
  mutating func storeExists() -> Bool {
    onServer ? (try? store()) != nil : FileManager.default.fileExists(atPath: storePath)
  }

  /// The schema version this tool keeps its kind of store at.
  var schemaVersion: Int {
    onServer ? PostgresBackend.schemaVersion : SQLiteBackend.schemaVersion
  }

  /// Refuses to follow a store that cannot push: a server reached through a pooler in
  /// transaction mode, where no session is kept to listen in.
  mutating func checkFollowable() throws {
    guard onServer, let server = try store() as? PostgresBackend, !server.canFollowPushes
    else { return }
    throw ServerError(url: storePath, reason: PostgresError.noSessionForPushes.message)
  }

  /// Where this device keeps its state and its notifications: the store's own file, or,
  /// for a server, a file of the device's own.
  mutating func deviceStore() throws -> SQLiteBackend {
    if let openedDevice { return openedDevice }
    let device: SQLiteBackend
    if onServer {
      // NB: a device file is this machine's own: it may always be made.
      // NB: a command that only reads still lets the device pull and keep what it pulled
      // (AC-CLI-96), but makes no device file.
      do {
        noteMade(devicePath)
        device = try SQLiteBackend(
          path: devicePath, clock: clock, access: access == .readOnly ? .existing : .create)
      } catch StoreError.missing {
        throw CLIError.notFound(StatusWords(language: language).noDeviceFile(devicePath))
      }
      log("device \(devicePath)")
    } else {
      device = try fileStore()
    }
    openedDevice = device
    return device
  }

  private mutating func fileStore() throws -> SQLiteBackend {
    if let file = opened as? SQLiteBackend { return file }
    noteMade(storePath)
    let file = try SQLiteBackend(path: storePath, clock: clock, access: access)
    log(
      "store \(storePath) (schema \(SQLiteBackend.schemaVersion), SQLite \(SQLiteLibrary.version))")
    opened = file
    return file
  }

  /// The acting account's household as its device shows it, refreshed first
  /// (`shownDevice`); refused with a hint when there is none. A command that pulls itself
  /// (`sync`) passes `refreshing: false`: its device pulls first only when it knows of no
  /// household yet.
  mutating func household(refreshing: Bool = true) async throws -> Household {
    if let cachedHousehold { return cachedHousehold }
    let device = try await device()
    let known = await device.household
    if refreshing || known == nil { _ = try await shownDevice() }
    return try settle(in: await device.household)
  }

  /// Notes that the device has pulled this run: a sync did.
  mutating func notePulled() { refreshed = true }

  /// The household as the device last kept it, without reaching the store: what a run that
  /// must change nothing (a usage error worded in the household's zone) reads.
  private mutating func knownHousehold() async throws -> Household {
    if let cachedHousehold { return cachedHousehold }
    let device = try await device()
    return try settle(in: await device.household)
  }

  /// Takes `known` as this run's household, its zone the clock's.
  private mutating func settle(in known: Household?) throws -> Household {
    guard let household = known else { throw CLIError.noHousehold(try account()) }
    let zone = TimeZone(identifier: household.timeZone) ?? .current
    clock.settle(in: zone)
    let names = household.members.map(\.displayName).joined(separator: ", ")
    log(
      "household \(household.id) '\(household.name)', members \(names), now "
        + ISOTimestamp.text(now, in: zone))
    cachedHousehold = household
    return household
  }

  /// The partner of `uid` in the household already read this run, if any.
  func cachedPartner(of uid: AccountID) -> AccountID? { cachedHousehold?.partner(of: uid)?.uid }

  /// The household's dishes as last read, removed ones too: what names a meal's options.
  var cachedDishes: [Dish] { cachedHousehold?.dishes ?? [] }

  /// The zone times are read and shown in: the household's, else this machine's.
  mutating func timeZone() async -> TimeZone {
    guard let household = try? await knownHousehold() else { return .current }
    return TimeZone(identifier: household.timeZone) ?? .current
  }

  /// A time the user typed, in the household's zone; a day typed without a time of day is
  /// its morning, and the user is told so.
  mutating func time(_ input: TimeInput) async throws -> Date {
    let reading = try TimeExpression.read(input.text, now: now, timeZone: await timeZone())
    if reading.assumedMorning {
      warn(await times().readAsMorning(input.text, reading.date))
    }
    return reading.date
  }

  /// The device of the acting account on this machine, opened from its saved state, which it
  /// keeps itself from then on; once a run. Offline, it never reaches the store (which for a
  /// server may be down).
  mutating func device() async throws -> Device {
    if let openedAccountDevice { return openedAccountDevice }
    let uid = try account()
    // NB: the store first: a server that refuses is what the user hears before a device file.
    let offline = offline || (readsOnlyItsDevice && onServer)
    let backend: any TeammateBackend = offline && onServer ? Unreachable() : try store()
    let local = try deviceStore()
    if deviceLock == nil, !sharesDevice {
      deviceLock = DeviceLock(account: uid.rawValue, storePath: local.path)
    }
    if !onServer { try await takeStateFromDeviceFile(of: uid, into: local) }
    if onServer, !offline { try await followPlace(of: uid, in: local) }
    // NB: a member's household that moved is refused for every command here, reads too,
    // naming where it went (AC-PORT-22); making or joining one here is not.
    if refusesMovedHousehold, access != .create, !(offline && onServer) {
      _ = try await backend.householdID(of: uid, as: uid)
    }
    // NB: beside a store file, the device's cards are the store's; a server's device keeps its own.
    let device = try await Device(
      account: uid, backend: backend, clock: clock,
      scheduler: local.scheduler(for: uid, clock: clock),
      store: onServer
        ? SQLiteDeviceStore(file: local)
        : SQLiteDeviceStore(householdStore: local, showingPending: showsPendingOnly),
      online: !offline, wording: language.wording)
    openedAccountDevice = device
    return device
  }

  /// The device for a command that reads only what the device holds itself (its
  /// notifications): a server's is opened as offline, so that the server is not asked.
  mutating func heldDevice() async throws -> Device {
    readsOnlyItsDevice = true
    return try await device()
  }

  /// The device as a command shows it (AC-CLI-96): online, it first pulls what is new, once a
  /// run, so that what the partner did a moment ago can be named without a sync. Beside a
  /// store file it shows the household and its cards as the file holds them, so a command
  /// that only reads (and may not write the file) pulls nothing.
  mutating func shownDevice() async throws -> Device {
    let device = try await device()
    guard !refreshed, !offline, onServer || access != .readOnly else { return device }
    refreshed = true
    _ = try await device.refresh()
    return device
  }
}

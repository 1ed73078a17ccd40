import Foundation
import TeammateKit
import TeammatePostgres
import TeammateSQLite

/// The store a household moves to, and this device's state handed there (AC-PORT-15).
extension Session {
  /// The store at `place` (a SQLite file, made when missing, or a server's service URL) and
  /// where it is, as devices are told: the file's full path, the URL without its secret.
  mutating func storeToMoveTo(_ place: String) throws -> (any PortableBackend, String) {
    guard ServerURL.isServer(place) else {
      let path = (place as NSString).expandingTildeInPath
      return (try SQLiteBackend(path: path, clock: clock, access: .create), path)
    }
    do {
      return (try PostgresBackend(url: place, clock: clock), ServerURL.masked(place))
    } catch {
      throw ServerError(url: place, reason: error.message)
    }
  }

  /// This device's state, kept beside the household's file, handed to where the household
  /// moved: into that file when it moved to one, into this device's own file when it moved
  /// to a server. Opened there, the device arrives at its next sync. A device that keeps its
  /// own file already has nothing to hand over.
  mutating func handOver(to place: String) async throws {
    guard !onServer else { return }
    let uid = try account()
    // NB: a device that followed no household has nothing there to arrive with (AC-PORT-19).
    guard var state = try await SQLiteDeviceStore(householdStore: deviceStore()).loadState(of: uid),
      state.householdID != nil
    else { return }
    if state.movedTo == nil { state.movedTo = place }
    let target =
      ServerURL.isServer(place)
      ? SQLiteDeviceStore(file: try SQLiteBackend(path: devicePath, clock: clock, access: .create))
      : SQLiteDeviceStore(
        householdStore: try SQLiteBackend(path: place, clock: clock, access: .existing))
    log("device state handed over to \(ServerURL.masked(place))")
    try await target.saveState(state, previous: nil, of: uid)
  }
}

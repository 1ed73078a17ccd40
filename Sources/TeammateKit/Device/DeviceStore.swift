import Foundation

/// Where a device keeps its state between runs, durably (ADR 0020). The `Device` saves to it
/// within each turn, before it answers, and a write before it is sent: what a person saw
/// done is there after the app dies, and a write is sent once whatever moment it died at.
/// Saving is the device's job, never the app's.
///
/// Implementations: `InMemoryDeviceStore` (tests, previews) and, in TeammateSQLite,
/// `SQLiteDeviceStore` (a phone's own file, or the household's store file). An app with a
/// store of its own conforms here, keeping the state as `Codable` gives it.
///
/// ```swift
/// let phone = try await Device(
///   account: "bob", backend: cloud, clock: SystemWallClock(), scheduler: centre,
///   store: try SQLiteDeviceStore(path: stateFile))
/// ```
public protocol DeviceStore: Sendable {
  /// What `account`'s device saved last, or nil for a new install.
  func loadState(of account: AccountID) async throws -> DeviceState?

  /// Keeps `state` as `account`'s device's, whole or not at all, before it returns.
  /// `previous` is what this store last saved for it through the same device (nil when
  /// unknown): a store may write only what changed since.
  func saveState(_ state: DeviceState, previous: DeviceState?, of account: AccountID)
    async throws

  /// Keeps nothing of `account`'s device: its account was erased (AC-PORT-06), and no row
  /// may name it. By default an empty state is saved in its place.
  func forgetState(of account: AccountID) async throws

  /// Whether `account`'s device saved a state here that follows a household: one a device
  /// handed over (`Device.handOver(to:arrivingAt:following:)`) must not overwrite. By
  /// default, whether the state loaded follows one; a store whose `loadState` makes a state
  /// up for an account that saved none answers from what was saved.
  func keepsState(of account: AccountID) async throws -> Bool
}

extension DeviceStore {
  public func forgetState(of account: AccountID) async throws {
    try await saveState(DeviceState(), previous: nil, of: account)
  }

  public func keepsState(of account: AccountID) async throws -> Bool {
    try await loadState(of: account)?.householdID != nil
  }
}

/// A device could not keep its state: the call that changed it failed, and the device is
/// back at what it saved last.
public struct DeviceNotSaved: Error, Equatable, Sendable, CustomStringConvertible {
  /// What the store said.
  public var reason: String

  /// A failure to save, for `reason`.
  public init(reason: String) { self.reason = reason }

  public var description: String { "this device could not keep its state: \(reason)" }
}

/// A `DeviceStore` in memory: what a test or a preview uses, and what a simulated phone
/// relaunches from. A state is kept as the value saved (a value: nothing the device does
/// later changes it) and read back through `Codable`, as a file would give it back, so that
/// what a relaunch opens with is what `Codable` keeps and nothing more; a save costs nothing
/// but the copy.
public actor InMemoryDeviceStore: DeviceStore {
  private var kept: [AccountID: DeviceState] = [:]
  /// How many saves are still to succeed before every save fails (nil: all succeed).
  private var savesLeft: Int?

  /// An empty store.
  public init() {}

  public func loadState(of account: AccountID) throws -> DeviceState? {
    guard let state = kept[account] else { return nil }
    return try JSONDecoder().decode(DeviceState.self, from: JSONEncoder().encode(state))
  }

  public func saveState(_ state: DeviceState, previous: DeviceState?, of account: AccountID)
    throws
  {
    if let left = savesLeft {
      guard left > 0 else { throw DeviceNotSaved(reason: "the store is full") }
      savesLeft = left - 1
    }
    kept[account] = state
  }

  public func forgetState(of account: AccountID) { kept[account] = nil }

  /// Makes every save after the next `count` fail, as a full disk would (nil: none fails).
  package func failSaves(after count: Int?) { savesLeft = count }
}

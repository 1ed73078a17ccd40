import Foundation
import TeammateKit

/// How the contract suite and the simulator get a backend to prove: a fresh, empty one for
/// each check or seeded run, on a clock the check moves by hand.
///
/// ```swift
/// struct MyCloudFactory: BackendFactory {
///   var name: String { "my-cloud" }
///   func makeBackend(clock: any WallClock, random: SeededRandomNumberGenerator) async throws
///     -> any TeammateBackend
///   {
///     MyCloudBackend(clock: clock, random: random)
///   }
/// }
/// ```
public protocol BackendFactory: Sendable {
  /// What the backend is called in test output and in a replay command.
  var name: String { get }

  /// A new backend holding nothing, whose server time is `clock` and whose invite codes come
  /// from `random`, so that a check's codes and times are the same on every run.
  func makeBackend(clock: any WallClock, random: SeededRandomNumberGenerator) async throws
    -> any TeammateBackend

  /// A device's state as the phone reads it back after a restart. A backend that keeps
  /// devices' states in its own storage saves `state` there and reads it again; the default
  /// keeps it as an app would, as JSON.
  func keptDeviceState(
    _ state: DeviceState, of account: AccountID, in backend: any TeammateBackend
  ) async throws -> DeviceState
}

extension BackendFactory {
  public func keptDeviceState(
    _ state: DeviceState, of account: AccountID, in backend: any TeammateBackend
  ) async throws -> DeviceState {
    try state.keptAsJSON()
  }
}

extension DeviceState {
  /// The state as it reads after an app saved it as JSON and opened it again.
  public func keptAsJSON() throws -> DeviceState {
    try JSONDecoder().decode(DeviceState.self, from: JSONEncoder().encode(self))
  }
}

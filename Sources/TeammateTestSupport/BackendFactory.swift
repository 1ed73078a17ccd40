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

  /// Where a phone of `backend`'s keeps its state between runs. A backend whose storage keeps
  /// devices' states gives its own; the default keeps them in memory, encoded as a file would.
  func makeDeviceStore(for backend: any TeammateBackend) async throws -> any DeviceStore
}

extension BackendFactory {
  public func makeDeviceStore(for backend: any TeammateBackend) async throws
    -> any DeviceStore
  {
    InMemoryDeviceStore()
  }
}

extension DeviceState {
  /// The state as it reads after an app saved it as JSON and opened it again.
  public func keptAsJSON() throws -> DeviceState {
    try JSONDecoder().decode(DeviceState.self, from: JSONEncoder().encode(self))
  }
}

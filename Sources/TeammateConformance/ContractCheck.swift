import Foundation
import TeammateTestSupport

/// One criterion of the backend contract, runnable against any backend: the acceptance id it
/// proves, its name, and the check itself, which records what it finds with Swift Testing's
/// `#expect`.
///
/// ```swift
/// @Test(arguments: BackendContract.checks)
/// func contract(_ check: ContractCheck) async throws {
///   try await check.run(on: MyCloudFactory())
/// }
/// ```
public struct ContractCheck: Sendable, CustomStringConvertible {
  /// The acceptance id in the kit's `specs/` the check proves, such as `AC-SYNC-03`.
  public let id: String
  /// What it proves, in a few words run together: `newInviteRevokesTheOldOne`.
  public let name: String
  private let body: @Sendable (any BackendFactory) async throws -> Void

  /// A check of one fresh backend, in a world of its own.
  init(id: String, name: String, _ body: @escaping @Sendable (ContractWorld) async throws -> Void) {
    self.init(id: id, name: name, factory: { try await body(try await ContractWorld($0)) })
  }

  /// A check that makes its backends itself, as many as it needs (the simulator's runs).
  init(
    id: String, name: String,
    factory body: @escaping @Sendable (any BackendFactory) async throws -> Void
  ) {
    self.id = id
    self.name = name
    self.body = body
  }

  public var description: String { "\(id) \(name)" }

  /// Runs the check on fresh backends of `factory`'s.
  public func run(on factory: any BackendFactory) async throws { try await body(factory) }
}

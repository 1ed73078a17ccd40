import Foundation

/// Proof that a call reaching a `TransactionalBackend`'s storage is one of the kit's own
/// operations (`BackendOperations`), each of which checks the access table before it reads
/// or writes anything.
///
/// It is made in this file only, by `checkedRead` and `checkedWrite`, whose callers pass a
/// `BackendOperations` call and nothing else; it can be neither kept nor copied, so neither
/// an app holding a backend nor a backend's own module can reach the storage around the
/// rules through `read` or `write`. A backend's `read` and `write` take it and need do
/// nothing with it; what a backend's module does with its own storage (a device file's
/// state) it does through its own runner, which this proof does not open.
public struct AccessChecked: ~Copyable, Sendable {
  fileprivate init() {}
}

extension TransactionalBackend {
  /// Runs `operation`, a `BackendOperations` call for `actor`, as one read.
  func checkedRead<T>(as actor: AccountID, _ operation: (Storage, Date) throws -> T) throws -> T {
    try read(AccessChecked(), as: actor, operation)
  }

  /// Runs `operation`, a `BackendOperations` call for `actor`, as one write.
  func checkedWrite<T>(
    as actor: AccountID,
    _ operation: (inout Storage, Date, inout AnyRandomNumberGenerator) throws -> T
  ) throws -> T {
    try write(AccessChecked(), as: actor, operation)
  }
}

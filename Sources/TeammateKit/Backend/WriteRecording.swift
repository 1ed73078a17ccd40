import Foundation

/// The device write the kit is applying, and the changes it has appended so far: the kit's
/// own bookkeeping, out of every storage's sight (it was a storage requirement in 1.0.0, which
/// each adopter had to declare and leave alone). A write is applied in one synchronous call,
/// so the record lives for that call as a task-local value.
/// NB: its one array is behind a lock (`Synchronization.Mutex` needs iOS 18).
final class WriteRecording: @unchecked Sendable {
  /// The write being applied, if one is: `BackendOperations.record` names it in each change.
  @TaskLocal static var current: WriteRecording?

  /// The write's id.
  let id: WriteID
  private let lock = NSLock()
  private var changes: [Change] = []

  init(id: WriteID) { self.id = id }

  /// The changes the write appended, in order.
  var appended: [Change] { lock.withLock { changes } }

  /// Keeps one change the write appended.
  func append(_ change: Change) { lock.withLock { changes.append(change) } }
}

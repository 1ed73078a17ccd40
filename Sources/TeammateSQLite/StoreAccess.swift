/// How a command means to use its store file.
public enum StoreAccess: Sendable, Equatable {
  /// Open it, creating the file (owner-only) and its folder when they do not exist.
  case create
  /// Open an existing store to read and write; a missing one is `StoreError.missing`.
  case existing
  /// Open an existing store without ever writing to it, so that a read-only file or folder
  /// works; a missing one is `StoreError.missing`.
  case readOnly
}

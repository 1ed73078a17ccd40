import Foundation

/// This machine's device of one account, held by one process at a time: a command takes the
/// device's lock (`flock` on a file beside its store) before it opens the device, and the
/// system lets go of it when the process ends, however it ends. Two commands of one account at
/// once take turns, as two calls of one app do (ADR 0020): the second would otherwise read the
/// first's write saved before it is sent, send it too, and tell the backend to forget its
/// answer before the first has read it.
final class DeviceLock {
  private let descriptor: Int32
  /// The lock file.
  let path: String
  /// Whether this run made the lock file: a command that fails takes it away again (AC-INPUT-08).
  let made: Bool

  /// Waits for the lock of `account`'s device kept at `storePath`; nil where no lock file can
  /// be made (a folder the user cannot write, whose commands only read).
  init?(account: String, storePath: String) {
    let safe = account.unicodeScalars.map { scalar in
      CharacterSet.alphanumerics.contains(scalar)
        ? String(scalar) : String(format: "%%%04X", scalar.value)
    }.joined()
    path = storePath + "-device-" + safe + ".lock"
    let made = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    let opened = made >= 0 ? made : open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard opened >= 0 else { return nil }
    self.made = made >= 0
    descriptor = opened
    // NB: a signal may interrupt the wait; it is taken again.
    while flock(descriptor, LOCK_EX) != 0, errno == EINTR {}
  }

  /// Takes the lock file away while still holding it, when this run made it.
  ///
  /// NB: a run of the same account waiting for it meanwhile then holds a file no later run
  /// finds: only a new account's first command, failing while two more of its own start, can
  /// meet that, and a device that did not come into being has nothing to keep apart.
  func removeIfMade() {
    if made { unlink(path) }
  }

  /// Takes the lock file away while still holding it: the account it is named after is gone.
  func remove() { unlink(path) }

  deinit { close(descriptor) }
}

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fresh folder under the system's temporary directory, one per test.
///
/// Each test process gets its own parent folder, named for its process id. A process removes
/// the folders of processes that have ended, and never those of one still running: two test
/// runs on one machine (verify and a filtered run, or two clones) must not delete each
/// other's stores.
public enum TemporaryFolder {
  private static let root: String = {
    let base = (NSTemporaryDirectory() as NSString).appendingPathComponent("teammate-tests")
    sweep(base)
    return (base as NSString).appendingPathComponent("\(getpid())")
  }()

  /// Removes the folders in `base` named for processes that have ended; the folders of this
  /// process, of processes still running and anything not named for a process stay.
  public static func sweep(_ base: String) {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: base) else { return }
    for entry in entries {
      guard let pid = Int32(entry), pid != getpid(), !isRunning(pid) else { continue }
      try? FileManager.default.removeItem(atPath: (base as NSString).appendingPathComponent(entry))
    }
  }

  /// Whether a process with this id exists (a process we may not signal exists too).
  public static func isRunning(_ pid: Int32) -> Bool {
    guard pid > 0 else { return false }
    return kill(pid, 0) == 0 || errno == EPERM
  }

  /// Creates and returns a new empty folder.
  public static func make() throws -> Folder {
    let path = (root as NSString).appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return Folder(path: path)
  }

  /// A folder path with a helper to name files inside it.
  public struct Folder: Sendable {
    /// The folder's path.
    public let path: String

    /// The path of `name` inside the folder.
    public func appending(_ name: String) -> String {
      (path as NSString).appendingPathComponent(name)
    }
  }
}

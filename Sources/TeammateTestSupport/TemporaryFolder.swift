import Foundation

/// A fresh folder under the system's temporary directory, one per test.
///
/// Each test run gets its own parent folder, named for its process; a later run removes the
/// folders of runs that have ended, and never those of a run still going.
public enum TemporaryFolder {
  private static let root: String = {
    let base = (NSTemporaryDirectory() as NSString).appendingPathComponent("teammate-tests")
    let run = (base as NSString).appendingPathComponent("\(getpid())")
    if let old = try? FileManager.default.contentsOfDirectory(atPath: base) {
      for entry in old where entry != "\(getpid())" {
        try? FileManager.default.removeItem(
          atPath: (base as NSString).appendingPathComponent(entry))
      }
    }
    return run
  }()

  /// Creates and returns a new empty folder.
  public static func make() throws -> Folder {
    let path = (root as NSString).appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return Folder(path: path)
  }

  /// A folder path with a helper to name files inside it.
  public struct Folder: Sendable {
    public let path: String

    public func appending(_ name: String) -> String {
      (path as NSString).appendingPathComponent(name)
    }
  }
}

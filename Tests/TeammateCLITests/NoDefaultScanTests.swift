import Foundation
import TeammateTestSupport
import Testing

/// The scan that keeps `default:` out of switches over writes, changes and news kinds
/// (AC-WRITE-03): quiet on the tree, firing on a plant.
@Suite struct NoDefaultScanTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  /// The scan's hits over the tree at `tree`, as its lines.
  static func hits(in tree: String) async throws -> [String] {
    let ran = try await Binary.run(
      URL(fileURLWithPath: "/usr/bin/perl"),
      [
        root + "/scripts/lib/scan.pl", tree, root + "/scripts/scans.def",
        "no-default-over-our-kinds",
      ], environment: [:])
    #expect(ran.exitCode == 0, "\(ran.stderr)")
    return ran.stdout.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("scans") }
  }

  @Test func test_AC_WRITE_03_noSwitchOverOurKindsHasADefault() async throws {
    #expect(try await Self.hits(in: Self.root) == [])
    let folder = try TemporaryFolder.make()
    for part in ["Writes", "Backend", "Device"] {
      let path = folder.appending("Sources/TeammateKit/\(part)")
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      try "let quiet = 1\n".write(toFile: path + "/Quiet.swift", atomically: true, encoding: .utf8)
    }
    let planted = """
      func told(_ kind: ChangeKind) -> Bool {
        switch kind {
        case .cardAdded: true
        default: false
        }
      }

      """
    try planted.write(
      toFile: folder.appending("Sources/TeammateKit/Device/Plant.swift"), atomically: true,
      encoding: .utf8)
    let found = try await Self.hits(in: folder.path)
    #expect(found.count == 1 && found[0].contains("Device/Plant.swift"), "\(found)")
  }
}

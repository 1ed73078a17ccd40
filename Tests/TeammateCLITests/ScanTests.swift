import Foundation
import TeammateTestSupport
import Testing

/// Scans a test proves on the tree and on a plant: the one that keeps `default:` out of
/// switches over writes, changes and news kinds (AC-WRITE-03), and the one that keeps the
/// proof of an access check to the check (AC-ACC-09).
@Suite struct ScanTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  /// The hits of the scan named `scan` over the tree at `tree`, as its lines.
  static func hits(in tree: String, of scan: String = "no-default-over-our-kinds") async throws
    -> [String]
  {
    let ran = try await Binary.run(
      URL(fileURLWithPath: "/usr/bin/perl"),
      [
        root + "/scripts/lib/scan.pl", tree, root + "/scripts/scans.def",
        scan,
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

  @Test func test_AC_ACC_09_theProofIsMadeOnlyWhereTheKitsCheckedOperationsRun() async throws {
    let scan = "proof-made-by-the-check"
    #expect(try await Self.hits(in: Self.root, of: scan) == [])
    let folder = try TemporaryFolder.make()
    let backend = folder.appending("Sources/TeammateKit/Backend")
    try FileManager.default.createDirectory(atPath: backend, withIntermediateDirectories: true)
    let checked = """
      func householdID(of account: AccountID, as actor: AccountID) throws -> HouseholdID? {
        try checkedRead(as: actor) { storage, _ in
          try BackendOperations.householdID(of: account, actor: actor, storage: storage)
        }
      }

      """
    try checked.write(toFile: backend + "/Checked.swift", atomically: true, encoding: .utf8)
    #expect(try await Self.hits(in: folder.path, of: scan) == [])
    let around = """
      func cards(in household: HouseholdID, as actor: AccountID) throws -> [Card] {
        try checkedRead(as: actor) { storage, _ in
          try storage.cards(in: household)
        }
      }

      """
    try around.write(toFile: backend + "/Around.swift", atomically: true, encoding: .utf8)
    let made = "let cards = try read(AccessChecked(), as: account) { storage, _ in [] }\n"
    try made.write(toFile: backend + "/Made.swift", atomically: true, encoding: .utf8)
    let found = try await Self.hits(in: folder.path, of: scan)
    #expect(found.count == 2, "\(found)")
    #expect(
      found.contains { $0.contains("Around.swift") } && found.contains { $0.contains("Made.swift") }
    )
  }
}

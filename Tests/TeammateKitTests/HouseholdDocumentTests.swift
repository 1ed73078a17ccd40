import Foundation
import Testing

@testable import TeammateKit

/// Every format of the household document ever written is read, and named in its docs.
@Suite struct HouseholdDocumentTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")
  static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs/household-format.md")

  /// Every key of a JSON value, at any depth.
  func keys(_ value: Any) -> Set<String> {
    if let object = value as? [String: Any] {
      return object.reduce(into: Set(object.keys)) { $0.formUnion(keys($1.value)) }
    }
    if let array = value as? [Any] { return array.reduce(into: []) { $0.formUnion(keys($1)) } }
    return []
  }

  @Test func test_AC_PORT_04_everyFormatWrittenIsReadAndItsFieldsNamed() throws {
    let guide = try String(contentsOf: Self.docs, encoding: .utf8)
    for format in 1...HouseholdDocument.currentFormat {
      let bytes = try Data(
        contentsOf: Self.fixtures.appendingPathComponent("household-format-\(format).json"))
      let document = try HouseholdDocument(decoding: bytes)
      #expect(document.format == format)
      #expect(!document.cards.isEmpty && !document.items.isEmpty && !document.feed.isEmpty)
      #expect(
        guide.contains("## Format \(format) "), "docs/household-format.md has no format \(format)")
      for key in keys(try JSONSerialization.jsonObject(with: bytes)) {
        #expect(guide.contains("`\(key)`"), "docs/household-format.md names no `\(key)`")
      }
      // NB: a field a later format added reads as its default: format 1's items have the
      // category their text gives.
      #expect(document.items.allSatisfy { $0.category == ItemCategory.guess(for: $0.text) })
      // NB: the current format writes its fixture back byte for byte.
      if format == HouseholdDocument.currentFormat { #expect(try document.encoded() == bytes) }
    }
    // NB: a time is read only in the form the format writes.
    #expect(HouseholdDocument.date("2026-12-01T10:00:00.250Z") != nil)
    #expect(
      HouseholdDocument.date("2026-12-01T10:00:00.250Z")
        == Date(timeIntervalSince1970: 1_796_119_200.25))
    for wrong in [
      "2026-02-30T10:00:00.000Z", "2026-12-01T10:00:00Z", "2026-12-01 10:00:00.000Z",
      "2026-12-01T10:00:00.2a0Z", "-026-12-01T10:00:00.000Z", "2026-12-01T24:00:00.000Z",
      "2026-12-01T10:00:00.000+", "２026-12-01T10:00:00.000Z",
    ] {
      #expect(HouseholdDocument.date(wrong) == nil, "\(wrong)")
    }
    let instant = Date(timeIntervalSince1970: -1.0006)
    #expect(HouseholdDocument.text(instant) == "1969-12-31T23:59:58.999Z")
  }
}

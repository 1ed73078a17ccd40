import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

/// The refusals as they are stored inside receipts and saved device states.
@Suite struct ErrorCodeTests {
  static let day = Fixtures.start
  /// One of every refusal, each with values of its own.
  static let everyCase: [TeammateError] = [
    .emptyTitle, .tooManyBytes("title", bytes: 700, limit: 600),
    .titleTooLong(length: 201, limit: 200), .noteTooLong(length: 2_001, limit: 2_000),
    .emptyName(.householdName), .nameTooLong(.displayName, length: 61, limit: 60),
    .unknownTimeZone("Mars/Base"), .replyByRequiresTopic(.task), .assigneeNotMember("carol"),
    .malformedInviteCode("12ab"), .malformedCredential("nocolon"), .invalidTimeOfDay("25:00"),
    .invalidQuietHours("22:00-22:00"), .invalidLeadTime(minutes: 2_000),
    .invalidTime("whenever", offset: "+08:00"), .invalidRepeatRule("every blue", reason: "no"),
    .repeatRequiresTaskOrEvent(.note), .repeatRequiresTime,
    .repeatEndsBeforeStart(until: day, start: day + 60, timeZone: "Asia/Taipei"),
    .inviteNotFound(Fixtures.code("123456")),
    .inviteExpired(Fixtures.code("123456"), expiredAt: day, timeZone: "Asia/Taipei"),
    .inviteAlreadyUsed(Fixtures.code("123456")), .householdFull("home"),
    .alreadyInHousehold("home"), .tooManyJoinAttempts(retryAfter: day),
    .joiningPaused(retryAfter: day), .householdNotFound("home"), .notInHousehold("bob"),
    .cardNotFound("c1"), .cardDeleted("c1"), .cardNotDeleted("c1"),
    .lastMemberMustDeleteHousehold("home"), .notATask("c1"), .notRepeating("c1"),
    .repeatEnded("c1"), .lastEditorCannotAcknowledge("c1"),
    .staleAcknowledgement("c1", seen: 1, current: 2),
    .credentialLinkedElsewhere(Credential(provider: "apple", subject: "x")),
    .accessDenied(.notAMember("home")), .unavailable,
    .ambiguousCardID("c", matches: ["c1", "c2"]), .cardIDTaken("c1"), .householdIDTaken("h1"),
    .householdMoved("h1", to: "postgresql://db.example/teammate"),
    .malformedWriteID(length: 65, limit: 64),
    .mealPlanRequired, .mealPlanOnlyOnMeal(.task), .mealHasNoTimeOrAssignee,
    .mealOptionCount(4, limit: 3), .mealOptionTwice,
    .optionNotOffered(.dinner, day: MealDay(containing: day, in: .gmt)),
    .mealSlotTaken(.lunch, day: MealDay(containing: day, in: .gmt), by: "bob", standing: .decided),
    .notAMeal("c1"), .dishNotFound("d1"), .dishRemoved("d1"), .dishNotRemoved("d1"),
    .dishNameTaken("Curry", by: "d1"), .dishIDTaken("d1"), .tooManyIngredients(31, limit: 30),
    .mealSettingOutOfRange("cooldown", value: 61, lowest: 0, highest: 60),
    .itemCleared("milk", by: "ada"), .itemIDTaken("i1"), .itemNotFound("i1"),
    .itemTextTaken("milk"), .mealHasNoDish("m1"),
    .timeOutOfRange(earliestYear: 1970, latestYear: 9999), .quantityTooLarge(limit: 1_000_000),
  ]

  /// Every refusal in its stored form, as the last release wrote it: one JSON line each.
  static func stored() throws -> [String] {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/stored-errors-v1.jsonl")
    return try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
  }

  static func encoded(_ error: TeammateError) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.dateEncodingStrategy = .iso8601
    return String(decoding: try encoder.encode(error), as: UTF8.self)
  }

  /// The cases the enum declares, by name, read from its source, so that a new one needs a
  /// sample.
  static func declaredCases() throws -> [String] {
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Sources/TeammateKit/Errors/TeammateError.swift").standardized
    let text = try String(contentsOf: source, encoding: .utf8)
    let body = text.components(separatedBy: "public enum TeammateError")[1]
      .components(separatedBy: "\n}\n")[0]
    return body.split(separator: "\n").filter { $0.hasPrefix("  case ") }.map { line in
      String(line.dropFirst(7).prefix { $0.isLetter || $0.isNumber })
    }
  }

  @Test func test_AC_ERR_01_everyRefusalHasAStableCodeThatKeysItsStoredForm() throws {
    let codes = Self.everyCase.map(\.code)
    let missing = try Self.declaredCases().filter { !codes.contains($0) }
    #expect(
      missing.isEmpty,
      "add a sample of each to `everyCase` in Tests/TeammateKitTests/ErrorCodeTests.swift: \(missing.map { "." + $0 }.joined(separator: ", "))"
    )
    #expect(Self.everyCase.count == (try Self.declaredCases()).count)
    #expect(Set(codes).count == codes.count)
    for error in Self.everyCase {
      let stored = try JSONSerialization.jsonObject(with: Data(try Self.encoded(error).utf8))
      #expect((stored as? [String: Any])?.keys.sorted() == [error.code], "\(error)")
    }
    #expect(TeammateError.cardNotFound("c1").code == "cardNotFound")
  }

  @Test func test_AC_ERR_02_refusalsStoredByAnEarlierVersionStillRead() throws {
    let stored = try Self.stored()
    // NB: the cases of round 2, in order; a case added since (malformedWriteID) comes after.
    #expect(stored.count == 42 && Self.everyCase.count >= stored.count)
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    for (line, expected) in zip(stored, Self.everyCase) {
      let read = try decoder.decode(TeammateError.self, from: Data(line.utf8))
      #expect(read == expected, "\(line)")
      #expect(try Self.encoded(read) == line)
    }
    // Inside a receipt too, as a refused write's answer.
    let receipt = #"{"refused":{"_0":\#(stored[28])}}"#
    #expect(
      try decoder.decode(WriteOutcome.self, from: Data(receipt.utf8))
        == .refused(.cardNotFound("c1")))
  }

  @Test func test_AC_ERR_03_theKitsSentencesNameNoCommandOrOption() {
    for error in Self.everyCase {
      #expect(
        !error.description.contains("--") && !error.description.contains("teammate "), "\(error)")
    }
  }

  @Test func test_AC_LANG_10_everyRefusalReadsInTraditionalChinese() {
    let chinese = TraditionalChineseWording()
    for error in Self.everyCase {
      let sentence = chinese.refusal(error)
      #expect(sentence != error.description, "\(error)")
      #expect(sentence.unicodeScalars.contains { $0.properties.isIdeographic }, "\(error)")
      #expect(EnglishWording().refusal(error) == error.description)
    }
    // NB: the values come through: a count, a name, a code.
    #expect(chinese.refusal(.titleTooLong(length: 201, limit: 200)) == "標題有 201 個字，最多只能 200 個")
    #expect(chinese.refusal(.inviteAlreadyUsed(Fixtures.code("123456"))) == "邀請碼 123456 已經用過了")
  }
}

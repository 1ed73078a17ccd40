import Foundation

/// An account erased (AC-PORT-05): what it wrote stays in its household, named by a pseudonym
/// no account can be, so that no document of any store names it afterwards — neither its uid
/// nor the display name a household's history kept of it.
public enum Erasure {
  /// Who an erased account's cards, items and changes are by: "a former member" (前成員).
  /// No account signs in as it: an account's uid never begins with `~`.
  public static let formerMember: AccountID = "~former"

  /// `text`, a JSON document, with every string that is exactly `account`'s uid the former
  /// member's (a field naming the account, and nothing that merely contains its letters), and
  /// the display name of every member that is the former member's gone the same way.
  public static func erasing(_ account: AccountID, in text: String) -> String {
    let (uid, pseudonym) = (token(account), token(formerMember))
    let named = text.contains(uid) ? text.replacingOccurrences(of: uid, with: pseudonym) : text
    return named.contains(pseudonym) ? unnamingFormerMembers(in: named) : named
  }

  /// `value` with every trace of `account` erased, as `erasing(_:in:)` rewrites its JSON.
  public static func erasing<Value: Codable>(_ account: AccountID, in value: Value) throws
    -> Value
  {
    let text = String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    let erased = erasing(account, in: text)
    guard erased != text else { return value }
    return try JSONDecoder().decode(Value.self, from: Data(erased.utf8))
  }

  /// The uid as a JSON string is written: its quotes and escapes.
  package static func token(_ account: AccountID) -> String {
    (try? JSONEncoder().encode(account.rawValue)).map { String(decoding: $0, as: UTF8.self) }
      ?? "\"\(account.rawValue)\""
  }

  /// `text` with the `displayName` of every object whose `uid` is the former member's the
  /// former member's too: a household's history keeps its members with their names.
  ///
  /// NB: one pass over the bytes, object by object, whatever the order of their keys and the
  /// spaces between them: a store may keep its documents as another JSON writer wrote them.
  package static func unnamingFormerMembers(in text: String) -> String {
    let bytes = Array(text.utf8)
    let former = Array(token(formerMember).utf8)
    struct Frame {
      var isObject: Bool
      var key: ArraySlice<UInt8>?
      var name: Range<Int>?
      var isFormer = false
    }
    let (quote, backslash, colon, comma) = (
      UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: ":"), UInt8(ascii: ",")
    )
    var stack: [Frame] = []
    var names: [Range<Int>] = []
    var index = 0
    while index < bytes.count {
      switch bytes[index] {
      case quote:
        let start = index
        index += 1
        while index < bytes.count, bytes[index] != quote {
          index += bytes[index] == backslash ? 2 : 1
        }
        let string = start..<min(index + 1, bytes.count)
        var next = index + 1
        while next < bytes.count,
          bytes[next] == 0x20 || bytes[next] == 0x0A || bytes[next] == 0x09 || bytes[next] == 0x0D
        {
          next += 1
        }
        guard var frame = stack.last, frame.isObject else { break }
        if next < bytes.count, bytes[next] == colon, frame.key == nil {
          frame.key = bytes[(start + 1)..<index]
        } else if let key = frame.key {
          if key.elementsEqual("displayName".utf8) { frame.name = string }
          if key.elementsEqual("uid".utf8), bytes[string].elementsEqual(former) {
            frame.isFormer = true
          }
          frame.key = nil
        }
        stack[stack.count - 1] = frame
      case UInt8(ascii: "{"): stack.append(Frame(isObject: true))
      case UInt8(ascii: "["): stack.append(Frame(isObject: false))
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if let frame = stack.popLast(), frame.isFormer, let name = frame.name { names.append(name) }
        if !stack.isEmpty { stack[stack.count - 1].key = nil }
      case comma:
        if !stack.isEmpty { stack[stack.count - 1].key = nil }
      default: break
      }
      index += 1
    }
    guard !names.isEmpty else { return text }
    var rewritten = bytes
    for name in names.reversed() where !rewritten[name].elementsEqual(former) {
      rewritten.replaceSubrange(name, with: former)
    }
    return String(decoding: rewritten, as: UTF8.self)
  }
}

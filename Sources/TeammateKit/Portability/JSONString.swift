/// A JSON string literal as every writer of the package writes one, the household document's
/// and the command line's `--json`: quotes, backslashes and control characters escaped as
/// Foundation's encoder escapes them, a slash and every other character as it is.
package enum JSONString {
  /// Appends `text` to `bytes` as a quoted literal; text with nothing to escape (most) is
  /// copied in runs, not byte by byte.
  package static func append(_ text: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      var start = 0
      for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
        start = index + 1
        escape(byte, to: &bytes)
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private static func escape(_ byte: UInt8, to bytes: inout [UInt8]) {
    switch byte {
    case 0x22: bytes.append(contentsOf: "\\\"".utf8)
    case 0x5C: bytes.append(contentsOf: "\\\\".utf8)
    case 0x08: bytes.append(contentsOf: "\\b".utf8)
    case 0x0C: bytes.append(contentsOf: "\\f".utf8)
    case 0x0A: bytes.append(contentsOf: "\\n".utf8)
    case 0x0D: bytes.append(contentsOf: "\\r".utf8)
    case 0x09: bytes.append(contentsOf: "\\t".utf8)
    default:
      let hex = Array("0123456789abcdef".utf8)
      bytes.append(contentsOf: "\\u00".utf8)
      bytes.append(hex[Int(byte >> 4)])
      bytes.append(hex[Int(byte & 0x0F)])
    }
  }
}

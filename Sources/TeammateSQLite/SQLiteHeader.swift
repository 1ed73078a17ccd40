import Foundation

/// The first 100 bytes of an SQLite file, read before SQLite is let near the file, so that
/// a foreign or visibly damaged file is refused untouched.
struct SQLiteHeader {
  static let magic = Array("SQLite format 3\u{0}".utf8)
  /// Our mark in the header (`PRAGMA application_id`): "TmMt".
  static let teammateID: UInt32 = 0x546D_4D74

  let pageSize: Int
  /// The page count the header gives, when SQLite says it can be trusted.
  let pageCount: Int?
  let applicationID: UInt32
  let userVersion: UInt32

  /// The header of the file at `path`, or nil when the file is empty (a store yet to be
  /// made). Throws `notADatabase` for anything that is not SQLite, and `damaged` for a file
  /// whose size cannot be right.
  static func read(_ path: String) throws(StoreError) -> SQLiteHeader? {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw .cannotOpen(path, reason: "it cannot be read")
    }
    defer { try? handle.close() }
    let size: UInt64
    let bytes: [UInt8]
    do {
      size = try handle.seekToEnd()
      try handle.seek(toOffset: 0)
      bytes = [UInt8](try handle.read(upToCount: 100) ?? Data())
    } catch {
      throw .cannotOpen(path, reason: "it cannot be read")
    }
    if size == 0 { return nil }
    guard bytes.count == 100, Array(bytes[0..<16]) == magic else { throw .notADatabase(path) }
    func number(_ offset: Int, _ count: Int) -> UInt32 {
      bytes[offset..<offset + count].reduce(0) { $0 << 8 | UInt32($1) }
    }
    let raw = Int(number(16, 2))
    let pageSize = raw == 1 ? 65_536 : raw
    guard pageSize >= 512, pageSize & (pageSize - 1) == 0 else { throw .notADatabase(path) }
    // NB: with a write-ahead log on disk the file may be mid-checkpoint (a full disk stops one
    // halfway): the log holds the pages, and SQLite finishes the checkpoint itself. The file's
    // size says nothing then; the deeper check before the first write still runs.
    let log = (try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int
    if let log, log > 0 {
      return SQLiteHeader(
        pageSize: pageSize, pageCount: nil, applicationID: number(68, 4),
        userVersion: number(60, 4))
    }
    guard size % UInt64(pageSize) == 0 else {
      throw .damaged(path, detail: "its size is not a whole number of pages: it was cut short")
    }
    // NB: the header's page count holds only when it was written with the change counter.
    let trusted = number(92, 4) == number(24, 4) && number(28, 4) > 0
    let pageCount = trusted ? Int(number(28, 4)) : nil
    if let pageCount, UInt64(pageCount) * UInt64(pageSize) > size {
      throw .damaged(path, detail: "it is shorter than its header says: it was cut short")
    }
    return SQLiteHeader(
      pageSize: pageSize, pageCount: pageCount, applicationID: number(68, 4),
      userVersion: number(60, 4))
  }
}

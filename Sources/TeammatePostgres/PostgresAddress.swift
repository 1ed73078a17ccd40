import Foundation

/// A server URL as the backend reads it: libpq's own, plus `pooler=transaction` for a URL that
/// reaches the server through a pooler in transaction mode (PgBouncer's `pool_mode =
/// transaction`), which lends a server session out one transaction at a time. Through such a
/// pooler nothing may live in the session: no statement is prepared by name, and the search
/// path the URL's `options` asks for (which a pooler does not pass on) is set in each
/// transaction instead.
struct PostgresAddress: Sendable, Equatable {
  /// What libpq is given.
  let libpq: String
  /// Whether a transaction pooler stands between this client and the server.
  let pooled: Bool
  /// The search path set in each transaction (pooled only; a direct session keeps the URL's).
  let searchPath: String?

  /// The item that names a pooler, and the one kind this backend knows.
  static let poolerItem = "pooler"

  /// Reads `url`; a URL without `pooler` is given to libpq as it is.
  init(_ url: String) throws(PostgresError) {
    guard url.contains("\(Self.poolerItem)="), var components = URLComponents(string: url),
      var items = components.percentEncodedQueryItems,
      let pooler = items.first(where: { $0.name == Self.poolerItem })
    else {
      (libpq, pooled, searchPath) = (url, false, nil)
      return
    }
    guard pooler.value == "transaction" else {
      throw .client(
        "the URL names pooler=\(pooler.value ?? ""): the one pooler mode known is 'transaction'")
    }
    var path: String?
    if let options = items.first(where: { $0.name == "options" }) {
      let text = options.value?.removingPercentEncoding ?? ""
      guard let named = Self.searchPath(in: text) else {
        throw .client(
          "through a pooler in transaction mode the URL's options cannot be kept, and "
            + "'\(text)' asks for more than a search_path")
      }
      path = named
    }
    items.removeAll { $0.name == Self.poolerItem || $0.name == "options" }
    components.percentEncodedQueryItems = items.isEmpty ? nil : items
    guard let rebuilt = components.string else {
      throw .client("the server URL cannot be read")
    }
    (libpq, pooled, searchPath) = (rebuilt, true, path)
  }

  /// The search path `options` sets when that is all it does (`-csearch_path=x`, `-c
  /// search_path=x`); nil for anything else.
  private static func searchPath(in options: String) -> String? {
    var text = Substring(options.trimmingCharacters(in: .whitespaces))
    guard text.hasPrefix("-c") else { return nil }
    text = text.dropFirst(2).drop(while: { $0 == " " })
    guard text.hasPrefix("search_path=") else { return nil }
    let path = text.dropFirst("search_path=".count)
    guard !path.isEmpty, !path.contains(" ") else { return nil }
    return String(path)
  }
}

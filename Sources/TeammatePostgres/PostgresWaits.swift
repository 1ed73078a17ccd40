import Foundation

/// How long the backend waits for a server before it says that the server is not answering:
/// for a connection to open, and for the answer to each statement (a commit included). A
/// server that stops answering — stopped, cut off, or waiting for a standby that is gone —
/// holds a call no longer than this.
public struct PostgresWaits: Sendable, Equatable {
  /// For a connection to open (libpq's `connect_timeout`, in whole seconds, at least 2),
  /// unless the URL names its own.
  public var connect: Duration
  /// For the answer to one statement.
  public var answer: Duration

  /// Waits of the lengths given.
  public init(connect: Duration = .seconds(10), answer: Duration = .seconds(15)) {
    self.connect = connect
    self.answer = answer
  }

  /// Ten seconds to connect, fifteen for an answer.
  public static let standard = PostgresWaits()

  /// `url` with the connection wait, unless it names one (`connect_timeout=`).
  func bounding(_ url: String) -> String {
    guard !url.contains("connect_timeout=") else { return url }
    let seconds = max(2, Int((Double(Self.milliseconds(connect)) / 1_000).rounded(.up)))
    return url + (url.contains("?") ? "&" : "?") + "connect_timeout=\(seconds)"
  }

  /// `duration` in whole milliseconds, at least one, as `poll` takes them.
  static func milliseconds(_ duration: Duration) -> Int32 {
    Int32(clamping: max(1, wholeMilliseconds(duration)))
  }

  /// `duration` in whole milliseconds, rounded down.
  static func wholeMilliseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
  }
}

extension PostgresWaits {
  /// `1.5 s`, `15 s`, `300 ms`: a wait as a person reads it.
  static func spoken(_ duration: Duration) -> String {
    let milliseconds = Int(Self.milliseconds(duration))
    guard milliseconds >= 1_000 else { return "\(milliseconds) ms" }
    let seconds = Double(milliseconds) / 1_000
    return seconds == seconds.rounded()
      ? "\(Int(seconds)) s" : String(format: "%.1f s", seconds)
  }
}

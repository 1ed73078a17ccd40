import Foundation
import TeammateKit

extension Commands {
  static let watch: CommandSpec = {
    let count = Option<Int>(
      "count", value: "n", help: "Stop after this many pieces of news.",
      parse: Values.count("count"))
    return CommandSpec(
      path: ["watch"],
      abstract: "Follow the household live: print what your partner does as it happens.",
      discussion:
        "One line per piece of news (with --json, one JSON document per line), until "
        + "interrupted or --count pieces have come. Quiet while nothing happens. A store that "
        + "stops answering is said once on stderr, and watching goes on when it answers again. "
        + "Through a pooler in transaction mode (a URL with pooler=transaction) nothing can "
        + "listen: watch with the server's own URL.",
      options: [count],
      examples: ["teammate --as bob watch", "teammate --as bob watch --json --count 1"],
      needsNetwork: true
    ) { session, arguments in
      _ = try session.account()
      session.sharesDevice = true
      _ = try await session.household()
      try session.checkFollowable()
      let device = try await session.device()
      let snapshots = await device.snapshots()
      let follower = Task { [warn = session.warner] in await keepFollowing(device, warn: warn) }
      defer { follower.cancel() }
      var printed = 0
      let times = await session.times()
      for await snapshot in snapshots where !snapshot.news.isEmpty {
        for entry in snapshot.news {
          if session.json {
            session.writeJSONLineNow(JSONDocuments.news(entry, times: times))
          } else {
            let name = await session.name(entry.actor)
            session.writeNow(SyncText.line(entry, name: name, in: session.language) + "\n")
          }
        }
        try await device.markNewsSeen(snapshot.news)
        printed += snapshot.news.count
        if let limit = arguments[count], printed >= limit { break }
        if session.outputFailed { break }
      }
    }
  }()

  /// Follows the device's pushes for as long as the task runs: when the store stops
  /// answering it says so once, tries again after a pause that doubles up to 30 s, and says
  /// so again once it answers.
  private static func keepFollowing(_ device: Device, warn: @escaping @Sendable (String) -> Void)
    async
  {
    var pause: Duration = .milliseconds(250)
    var lost = false
    while !Task.isCancelled {
      do {
        if lost {
          // NB: a sync proves the store answers, and brings what came meanwhile.
          _ = try await device.sync()
          warn("the store answers again; watching")
          lost = false
          pause = .milliseconds(250)
        }
        try await device.follow()
      } catch is CancellationError {
        return
      } catch {
        // NB: below, the pause.
      }
      if Task.isCancelled { return }
      if !lost {
        warn("the store stopped answering; watching again when it answers")
        lost = true
      }
      try? await Task.sleep(for: pause)
      pause = min(pause * 2, .seconds(30))
    }
  }
}

extension Session {
  /// A warning that reaches stderr at once, from a task of the command's own.
  var warner: @Sendable (String) -> Void {
    let sink = flushError
    return { line in
      sink?("teammate: warning: \(TerminalText.visible(line))\n")
    }
  }
}

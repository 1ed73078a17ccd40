import Foundation
import TeammateKit

extension Commands {
  static let sync = CommandSpec(
    path: ["sync"],
    abstract: "Pull what changed, say what your partner did, and plan this device's notifications.",
    examples: [
      "teammate --as bob sync",
      "teammate --as bob sync --json",
    ]
  ) { session, _ in
    _ = try await session.household()
    let report = try await session.syncDevice()
    let times = await session.times()
    if session.json {
      return session.writeJSON(
        .object([
          "badge": .int(report.badge),
          "cancelled": .array(report.cancelled.map { .string($0) }),
          "changes": .int(report.pulled),
          "news": .array(report.news.map { JSONDocuments.news($0, times: times) }),
          "scheduled": .array(
            report.scheduled.map { JSONDocuments.notification($0, times: times) }),
        ]))
    }
    var names: [AccountID: String] = [:]
    for entry in report.news where names[entry.actor] == nil {
      names[entry.actor] = await session.name(entry.actor)
    }
    session.write(SyncText.summary(report, names: names) + "\n")
    for entry in report.news {
      session.write("  " + SyncText.line(entry, name: names[entry.actor] ?? "") + "\n")
    }
    for notification in report.scheduled {
      session.log("scheduled \(notification.id) for \(times.iso(notification.fireAt))")
    }
    for id in report.cancelled { session.log("cancelled \(id)") }
    session.write("Badge: \(report.badge)\n")
  }

  static let notifications = CommandSpec(
    path: ["notifications"],
    abstract: "The local notifications this device holds, soonest first.",
    options: [OptionSpec(name: "delivered", help: "Show those already shown instead.")],
    store: .readOnly
  ) { session, arguments in
    let uid = try session.account()
    let scheduler = try session.store().scheduler(for: uid, clock: session.clock)
    let shown = arguments.flag("delivered")
    let notifications = try await shown ? scheduler.delivered() : scheduler.pending()
    let times = await session.times()
    if session.json {
      return session.writeJSON(
        .object([
          "notifications": .array(
            notifications.map { JSONDocuments.notification($0, times: times) })
        ]))
    }
    guard !notifications.isEmpty else {
      return session.write(
        shown
          ? "Nothing shown yet.\n"
          : "Nothing scheduled. Run 'teammate sync' to plan notifications.\n")
    }
    var table = Table(headers: ["WHEN", "KIND", "TITLE", "TEXT"], flexible: 2)
    for notification in notifications {
      table.rows.append([
        times.human(notification.fireAt), notification.kind.rawValue, notification.title,
        notification.body,
      ])
    }
    session.write(table)
  }

  static let settings = CommandSpec(
    path: ["settings"], abstract: "Show or change your notification settings.",
    options: [
      OptionSpec(
        name: "digest-time", value: "HH:MM", help: "When the daily digest comes (default 20:00)."),
      OptionSpec(
        name: "quiet", value: "HH:MM-HH:MM|off", help: "Quiet hours (default 22:00-07:00)."),
      OptionSpec(
        name: "lead", value: "minutes",
        help: "How long before an event to remind (0-1440, default 30)."),
      OptionSpec(
        name: "enable", value: "kind", help: "activity, digest, event, task or reply-by.",
        repeatable: true),
      OptionSpec(
        name: "disable", value: "kind", help: "activity, digest, event, task or reply-by.",
        repeatable: true),
    ],
    store: .readOnlyUnless(["digest-time", "quiet", "lead", "enable", "disable"]),
    examples: [
      "teammate settings --quiet 22:30-06:30 --lead 45",
      "teammate settings --disable digest",
    ]
  ) { session, arguments in
    let uid = try session.account()
    let household = try await session.household()
    var settings = household.member(uid)?.settings ?? .default
    let before = settings
    if let text = arguments.option("digest-time") {
      settings.digestTime = try TimeOfDay(parsing: text)
    }
    if let text = arguments.option("quiet") {
      settings.quietHours = text.lowercased() == "off" ? nil : try QuietHours(parsing: text)
    }
    if let text = arguments.option("lead") {
      guard let minutes = Int(text) else {
        throw CLIError.invalidValue(option: "lead", value: text, expected: "a number of minutes")
      }
      settings.eventLeadMinutes = minutes
    }
    for text in arguments.values("enable") {
      settings.disabledKinds.remove(try Words.notificationKind(text, option: "enable"))
    }
    for text in arguments.values("disable") {
      settings.disabledKinds.insert(try Words.notificationKind(text, option: "disable"))
    }
    if settings != before {
      let wanted = settings
      let updated = try await session.deviceWrite { try await $0.updateSettings(wanted) }
      settings = updated.member(uid)?.settings ?? settings
    }
    if session.json {
      return session.writeJSON(.object(["settings": JSONDocuments.settings(settings)]))
    }
    let enabled = settings.enabledKinds.map(\.rawValue)
    let disabled = settings.disabledKindsInOrder.map(\.rawValue)
    session.write(
      """
      digest time:   \(settings.digestTime)
      quiet hours:   \(settings.quietHours?.description ?? "off")
      event lead:    \(settings.eventLeadMinutes) min
      enabled:       \(enabled.joined(separator: ", "))
      disabled:      \(disabled.isEmpty ? "-" : disabled.joined(separator: ", "))

      """)
  }
}

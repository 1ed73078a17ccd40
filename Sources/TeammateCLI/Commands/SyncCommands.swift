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

  static let notifications: CommandSpec = {
    let delivered = Flag("delivered", help: "Show those already shown instead.")
    return CommandSpec(
      path: ["notifications"],
      abstract: "The local notifications this device holds, soonest first.",
      options: [delivered], store: .readOnly
    ) { session, arguments in
      let uid = try session.account()
      let scheduler = try session.store().scheduler(for: uid, clock: session.clock)
      let shown = arguments[delivered]
      let notifications = try await shown ? scheduler.delivered() : scheduler.pending()
      let times = await session.times()
      if session.json {
        return session.writeJSON(
          .object([
            "notifications": .array(
              notifications.map { JSONDocuments.notification($0, times: times) })
          ]))
      }
      // NB: a reminder due at once is shown by the sync that plans it, so the two lists
      // together are what the sync said it planned.
      let alreadyShown = shown ? 0 : try await scheduler.delivered().count
      let footer =
        alreadyShown == 0
        ? ""
        : "\n\(alreadyShown) shown already: see 'teammate notifications --delivered'.\n"
      guard !notifications.isEmpty else {
        return session.write(
          (shown
            ? "Nothing shown yet.\n"
            : "Nothing scheduled. Run 'teammate sync' to plan notifications.\n") + footer)
      }
      var table = Table(headers: ["WHEN", "KIND", "TITLE", "TEXT"], flexible: 2)
      for notification in notifications {
        table.rows.append([
          times.human(notification.fireAt), notification.kind.rawValue, notification.title,
          notification.body,
        ])
      }
      session.write(table)
      session.write(footer)
    }
  }()

  static let settings: CommandSpec = {
    let defaults = NotificationSettings.default
    let digestTime = Option(
      "digest-time", value: "HH:MM",
      help: "When the daily digest comes (default: \(defaults.digestTime)).",
      parse: Values.timeOfDay)
    let quiet = Option(
      "quiet", value: "HH:MM-HH:MM|off",
      help: "Quiet hours (default: \(defaults.quietHours?.description ?? "off")).",
      parse: Values.quiet)
    let range = NotificationSettings.leadMinutesRange
    let lead = Option(
      "lead", value: "minutes",
      help:
        "How long before an event to remind (\(range.lowerBound)-\(range.upperBound), "
        + "default: \(defaults.eventLeadMinutes)).",
      parse: Values.leadMinutes)
    let enable = Option(
      "enable", value: "kind", help: "activity, digest, event, task or reply-by.",
      repeatable: true, parse: Values.notificationKind("enable"))
    let disable = Option(
      "disable", value: "kind", help: "activity, digest, event, task or reply-by.",
      repeatable: true, parse: Values.notificationKind("disable"))
    @Sendable func validate(_ arguments: ParsedArguments) throws(UsageError) {
      for kind in arguments.all(enable) where arguments.all(disable).contains(kind) {
        throw .conflict("'--enable \(kind.rawValue)'", "'--disable \(kind.rawValue)'")
      }
    }
    let changes: [any OptionKey] = [digestTime, quiet, lead, enable, disable]
    return CommandSpec(
      path: ["settings"], abstract: "Show or change your notification settings.",
      options: changes, store: .readOnlyUnless(changes),
      examples: [
        "teammate settings --quiet 22:30-06:30 --lead 45",
        "teammate settings --disable digest",
      ],
      validate: validate
    ) { session, arguments in
      let uid = try session.account()
      let household = try await session.household()
      var settings = household.member(uid)?.settings ?? .default
      let before = settings
      if let time = arguments[digestTime] { settings.digestTime = time }
      switch arguments[quiet] {
      case .off: settings.quietHours = nil
      case .hours(let hours): settings.quietHours = hours
      case nil: break
      }
      if let minutes = arguments[lead] { settings.eventLeadMinutes = minutes }
      for kind in arguments.all(enable) { settings.disabledKinds.remove(kind) }
      for kind in arguments.all(disable) { settings.disabledKinds.insert(kind) }
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
  }()
}

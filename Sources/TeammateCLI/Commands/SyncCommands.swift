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
    _ = try await session.household(refreshing: false)
    let report = try await session.syncDevice()
    let times = await session.times()
    var conflicts: [String] = []
    for conflict in report.conflicts { conflicts.append(await words(conflict, &session, times)) }
    if session.json {
      return session.writeJSON(
        .object([
          "badge": .int(report.badge),
          "cancelled": .array(report.cancelled.map { .string($0) }),
          "changes": .int(report.pulled),
          "conflicts": .array(
            zip(report.conflicts, conflicts).map { JSONDocuments.conflict($0, words: $1) }),
          "news": .array(report.news.map { JSONDocuments.news($0, times: times) }),
          "outbox": .int(report.outbox),
          "scheduled": .array(
            report.scheduled.map { JSONDocuments.notification($0, times: times) }),
        ]))
    }
    var names: [AccountID: String] = [:]
    for entry in report.news where names[entry.actor] == nil {
      names[entry.actor] = await session.name(entry.actor)
    }
    let language = session.language
    if session.offline {
      session.write(SyncText.offline(report, in: language) + "\n")
    } else {
      session.write(SyncText.summary(report, names: names, in: language) + "\n")
    }
    for entry in report.news {
      session.write(
        "  " + SyncText.line(entry, name: names[entry.actor] ?? "", in: language) + "\n")
    }
    if !conflicts.isEmpty {
      session.write(
        (language == .traditionalChinese ? OutboxWords.didNotLand : "Did not land as you made it:")
          + "\n")
      for line in conflicts { session.write("  ! \(line)\n") }
    }
    for notification in report.scheduled {
      session.log("scheduled \(notification.id) for \(times.iso(notification.fireAt))")
    }
    for id in report.cancelled { session.log("cancelled \(id)") }
    session.write(SyncText.badge(report.badge, in: language) + "\n")
  }

  /// A conflict in a sentence, with the names and times of this household.
  private static func words(
    _ conflict: SyncConflict, _ session: inout Session, _ times: TimeText
  ) async -> String {
    var names: [AccountID: String] = [:]
    // NB: a version changed since can only be the partner's doing.
    let uid = try? session.account()
    let changedBy = uid.flatMap { uid in session.cachedPartner(of: uid) }
    if case .overwritten(_, let by) = conflict.reason { names[by] = await session.name(by) }
    if let changedBy { names[changedBy] = await session.name(changedBy) }
    if case .refused(_, .mealSlotTaken(_, _, let by, _)) = conflict.reason {
      names[by] = await session.name(by)
    }
    let today = try? await session.mealToday()
    let dishes = session.cachedDishes
    let name = { (uid: AccountID) in names[uid] ?? uid.rawValue }
    guard session.language == .traditionalChinese else {
      return OutboxText.conflict(
        conflict, name: name,
        value: { OutboxText.value($0, times: times, name: name, dishes: dishes) },
        when: { day in today.map { MealText.day(day, today: $0) } ?? "on \(MealText.date(day))" },
        changedBy: changedBy)
    }
    return OutboxWords.conflict(
      conflict, name: name,
      value: { OutboxWords.value($0, times: times, name: name, dishes: dishes) },
      when: { day in today.map { MealWords.day(day, today: $0) } ?? MealText.date(day) },
      changedBy: changedBy)
  }

  static let outbox = CommandSpec(
    path: ["outbox"], abstract: "The writes this device has made that wait to be sent, in order.",
    discussion:
      "With --offline (or TEAMMATE_OFFLINE=1) a device's writes wait here; 'teammate sync' "
      + "sends them, each at most once.",
    store: .readOnly,
    examples: ["teammate --offline card add Milk", "teammate outbox", "teammate sync"]
  ) { session, _ in
    let entries = try await session.outbox()
    var titles: [CardID: String] = [:]
    var texts: [ItemID: String] = [:]
    if !entries.isEmpty {
      // NB: the outbox is this device's own: a server that does not answer only costs titles.
      for card in (try? await session.visibleCards()) ?? [] { titles[card.id] = card.title }
      for item in (try? await session.visibleItems()) ?? [] { texts[item.id] = item.text.text }
    }
    let times = await session.times()
    let chinese = session.language == .traditionalChinese
    func line(_ entry: OutboxEntry) -> String {
      let title = { (id: CardID) in titles[id] ?? id.rawValue }
      let text = { (id: ItemID) in texts[id] ?? id.rawValue }
      return chinese
        ? OutboxWords.line(entry.write, title: title, text: text)
        : OutboxText.line(entry.write, title: title, text: text)
    }
    // NB: `--json` never changes with the language.
    func jsonLine(_ entry: OutboxEntry) -> String {
      OutboxText.line(
        entry.write, title: { titles[$0] ?? $0.rawValue }, text: { texts[$0] ?? $0.rawValue })
    }
    if session.json {
      return session.writeJSON(
        .object([
          "outbox": .array(
            entries.map { entry in
              .object([
                "cardId": .string(entry.write.cardID?.rawValue), "id": .string(entry.id.rawValue),
                "kind": .string(OutboxText.kind(entry.write)),
                "madeAt": .string(times.iso(entry.madeAt)), "text": .string(jsonLine(entry)),
              ])
            })
        ]))
    }
    guard !entries.isEmpty else {
      return session.write(
        (chinese ? OutboxWords.empty : "Nothing waits: every write has landed.") + "\n")
    }
    var table = Table(headers: chinese ? OutboxWords.headers : ["MADE", "WRITE"], flexible: 1)
    for entry in entries { table.rows.append([times.human(entry.madeAt), line(entry)]) }
    session.write(table)
    let waiting = entries.count == 1 ? "1 write waits" : "\(entries.count) writes wait"
    session.write(
      "\n"
        + (chinese
          ? OutboxWords.waiting(entries.count) : "\(waiting); 'teammate sync' sends them.")
        + "\n")
  }

  static let notifications: CommandSpec = {
    let delivered = Flag("delivered", help: "Show those already shown instead.")
    return CommandSpec(
      path: ["notifications"],
      abstract: "The local notifications this device holds, soonest first.",
      options: [delivered], store: .readOnly
    ) { session, arguments in
      let device = try await session.heldDevice()
      let shown = arguments[delivered]
      let notifications = try await device.notifications(shown: shown)
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
      let alreadyShown = shown ? 0 : try await device.notifications(shown: true).count
      let words = NotificationWords(language: session.language)
      let footer = alreadyShown == 0 ? "" : "\n" + words.shownAlready(alreadyShown) + "\n"
      guard !notifications.isEmpty else {
        return session.write(words.nothing(shown: shown) + "\n" + footer)
      }
      var table = Table(headers: words.headers, flexible: 2)
      for notification in notifications {
        table.rows.append([
          times.human(notification.fireAt), words.kind(notification.kind), notification.title,
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
      "enable", value: "kind", help: "activity, digest, event, task, reply-by or meal.",
      repeatable: true, parse: Values.notificationKind("enable"))
    let disable = Option(
      "disable", value: "kind", help: "activity, digest, event, task, reply-by or meal.",
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
      session.write(NotificationWords(language: session.language).settings(settings))
    }
  }()
}

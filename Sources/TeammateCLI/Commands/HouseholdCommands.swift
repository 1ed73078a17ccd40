import Foundation
import TeammateKit

extension Commands {
  /// `--display-name`, for creating and joining.
  private static let displayName = Option<String>(
    "display-name", value: "name", help: "Your name in it.", defaultText: "your uid")

  static let householdCreate: CommandSpec = {
    let name = Option<String>(
      "name", value: "name", help: "The household's name.", required: true)
    let zone = Option<String>(
      "tz", value: "zone", help: "An IANA time zone.", defaultText: "this machine's")
    return CommandSpec(
      path: ["household", "create"],
      abstract:
        "Create a household with you as its first member, and an invite for your partner.",
      discussion:
        "Offline, the household is made on this device at once and waits in its outbox; "
        + "the next sync sends it, and 'teammate invite show' then prints the code.",
      options: [name, zone, displayName], store: .create,
      examples: [
        "teammate --as alice household create --name Home --tz Asia/Taipei"
      ]
    ) { session, arguments in
      try await createHousehold(
        name: arguments.value(name), zone: arguments[zone],
        displayName: arguments[displayName], session: &session)
    }
  }()

  private static func createHousehold(
    name: String, zone: String?, displayName: String?, session: inout Session
  ) async throws {
    let uid = try session.account()
    let (timeZone, shownName) = (zone ?? TimeZone.current.identifier, displayName ?? uid.rawValue)
    if session.offline {
      // NB: made through the outbox (AC-HH-12): the invite comes once it has landed.
      let household = try await session.deviceWrite {
        try await $0.makeHousehold(name: name, timeZone: timeZone, displayName: shownName)
      }
      if session.json {
        let times = TimeText(
          zone: TimeZone(identifier: household.timeZone) ?? .current, now: session.now)
        return session.writeJSON(
          .object([
            "household": JSONDocuments.household(household, times: times), "invite": .null,
            "waiting": .bool(true),
          ]))
      }
      session.write(HouseholdWords(language: session.language).createdOffline(household) + "\n")
      return
    }
    let creation = try await session.deviceWrite {
      try await $0.createHousehold(name: name, timeZone: timeZone, displayName: shownName)
    }
    let household = creation.household
    let zone = TimeZone(identifier: household.timeZone) ?? .current
    if session.json {
      let times = TimeText(zone: zone, now: session.now)
      return session.writeJSON(
        .object([
          "household": JSONDocuments.household(household, times: times),
          "invite": JSONDocuments.invite(creation.invite, times: times),
        ]))
    }
    let words = HouseholdWords(language: session.language)
    let times = TimeText(
      zone: zone, now: session.now, chinese: session.language == .traditionalChinese)
    session.write(words.created(household) + "\n")
    session.write(words.invite(creation.invite, times: times) + "\n")
    session.write(words.joinsWith(creation.invite.code) + "\n")
  }

  static let householdJoin: CommandSpec = {
    let code = Argument<String>("code", help: "The invite code, six digits.")
    return CommandSpec(
      path: ["household", "join"],
      abstract: "Join your partner's household with the six-digit code they gave you.",
      arguments: [code], options: [displayName], store: .create,
      examples: [
        "teammate --as bob household join 012345 --display-name Bob"
      ], needsNetwork: true
    ) { session, arguments in
      try await join(
        code: arguments[code] ?? "", displayName: arguments[displayName], session: &session)
    }
  }()

  private static func join(code: String, displayName: String?, session: inout Session)
    async throws
  {
    let uid = try session.account()
    let household = try await session.deviceWrite {
      try await $0.join(code: code, displayName: displayName ?? uid.rawValue)
    }
    let times = TimeText(
      zone: TimeZone(identifier: household.timeZone) ?? .current, now: session.now)
    if session.json {
      return session.writeJSON(
        .object(["household": JSONDocuments.household(household, times: times)]))
    }
    // NB: each is called by their display name; one who gave none goes by their account.
    let you = household.member(uid)?.displayName ?? uid.rawValue
    let partner = household.partner(of: uid).map { TerminalText.visible($0.displayName) }
    session.write(
      HouseholdWords(language: session.language).joined(
        household, partner: partner, you: TerminalText.visible(you)) + "\n")
  }

  static let householdShow = CommandSpec(
    path: ["household", "show"], abstract: "Show your household, its members and its live invite.",
    store: .readOnly
  ) { session, _ in
    let household = try await session.household()
    // NB: offline, the household is shown as this device knows it, and its invite, which only
    // the backend knows, is left out.
    let invite = session.offline ? nil : try await session.device().liveInvite()
    let times = await session.times()
    if session.json {
      return session.writeJSON(
        .object([
          "household": JSONDocuments.household(household, times: times),
          "invite": invite.map { JSONDocuments.invite($0, times: times) } ?? .null,
        ]))
    }
    let words = HouseholdWords(language: session.language)
    var table = Table(headers: words.memberHeaders)
    for member in household.members {
      table.rows.append([member.uid.rawValue, member.displayName, times.human(member.joinedAt)])
    }
    session.write(words.heading(household) + "\n\n")
    session.write(table)
    if let invite {
      session.write("\n" + words.invite(invite, times: times) + "\n")
    }
  }

  static let householdLeave: CommandSpec = {
    let delete = Flag(
      "delete-household",
      help: "You are the last member: delete the household and everything in it.")
    return CommandSpec(
      path: ["household", "leave"],
      abstract: "Leave your household; its invite is revoked and your device lets go of it.",
      discussion:
        "The household and its cards stay for your partner. Its last member must add "
        + "--delete-household, which deletes the household, its cards, its invite and its "
        + "history.",
      options: [delete], needsNetwork: true
    ) { session, arguments in
      try await leave(deleting: arguments[delete], session: &session)
    }
  }()

  private static func leave(deleting: Bool, session: inout Session) async throws {
    let household = try await session.household()
    // NB: this device lets go at once: its household state and notifications are dropped.
    try await session.deviceWrite { try await $0.leave(deletingHousehold: deleting) }
    if session.json {
      return session.writeJSON(.object(["left": .string(household.id.rawValue)]))
    }
    session.write(
      HouseholdWords(language: session.language).left(household, deleting: deleting) + "\n")
  }

  static let inviteCreate = CommandSpec(
    path: ["invite", "create"],
    abstract: "Issue a new invite code; any earlier code stops working.", needsNetwork: true
  ) { session, _ in
    _ = try await session.household()
    let invite = try await session.deviceWrite { try await $0.issueInvite() }
    let times = await session.times()
    if session.json { return session.writeJSON(JSONDocuments.invite(invite, times: times)) }
    session.write(HouseholdWords(language: session.language).invite(invite, times: times) + "\n")
  }

  static let inviteShow = CommandSpec(
    path: ["invite", "show"], abstract: "Show your household's live invite code.",
    store: .readOnly
  ) { session, _ in
    let household = try await session.household()
    let words = HouseholdWords(language: session.language)
    guard let invite = try await session.device().liveInvite() else {
      throw CLIError.notFound(words.noInvite(household))
    }
    let times = await session.times()
    if session.json { return session.writeJSON(JSONDocuments.invite(invite, times: times)) }
    session.write(words.invite(invite, times: times) + "\n")
  }

  static let accountLink: CommandSpec = {
    let credentialKey = Option(
      "credential", value: "provider:id", help: "For example google:alice@example.com.",
      required: true, parse: Values.credential)
    return CommandSpec(
      path: ["account", "link"],
      abstract:
        "Link a named sign-in to this account; its uid, household and cards stay the same.",
      options: [credentialKey], store: .create, needsNetwork: true
    ) { session, arguments in
      try await link(arguments.value(credentialKey), session: &session)
    }
  }()

  static let accountDelete: CommandSpec = {
    let delete = Flag(
      "delete-household",
      help: "You are your household's last member: delete the household with your account.")
    return CommandSpec(
      path: ["account", "delete"],
      abstract: "Erase your account: what you wrote stays in your household, by a former member.",
      discussion:
        "Your display name, linked sign-ins, this device's state and everything else that is "
        + "yours alone are erased; your partner is told once, and your cards, items and "
        + "history read as a former member's. The household's last member must add "
        + "--delete-household, which deletes the household too.",
      options: [delete], needsNetwork: true
    ) { session, arguments in
      let uid = try session.account()
      let deleting = arguments[delete]
      session.refusesMovedHousehold = false
      do {
        try await session.deviceWrite { try await $0.eraseAccount(deletingHousehold: deleting) }
      } catch TeammateError.lastMemberMustDeleteHousehold {
        throw CLIError.lastMemberErasing(nil)
      }
      session.removeDeviceLock()
      if session.json { return session.writeJSON(.object(["erased": .string(uid.rawValue)])) }
      session.write(HouseholdWords(language: session.language).erased(uid) + "\n")
    }
  }()

  private static func link(_ credential: Credential, session: inout Session) async throws {
    let uid = try session.account()
    try await session.deviceWrite { try await $0.linkCredential(credential) }
    if session.json {
      return session.writeJSON(
        .object(["account": .string(uid.rawValue), "credential": .string(credential.description)]))
    }
    session.write(HouseholdWords(language: session.language).linked(credential, to: uid) + "\n")
  }
}

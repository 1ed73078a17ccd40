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
      session.write(
        "Created '\(household.name)' in \(household.timeZone) on this device; it waits in the "
          + "outbox until the next sync.\nOnce it has landed, 'teammate invite show' prints the "
          + "code your partner joins with.\n")
      return
    }
    let creation = try await session.deviceWrite {
      try await $0.createHousehold(name: name, timeZone: timeZone, displayName: shownName)
    }
    let household = creation.household
    let times = TimeText(
      zone: TimeZone(identifier: household.timeZone) ?? .current, now: session.now)
    if session.json {
      return session.writeJSON(
        .object([
          "household": JSONDocuments.household(household, times: times),
          "invite": JSONDocuments.invite(creation.invite, times: times),
        ]))
    }
    session.write("Created '\(household.name)' in \(household.timeZone).\n")
    session.write(inviteLine(creation.invite, times: times))
    session.write(
      "Your partner joins with: teammate --as PARTNER household join \(creation.invite.code)\n")
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
      "Joined '\(TerminalText.visible(household.name))'"
        + (partner.map { " with \($0)" } ?? "") + "; you are \(TerminalText.visible(you)).\n")
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
    var table = Table(headers: ["MEMBER", "NAME", "JOINED"])
    for member in household.members {
      table.rows.append([member.uid.rawValue, member.displayName, times.human(member.joinedAt)])
    }
    session.write("\(household.name), \(household.timeZone)\n\n")
    session.write(table)
    if let invite {
      session.write("\n" + inviteLine(invite, times: times))
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
      deleting
        ? "You left '\(household.name)' and deleted it with its cards.\n"
        : "You left '\(household.name)'.\n")
  }

  static let inviteCreate = CommandSpec(
    path: ["invite", "create"],
    abstract: "Issue a new invite code; any earlier code stops working.", needsNetwork: true
  ) { session, _ in
    _ = try await session.household()
    let invite = try await session.deviceWrite { try await $0.issueInvite() }
    let times = await session.times()
    if session.json { return session.writeJSON(JSONDocuments.invite(invite, times: times)) }
    session.write(inviteLine(invite, times: times))
  }

  static let inviteShow = CommandSpec(
    path: ["invite", "show"], abstract: "Show your household's live invite code.",
    store: .readOnly
  ) { session, _ in
    let household = try await session.household()
    guard let invite = try await session.device().liveInvite() else {
      throw CLIError.notFound(
        "'\(household.name)' has no live invite; create one with 'teammate invite create'")
    }
    let times = await session.times()
    if session.json { return session.writeJSON(JSONDocuments.invite(invite, times: times)) }
    session.write(inviteLine(invite, times: times))
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

  private static func link(_ credential: Credential, session: inout Session) async throws {
    let uid = try session.account()
    try await session.deviceWrite { try await $0.linkCredential(credential) }
    if session.json {
      return session.writeJSON(
        .object(["account": .string(uid.rawValue), "credential": .string(credential.description)]))
    }
    session.write("Linked \(credential) to \(uid); the uid is unchanged.\n")
  }

  /// "Invite code: 012345, valid until Wed 2 Dec 09:00 (in 24 h)." and a newline.
  static func inviteLine(_ invite: Invite, times: TimeText) -> String {
    "Invite code: \(invite.code), valid until \(times.human(invite.expiresAt)).\n"
  }
}

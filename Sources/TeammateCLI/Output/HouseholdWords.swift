import TeammateKit

/// A household's life in the language the person reads (AC-LANG-09): what making, joining,
/// showing and leaving a household say, and its invite.
struct HouseholdWords {
  let language: Language

  /// A command for the partner, in a household with no partner yet.
  var noPartnerYet: String {
    language == .traditionalChinese
      ? "這個家還沒有另一半：先邀請一位"
      : "you have no partner in this household yet: invite one first"
  }

  private var chinese: Bool { language == .traditionalChinese }

  /// A household made online, in its zone.
  func created(_ household: Household) -> String {
    let name = TerminalText.visible(household.name)
    return chinese
      ? "已建立「\(name)」，時區 \(household.timeZone)。"
      : "Created '\(name)' in \(household.timeZone)."
  }

  /// A household made offline, which waits to be sent (AC-HH-12).
  func createdOffline(_ household: Household) -> String {
    let name = TerminalText.visible(household.name)
    guard chinese else {
      return "Created '\(name)' in \(household.timeZone) on this device; it waits in the "
        + "outbox until the next sync.\nOnce it has landed, 'teammate invite show' prints the "
        + "code your partner joins with."
    }
    return "已在這台裝置建立「\(name)」，時區 \(household.timeZone)；它在待送區等到下次同步。\n"
      + "送達之後，「teammate invite show」會印出另一半加入用的邀請碼。"
  }

  /// The live invite: its code and until when it is good.
  func invite(_ invite: Invite, times: TimeText) -> String {
    chinese
      ? "邀請碼：\(invite.code)，有效到 \(times.human(invite.expiresAt))。"
      : "Invite code: \(invite.code), valid until \(times.human(invite.expiresAt))."
  }

  /// How the partner joins with the code.
  func joinsWith(_ code: InviteCode) -> String {
    chinese
      ? "另一半這樣加入：teammate --as PARTNER household join \(code)"
      : "Your partner joins with: teammate --as PARTNER household join \(code)"
  }

  /// A household joined, with the partner named and the joiner's own name.
  func joined(_ household: Household, partner: String?, you: String) -> String {
    let name = TerminalText.visible(household.name)
    guard chinese else {
      return "Joined '\(name)'" + (partner.map { " with \($0)" } ?? "") + "; you are \(you)."
    }
    return "已加入「\(name)」" + (partner.map { "，和\($0)一起" } ?? "") + "；你是\(you)。"
  }

  /// The members table's headings.
  var memberHeaders: [String] { chinese ? ["帳號", "名字", "加入"] : ["MEMBER", "NAME", "JOINED"] }

  /// A household left, deleted with it when it was the last member's.
  func left(_ household: Household, deleting: Bool) -> String {
    let name = TerminalText.visible(household.name)
    switch (deleting, chinese) {
    case (true, false): return "You left '\(name)' and deleted it with its cards."
    case (false, false): return "You left '\(name)'."
    case (true, true): return "你離開了「\(name)」，也刪除了它和它的卡片。"
    case (false, true): return "你離開了「\(name)」。"
    }
  }

  /// No live invite, and how to make one.
  func noInvite(_ household: Household) -> String {
    let name = TerminalText.visible(household.name)
    return chinese
      ? "「\(name)」沒有有效的邀請碼；用「teammate invite create」建立一個"
      : "'\(name)' has no live invite; create one with 'teammate invite create'"
  }

  /// An account erased.
  func erased(_ uid: AccountID) -> String {
    chinese
      ? "已刪除帳號 \(uid)；你寫下的內容以「前成員」留在家裡。"
      : "Erased the account \(uid); what you wrote stays, by a former member."
  }

  /// A sign-in linked to an account, whose uid stays.
  func linked(_ credential: Credential, to uid: AccountID) -> String {
    chinese
      ? "已把 \(credential) 連到 \(uid)；帳號編號不變。"
      : "Linked \(credential) to \(uid); the uid is unchanged."
  }

  /// The household's name and zone, over its members.
  func heading(_ household: Household) -> String {
    let name = TerminalText.visible(household.name)
    return chinese ? "\(name)，\(household.timeZone)" : "\(name), \(household.timeZone)"
  }
}

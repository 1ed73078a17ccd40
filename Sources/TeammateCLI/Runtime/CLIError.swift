import TeammateKit

/// Refusals that belong to the command line itself rather than to a rule or the store.
enum CLIError: Error, Equatable {
  /// No account given: nothing can be done on behalf of nobody.
  case missingAccount
  /// The account has no household yet, and the command needs one.
  case noHousehold(AccountID)
  /// Something asked for does not exist (an invite, a notification…).
  case notFound(String)
  /// A command that cannot wait in the outbox, run with `--offline`.
  case needsNetwork(String)
  /// A file the command writes (an export) could not be written; nothing was left half-made.
  case cannotWrite(String, reason: String)
  /// An account alone in its household, erased without saying the household goes too: the
  /// operator's erasure names it (`server erase-account`), the person's own does not.
  case lastMemberErasing(AccountID?)
  /// The store a household moves to holds a copy of it that it has moved past: a move cut
  /// short after its import, and written on where it lives since (AC-PORT-31, AC-PORT-32).
  case staleCopy(String)
}

extension CLIError: CustomStringConvertible {
  var description: String {
    switch self {
    case .missingAccount:
      return "no account to act as"
    case .noHousehold(let uid):
      return "'\(uid)' is not in a household yet"
    case .notFound(let what):
      return what
    case .needsNetwork(let command):
      return "'\(command)' needs the network and cannot wait in the outbox"
    case .cannotWrite(let path, let reason):
      return "cannot write \(path): \(reason)"
    case .lastMemberErasing(nil):
      return "you are your household's last member: erasing your account deletes it too"
    case .lastMemberErasing(let name?):
      return "'\(name)' is their household's last member: erasing the account deletes it too"
    case .staleCopy(let place):
      return "\(place) holds an older copy of this household, from a move cut short before it "
        + "changed here: the household stays here"
    }
  }

  /// The sentence in `language` (AC-LANG-10); `notFound`'s is its caller's, already worded.
  func message(in language: Language) -> String {
    guard language == .traditionalChinese else { return description }
    switch self {
    case .missingAccount: return "沒有要代表的帳號"
    case .noHousehold(let uid): return "「\(uid)」還沒有加入任何家"
    case .notFound(let what): return what
    case .needsNetwork(let command): return "「\(command)」需要網路，不能在待送區等"
    case .cannotWrite(let path, let reason): return "無法寫入 \(path)：\(reason)"
    case .lastMemberErasing(nil): return "你是這個家最後的成員：刪除帳號也會刪除這個家"
    case .lastMemberErasing(let name?): return "「\(name)」是這個家最後的成員：刪除帳號也會刪除這個家"
    case .staleCopy(let place): return "\(place) 有這個家較舊的一份（之前沒搬完，之後這裡又有了變更）：家留在這裡"
    }
  }

  /// The hint in `language`.
  func hint(in language: Language) -> String? {
    guard language == .traditionalChinese else { return hint }
    switch self {
    case .missingAccount: return "加上 --as UID（例如 --as alice），或設定 TEAMMATE_USER"
    case .noHousehold:
      return "用「teammate household create --name NAME」建立一個，或用「teammate household join CODE」加入"
    case .needsNetwork: return "不加 --offline 再跑一次（也不要設定 TEAMMATE_OFFLINE）"
    case .cannotWrite: return "確認資料夾存在而且可以寫入"
    case .lastMemberErasing(nil): return "要連同這個家一起刪除：teammate account delete --delete-household"
    case .lastMemberErasing(let name?):
      return "要連同這個家一起刪除：teammate server erase-account \(name) --delete-household"
    case .staleCopy: return "刪掉那一份（檔案就刪掉檔案）再搬一次，或搬到別的地方"
    case .notFound: return nil
    }
  }

  var hint: String? {
    switch self {
    case .missingAccount:
      return "pass --as UID (for example --as alice) or set TEAMMATE_USER"
    case .noHousehold:
      return
        "create one with 'teammate household create --name NAME', "
        + "or join one with 'teammate household join CODE'"
    case .needsNetwork:
      return "run it without --offline (and with TEAMMATE_OFFLINE unset)"
    case .cannotWrite:
      return "check that the folder exists and may be written"
    case .lastMemberErasing(nil):
      return "to delete it with your account: teammate account delete --delete-household"
    case .lastMemberErasing(let name?):
      return
        "to delete it with the account: teammate server erase-account \(name) --delete-household"
    case .staleCopy:
      return "remove that copy (a file: the file) and move again, or move somewhere else"
    case .notFound:
      return nil
    }
  }
}

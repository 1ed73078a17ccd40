import TeammateKit
import TeammateSQLite

/// How the command line reports a failure, which its exit status says.
enum FailureKind: Sendable, Equatable {
  /// The command line itself is wrong (64): the usage line follows the message.
  case usage
  /// A rule refused, or something named does not exist (1).
  case refused
  /// The store cannot be used (74).
  case store

  var exitCode: Int32 {
    switch self {
    case .usage: ExitCode.usage
    case .refused: ExitCode.refused
    case .store: ExitCode.store
    }
  }
}

/// An error that says by itself how it is reported, case by case, so that a new case must
/// decide (the switches have no `default`); a `TeammateError` alone is a refusal unless it is
/// listed as a usage error, so that a new rule's error is written in the kit alone.
protocol ReportedError: Error, CustomStringConvertible {
  var kind: FailureKind { get }
  /// What to do next, where a sentence helps.
  var hint: String? { get }
  /// Whether the usage line of the command follows the message.
  var showsUsage: Bool { get }
  /// The sentence in `language` (AC-LANG-10).
  func message(in language: Language) -> String
  /// The hint in `language` (AC-LANG-10).
  func hint(in language: Language) -> String?
}

extension ReportedError {
  var showsUsage: Bool { kind == .usage }

  /// The sentence in `language`: English unless the error says it otherwise.
  func message(in language: Language) -> String { description }

  /// The hint in `language`: English unless the error says it otherwise.
  func hint(in language: Language) -> String? { hint }
}

extension UsageError: ReportedError {
  var kind: FailureKind { .usage }
  var description: String { message }
}

extension CLIError: ReportedError {
  var kind: FailureKind {
    switch self {
    case .missingAccount: .usage
    case .noHousehold, .notFound, .needsNetwork, .lastMemberErasing, .staleCopy: .refused
    case .cannotWrite: .store
    }
  }
}

extension TeammateError: ReportedError {
  /// NB: a rule's refusal (1) unless a value the person typed does not parse (64): a new
  /// refusal needs nothing here.
  var kind: FailureKind {
    switch self {
    case .invalidTime, .invalidTimeOfDay, .invalidQuietHours, .invalidLeadTime,
      .malformedCredential, .invalidRepeatRule:
      .usage
    default: .refused
    }
  }

  var hint: String? {
    switch self {
    case .staleAcknowledgement: "see it with 'teammate card show ID', then acknowledge"
    case .notInHousehold(let uid): CLIError.noHousehold(uid).hint
    case .lastMemberMustDeleteHousehold:
      "to leave and delete it: teammate household leave --delete-household"
    case .householdMoved(_, let place) where ServerURL.isServer(place):
      "run it with --store and your own account's URL on that server (its operator's "
        + "'teammate server add-account' gives it): this device follows it there"
    case .householdMoved(_, let place):
      "run it with --store \(place): this device follows it there"
    case .repeatRequiresTime: "give the first occurrence's time with --at"
    case .invalidTime(let text, _): TimeExpression.hint(for: text)
    case .inviteExpired: "your partner makes a new code with 'teammate invite create'"
    default: nil
    }
  }

  /// The refusal in the wording of `language` (`Wording.refusal`).
  func message(in language: Language) -> String { language.wording.refusal(self) }

  /// The hints of `hint` in Traditional Chinese (AC-LANG-10).
  func hint(in language: Language) -> String? {
    guard language == .traditionalChinese else { return hint }
    return switch self {
    case .staleAcknowledgement: "用「teammate card show ID」看看，再說知道"
    case .notInHousehold(let uid): CLIError.noHousehold(uid).hint(in: language)
    case .lastMemberMustDeleteHousehold: "要離開並刪除它：teammate household leave --delete-household"
    case .householdMoved(_, let place) where ServerURL.isServer(place):
      "用 --store 加上你自己帳號在那台伺服器的網址再跑一次（伺服器管理者的「teammate server add-account」會給）：這台裝置會跟過去"
    case .householdMoved(_, let place): "用 --store \(place) 再跑一次：這台裝置會跟過去"
    case .repeatRequiresTime: "用 --at 給第一次的時間"
    case .invalidTime: hint
    case .inviteExpired: "另一半用「teammate invite create」做一個新的邀請碼"
    default: nil
    }
  }
}

extension StoreError: ReportedError {
  var kind: FailureKind {
    switch self {
    // NB: nothing is wrong with a store that is not there yet: it is not found, like a card.
    case .missing: .refused
    case .cannotCreateDirectory, .notWritable, .cannotOpen, .notADatabase, .damaged,
      .newerSchema, .needsUpgrade, .failed:
      .store
    }
  }

  var hint: String? { nil }
}

extension SQLiteError: ReportedError {
  var kind: FailureKind { .store }
  var hint: String? { nil }

  /// NB: SQLite's own sentence, never the statement it ran (AC-INPUT-04).
  func message(in language: Language) -> String { "the store failed: \(message)" }
}

extension DeviceNotSaved: ReportedError {
  var kind: FailureKind { .store }
  var hint: String? { nil }
}

extension HouseholdDocumentError: ReportedError {
  var kind: FailureKind {
    switch self {
    case .unreadable, .formatTooNew, .householdAlreadyHere, .memberElsewhere, .idTaken: .refused
    }
  }

  var hint: String? {
    switch self {
    case .unreadable: "give the file 'teammate export --household' wrote"
    case .formatTooNew: nil
    case .householdAlreadyHere, .memberElsewhere, .idTaken:
      "import into a new store: --store with a path where there is no file yet"
    }
  }

  /// The sentence in Traditional Chinese too (AC-LANG-10).
  func message(in language: Language) -> String {
    guard language == .traditionalChinese else { return description }
    return switch self {
    case .unreadable(let reason): "這不是這個版本讀得懂的家庭文件：\(reason)"
    case .formatTooNew(let format, let newest):
      "這份文件是第 \(format) 版格式，由較新的版本寫成；這個版本最多讀到第 \(newest) 版：請先更新"
    case .householdAlreadyHere(let id): "這個儲存區已經有家 \(id) 了：請匯入到還沒有它的儲存區"
    case .memberElsewhere(let uid, let household):
      "\(uid) 已經在這個儲存區的家 \(household) 裡了：一個帳號一次只在一個家"
    case .idTaken(let id): "編號 \(id) 在這個儲存區已經是別的家的了"
    }
  }

  /// The hint in Traditional Chinese too.
  func hint(in language: Language) -> String? {
    guard language == .traditionalChinese else { return hint }
    return switch self {
    case .unreadable: "請給「teammate export --household」寫出的檔案"
    case .formatTooNew: nil
    case .householdAlreadyHere, .memberElsewhere, .idTaken:
      "匯入到新的儲存區：--store 給一個還沒有檔案的路徑"
    }
  }
}

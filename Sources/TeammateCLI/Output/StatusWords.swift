/// The lines `status` shows, in order.
enum StatusLine: String {
  case store, account, household, partner, pending, outbox
}

/// `status`'s words in the language the person reads (AC-LANG-11): its labels and what each
/// says when there is nothing there yet.
struct StatusWords {
  let language: Language

  private var chinese: Bool { language == .traditionalChinese }

  /// A line's label, with what parts it from its value (padded in English to one width).
  func label(_ line: StatusLine) -> String {
    guard chinese else {
      return (line.rawValue + ":").padding(toLength: 12, withPad: " ", startingAt: 0)
    }
    let label =
      switch line {
      case .store: "儲存區"
      case .account: "帳號"
      case .household: "家"
      case .partner: "另一半"
      case .pending: "待知道"
      case .outbox: "待送"
      }
    return label + "："
  }

  /// The store when it is there, and the schema it has.
  func store(kind: String, schema: Int) -> String {
    chinese ? "（\(kind)，第 \(schema) 版結構）" : "(\(kind), schema \(schema))"
  }

  /// The store when it is not there.
  func noStore(onServer: Bool) -> String {
    switch (onServer, chinese) {
    case (true, false): "(cannot be reached)"
    case (false, false): "(none yet)"
    case (true, true): "（連不上）"
    case (false, true): "（還沒有）"
    }
  }

  /// No device file where one was looked for, and what makes one.
  func noDeviceFile(_ path: String) -> String {
    chinese
      ? "\(path) 還沒有裝置檔：任何會寫入的指令都會建立它（或用 --device 給正確的路徑）"
      : "there is no device file at \(path) yet: any command that writes makes it "
        + "(or give --device the right path)"
  }

  /// No household yet, and how to have one.
  var noHousehold: String {
    chinese
      ? "還沒有：用「teammate household create --name NAME」建立一個，或用「teammate household join CODE」加入"
      : "none: create one with 'teammate household create --name NAME' or join one with "
        + "'teammate household join CODE'"
  }

  /// No partner yet, and how to have one.
  var noPartner: String {
    chinese
      ? "還沒有：用「teammate invite create」邀請一位"
      : "none yet: invite one with 'teammate invite create'"
  }

  /// The outbox: empty, or how many wait and what to do with them.
  func outbox(_ count: Int) -> String {
    switch (count, chinese) {
    case (0, false): "empty"
    case (0, true): "空的"
    case (_, false):
      "\(count) write(s) waiting: 'teammate sync' sends them, 'teammate outbox' lists them"
    case (_, true): "\(count) 筆寫入在等待：「teammate sync」會送出，「teammate outbox」會列出"
    }
  }
}

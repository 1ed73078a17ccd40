import TeammateKit

/// The language the command line speaks to a person (AC-LANG-05): English, or Traditional
/// Chinese as written in Taiwan. `--json` never changes with it; help pages stay English.
enum Language: String, Sendable, Equatable {
  case english = "en"
  case traditionalChinese = "zh-Hant"

  /// `--lang`, else `TEAMMATE_LANG`, else the locale POSIX says names messages: the first of
  /// `LC_ALL`, `LC_MESSAGES` and `LANG` that is set. `zh_TW`, `zh_HK` and `zh_Hant` (in any
  /// of their spellings) are Traditional Chinese; anything else, `C` included, is English.
  static func chosen(_ given: String?, environment: [String: String]) -> Language {
    let named =
      [
        given, environment["TEAMMATE_LANG"], environment["LC_ALL"], environment["LC_MESSAGES"],
        environment["LANG"],
      ]
      .compactMap { $0 }.first { !$0.isEmpty } ?? ""
    return reads(named) ?? .english
  }

  /// The language a locale or language tag names, when it is one the tool speaks.
  static func reads(_ tag: String) -> Language? {
    let folded = tag.lowercased().replacingOccurrences(of: "_", with: "-")
    if ["zh-tw", "zh-hk", "zh-hant", "zh-mo"].contains(where: folded.hasPrefix) {
      return .traditionalChinese
    }
    if folded.hasPrefix("en") || folded == "c" || folded.hasPrefix("c.") || folded == "posix" {
      return .english
    }
    return nil
  }

  /// The kit's words in this language: notifications and the partner's news.
  var wording: any Wording {
    switch self {
    case .english: .english
    case .traditionalChinese: .traditionalChinese
    }
  }

  /// After what a write did, when it was made offline: it waits in the outbox. One sentence
  /// for every command that writes.
  var waitsOffline: String {
    switch self {
    case .english: " (offline: waits in the outbox)"
    case .traditionalChinese: "（離線：在待送區等候）"
    }
  }

  /// What joins a label, or what a command did, to what follows it.
  var colon: String {
    switch self {
    case .english: ": "
    case .traditionalChinese: "："
    }
  }
}

/// The words of the app's language for what the kit says to a person: its notifications and
/// the partner's news. The kit ships `EnglishWording` and `TraditionalChineseWording`; an app
/// may bring its own.
public protocol Wording: Sendable {
  /// A notification's title, as the phone shows it first.
  func title(of content: NotificationContent) -> String
  /// A notification's body, under its title.
  func body(of content: NotificationContent) -> String
  /// One thing the partner did, in a sentence naming them as `partner`.
  func news(_ entry: PartnerNews, by partner: String) -> String
  /// What the partner is called when the household holds no name for them.
  var partner: String { get }
  /// Who wrote what an erased account wrote (`Erasure.formerMember`): "a former member".
  var formerMember: String { get }
  /// A refusal in a sentence a person reads (the error's own English one unless the wording
  /// speaks another language).
  func refusal(_ error: TeammateError) -> String
}

extension Wording {
  /// The English name of a former member, for a wording that gives none of its own.
  public var formerMember: String { "a former member" }

  /// What `account` is called among `members`: its display name, a former member's name, or
  /// the partner's when the household holds none.
  func name(of account: AccountID, among members: [Member]) -> String {
    if account == Erasure.formerMember { return formerMember }
    return members.first { $0.uid == account }?.displayName ?? partner
  }
}

extension Wording where Self == EnglishWording {
  /// English.
  public static var english: EnglishWording { EnglishWording() }
}

extension Wording where Self == TraditionalChineseWording {
  /// Traditional Chinese (zh-Hant), as written in Taiwan.
  public static var traditionalChinese: TraditionalChineseWording { TraditionalChineseWording() }
}

extension NotificationContent {
  /// How soon an event reminder reads: now, in so many minutes (under two hours), or at its
  /// local start time.
  enum Soon {
    case startingNow
    case inMinutes(Int)
    case at(TimeOfDay)
  }

  static func soon(startsAt: TimeOfDay, minutesBefore: Int) -> Soon {
    minutesBefore <= 0
      ? .startingNow : minutesBefore < 120 ? .inMinutes(minutesBefore) : .at(startsAt)
  }
}

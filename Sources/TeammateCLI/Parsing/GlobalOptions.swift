/// The options every command accepts, each also readable from the environment.
struct GlobalOptions: Sendable, Equatable {
  var store: String?
  var device: String?
  var account: String?
  var now: TimeInput?
  var json = false
  var offline = false
  var verbose = false
  var help = false
  var version = false
  var language: String?

  static let storeKey = Option<String>(
    "store", value: "path|url",
    help: "The store file, or a postgresql:// server, or TEAMMATE_STORE.",
    defaultText: "~/.local/share/teammate/teammate.sqlite")
  static let deviceKey = Option<String>(
    "device", value: "path",
    help: "Where this device keeps its own state when the store is a server (TEAMMATE_DEVICE).",
    defaultText: "~/.local/state/teammate/device.sqlite")
  static let asKey = Option<String>(
    "as", value: "uid",
    help: "The account to act as (TEAMMATE_USER): a test and scripting identity, like git's "
      + "user.name.")
  static let nowKey = Option<TimeInput>(
    "now", value: "time", help: "The clock for this run, for scripts and demos (TEAMMATE_NOW).",
    parse: Values.time)
  static let jsonKey = Flag("json", help: "Machine-readable output on stdout.")
  static let offlineKey = Flag(
    "offline",
    help: "This device is off the network: its writes wait in its outbox (TEAMMATE_OFFLINE=1).")
  static let verboseKey = Flag(
    "verbose", short: "v", help: "Say on stderr what the command did and how long it took.")
  static let languageKey = Option<String>(
    "lang", value: "en|zh-Hant",
    help: "The language to speak, else TEAMMATE_LANG, else LC_ALL, LC_MESSAGES or LANG "
      + "(zh_TW: Traditional Chinese).",
    parse: Values.language)
  static let helpKey = Flag("help", short: "h", help: "Show help information.")
  static let versionKey = Flag("version", help: "Show the version.")

  static let keys: [any OptionKey] = [
    storeKey, deviceKey, asKey, nowKey, jsonKey, offlineKey, verboseKey, languageKey, helpKey,
    versionKey,
  ]
  static let specs: [OptionSpec] = keys.map(\.spec)

  /// Takes one given global option, already converted.
  mutating func record(_ name: String, _ value: (any Sendable)?) {
    switch name {
    case Self.storeKey.spec.name: store = value as? String
    case Self.deviceKey.spec.name: device = value as? String
    case Self.asKey.spec.name: account = value as? String
    case Self.nowKey.spec.name: now = value as? TimeInput
    case Self.jsonKey.spec.name: json = true
    case Self.offlineKey.spec.name: offline = true
    case Self.verboseKey.spec.name: verbose = true
    case Self.helpKey.spec.name: help = true
    case Self.versionKey.spec.name: version = true
    case Self.languageKey.spec.name: language = value as? String
    default: preconditionFailure("'--\(name)' is not a global option")
    }
  }
}

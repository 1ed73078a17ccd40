/// The options every command accepts, each also readable from the environment.
struct GlobalOptions: Sendable, Equatable {
  var store: String?
  var account: String?
  var now: String?
  var json = false
  var verbose = false
  var help = false
  var version = false

  static let specs: [OptionSpec] = [
    OptionSpec(
      name: "store", value: "path",
      help: "The store file (TEAMMATE_STORE; default ~/.local/share/teammate/teammate.sqlite)."),
    OptionSpec(
      name: "as", value: "uid",
      help:
        "The account to act as (TEAMMATE_USER): a test and scripting identity, like git's "
        + "user.name."),
    OptionSpec(
      name: "now", value: "time",
      help: "The clock for this run, for scripts and demos (TEAMMATE_NOW)."),
    OptionSpec(name: "json", help: "Machine-readable output on stdout."),
    OptionSpec(
      name: "verbose", short: "v", help: "Say on stderr what the command did and how long it took."),
    OptionSpec(name: "help", short: "h", help: "Show help information."),
    OptionSpec(name: "version", help: "Show the version."),
  ]

  mutating func set(_ name: String, _ value: String?) {
    switch name {
    case "store": store = value
    case "as": account = value
    case "now": now = value
    case "json": json = true
    case "verbose": verbose = true
    case "help": help = true
    case "version": version = true
    default: break
    }
  }
}

/// Every command of the tool, and the groups (`household`, `invite`, `card`…) they form.
struct CommandTable: Sendable {
  let commands: [CommandSpec]
  let groupAbstracts: [String: String]

  func command(_ path: [String]) -> CommandSpec? { commands.first { $0.path == path } }

  func isGroup(_ word: String) -> Bool { groupAbstracts[word] != nil }

  func subcommands(of group: String) -> [String] {
    commands.filter { $0.path.count == 2 && $0.path[0] == group }.map { $0.path[1] }
  }

  /// Groups and single-word commands, in the order they were declared.
  var topLevelNames: [String] {
    var names: [String] = []
    for command in commands where !names.contains(command.path[0]) { names.append(command.path[0]) }
    return names
  }

  func abstract(ofTopLevel name: String) -> String {
    groupAbstracts[name] ?? command([name])?.abstract ?? ""
  }
}

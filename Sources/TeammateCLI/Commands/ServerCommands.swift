import Foundation
import TeammateKit
import TeammatePostgres

/// The operator's steps on a PostgreSQL server (ADR 0014): each account a role of its own,
/// made and removed with the service role's URL as `--store`.
extension Commands {
  static let accountName = Argument<String>(
    "name", help: "The account, as devices name it with --as.")

  static let serverAccountAdd: CommandSpec = {
    let passfile = Option<String>(
      "passfile", value: "path",
      help: "Where the account's secret is written, in PostgreSQL's password-file form.",
      defaultText: "NAME.pgpass beside the device file")
    return CommandSpec(
      path: ["server", "add-account"],
      abstract:
        "Give an account a role of its own on the server, and print the URL its device uses.",
      discussion:
        "Run with the service role's URL as --store. The secret goes into a file only its "
        + "owner may read (mode 0600), never on the command line or in a log; whoever holds "
        + "the file can act as that account on this server, and as nobody else.",
      arguments: [accountName], options: [passfile], store: .existing,
      examples: [
        "teammate --store 'postgresql:///teammate?host=/run/postgresql' server add-account alice"
      ], needsNetwork: true
    ) { session, arguments in
      let name = try account(named: arguments[accountName] ?? "")
      let url = try serviceURL(session)
      let path =
        arguments[passfile].map { ($0 as NSString).expandingTildeInPath }
        ?? ((session.devicePath as NSString).deletingLastPathComponent as NSString)
        .appendingPathComponent("\(name).pgpass")
      guard !FileManager.default.fileExists(atPath: path) else {
        throw UsageError(
          message: "\(path) is there already: give --passfile another path, or remove it first")
      }
      let role: PostgresAccounts.Provisioned
      do throws(PostgresError) {
        role = try PostgresAccounts(url: url).add(name)
      } catch {
        throw ServerError(url: url, reason: error.message)
      }
      try writeSecret(role.passfileLine + "\n", to: path)
      let device = role.url(passfile: path)
      if session.json {
        return session.writeJSON(
          .object([
            "account": .string(name.rawValue), "role": .string(role.role),
            "url": .string(device), "passfile": .string(path),
          ]))
      }
      session.write(
        "\(name) signs in as the role \(role.role); its secret is in \(path).\n"
          + "The device's URL: \(device)\n")
    }
  }()

  static let serverAccountRemove = CommandSpec(
    path: ["server", "remove-account"],
    abstract: "Remove an account's role: its sessions end and its URL no longer signs in.",
    discussion: "Run with the service role's URL as --store. The household and its cards stay.",
    arguments: [accountName], store: .existing, needsNetwork: true
  ) { session, arguments in
    let name = try account(named: arguments[accountName] ?? "")
    let url = try serviceURL(session)
    do throws(PostgresError) {
      try PostgresAccounts(url: url).remove(name)
    } catch {
      throw ServerError(url: url, reason: error.message)
    }
    if session.json {
      return session.writeJSON(
        .object(["account": .string(name.rawValue), "removed": .bool(true)]))
    }
    session.write("\(name) no longer signs in to this server.\n")
  }

  static let serverEraseAccount: CommandSpec = {
    let delete = Flag(
      "delete-household",
      help: "The account is its household's last member: delete the household too.")
    return CommandSpec(
      path: ["server", "erase-account"],
      abstract: "Erase an account whose request came by mail, and drop its role.",
      discussion:
        "Run with the service role's URL as --store. What the account wrote stays in its "
        + "household, by a former member, and its partner is told; its sign-ins, receipts "
        + "and role go.",
      arguments: [accountName], options: [delete], store: .existing, needsNetwork: true
    ) { session, arguments in
      let name = try account(named: arguments[accountName] ?? "")
      let url = try serviceURL(session)
      do {
        try await PostgresAccounts(url: url).erase(
          name, deletingHousehold: arguments[delete], clock: session.clock)
      } catch let error as PostgresError {
        throw ServerError(url: url, reason: error.message)
      } catch TeammateError.lastMemberMustDeleteHousehold {
        throw CLIError.lastMemberErasing(name)
      }
      if session.json {
        return session.writeJSON(
          .object(["account": .string(name.rawValue), "erased": .bool(true)]))
      }
      session.write("\(name) is erased; what they wrote stays, by a former member.\n")
    }
  }()

  /// A name to give an account: not empty once trimmed.
  private static func account(named text: String) throws -> AccountID {
    let name = text.trimmingCharacters(in: .whitespaces)
    guard !name.isEmpty else { throw UsageError(message: "an account needs a name") }
    return AccountID(name)
  }

  /// `--store`, which must name a server.
  static func serviceURL(_ session: Session) throws -> String {
    guard session.onServer else {
      throw UsageError(
        message:
          "'server' needs --store with the server's URL (postgresql://…), not a file")
    }
    return session.storePath
  }

  /// Writes `text` to a new file at `path` that only its owner may read or write.
  private static func writeSecret(_ text: String, to path: String) throws {
    let folder = (path as NSString).deletingLastPathComponent
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      guard
        FileManager.default.createFile(
          atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
      else { throw CLIError.cannotWrite(path, reason: "the file could not be made") }
    } catch let error as CLIError {
      throw error
    } catch {
      throw CLIError.cannotWrite(path, reason: error.localizedDescription)
    }
  }
}

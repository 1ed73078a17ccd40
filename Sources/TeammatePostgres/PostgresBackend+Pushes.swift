import Foundation
import TeammateKit

extension PostgresBackend: PushingBackend {
  /// Whether pushes can be followed: not through a pooler in transaction mode with no direct
  /// URL to listen on.
  package nonisolated var canFollowPushes: Bool { listener != nil }

  /// The household's feed sequences as writers on any machine commit them, by `LISTEN` on
  /// the household's channel; members only. The stream ends when the server goes away.
  public func pushes(for household: HouseholdID, as actor: AccountID) throws -> AsyncStream<Int64> {
    guard let listener else { throw PostgresError.noSessionForPushes }
    // NB: the kit's check that the actor is a member, and the channel, in one read.
    let channel = try transaction(as: actor, reading: true) { storage, _ in
      _ = try BackendOperations.household(household, actor: actor, storage: storage)
      return try storage.connection.query(
        "SELECT teammate_channel(\(household.rawValue)) AS channel"
      ).text(0, "channel")
    }
    return try listener.stream(on: channel)
  }
}

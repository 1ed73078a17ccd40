import Foundation
import TeammateKit

extension Life {
  /// What still names an erased partner (AC-PORT-11): a change the backend appended since
  /// the erasure, the backend's cards and feed at the erasure, or a member's phone that has
  /// pulled it. Nil when nothing does.
  func erasedNamed(fresh: [Change], reader: AccountID) async throws -> String? {
    guard let erasedAt else { return nil }
    for partner in erased.sorted(by: { $0.rawValue < $1.rawValue }) {
      let token = Erasure.token(partner.account)
      func names(_ value: some Encodable) -> Bool {
        guard let data = try? JSONEncoder().encode(value) else { return false }
        return String(decoding: data, as: UTF8.self).contains(token)
      }
      if let change = fresh.first(where: names) {
        return "change \(change.sequence) (\(change.kind.rawValue)) names \(partner)"
      }
      if fresh.contains(where: { $0.sequence == erasedAt }) {
        if names(try await observer.cards(in: home, as: reader)) {
          return "the backend's cards name \(partner)"
        }
        if names(try await observer.changes(in: home, after: 0, limit: 1_000_000, as: reader)) {
          return "the backend's feed names \(partner)"
        }
      }
      for member in members.sorted(by: { $0.rawValue < $1.rawValue }) {
        let state = await phone(member).device.state
        if state.cursor >= erasedAt, names(state) {
          return "\(member)'s phone names \(partner) after pulling the erasure"
        }
      }
    }
    return nil
  }
}

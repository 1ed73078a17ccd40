import Foundation
import TeammateKit

extension Session {
  /// The household's card a user named by its id or a unique prefix of it.
  mutating func card(named text: String) async throws -> Card {
    let household = try await household()
    let cards = try await store().cards(in: household.id, as: try account())
    let card = try CardLookup.resolve(text, among: cards)
    log("card '\(text)' is \(card.id) among \(cards.count)")
    return card
  }

  /// The account `me`, `partner` or a uid names; nil for `both` (nobody in particular).
  mutating func assignee(_ choice: AssigneeChoice) async throws -> AccountID? {
    let uid = try account()
    switch choice {
    case .me: return uid
    case .both: return nil
    case .partner:
      guard let partner = try await household().partner(of: uid) else {
        throw CLIError.notFound("you have no partner in this household yet: invite one first")
      }
      return partner.uid
    case .account(let other): return other
    }
  }

  /// Runs this machine's device of the acting account through one sync, and keeps its state.
  mutating func syncDevice() async throws -> SyncReport {
    let report = try await deviceWrite { try await $0.sync() }
    log(
      "sync: pulled \(report.pulled) change(s), scheduled \(report.scheduled.count), cancelled \(report.cancelled.count)"
    )
    return report
  }

  /// Runs one sync or write through this machine's device of the acting account, which plans
  /// its notifications again at once, and keeps the device's state.
  mutating func deviceWrite<T>(_ body: (Device) async throws -> T) async throws -> T {
    let device = try await device()
    let result = try await body(device)
    try await store().saveDeviceState(await device.state, for: try account())
    return result
  }

  /// How times are written for this household, now.
  mutating func times() async -> TimeText { TimeText(zone: await timeZone(), now: now) }

  /// A member's display name, or the uid when they are not (or no longer) a member.
  mutating func name(_ uid: AccountID) async -> String {
    (try? await household())?.member(uid)?.displayName ?? uid.rawValue
  }
}

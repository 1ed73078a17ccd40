import Foundation
import TeammateKit

/// The calls of a burst: what an app's screens do at once on one phone (log, edit, know,
/// complete, sync), chosen by the burst's seed over the cards the phone shows when it begins.
enum SimBurst {
  typealias Call = @Sendable (Device) async throws -> Void

  static func call(_ index: Int, seed: Int, shown: [Card], title: String) -> Call {
    let live = shown.filter { !$0.isDeleted }
    let card = live.isEmpty ? nil : live[(seed + index * 31) % live.count]
    switch ((seed / 7) + index) % 6 {
    case 1 where card != nil:
      let id = card?.id ?? CardID("")
      return { _ = try await $0.editCard(id, CardEdit(note: .set(title))) }
    case 2: return { _ = try await $0.acknowledgeAllPending() }
    case 3 where card?.kind == .task:
      let id = card?.id ?? CardID("")
      let done = card?.isDone ?? false
      return { _ = try await $0.setDone(id, done: !done) }
    case 4: return { _ = try await $0.sync() }
    default:
      return { _ = try await $0.addCard(CardDraft(title: title)) }
    }
  }
}

import Foundation
import TeammateKit

/// How the in-memory backend hands pushed changes to listeners: at once, or held until a
/// simulation releases them (late, reversed, twice).
struct PushDelivery {
  struct Listener {
    let account: AccountID
    let continuation: AsyncStream<Change>.Continuation
  }

  var listeners: [UUID: Listener] = [:]
  var offline: Set<AccountID> = []
  var holding = false
  /// Changes waiting for their listener, in the order they were sent.
  var held: [(listener: UUID, change: Change)] = []
  /// The last sequence handed to delivery.
  var published: Int64 = 0
}

/// The order in which held changes are finally delivered.
public enum DeliveryOrder: Sendable {
  case asSent
  case reversed
}

extension InMemoryBackend {
  /// Changes of the account's household as they happen, for as long as the stream is held.
  public func subscribe(as account: AccountID) -> AsyncStream<Change> {
    let (stream, continuation) = AsyncStream.makeStream(of: Change.self)
    let id = UUID()
    delivery.listeners[id] = PushDelivery.Listener(account: account, continuation: continuation)
    continuation.onTermination = { [weak self] _ in
      Task { await self?.unsubscribe(id) }
    }
    return stream
  }

  private func unsubscribe(_ id: UUID) { delivery.listeners[id] = nil }

  /// Takes an account's device off the network: its calls fail with `unavailable` and
  /// pushes to it wait; back online, they are delivered.
  public func setOnline(_ online: Bool, account: AccountID) {
    if online { delivery.offline.remove(account) } else { delivery.offline.insert(account) }
    // NB: a simulation that holds deliveries keeps holding them.
    if online && !delivery.holding { flush(order: .asSent, duplicated: false) }
  }

  /// From now on, pushes wait until `release` instead of being delivered at once.
  package func holdDeliveries() { delivery.holding = true }

  /// Delivers every held push to listeners that are online, in `order`, each once or twice.
  public func release(order: DeliveryOrder = .asSent, duplicated: Bool = false) {
    delivery.holding = false
    flush(order: order, duplicated: duplicated)
  }

  /// Hands every held change whose listener is online to it, in `order`.
  private func flush(order: DeliveryOrder, duplicated: Bool) {
    let waiting = delivery.held
    delivery.held = []
    var ready: [(listener: UUID, change: Change)] = []
    for entry in waiting {
      guard let listener = delivery.listeners[entry.listener] else { continue }
      if delivery.offline.contains(listener.account) {
        delivery.held.append(entry)
      } else {
        ready.append(entry)
      }
    }
    let ordered = order == .asSent ? ready : ready.reversed()
    for entry in ordered {
      let continuation = delivery.listeners[entry.listener]?.continuation
      continuation?.yield(entry.change)
      if duplicated { continuation?.yield(entry.change) }
    }
  }

  /// Pushes every change appended since the last call to the listeners of its household.
  func publish() {
    let fresh = storage.feed(after: delivery.published)
    guard let last = fresh.last else { return }
    delivery.published = last.sequence
    for change in fresh {
      for (id, listener) in delivery.listeners.sorted(by: { $0.key.uuidString < $1.key.uuidString })
      where storage.householdID(of: listener.account) == change.householdID {
        if delivery.holding || delivery.offline.contains(listener.account) {
          delivery.held.append((id, change))
        } else {
          listener.continuation.yield(change)
        }
      }
    }
  }
}

extension InMemoryBackend: PushingBackend {
  /// The household's feed sequences as they are appended, through the same delivery as
  /// `subscribe` (so held, reordered and duplicated pushes reach a following device too).
  public func pushes(for household: HouseholdID, as actor: AccountID) throws -> AsyncStream<Int64> {
    _ = try self.household(household, as: actor)
    let changes = subscribe(as: actor)
    let (stream, continuation) = AsyncStream.makeStream(of: Int64.self)
    let relay = Task {
      for await change in changes where change.householdID == household {
        continuation.yield(change.sequence)
      }
      continuation.finish()
    }
    continuation.onTermination = { _ in relay.cancel() }
    return stream
  }
}

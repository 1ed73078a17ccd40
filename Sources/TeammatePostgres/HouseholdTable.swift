import TeammateKit

/// A bounded table by household, shared by every backend of a process: what the process
/// learned of a household, kept for the next transaction that needs it. Split into stripes,
/// each behind a lock of its own, so that the many threads of a service rarely wait for one
/// another (a thread that holds a lock may be put aside by the system, and every thread that
/// wanted it waits with it).
final class HouseholdTable<Value: Sendable>: Sendable {
  /// One stripe: its households and their values, behind its lock.
  private final class Stripe: Sendable {
    let values = Locked([HouseholdID: Value]())
  }

  private let stripes: [Stripe]
  /// How many households a stripe keeps; past it one is let go for each new one.
  private let perStripe: Int

  /// A table of at most about `limit` households.
  init(limit: Int, stripes count: Int = 16) {
    stripes = (0..<count).map { _ in Stripe() }
    perStripe = max(1, limit / count)
  }

  /// The stripe `id` belongs to, chosen from its letters without the lock.
  private func stripe(_ id: HouseholdID) -> Stripe {
    var hash: UInt32 = 2_166_136_261
    for byte in id.rawValue.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    return stripes[Int(hash % UInt32(stripes.count))]
  }

  /// The value kept for `id`, if any.
  subscript(id: HouseholdID) -> Value? {
    stripe(id).values.withLock { $0[id] }
  }

  /// Keeps `value` for `id`, in place of what was kept.
  func keep(_ value: Value, for id: HouseholdID) {
    // NB: the value it replaces is let go after the lock, not under it.
    let replaced = stripe(id).values.withLock { values in
      if values[id] == nil, values.count >= perStripe { values.remove(at: values.startIndex) }
      return values.updateValue(value, forKey: id)
    }
    _ = replaced
  }

  /// Lets go of what was kept for `id`.
  func forget(_ id: HouseholdID) {
    let forgotten = stripe(id).values.withLock { $0.removeValue(forKey: id) }
    _ = forgotten
  }

  /// How many households are kept in all.
  var count: Int { stripes.reduce(0) { $0 + $1.values.withLock { $0.count } } }
}

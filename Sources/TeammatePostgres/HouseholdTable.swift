import TeammateKit

/// A table by household, bounded in bytes, shared by the backends given one
/// `PostgresHouseholdMemory`: what they learned of a household, kept for the next transaction
/// that needs it. Split into stripes, each behind a lock of its own and with its share of the
/// bytes, so that the many threads of a service rarely wait for one another (a thread that
/// holds a lock may be put aside by the system, and every thread that wanted it waits with it).
final class HouseholdTable<Value: Sendable>: Sendable {
  /// One stripe's households, their values and the bytes they are counted for.
  private struct Kept {
    var values: [HouseholdID: Value] = [:]
    var bytes = 0
  }

  private let stripes: [Locked<Kept>]
  /// The bytes a stripe may hold; past them kept values are let go until a new one fits.
  private let perStripe: Int
  /// What a value is counted for, in bytes.
  private let cost: @Sendable (Value) -> Int

  /// A table of at most `bytes` in all, each value counted for `cost(value)` bytes.
  init(bytes: Int, stripes count: Int = 16, cost: @escaping @Sendable (Value) -> Int) {
    stripes = (0..<count).map { _ in Locked(Kept()) }
    perStripe = max(1, bytes / count)
    self.cost = cost
  }

  /// The stripe `id` belongs to, chosen from its letters without the lock.
  private func stripe(_ id: HouseholdID) -> Locked<Kept> {
    var hash: UInt32 = 2_166_136_261
    for byte in id.rawValue.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    return stripes[Int(hash % UInt32(stripes.count))]
  }

  /// The value kept for `id`, if any.
  subscript(id: HouseholdID) -> Value? {
    stripe(id).withLock { $0.values[id] }
  }

  /// Keeps `value` for `id`, in place of what was kept, letting others go until it fits; a
  /// value larger than a stripe's share is not kept at all.
  func keep(_ value: Value, for id: HouseholdID) {
    let bytes = cost(value)
    // NB: the values let go are released after the lock, not under it.
    let released = stripe(id).withLock { kept -> [Value] in
      var released: [Value] = []
      if let old = kept.values.removeValue(forKey: id) {
        kept.bytes -= cost(old)
        released.append(old)
      }
      guard bytes <= perStripe else { return released }
      while kept.bytes + bytes > perStripe, let first = kept.values.first {
        kept.values.removeValue(forKey: first.key)
        kept.bytes -= cost(first.value)
        released.append(first.value)
      }
      kept.values[id] = value
      kept.bytes += bytes
      return released
    }
    _ = released
  }

  /// Lets go of what was kept for `id`.
  func forget(_ id: HouseholdID) {
    let forgotten = stripe(id).withLock { kept -> Value? in
      guard let old = kept.values.removeValue(forKey: id) else { return nil }
      kept.bytes -= cost(old)
      return old
    }
    _ = forgotten
  }

  /// How many households are kept in all.
  var count: Int { stripes.reduce(0) { $0 + $1.withLock { $0.values.count } } }

  /// How many bytes the kept values are counted for, in all.
  var bytes: Int { stripes.reduce(0) { $0 + $1.withLock { $0.bytes } } }
}

/// Any random source behind one concrete type, so that a backend can store an injected one.
public struct AnyRandomNumberGenerator: RandomNumberGenerator, Sendable {
  private var base: any RandomNumberGenerator & Sendable

  /// Wraps `base`, so that a backend can keep one of any kind.
  public init(_ base: any RandomNumberGenerator & Sendable) { self.base = base }

  public mutating func next() -> UInt64 { base.next() }
}

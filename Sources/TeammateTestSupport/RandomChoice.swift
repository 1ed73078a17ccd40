/// Small random choices for seeded simulations.
extension RandomNumberGenerator {
  /// A whole number in `0..<bound`.
  public mutating func below(_ bound: Int) -> Int { Int(next(upperBound: UInt64(bound))) }
}

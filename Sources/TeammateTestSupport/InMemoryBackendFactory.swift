import TeammateInMemory
import TeammateKit

/// The kit's in-memory backend as a factory: the simulator's default, and the reference an
/// adopter's backend is compared with.
public struct InMemoryBackendFactory: BackendFactory {
  /// The factory; it holds nothing.
  public init() {}

  public var name: String { "inMemory" }

  public func makeBackend(clock: any WallClock, random: SeededRandomNumberGenerator)
    -> any TeammateBackend
  {
    InMemoryBackend(clock: clock, random: random)
  }
}

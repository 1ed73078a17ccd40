import Foundation
import TeammateConformance
import TeammateKit
import TeammateTestSupport

/// A backend written the way the kit's documentation says: an actor over its storage, whose
/// every call comes from `TransactionalBackend`. A write works on a copy and keeps it only
/// when the write succeeds, so a refusal leaves nothing behind.
actor DictionaryBackend: TransactionalBackend {
  private var storage: DictionaryStorage
  private let clock: any WallClock
  private var random: AnyRandomNumberGenerator
  let joinLimit = JoinAttemptLimit.standard

  init(clock: any WallClock, random: SeededRandomNumberGenerator, plant: DictionaryStorage.Plant?) {
    self.clock = clock
    self.random = AnyRandomNumberGenerator(random)
    storage = DictionaryStorage(plant: plant)
  }

  func write<T>(
    _ checked: borrowing AccessChecked, as actor: AccountID,
    _ body: (inout DictionaryStorage, Date, inout AnyRandomNumberGenerator) throws -> T
  ) throws -> T {
    var copy = storage
    let result = try body(&copy, clock.now(), &random)
    storage = copy
    return result
  }

  func read<T>(
    _ checked: borrowing AccessChecked, as actor: AccountID,
    _ body: (DictionaryStorage, Date) throws -> T
  ) throws -> T {
    try body(storage, clock.now())
  }
}

/// The factory the conformance suite asks for a fresh backend.
struct DictionaryBackendFactory: BackendFactory {
  var plant: DictionaryStorage.Plant?

  var name: String { plant.map { "dictionary (\($0.rawValue))" } ?? "dictionary" }

  func makeBackend(clock: any WallClock, random: SeededRandomNumberGenerator)
    -> any TeammateBackend
  {
    DictionaryBackend(clock: clock, random: random, plant: plant)
  }
}

import TeammateKit

/// What a service's backends learned of its households, shared by every backend given it:
/// the documents they decoded (AC-PG-30) and the heads their writes left (AC-PG-32). A
/// service makes one and gives it to each of its backends; a backend given none keeps its
/// own. Nothing kept is trusted: a document is used only while its stored text is the one
/// kept, a head only after the database checked it, so what is kept is never stale, only
/// let go.
///
/// ```swift
/// let memory = PostgresHouseholdMemory(bytes: 64 << 20)
/// let backends = try (0..<8).map { _ in
///   try PostgresBackend(url: url, clock: SystemWallClock(), memory: memory)
/// }
/// ```
public final class PostgresHouseholdMemory: Sendable {
  /// The bytes a memory holds unless told otherwise: a few thousand households.
  public static let standardBytes = 64 << 20

  /// The households' documents as last decoded: three quarters of the bytes.
  let documents: DecodedHouseholds
  /// The households' heads: the last quarter.
  let heads: HouseholdHeads

  /// A memory of at most about `bytes` in all.
  public init(bytes: Int = PostgresHouseholdMemory.standardBytes) {
    documents = DecodedHouseholds(bytes: bytes / 4 * 3)
    heads = HouseholdHeads(bytes: bytes / 4)
  }

  /// A memory of the given parts (tests count and bound each).
  package init(documents: DecodedHouseholds, heads: HouseholdHeads) {
    self.documents = documents
    self.heads = heads
  }
}

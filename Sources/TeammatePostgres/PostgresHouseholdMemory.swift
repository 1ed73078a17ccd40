import TeammateKit

/// What a service's backends once kept of its households between calls: the documents they
/// decoded and the heads their writes left. It kept nothing a person or an operator would
/// notice (ADR 0026: below 1.2× on the load beside pgbench), so it keeps nothing now; it stays
/// so that 2.x code that makes one still compiles, and goes in 3.0.0.
@available(*, deprecated, message: "keeps nothing since 2.1.0 (ADR 0026); drop the argument")
public final class PostgresHouseholdMemory: Sendable {
  /// The bytes a memory was given unless told otherwise.
  public static let standardBytes = 64 << 20

  /// A memory that keeps nothing, whatever `bytes` says.
  public init(bytes: Int = PostgresHouseholdMemory.standardBytes) {}
}

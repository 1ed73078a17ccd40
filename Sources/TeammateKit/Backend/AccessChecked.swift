/// Proof that a call reaching a `TransactionalBackend`'s storage comes from the kit's own
/// operations, which check the access table first.
///
/// Only this package makes one, and it can be neither kept nor copied, so an app holding a
/// backend cannot read or write its storage around the rules; a backend's `read` and `write`
/// take it and need do nothing with it.
public struct AccessChecked: ~Copyable, Sendable {
  package init() {}
}

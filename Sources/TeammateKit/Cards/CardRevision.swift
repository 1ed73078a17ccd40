/// A card and the revision of it that a partner saw.
public struct CardRevision: Sendable, Hashable, Codable {
  public var id: CardID
  /// The revision meant: what the person saw.
  public var revision: Int

  /// A card at the revision the person saw.
  public init(_ id: CardID, revision: Int) {
    self.id = id
    self.revision = revision
  }
}

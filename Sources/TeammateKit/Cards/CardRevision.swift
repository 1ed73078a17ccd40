/// A card and the revision of it that a partner saw.
public struct CardRevision: Sendable, Hashable, Codable {
  public var id: CardID
  public var revision: Int

  public init(_ id: CardID, revision: Int) {
    self.id = id
    self.revision = revision
  }
}

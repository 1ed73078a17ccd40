import Foundation

/// A household of at most two members sharing one time zone.
public struct Household: Sendable, Codable, Equatable, Identifiable {
  /// No household ever holds more members than this.
  public static let capacity = 2

  public var id: HouseholdID
  /// What the partners call it.
  public var name: String
  /// An IANA time zone identifier; every "today 20:00" is computed in it.
  public var timeZone: String
  /// The partner who made it.
  public var createdBy: AccountID
  /// When it was made, at server time.
  public var createdAt: Date
  /// Its members, one or two, in the order they came.
  public var members: [Member]
  /// The pool of dishes meals are chosen from, removed ones kept, in the order they were
  /// added: news to the partner, never something to acknowledge (ADR 0012).
  public var dishes: [Dish]
  /// When the household eats, and how long a dish rests once eaten.
  public var meals: MealSettings

  /// A household with every field given; the rules make new ones (`HouseholdRules`).
  public init(
    id: HouseholdID, name: String, timeZone: String, createdBy: AccountID, createdAt: Date,
    members: [Member], dishes: [Dish] = [], meals: MealSettings = MealSettings()
  ) {
    self.id = id
    self.name = name
    self.timeZone = timeZone
    self.createdBy = createdBy
    self.createdAt = createdAt
    self.members = members
    self.dishes = dishes
    self.meals = meals
  }

  private enum CodingKeys: String, CodingKey {
    case id, name, timeZone, createdBy, createdAt, members, dishes, meals
  }

  /// NB: a household stored before meals has no dishes and the standard meal times.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(HouseholdID.self, forKey: .id)
    name = try container.decode(String.self, forKey: .name)
    timeZone = try container.decode(String.self, forKey: .timeZone)
    createdBy = try container.decode(AccountID.self, forKey: .createdBy)
    createdAt = try container.decode(Date.self, forKey: .createdAt)
    members = try container.decode([Member].self, forKey: .members)
    dishes = try container.decodeIfPresent([Dish].self, forKey: .dishes) ?? []
    meals = try container.decodeIfPresent(MealSettings.self, forKey: .meals) ?? MealSettings()
  }

  /// NB: with no dishes and the standard settings, stored as before meals.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(name, forKey: .name)
    try container.encode(timeZone, forKey: .timeZone)
    try container.encode(createdBy, forKey: .createdBy)
    try container.encode(createdAt, forKey: .createdAt)
    try container.encode(members, forKey: .members)
    if !dishes.isEmpty { try container.encode(dishes, forKey: .dishes) }
    if meals != MealSettings() { try container.encode(meals, forKey: .meals) }
  }

  /// The dish of the pool with this id, removed or not.
  public func dish(_ id: DishID) -> Dish? { dishes.first { $0.id == id } }

  /// The zone of `timeZone`; UTC for a name this system does not know (creating refuses
  /// those, so only a store written elsewhere can hold one).
  public var zone: TimeZone {
    TimeZone(identifier: timeZone) ?? TimeZone(secondsFromGMT: 0) ?? TimeZone.gmt
  }

  /// Whether it has its two members: no one else may join.
  public var isFull: Bool { members.count >= Self.capacity }

  /// The member with this account, if they belong.
  public func member(_ uid: AccountID) -> Member? { members.first { $0.uid == uid } }

  /// Whether the account belongs.
  public func hasMember(_ uid: AccountID) -> Bool { member(uid) != nil }

  /// The other member, if the household has one.
  public func partner(of uid: AccountID) -> Member? { members.first { $0.uid != uid } }
}

import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

/// Who is asking, as the access table distinguishes them.
enum Role: String, CaseIterable, Sendable {
  case member, partner, stranger, formerMember, noHousehold, signedOut

  /// The caller as the backend sees it: nobody when signed out.
  var actor: AccountID? { self == .signedOut ? nil : account }

  var account: AccountID {
    switch self {
    case .signedOut: "nobody"
    case .member: "alice"
    case .partner: "bob"
    case .stranger: "carol"
    case .formerMember: "dave"
    case .noHousehold: "erin"
    }
  }

  var state: AccessState {
    switch self {
    case .member, .partner: AccessState(actorHousehold: home)
    case .stranger: AccessState(actorHousehold: away)
    case .formerMember, .noHousehold, .signedOut: AccessState(actorHousehold: nil)
    }
  }
}

private let home: HouseholdID = "home"
private let away: HouseholdID = "away"
private let alice: AccountID = "alice"

/// One row of the table: an operation (which may name the caller) and what each role gets.
struct AccessRow: Sendable {
  let name: String
  let operation: @Sendable (AccountID) -> AccessOperation
  let expected: @Sendable (Role) -> AccessDecision
}

/// One cell: a row asked by one role.
struct AccessCell: Sendable, CustomTestStringConvertible {
  let row: AccessRow
  let role: Role
  var testDescription: String { "\(row.name) by \(role.rawValue)" }

  /// A signed-out caller is denied every row before the row's own rule is asked.
  var expected: AccessDecision { role == .signedOut ? .deny(.notSignedIn) : row.expected(role) }
}

private let membersOnly: @Sendable (Role) -> AccessDecision = {
  [.member, .partner].contains($0) ? .allow : .deny(.notAMember(home))
}
private let freeAccountsOnly: @Sendable (Role) -> AccessDecision = {
  switch $0 {
  case .member, .partner: .deny(.alreadyInHousehold(home))
  case .stranger: .deny(.alreadyInHousehold(away))
  case .formerMember, .noHousehold, .signedOut: .allow
  }
}
private let aliceOnly: @Sendable (Role) -> AccessDecision = {
  $0 == .member ? .allow : .deny(.notYourAccount(alice))
}

let accessTable: [AccessRow] = [
  AccessRow(
    name: "create household", operation: { _ in .createHousehold }, expected: freeAccountsOnly),
  AccessRow(
    name: "read household", operation: { _ in .readHousehold(home) }, expected: membersOnly),
  AccessRow(
    name: "list households", operation: { _ in .listHouseholds },
    expected: { _ in .deny(.listingNotAllowed) }),
  AccessRow(
    name: "update household", operation: { _ in .updateHousehold(home) }, expected: membersOnly),
  AccessRow(name: "read members", operation: { _ in .readMembers(home) }, expected: membersOnly),
  AccessRow(
    name: "add oneself as member by creation",
    operation: { .writeMember(home, member: $0, via: .creation) }, expected: freeAccountsOnly),
  AccessRow(
    name: "add oneself as member by joining",
    operation: { .writeMember(home, member: $0, via: .joining) }, expected: freeAccountsOnly),
  AccessRow(
    name: "remove oneself by leaving", operation: { .writeMember(home, member: $0, via: .leaving) },
    expected: membersOnly),
  AccessRow(
    name: "write oneself as member directly",
    operation: { .writeMember(home, member: $0, via: .direct) },
    expected: { _ in .deny(.onlyThroughMembershipChange) }),
  AccessRow(
    name: "remove alice by leaving",
    operation: { _ in .writeMember(home, member: alice, via: .leaving) },
    expected: aliceOnly),
  AccessRow(
    name: "update own display name and settings",
    operation: { .updateMember(home, member: $0) }, expected: membersOnly),
  AccessRow(
    name: "update alice's settings", operation: { _ in .updateMember(home, member: alice) },
    expected: aliceOnly),
  AccessRow(name: "read cards", operation: { _ in .readCards(home) }, expected: membersOnly),
  AccessRow(
    name: "write a card as oneself", operation: { .writeCard(home, editor: $0) },
    expected: membersOnly),
  AccessRow(
    name: "write a card as alice", operation: { _ in .writeCard(home, editor: alice) },
    expected: {
      switch $0 {
      case .member: .allow
      case .partner: .deny(.editorMismatch(claimed: alice))
      default: .deny(.notAMember(home))
      }
    }),
  AccessRow(
    name: "read an invite by code", operation: { _ in .readInvite }, expected: { _ in .allow }),
  AccessRow(
    name: "list invites", operation: { _ in .listInvites },
    expected: { _ in .deny(.listingNotAllowed) }),
  AccessRow(name: "issue an invite", operation: { _ in .issueInvite(home) }, expected: membersOnly),
  AccessRow(
    name: "consume an invite outside a join", operation: { _ in .consumeInvite(insideJoin: false) },
    expected: { _ in .deny(.onlyInsideJoin) }),
  AccessRow(
    name: "consume an invite inside a join", operation: { _ in .consumeInvite(insideJoin: true) },
    expected: { _ in .allow }),
  AccessRow(
    name: "read own account household", operation: { .readAccountHousehold($0) },
    expected: { _ in .allow }),
  AccessRow(
    name: "read alice's account household", operation: { _ in .readAccountHousehold(alice) },
    expected: aliceOnly),
  AccessRow(
    name: "set own account household by creation",
    operation: { .writeAccountHousehold($0, household: home, via: .creation) },
    expected: freeAccountsOnly),
  AccessRow(
    name: "set own account household by joining",
    operation: { .writeAccountHousehold($0, household: home, via: .joining) },
    expected: freeAccountsOnly),
  AccessRow(
    name: "clear own account household by leaving",
    operation: { .writeAccountHousehold($0, household: home, via: .leaving) },
    expected: membersOnly),
  AccessRow(
    name: "write own account household directly",
    operation: { .writeAccountHousehold($0, household: home, via: .direct) },
    expected: { _ in .deny(.onlyThroughMembershipChange) }),
  AccessRow(
    name: "set alice's account household by joining",
    operation: { _ in .writeAccountHousehold(alice, household: home, via: .joining) },
    expected: { $0 == .member ? .deny(.alreadyInHousehold(home)) : .deny(.notYourAccount(alice)) }),
  AccessRow(
    name: "read the change feed", operation: { _ in .readChanges(home) }, expected: membersOnly),
]

let accessCells = accessTable.flatMap { row in Role.allCases.map { AccessCell(row: row, role: $0) }
}

/// The operation's case name, without its payload: rows are grouped by it.
func operationKind(_ operation: AccessOperation) -> String {
  String(String(describing: operation).prefix { $0 != "(" })
}

@Suite struct AccessPolicyTests {
  @Test(arguments: accessCells)
  func test_AC_ACC_01_everyCellOfTheTableHolds(cell: AccessCell) {
    let decision = AccessPolicy.decide(
      cell.row.operation(cell.role.account), actor: cell.role.actor, state: cell.role.state)
    #expect(decision == cell.expected)
  }

  @Test func test_AC_ACC_02_everyOperationHasAnAllowedAndADeniedCell() {
    var allowed: Set<String> = []
    var denied: Set<String> = []
    for cell in accessCells {
      let kind = operationKind(cell.row.operation(cell.role.account))
      if cell.expected == .allow {
        allowed.insert(kind)
      } else {
        denied.insert(kind)
      }
    }
    // Listing is not in the table at all: it is the default deny, proven by AC-ACC-05.
    let tableOperations = allowed.union(denied).subtracting(["listHouseholds", "listInvites"])
    #expect(tableOperations.count == 14)
    #expect(tableOperations.subtracting(allowed).isEmpty)
    #expect(tableOperations.subtracting(denied).isEmpty)
  }

  @Test func test_AC_ACC_03_signedOutCallerIsDeniedEverything() {
    for row in accessTable {
      let decision = AccessPolicy.decide(
        row.operation("nobody"), actor: nil, state: AccessState(actorHousehold: nil))
      #expect(decision == .deny(.notSignedIn), "\(row.name)")
    }
  }

  @Test func test_AC_ACC_04_membershipIsJudgedBeforeTheWrite() {
    let joining = AccessState(actorHousehold: nil)
    let bob: AccountID = "bob"
    #expect(
      AccessPolicy.decide(
        .writeMember(home, member: bob, via: .joining), actor: bob, state: joining)
        == .allow)
    #expect(
      AccessPolicy.decide(.writeCard(home, editor: bob), actor: bob, state: joining)
        == .deny(.notAMember(home)))
    #expect(
      AccessPolicy.decide(.issueInvite(home), actor: bob, state: joining)
        == .deny(.notAMember(home)))
  }

  @Test(arguments: Role.allCases)
  func test_AC_ACC_05_listingIsNeverAllowed(role: Role) {
    for operation in [AccessOperation.listHouseholds, .listInvites] {
      #expect(
        AccessPolicy.decide(operation, actor: role.account, state: role.state)
          == .deny(.listingNotAllowed))
    }
  }

  @Test func test_AC_ACC_06_cardWritesAreInTheWritersOwnName() {
    let partner = Role.partner
    let decision = AccessPolicy.decide(
      .writeCard(home, editor: "alice"), actor: partner.account, state: partner.state)
    #expect(decision == .deny(.editorMismatch(claimed: "alice")))
    #expect(throws: TeammateError.accessDenied(.editorMismatch(claimed: "alice"))) {
      try decision.check()
    }
  }
}

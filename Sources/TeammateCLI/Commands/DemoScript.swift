/// The walk-through `teammate demo` plays: one day of Alice and Bob, in Taipei.
///
/// An argument `{invite}` stands for the household's invite code and `{card:TITLE}` for the
/// id of the card with that title: both are only known once the demo runs.
enum DemoScript {
  /// One step: when (household time on 1 December 2026), who, what it shows, what is typed,
  /// and what its output must say for the words to be true (the counts they name).
  struct Step {
    let time: String
    let account: String
    let says: String
    let arguments: [String]
    var expects: [String] = []
  }

  static let steps: [Step] = [
    Step(
      time: "09:00", account: "alice",
      says: "Alice creates the household; it comes with an invite code.",
      arguments: [
        "household", "create", "--name", "Home", "--tz", "Asia/Taipei", "--display-name", "Alice",
      ],
      expects: ["Invite code: "]),
    Step(
      time: "09:05", account: "bob", says: "Bob joins with the code Alice read out.",
      arguments: ["household", "join", "{invite}", "--display-name", "Bob"],
      expects: ["with Alice; you are Bob"]),
    Step(
      time: "09:10", account: "alice", says: "Alice logs what she did, and what is coming.",
      arguments: ["card", "add", "Bought diapers", "--note", "the big pack"]),
    Step(
      time: "09:11", account: "alice", says: "An event for both of them.",
      arguments: [
        "card", "add", "Pediatrician checkup", "--kind", "event", "--at", "tomorrow 09:30",
      ]),
    Step(
      time: "09:12", account: "alice", says: "A task for Bob.",
      arguments: [
        "card", "add", "Take out the recycling", "--kind", "task", "--at", "today 19:00",
        "--assignee", "partner",
      ]),
    Step(
      time: "09:20", account: "bob", says: "Bob has a topic to talk about.",
      arguments: [
        "card", "add", "Daycare or nanny?", "--kind", "topic", "--reply-by", "tomorrow 21:00",
      ]),
    Step(
      time: "12:00", account: "bob",
      says: "Bob's phone syncs: three things from Alice, and notifications planned.",
      arguments: ["sync"], expects: ["3 new;", "Badge: 3"]),
    Step(
      time: "12:01", account: "bob", says: "The three things waiting for Bob to know.",
      arguments: ["pending"], expects: ["Badge: 3"]),
    Step(
      time: "12:02", account: "bob", says: "Bob now knows about the diapers.",
      arguments: ["ack", "{card:Bought diapers}"], expects: ["You know 1 card now. Badge: 2"]),
    Step(
      time: "12:30", account: "alice",
      says: "Alice's phone syncs: Bob joined and knows the diapers; his topic waits for her.",
      arguments: ["sync"], expects: ["1 new, Bob knows 1 of yours", "Badge: 1"]),
    Step(
      time: "12:31", account: "alice", says: "Alice moves the checkup: Bob must know it again.",
      arguments: ["card", "edit", "{card:Pediatrician checkup}", "--at", "tomorrow 10:00"],
      expects: ["must know it again"]),
    Step(
      time: "12:40", account: "bob",
      says: "Bob's phone syncs: the moved checkup, shown at once, and the reminders replanned.",
      arguments: ["sync"], expects: ["1 changed;"]),
    Step(
      time: "12:41", account: "bob",
      says: "What Bob's phone will show, soonest first, and how many it has shown today.",
      arguments: ["notifications"], expects: ["3 shown already"]),
    Step(
      time: "13:00", account: "alice",
      says: "Alice replies to Bob's topic, the one card waiting for her.",
      arguments: ["ack", "--all"], expects: ["You know 1 card now. Badge: 0"]),
    Step(
      time: "16:00", account: "alice", says: "What do we eat tonight? Alice offers two dinners.",
      arguments: ["meal", "propose", "dinner", "Curry", "Beef noodles"],
      expects: ["Proposed: dinner today"]),
    Step(
      time: "16:10", account: "bob", says: "Bob's phone syncs: Alice's proposal waits for him.",
      arguments: ["sync"], expects: ["Alice proposed Curry or Beef noodles for dinner today"]),
    Step(
      time: "16:11", account: "bob", says: "Bob picks one: dinner is decided.",
      arguments: ["meal", "pick", "dinner", "curry"], expects: ["Picked: dinner today"]),
    Step(
      time: "16:20", account: "alice", says: "Alice's phone syncs and is told in words.",
      arguments: ["sync"], expects: ["Bob picked Curry for dinner today", "Badge: 1"]),
    Step(
      time: "16:21", account: "alice", says: "Alice knows it.",
      arguments: ["ack", "--all"], expects: ["You know 1 card now. Badge: 0"]),
    Step(
      time: "16:30", account: "bob", says: "Bob puts what dinner needs on the shared list.",
      arguments: ["list", "add", "rice", "chicken thighs", "milk"], expects: ["On the list:"]),
    Step(
      time: "17:05", account: "alice",
      says: "At the shop, Alice looks at the list: Bob's adds, told once, then what is needed.",
      arguments: ["list"], expects: ["Bob added rice, chicken thighs and milk", "Needed"]),
    Step(
      time: "17:10", account: "alice", says: "She ticks off what she bought.",
      arguments: ["list", "got", "rice", "milk"], expects: ["Got:"]),
    Step(
      time: "17:11", account: "alice", says: "Nothing waits for Alice any more.",
      arguments: ["pending"], expects: ["Badge: 0"]),
  ]
}

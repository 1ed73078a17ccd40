import Foundation

extension PlanInput {
  /// What a device plans from, built in this one place for the device and for every check
  /// that computes the plan a device must hold: `cards` as it shows them (oldest first, ties
  /// by id), the household it shows, the activity still waiting in `state` and `adding`, the
  /// reminders it has shown and the list's news since its mark.
  package static func device(
    _ state: DeviceState, cards: some Collection<Card>, household: Household,
    viewer: AccountID, now: Date, wording: any Wording, adding activity: [ActivityEvent] = []
  ) -> PlanInput {
    let sorted = cards.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    return PlanInput(
      cards: sorted, activity: state.waitingActivity + activity, viewer: viewer,
      members: household.members, timeZone: household.zone, now: now, shown: state.shown,
      wording: wording, meals: household.mealsToRemind(among: sorted),
      list: state.listNews(for: viewer))
  }
}

import Foundation
import TeammateKit

/// What the meal commands print: one meal, or the slots of some days.
enum MealOutput {
  /// One meal in full, or `{"meal": card}`.
  static func show(_ card: Card, verb: String, session: inout Session) async throws {
    let uid = try session.account()
    let times = await session.times()
    let dishes = try await session.visibleHousehold().dishes
    if session.json {
      return session.writeJSON(
        .object(["meal": JSONDocuments.card(card, viewer: uid, times: times, dishes: dishes)]))
    }
    guard let meal = card.meal else { return }
    let today = try await session.mealToday()
    if session.language == .traditionalChinese {
      let waiting = session.offline ? session.language.waitsOffline : ""
      var text =
        "\(MealWords.verbs[verb] ?? verb)\(waiting)：\(MealWords.day(meal.day, today: today))的"
        + "\(MealWords.slots[meal.slot] ?? meal.slot.rawValue)："
        + MealWords.plan(meal, dishes: dishes, proposer: await session.name(card.lastEditedBy))
        + "\n"
      text += "  編號：  \(card.id)\n"
      if let cook = meal.cook {
        var named = ""
        if case .member(let uid) = cook { named = await session.name(uid) }
        text += "  誰煮：  \(MealWords.cook(cook, name: named))\n"
      }
      text +=
        "  修改：  \(await session.name(card.lastEditedBy))，\(times.human(card.lastEditedAt))，"
        + "第 \(card.revision) 版\n"
      text += "  狀態：  \(await Commands.status(card, session: &session))\n"
      return session.write(text)
    }
    let waiting = session.offline ? session.language.waitsOffline : ""
    // NB: a near day names its date after it; a far one is its date, said once (AC-CLI-95).
    let when =
      MealText.isNear(meal.day, today: today).map { "\($0) (\(MealText.date(meal.day)))" }
      ?? "on \(MealText.date(meal.day, today: today))"
    var text =
      "\(verb)\(waiting): \(meal.slot.rawValue) \(when): \(MealText.plan(meal, dishes: dishes))\n"
    text += "  id:        \(card.id)\n"
    if let cook = meal.cook { text += "  cook:      \(await Self.cook(cook, session: &session))\n" }
    text +=
      "  by:        \(await session.name(card.lastEditedBy)), \(times.human(card.lastEditedAt)), revision \(card.revision)\n"
    text += "  status:    \(await Commands.status(card, session: &session))\n"
    session.write(text)
  }

  /// Each slot of each day and where it stands, or `{"days": [{"day", "slots": […]}]}`.
  static func days(
    _ days: [MealDay], planned: [MealDay: [MealSlot: Card]], session: inout Session
  ) async throws {
    let uid = try session.account()
    let dishes = try await session.visibleHousehold().dishes
    let times = await session.times()
    if session.json {
      return session.writeJSON(
        .object([
          "days": .array(
            days.map { day in
              .object([
                "day": .string(day.description),
                "slots": .array(
                  MealSlot.allCases.map { slot in
                    .object([
                      "slot": .string(slot.rawValue),
                      "meal": planned[day]?[slot].map {
                        JSONDocuments.card($0, viewer: uid, times: times, dishes: dishes)
                      } ?? .null,
                    ])
                  }),
              ])
            })
        ]))
    }
    let today = try await session.mealToday()
    if session.language == .traditionalChinese {
      return try await chineseDays(days, planned: planned, today: today, session: &session)
    }
    var text = ""
    for day in days {
      let when = MealText.day(day, today: today)
      text +=
        (when.hasPrefix("on ") ? MealText.date(day) : "\(when.capitalized), \(MealText.date(day))")
      text += "\n"
      for slot in MealSlot.allCases {
        let name = slot.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
        guard let card = planned[day]?[slot], let meal = card.meal else {
          text += "  \(name) not decided\n"
          continue
        }
        var words = [MealText.plan(meal, dishes: dishes)]
        if case .proposed = meal.state {
          words[0] += " by \(await session.name(card.lastEditedBy))"
        }
        if let cook = meal.cook {
          words.append(
            await Self.cook(cook, session: &session) + (cook == .both ? " cook" : " cooks"))
        }
        words.append(await Commands.status(card, session: &session))
        text += "  \(name) \(words.filter { !$0.isEmpty }.joined(separator: " · "))  [\(card.id)]\n"
      }
    }
    session.write(text)
  }

  /// The days in Traditional Chinese (AC-LANG-08), laid out as in English.
  private static func chineseDays(
    _ days: [MealDay], planned: [MealDay: [MealSlot: Card]], today: MealDay,
    session: inout Session
  ) async throws {
    let dishes = try await session.visibleHousehold().dishes
    var text = ""
    for day in days {
      text += MealWords.day(day, today: today) + "\n"
      for slot in MealSlot.allCases {
        let name = DisplayWidth.padded(MealWords.slots[slot] ?? slot.rawValue, to: 10)
        guard let card = planned[day]?[slot], let meal = card.meal else {
          text += "  \(name) \(MealWords.undecided)\n"
          continue
        }
        var words = [
          MealWords.plan(meal, dishes: dishes, proposer: await session.name(card.lastEditedBy))
        ]
        if let cook = meal.cook {
          var named = ""
          if case .member(let uid) = cook { named = await session.name(uid) }
          words.append(MealWords.cook(cook, name: named))
        }
        words.append(await Commands.status(card, session: &session))
        text += "  \(name) \(words.filter { !$0.isEmpty }.joined(separator: " · "))  [\(card.id)]\n"
      }
    }
    session.write(text)
  }

  /// "Bob", "both of you".
  static func cook(_ cook: MealCook, session: inout Session) async -> String {
    switch cook {
    case .member(let uid): await session.name(uid)
    case .both: "both of you"
    }
  }
}

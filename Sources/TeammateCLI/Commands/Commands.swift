/// Every command of the tool, in the order help lists them.
enum Commands {
  static let table: CommandTable = CommandTable(
    commands: [
      householdCreate, householdJoin, householdShow, householdLeave,
      inviteCreate, inviteShow,
      cardAdd, cardEdit, cardShow, cardList, cardDone, cardSkip, cardDelete, cardRestore,
      mealShow, mealPropose, mealPick, mealDecide, mealSkip, mealMove, mealRemove, mealSuggest,
      mealHistory, mealTimes, dishAdd, dishList, dishEdit, dishRemove, dishRestore,
      listShow, listAdd, listGot, listUndo, listMove, listRename, listClear, listFromMeal, export,
      importHousehold, householdMove,
      pending, ack, sync, watch, outbox, notifications, settings, status, whoami, accountLink,
      accountDelete,
      serverAccountAdd, serverAccountRemove, serverEraseAccount, serverEndStalled, completions,
      demo,
    ],
    groupAbstracts: [
      "household": "Create, join, show or leave a household.",
      "invite": "Invite your partner with a six-digit code.",
      "card": "Log, change, complete, skip, delete and restore cards.",
      "account": "Link this anonymous account to a named sign-in.",
      "server": "The operator's steps on a PostgreSQL server: each account a role of its own.",
      "meal":
        "What we eat: alone, each meal of today (or a day, or a week); propose, pick, decide, "
        + "skip and move meals, suggestions and history.",
      "dish": "The household's pool of dishes meals are chosen from.",
      "list":
        "The shopping list: alone, what is needed and what was got; add, got, undo, clear, "
        + "and a meal's ingredients.",
    ])
}

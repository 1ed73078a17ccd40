extension DemoScript {
  /// The same day in Traditional Chinese (AC-LANG-15): 小美 and 阿明, their cards and their
  /// meals in their words, each step's output checked for what the Chinese narration says.
  static let chineseSteps: [Step] = [
    Step(
      time: "09:00", account: "alice", says: "小美建立這個家，也拿到一組邀請碼。",
      arguments: [
        "household", "create", "--name", "家", "--tz", "Asia/Taipei", "--display-name", "小美",
      ],
      expects: ["邀請碼："]),
    Step(
      time: "09:05", account: "bob", says: "阿明用小美念給他的邀請碼加入。",
      arguments: ["household", "join", "{invite}", "--display-name", "阿明"],
      expects: ["和小美一起；你是阿明"]),
    Step(
      time: "09:10", account: "alice", says: "小美記下她做了什麼，還有接下來的事。",
      arguments: ["card", "add", "買了尿布", "--note", "大包裝"]),
    Step(
      time: "09:11", account: "alice", says: "兩個人都要去的行程。",
      arguments: ["card", "add", "小兒科健檢", "--kind", "event", "--at", "tomorrow 09:30"]),
    Step(
      time: "09:12", account: "alice", says: "給阿明的待辦。",
      arguments: [
        "card", "add", "倒資源回收", "--kind", "task", "--at", "today 19:00", "--assignee",
        "partner",
      ]),
    Step(
      time: "09:20", account: "bob", says: "阿明有件事想討論。",
      arguments: ["card", "add", "托嬰中心還是保母？", "--kind", "topic", "--reply-by", "tomorrow 21:00"]),
    Step(
      time: "12:00", account: "bob", says: "阿明的手機同步：小美的三件事，也排好了提醒。",
      arguments: ["sync"], expects: ["新增 3 件", "未讀：3"]),
    Step(
      time: "12:01", account: "bob", says: "等阿明知道的三件事。",
      arguments: ["pending"], expects: ["未讀：3"]),
    Step(
      time: "12:02", account: "bob", says: "阿明現在知道尿布的事了。",
      arguments: ["ack", "{card:買了尿布}"], expects: ["你現在知道 1 張卡片了。未讀：2"]),
    Step(
      time: "12:30", account: "alice", says: "小美的手機同步：阿明加入了，也知道了尿布；他的話題等她回覆。",
      arguments: ["sync"], expects: ["阿明加入了這個家", "未讀：1"]),
    Step(
      time: "12:31", account: "alice", says: "小美改了健檢的時間：阿明要再知道一次。",
      arguments: ["card", "edit", "{card:小兒科健檢}", "--at", "tomorrow 10:00"],
      expects: ["對方需要再知道一次"]),
    Step(
      time: "12:40", account: "bob", says: "阿明的手機同步：改過的健檢馬上出現，提醒也重新排了。",
      arguments: ["sync"], expects: ["小美修改了「小兒科健檢」"]),
    Step(
      time: "12:41", account: "bob", says: "阿明的手機會顯示的提醒，最近的在前，還有今天已經顯示過幾個。",
      arguments: ["notifications"], expects: ["已經顯示過 3 個"]),
    Step(
      time: "13:00", account: "alice", says: "小美回覆阿明的話題，那是唯一等她的卡片。",
      arguments: ["ack", "--all"], expects: ["你現在知道 1 張卡片了。未讀：0"]),
    Step(
      time: "16:00", account: "alice", says: "今晚吃什麼？小美提了兩個晚餐。",
      arguments: ["meal", "propose", "dinner", "咖哩", "牛肉麵"], expects: ["已提議"]),
    Step(
      time: "16:10", account: "bob", says: "阿明的手機同步：小美的提議等他回覆。",
      arguments: ["sync"], expects: ["小美提議今天晚餐吃咖哩或牛肉麵"]),
    Step(
      time: "16:11", account: "bob", says: "阿明選了一個：晚餐決定了。",
      arguments: ["meal", "pick", "dinner", "咖哩"], expects: ["已選"]),
    Step(
      time: "16:20", account: "alice", says: "小美的手機同步，用說的告訴她。",
      arguments: ["sync"], expects: ["阿明選了今天晚餐吃咖哩", "未讀：1"]),
    Step(
      time: "16:21", account: "alice", says: "小美知道了。",
      arguments: ["ack", "--all"], expects: ["你現在知道 1 張卡片了。未讀：0"]),
    Step(
      time: "16:30", account: "bob", says: "阿明把晚餐要用的東西加進共用的購物清單。",
      arguments: ["list", "add", "米", "雞腿", "牛奶"], expects: ["已加入清單"]),
    Step(
      time: "17:05", account: "alice", says: "在店裡，小美看清單：阿明加的東西說一次，再來是要買的。",
      arguments: ["list"], expects: ["阿明在購物清單加了米、雞腿和牛奶", "要買"]),
    Step(
      time: "17:10", account: "alice", says: "她勾掉買到的東西。",
      arguments: ["list", "got", "米", "牛奶"], expects: ["已買"]),
    Step(
      time: "17:11", account: "alice", says: "沒有等小美知道的事了。",
      arguments: ["pending"], expects: ["未讀：0"]),
  ]
}

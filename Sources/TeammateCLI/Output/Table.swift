/// Rows as aligned columns for people; the last column is never padded.
struct Table {
  let headers: [String]
  var rows: [[String]] = []

  func render(colour: Bool) -> String {
    // NB: a cell is one line: a newline or an escape sequence in a title would break the table.
    let rows = self.rows.map { $0.map(TerminalText.visible) }
    let widths = headers.indices.map { column in
      ([headers] + rows).map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { index, cell in
        index == cells.count - 1
          ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
      }.joined(separator: "  ")
    }
    let header = line(headers)
    var text = (colour ? "\u{1B}[1m\(header)\u{1B}[0m" : header) + "\n"
    for row in rows { text += line(row) + "\n" }
    return text
  }
}

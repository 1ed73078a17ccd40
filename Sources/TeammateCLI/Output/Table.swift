/// Rows as aligned columns for people; the last column is never padded.
///
/// Columns are measured in terminal columns (`DisplayWidth`), so that 買尿布 and 👶 line up.
/// Given the terminal's width, the `flexible` column is cut with an ellipsis until each
/// line fits; output that is not a terminal is never cut.
struct Table {
  let headers: [String]
  var rows: [[String]] = []
  /// The column to shorten when a line is wider than the terminal.
  var flexible: Int? = nil

  func render(colour: Bool, width: Int? = nil) -> String {
    // NB: a cell is one line: a newline or an escape sequence in a title would break the table.
    var rows = self.rows.map { $0.map(TerminalText.visible) }
    var widths = columnWidths(rows)
    if let width, let flexible, widths.indices.contains(flexible) {
      let others = widths.enumerated().filter { $0.offset != flexible }.map(\.element)
      let fixed = others.reduce(0, +) + 2 * (widths.count - 1)
      let room = max(headers[flexible].count, width - fixed)
      if widths[flexible] > room {
        rows = rows.map { row in
          var row = row
          if row.indices.contains(flexible) {
            row[flexible] = DisplayWidth.truncated(row[flexible], to: room)
          }
          return row
        }
        widths = columnWidths(rows)
      }
    }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { index, cell in
        index == cells.count - 1 ? cell : DisplayWidth.padded(cell, to: widths[index])
      }.joined(separator: "  ")
    }
    let header = line(headers)
    var text = (colour ? "\u{1B}[1m\(header)\u{1B}[0m" : header) + "\n"
    for row in rows { text += line(row) + "\n" }
    return text
  }

  private func columnWidths(_ rows: [[String]]) -> [Int] {
    headers.indices.map { column in
      ([headers] + rows).map { $0.indices.contains(column) ? DisplayWidth.of($0[column]) : 0 }
        .max() ?? 0
    }
  }
}

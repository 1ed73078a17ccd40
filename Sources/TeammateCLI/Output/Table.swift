/// Rows as aligned columns for people; the last column is never padded.
///
/// Columns are measured in terminal columns (`DisplayWidth`), so that 買尿布 and 👶 line up.
/// Given the terminal's width, the widest column is cut by a column at a time, with an
/// ellipsis, until each line fits, and none below `narrowest` (or its own width, if less):
/// a long title gives way before a short status does. Output that is not a terminal is
/// never cut.
struct Table {
  let headers: [String]
  var rows: [[String]] = []
  /// The column cut first between columns of the same width.
  var flexible: Int? = nil

  /// No column is cut to fewer terminal columns than this.
  static let narrowest = 4

  func render(colour: Bool, width: Int? = nil) -> String {
    // NB: a cell is one line: a newline or an escape sequence in a title would break the table.
    var rows = self.rows.map { $0.map(TerminalText.visible) }
    let natural = columnWidths(rows)
    let widths = width.map { fitted(natural, to: $0) } ?? natural
    var headers = self.headers
    if widths != natural {
      func cut(_ cells: [String]) -> [String] {
        cells.enumerated().map { index, cell in
          widths.indices.contains(index) ? DisplayWidth.truncated(cell, to: widths[index]) : cell
        }
      }
      rows = rows.map(cut)
      headers = cut(headers)
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

  /// The columns' widths once the widest is cut, one column at a time, until a line fits
  /// `width` or every column is at its narrowest.
  func fitted(_ natural: [Int], to width: Int) -> [Int] {
    var widths = natural
    let floor = natural.map { min($0, Self.narrowest) }
    let gaps = 2 * max(0, widths.count - 1)
    while widths.reduce(0, +) + gaps > width {
      let cuttable = widths.indices.filter { widths[$0] > floor[$0] }
      guard let widest = cuttable.map({ widths[$0] }).max() else { break }
      let column =
        cuttable.first { $0 == flexible && widths[$0] == widest }
        ?? cuttable.first { widths[$0] == widest } ?? 0
      widths[column] -= 1
    }
    return widths
  }

  func columnWidths(_ rows: [[String]]) -> [Int] {
    headers.indices.map { column in
      ([headers] + rows).map { $0.indices.contains(column) ? DisplayWidth.of($0[column]) : 0 }
        .max() ?? 0
    }
  }
}

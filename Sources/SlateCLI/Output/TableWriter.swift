/// Aligned tables for people: plain (`a | b`), box-drawn, or Markdown.
///
/// Column widths come from the first rows (up to ``sampleRows``), which are held until then; the
/// rest stream through with those widths, so the first row of a million-row result appears at
/// once and memory stays flat. A later cell wider than its column is written whole (the row then
/// sits out of line) rather than cut. Widths count terminal columns: CJK and emoji count two.
/// Numbers are right-aligned, NULL shows as the `null` marker, and line breaks inside a cell show
/// as `\n`, so each row stays on one line.
final class TableWriter: RowWriter {
    enum Style { case plain, box, markdown }

    let sink: OutputSink
    let style: Style
    let null: String
    let header: Bool
    let sampleRows = 1_000

    private var columns: [String] = []
    private var held: [[(text: String, isNumber: Bool)]] = []
    private var widths: [Int] = []
    private var numeric: [Bool] = []
    private var started = false

    init(sink: OutputSink, style: Style, null: String, header: Bool) {
        self.sink = sink
        self.style = style
        self.null = null
        self.header = header
    }

    func begin(columns: [String]) {
        self.columns = columns.map(ResultCell.escapeControls)
    }

    func write(row statement: OpaquePointer, columnCount: Int32) {
        let cells = (0..<columnCount).map { ResultCell(statement: statement, index: $0).displayText(null: null) }
        if started {
            writeRow(cells)
        } else {
            held.append(cells)
            if held.count == sampleRows { start() }
        }
    }

    func end(rowCount: Int) {
        if !started { start() }
        switch style {
        case .box: writeRule(left: "└", middle: "┴", right: "┘")
        case .plain, .markdown: break
        }
        if style != .markdown, !columns.isEmpty {
            sink.write("(\(rowCount) row\(rowCount == 1 ? "" : "s"))\n")
        }
    }

    private func start() {
        started = true
        widths = columns.map { header ? DisplayWidth.of($0) : 0 }
        numeric = Array(repeating: false, count: columns.count)
        var seenText = Array(repeating: false, count: columns.count)
        for row in held {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], DisplayWidth.of(cell.text))
                if cell.isNumber { numeric[index] = true } else if cell.text != null { seenText[index] = true }
            }
        }
        for index in numeric.indices where seenText[index] { numeric[index] = false }
        if style == .markdown { widths = widths.map { max($0, 3) } }
        switch style {
        case .box: writeRule(left: "┌", middle: "┬", right: "┐")
        case .plain, .markdown: break
        }
        if header, !columns.isEmpty {
            writeRow(columns.map { ($0, false) })
            switch style {
            case .plain: writeRule(left: "", middle: "-+-", right: "", fill: "-")
            case .box: writeRule(left: "├", middle: "┼", right: "┤")
            case .markdown:
                let cells = widths.indices.map { index in
                    String(repeating: "-", count: widths[index] - 1) + (numeric[index] ? ":" : "-")
                }
                sink.write("| " + cells.joined(separator: " | ") + " |\n")
            }
        }
        for row in held { writeRow(row) }
        held = []
    }

    private func writeRow(_ cells: [(text: String, isNumber: Bool)]) {
        var parts: [String] = []
        for (index, cell) in cells.enumerated() {
            let width = index < widths.count ? widths[index] : 0
            let padding = String(repeating: " ", count: max(0, width - DisplayWidth.of(cell.text)))
            let text = style == .markdown ? cell.text.replacingPipes() : cell.text
            let rightAligned = cell.isNumber || (index < numeric.count && numeric[index] && cell.text == null)
            parts.append(rightAligned ? padding + text : text + padding)
        }
        switch style {
        case .plain:
            var line = parts.joined(separator: " | ")
            while line.hasSuffix(" ") { line.removeLast() }
            sink.write(line + "\n")
        case .box: sink.write("│ " + parts.joined(separator: " │ ") + " │\n")
        case .markdown: sink.write("| " + parts.joined(separator: " | ") + " |\n")
        }
    }

    private func writeRule(left: String, middle: String, right: String, fill: String = "─") {
        if style == .plain {
            sink.write(widths.map { String(repeating: fill, count: $0) }.joined(separator: middle) + "\n")
            return
        }
        sink.write(left + fill + widths.map { String(repeating: fill, count: $0) }.joined(separator: fill + middle + fill) + fill + right + "\n")
    }
}

extension String {
    /// The text with `|` escaped, for a Markdown table cell.
    fileprivate func replacingPipes() -> String {
        guard contains("|") else { return self }
        return split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
    }
}

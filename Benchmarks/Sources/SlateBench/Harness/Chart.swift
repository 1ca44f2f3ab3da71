import Foundation

/// The results as an SVG bar chart: one horizontal bar per Slate and GRDB contender showing its
/// ratio to raw C on a logarithmic scale (1× at the left edge), with Slate's goal marked.
/// Hand-written SVG: no dependency.
struct Chart {
    let measurements: [[Measurement]]

    private let labelWidth = 430.0
    private let plotWidth = 520.0
    private let barHeight = 16.0
    private let rowGap = 6.0
    private let groupGap = 14.0
    private let top = 54.0
    /// The ratios at the ends of the axis.
    private let maxRatio = 32.0

    /// The SVG document.
    var svg: String {
        var rows: [(workload: String, measurement: Measurement, ratio: Double, goal: Double?)] = []
        for group in measurements {
            guard let baseline = group.first(where: { $0.contender.library == .rawC })?.median else { continue }
            for measurement in group where measurement.contender.library != .rawC {
                let ratio = Self.seconds(measurement.median) / max(Self.seconds(baseline), 1e-12)
                let goal = measurement.contender.library == .slate
                    ? (measurement.contender.goal ?? measurement.workload.slateGoal) : nil
                rows.append((measurement.workload.id, measurement, ratio, goal))
            }
        }
        var y = top
        var body: [String] = []
        var lastWorkload = ""
        for row in rows {
            if row.workload != lastWorkload {
                if !lastWorkload.isEmpty { y += groupGap }
                lastWorkload = row.workload
            }
            let library = row.measurement.contender.library
            let color = library == .slate ? "#2f6fd6" : "#9a9a9a"
            let label = "\(row.workload) \(library.rawValue): \(row.measurement.contender.api)"
            let width = max(1, x(row.ratio) - labelWidth)
            body.append(text(labelWidth - 8, y + barHeight - 4, label, anchor: "end", size: 11))
            body.append("<rect x=\"\(f(labelWidth))\" y=\"\(f(y))\" width=\"\(f(width))\" height=\"\(f(barHeight))\" fill=\"\(color)\"/>")
            let value = String(format: "%.2f×", row.ratio)
            let met = row.goal.map { row.ratio <= $0 ? " ✓" : " ✗ (goal \(String(format: "%.2f", $0))×)" } ?? ""
            body.append(text(min(labelWidth + width + 4, labelWidth + plotWidth - 4), y + barHeight - 4, value + met,
                             anchor: labelWidth + width + 4 > labelWidth + plotWidth - 90 ? "end" : "start", size: 11))
            if let goal = row.goal {
                let goalX = x(goal)
                body.append("<line x1=\"\(f(goalX))\" y1=\"\(f(y - 2))\" x2=\"\(f(goalX))\" y2=\"\(f(y + barHeight + 2))\" "
                    + "stroke=\"#d62f2f\" stroke-width=\"2\"/>")
            }
            y += barHeight + rowGap
        }
        let height = y + 30
        var axis: [String] = []
        for tick in [1.0, 1.5, 2, 3, 5, 10, 20, 32] {
            let tickX = x(tick)
            axis.append("<line x1=\"\(f(tickX))\" y1=\"\(f(top - 6))\" x2=\"\(f(tickX))\" y2=\"\(f(y))\" stroke=\"#e2e2e2\"/>")
            axis.append(text(tickX, top - 10, String(format: tick < 10 && tick != tick.rounded() ? "%.1f×" : "%.0f×", tick),
                             anchor: "middle", size: 10))
        }
        let totalWidth = labelWidth + plotWidth + 20
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(f(totalWidth))" height="\(f(height))" \
            viewBox="0 0 \(f(totalWidth)) \(f(height))" font-family="Helvetica, Arial, sans-serif">
            <rect width="100%" height="100%" fill="white"/>
            \(text(10, 20, "Time × raw C (median, lower is better, log scale); red mark: Slate's goal", anchor: "start", size: 13))
            \(axis.joined(separator: "\n"))
            \(body.joined(separator: "\n"))
            \(text(10, height - 10, "Blue: Slate. Grey: GRDB 7.10.0. Bars longer than \(Int(maxRatio))× are cut.", anchor: "start", size: 10))
            </svg>

            """
    }

    /// The horizontal position of a ratio.
    private func x(_ ratio: Double) -> Double {
        let clamped = min(max(ratio, 1), maxRatio)
        return labelWidth + plotWidth * log(clamped) / log(maxRatio)
    }

    private func text(_ x: Double, _ y: Double, _ content: String, anchor: String, size: Int) -> String {
        "<text x=\"\(f(x))\" y=\"\(f(y))\" font-size=\"\(size)\" text-anchor=\"\(anchor)\">\(Self.escape(content))</text>"
    }

    private func f(_ value: Double) -> String { String(format: "%.1f", value) }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-line progress display on standard error: a bar and percent when the total is known,
/// items done, items per second and bytes.
///
/// It draws only when standard error is a terminal (never into a pipe or a log file) and the
/// user did not ask for `--quiet`, and at most ten times a second, so callers may report as
/// often as they like.
final class ProgressBar {
    /// Whether a bar is on screen now, so an error message can clear it first.
    nonisolated(unsafe) private static var visible = false

    let isEnabled: Bool
    let unit: String
    let totalBytes: Int64?
    private let start: Double
    private var lastDraw: Double = 0

    /// - Parameters:
    ///   - unit: What is counted (`rows`, `pages`).
    ///   - totalBytes: The input's size, for the bar and percent; `nil` when unknown (a pipe).
    ///   - quiet: `--quiet`: never draw.
    ///   - force: Draw even when standard error is not a terminal (for tests of the drawing).
    init(unit: String, totalBytes: Int64?, quiet: Bool, force: Bool = false) {
        self.unit = unit
        self.totalBytes = totalBytes.flatMap { $0 > 0 ? $0 : nil }
        self.isEnabled = !quiet && (force || isTerminal(2))
        self.start = Self.now()
    }

    /// Reports progress; redraws when a tenth of a second has passed since the last drawing.
    func update(done: Int, bytes: Int64) {
        guard isEnabled else { return }
        let now = Self.now()
        guard now - lastDraw >= 0.1 else { return }
        lastDraw = now
        draw(Self.line(done: done, bytes: bytes, totalBytes: totalBytes, unit: unit, seconds: now - start))
    }

    /// Removes the bar, leaving the line empty for what follows.
    func finish() {
        guard isEnabled else { return }
        Self.clearLine()
    }

    /// Clears the bar if one is showing (before an error message is printed).
    static func clearLine() {
        guard visible else { return }
        visible = false
        writeError("\r\u{1B}[K")
    }

    private func draw(_ text: String) {
        Self.visible = true
        Self.writeError("\r" + text + "\u{1B}[K")
    }

    /// The text of one drawing: `[#####·····]  42%  420,000 rows  210,000 rows/s  29.1 MB / 69.0 MB`.
    static func line(done: Int, bytes: Int64, totalBytes: Int64?, unit: String, seconds: Double) -> String {
        var parts: [String] = []
        if let totalBytes {
            let fraction = min(1, max(0, Double(bytes) / Double(totalBytes)))
            let filled = Int(fraction * 24)
            parts.append("[" + String(repeating: "#", count: filled) + String(repeating: "·", count: 24 - filled) + "]")
            parts.append(String(format: "%3d%%", Int(fraction * 100)))
        }
        parts.append("\(grouped(done)) \(unit)")
        if seconds > 0 { parts.append("\(grouped(Int(Double(done) / seconds))) \(unit)/s") }
        parts.append(totalBytes.map { "\(megabytes(bytes)) / \(megabytes($0))" } ?? megabytes(bytes))
        return parts.joined(separator: "  ")
    }

    /// `1234567` → `1,234,567`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }

    static func megabytes(_ bytes: Int64) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }

    private static func writeError(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            guard let base = buffer.baseAddress else { return }
            _ = write(2, base, buffer.count)
        }
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

import Foundation

/// How REAL values are written as text, exactly.
///
/// SQLite writes a REAL with 15 significant digits (`%!.15g`: `2.5`, `100000.0`, `1.0e+20`),
/// which loses the last digits of a few values (`0.30000000000000004` prints as `0.3`). Exports
/// use SQLite's text when it reads back as the same number, and the shortest text that does
/// otherwise, so an import of an export gives back the same numbers.
enum RealText {
    /// SQLite's own rendering of a REAL (`%!.15g`).
    static func sqliteText(_ value: Double) -> String {
        if value.isInfinite { return value < 0 ? "-Inf" : "Inf" }
        var text = String(format: "%.15g", value)
        if let exponent = text.firstIndex(of: "e") {
            if !text[..<exponent].contains(".") { text.insert(contentsOf: ".0", at: exponent) }
        } else if !text.contains(".") {
            text += ".0"
        }
        return text
    }

    /// The text that reads back as exactly `value`: SQLite's rendering when it does, else the
    /// shortest round-tripping digits.
    static func exactText(_ value: Double) -> String {
        let text = sqliteText(value)
        if Double(text) == value || !value.isFinite { return text }
        return "\(value)"
    }
}

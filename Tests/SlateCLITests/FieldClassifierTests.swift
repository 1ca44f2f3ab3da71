import Foundation
import Slate
import Testing

@testable import SlateCLI

/// Value classes decide column types: a value counts as a number only if SQLite gives back the
/// same text for it.
@Suite("CLI field classifier")
struct FieldClassifierTests {
    static func classify(_ text: String) -> ClassifiedValue {
        var bytes = Array(text.utf8)
        bytes.append(0)
        return bytes.withUnsafeBufferPointer { FieldClassifier.classify($0.baseAddress!, $0.count - 1) }
    }

    @Test(
        "integers in canonical form only",
        arguments: [
            ("0", true), ("42", true), ("-7", true), ("9223372036854775807", true), ("-9223372036854775808", true),
            ("02134", false), ("+5", false), ("-0", false), ("9223372036854775808", false), ("1_000", false), (" 5", false), ("5 ", false), ("", false)
        ])
    func integers(text: String, isInteger: Bool) {
        #expect((Self.classify(text).kind == .integer) == isInteger)
    }

    @Test(
        "decimals that SQLite writes back unchanged are numbers; others stay text",
        arguments: [
            "2.5", "100000.0", "0.001", "0.0001", "-10.25", "0.0", "123456789012345.0", "0.30000000000000004", "1.0e+20", "1.0e-05",
            "2.50", "1e5", "0x1E", "1.", ".5", "-0.0", "0.00001", "1234567890123456.0", "1e+20", "NaN", "inf", "1,5"
        ])
    func decimalsAgreeWithSQLite(text: String) throws {
        let value = Self.classify(text)
        let db = try Connection()
        if value.kind == .fractionalDecimal || value.kind == .integralDecimal {
            // The number must read back as exactly the text: SQLite's own rendering, or (for 16-17
            // digits, where SQLite's 15 digits would drop some) the shortest exact one.
            let sqliteText = try db.scalar(String.self, "SELECT CAST(? AS TEXT)", value.real)
            #expect(sqliteText == text || RealText.exactText(value.real) == text)
            #expect(Double(text) == value.real)
        } else {
            #expect(value.kind == .text)
            // Stored as a REAL, SQLite would give back other text: so it had to stay text.
            if let number = Double(text), number.isFinite {
                #expect(try db.scalar(String.self, "SELECT CAST(? AS TEXT)", number) != text)
            }
        }
    }

    @Test("the fast decimal path gives exactly strtod's value on random decimals")
    func fastPathMatchesStrtod() {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<20_000 {
            let digits = 1 + Int(random.next() % 15)
            var mantissa = String(random.next() % 1_000_000_000_000_000)
            mantissa = String(mantissa.prefix(digits))
            let point = Int(random.next() % UInt64(mantissa.count))
            var text = point == 0 ? "0." + mantissa : String(mantissa.prefix(point)) + "." + mantissa.dropFirst(point)
            if random.next() % 2 == 0 { text = "-" + text }
            let value = Self.classify(text)
            if value.kind == .fractionalDecimal || value.kind == .integralDecimal {
                #expect(value.real == strtod(text, nil), "\(text)")
            }
        }
    }

    @Test("SQLite's affinity conversions are recognised for existing numeric columns")
    func looksNumeric() {
        func check(_ text: String) -> Bool {
            var bytes = Array(text.utf8)
            bytes.append(0)
            return bytes.withUnsafeBufferPointer { FieldClassifier.looksNumericToSQLite($0.baseAddress!, $0.count - 1) }
        }
        #expect(check("02134") && check("+5") && check(" 7 ") && check("1e5") && check(".5"))
        #expect(!check("0x1E") && !check("n/a") && !check("1-2") && !check("") && !check("e5"))
    }

    @Test("display width counts CJK and emoji as two columns, combining marks as none")
    func displayWidth() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("日本語") == 6)
        #expect(DisplayWidth.of("😀") == 2)
        #expect(DisplayWidth.of("👍🏽") == 2)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("한글") == 4)
        #expect(DisplayWidth.of("❤️") == 2)
    }
}

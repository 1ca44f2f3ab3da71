import Foundation

/// SQL literals for REAL values that the linked SQLite reads back as exactly the same double.
///
/// Swift's shortest round-tripping digits are exact for a correctly rounding parser, but SQLite's
/// is not one before 3.43: SQLite 3.40 reads about 0.15% of random doubles one unit in the last
/// place off from their shortest text (557 of 399,952 in one check), and some from their 17
/// significant digits too. So each candidate text is read by SQLite itself, and a value that no
/// decimal text reaches is written as an expression of integers, which SQLite converts exactly.
package enum RealLiteral {
    /// The literal for `value`: its shortest digits, or 17 significant digits, whichever the
    /// linked SQLite reads as exactly `value` (the same bits, so `-0.0` stays `-0.0`); else
    /// ``exactExpression(_:)``. Infinities are `9e999` and `-9e999`, NaN is `NULL` (SQLite
    /// stores NaN as NULL). Safe from any thread.
    package static func literal(for value: Double) -> String {
        if value.isNaN { return "NULL" }
        if value.isInfinite { return value < 0 ? "-9e999" : "9e999" }
        let candidates = [decimalText(value), decimalText(value, significantDigits: 17)]
        return SharedChecker.shared.firstExact(candidates, for: value) ?? exactExpression(value)
    }

    /// `value` as decimal text: Swift's shortest round-tripping digits, or `significantDigits`
    /// digits, always with a `.` or an exponent so that SQLite reads a REAL, not an INTEGER.
    package static func decimalText(_ value: Double, significantDigits: Int? = nil) -> String {
        let text = significantDigits.map { String(format: "%.\($0)g", value) } ?? "\(value)"
        return text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) ? text : text + ".0"
    }

    /// An expression SQLite evaluates to exactly `value` (finite) whatever its parser does with
    /// decimal text: the significand as an integer, scaled by powers of two, each step exact in
    /// binary floating point.
    ///
    /// `5e-324` is `(CAST(1 AS REAL)/4611686018427387904/…/1024)`: the powers are integers,
    /// which SQLite converts to REAL exactly, so no decimal text is parsed at all.
    package static func exactExpression(_ value: Double) -> String {
        if value == 0 { return value.sign == .minus ? "-0.0" : "0.0" }
        // value = significand × 2^exponent, the significand an odd integer below 2^53.
        var significand = Int64(value.significandBitPattern | (value.isNormal ? 1 << 52 : 0))
        var exponent = Int(value.isNormal ? value.exponent : Double.leastNormalMagnitude.exponent) - 52
        while significand & 1 == 0 {
            significand >>= 1
            exponent += 1
        }
        if value.sign == .minus { significand = -significand }
        var terms = ["CAST(\(significand) AS REAL)"]
        let step = 62
        var remaining = abs(exponent)
        while remaining > 0 {
            let shift = min(step, remaining)
            terms.append((exponent > 0 ? "*" : "/") + String(Int64(1) << Int64(shift)))
            remaining -= shift
        }
        return "(" + terms.joined() + ")"
    }

    /// The linked SQLite's reading of REAL literals, on a private in-memory connection:
    /// `CAST(text AS REAL)` runs the same conversion (`sqlite3AtoF`) as the parser does for a
    /// literal in SQL text. Used from one thread at a time.
    package final class Checker {
        private var db: OpaquePointer?
        private var statement: OpaquePointer?

        /// Opens the private connection; `nil` if SQLite cannot open one.
        package init?() {
            guard sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK,
                sqlite3_prepare_v2(db, "SELECT CAST(?1 AS REAL)", -1, &statement, nil) == SQLITE_OK
            else {
                sqlite3_finalize(statement)
                sqlite3_close_v2(db)
                return nil
            }
        }

        deinit {
            sqlite3_finalize(statement)
            sqlite3_close_v2(db)
        }

        /// Whether SQLite reads `text` as exactly `value` (the same bits).
        package func reads(_ text: UnsafeBufferPointer<UInt8>, as value: Double) -> Bool {
            let bound = text.withMemoryRebound(to: CChar.self) { chars in
                sqlite3_bind_text(statement, 1, chars.baseAddress, Int32(chars.count), nil)
            }
            defer {
                sqlite3_reset(statement)
                sqlite3_clear_bindings(statement)
            }
            guard bound == SQLITE_OK, sqlite3_step(statement) == SQLITE_ROW else { return false }
            return sqlite3_column_double(statement, 0).bitPattern == value.bitPattern
        }

        /// Whether SQLite reads `text` as exactly `value`.
        package func reads(_ text: String, as value: Double) -> Bool {
            var text = text
            return text.withUTF8 { reads($0, as: value) }
        }
    }

    /// One ``Checker`` for ``literal(for:)``, behind a lock.
    private final class SharedChecker: @unchecked Sendable {
        // Safety: `checker` is only used while `lock` is held.
        static let shared = SharedChecker()
        private let lock = NSLock()
        private let checker = Checker()

        func firstExact(_ candidates: [String], for value: Double) -> String? {
            lock.withLock {
                guard let checker else { return nil }
                return candidates.first { checker.reads($0, as: value) }
            }
        }
    }
}

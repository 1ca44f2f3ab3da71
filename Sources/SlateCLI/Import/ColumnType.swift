import ArgumentParser
import Foundation

/// The declared type of an imported column.
///
/// Detection picks, from the values a column holds, the first type that stores every one of them
/// without changing its text: INTEGER for canonical integers; REAL for decimals that SQLite
/// writes back the same way (`2.5`, `100000.0`, not `2.50` or `1e5`); NUMERIC for integers mixed
/// with non-integral decimals; TEXT for anything else.
enum ColumnType: String, CaseIterable, ExpressibleByArgument {
    case integer = "INTEGER"
    case real = "REAL"
    case numeric = "NUMERIC"
    case text = "TEXT"
    case blob = "BLOB"

    init?(argument: String) {
        self.init(rawValue: argument.uppercased())
    }

    /// The type SQLite's affinity rules give a declared column type (for an existing table).
    init(affinityOf declared: String) {
        let upper = declared.uppercased()
        if upper.contains("INT") {
            self = .integer
        } else if upper.contains("CHAR") || upper.contains("CLOB") || upper.contains("TEXT") {
            self = .text
        } else if upper.contains("BLOB") || upper.isEmpty {
            self = .blob
        } else if upper.contains("REAL") || upper.contains("FLOA") || upper.contains("DOUB") {
            self = .real
        } else {
            self = .numeric
        }
    }

    /// The value classes a column of this type stores without changing them.
    var accepted: ValueClasses {
        switch self {
        case .integer: [.integer, .jsonInteger]
        // JSON integers mixed with reals go to NUMERIC, which keeps each as it came.
        case .real: [.integralDecimal, .fractionalDecimal, .jsonReal]
        case .numeric: [.integer, .jsonInteger, .fractionalDecimal, .jsonReal]
        case .text, .blob: .all
        }
    }

    /// The narrowest type that stores every class in `seen`.
    static func narrowest(storing seen: ValueClasses) -> ColumnType {
        if seen.isEmpty { return .text }
        for type in [ColumnType.integer, .real, .numeric] where type.accepted.isSuperset(of: seen) { return type }
        return .text
    }
}

/// What kind of value a field holds, as a set so a column can remember every kind it has seen.
struct ValueClasses: OptionSet, Hashable {
    let rawValue: UInt8
    /// A CSV integer in canonical form: `0`, `42`, `-7` (not `007`, `+7`, `-0`), within 64 bits.
    static let integer = ValueClasses(rawValue: 1)
    /// A JSON integer (or boolean): a number by type, whatever its spelling.
    static let jsonInteger = ValueClasses(rawValue: 2)
    /// A CSV decimal with an integral value written the way SQLite writes REALs: `5.0`.
    static let integralDecimal = ValueClasses(rawValue: 4)
    /// A CSV decimal written the way SQLite writes it back: `2.5`, `0.001`, `1.0e+20`.
    static let fractionalDecimal = ValueClasses(rawValue: 8)
    /// A JSON number that is not a 64-bit integer.
    static let jsonReal = ValueClasses(rawValue: 16)
    /// Anything else: text, `02134`, `+5`, `0x1E`, `1e5`, `2.50`, JSON strings, arrays and objects.
    static let text = ValueClasses(rawValue: 32)
    static let all: ValueClasses = [.integer, .jsonInteger, .integralDecimal, .fractionalDecimal, .jsonReal, .text]
}

/// A classified field: its class and, for numbers, its value.
struct ClassifiedValue {
    /// Empty for an empty CSV field or a JSON null.
    var kind: ValueClasses
    var integer: Int64 = 0
    var real: Double = 0
}

enum FieldClassifier {
    /// Classifies CSV text (NUL-terminated at `pointer[count]`).
    static func classify(_ pointer: UnsafePointer<UInt8>, _ count: Int) -> ClassifiedValue {
        if count == 0 { return ClassifiedValue(kind: []) }
        var index = 0
        let negative = pointer[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        guard index < count, isDigit(pointer[index]) else { return ClassifiedValue(kind: .text) }
        let integerStart = index
        if pointer[index] == UInt8(ascii: "0"), index + 1 < count, isDigit(pointer[index + 1]) {
            return ClassifiedValue(kind: .text)  // a leading zero: a code such as 02134
        }
        // Accumulate negatively: Int64.min has no positive counterpart.
        var value: Int64 = 0
        var overflow = false
        while index < count, isDigit(pointer[index]) {
            let digit = Int64(pointer[index] &- UInt8(ascii: "0"))
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) = times.subtractingReportingOverflow(digit)
            overflow = overflow || o1 || o2
            value = next
            index += 1
        }
        let integerDigits = index - integerStart
        if index == count {
            if overflow || (negative && value == 0) { return ClassifiedValue(kind: .text) }
            if !negative {
                guard value != Int64.min else { return ClassifiedValue(kind: .text) }
                value = -value
            }
            return ClassifiedValue(kind: .integer, integer: value)
        }
        guard pointer[index] == UInt8(ascii: ".") else {
            if pointer[index] == UInt8(ascii: "e") || pointer[index] == UInt8(ascii: "E") { return checkedBySQLiteText(pointer, count) }
            return ClassifiedValue(kind: .text)
        }
        index += 1
        let fractionStart = index
        while index < count, isDigit(pointer[index]) { index += 1 }
        let fractionDigits = index - fractionStart
        guard fractionDigits > 0 else { return ClassifiedValue(kind: .text) }
        if index < count {
            if pointer[index] == UInt8(ascii: "e") || pointer[index] == UInt8(ascii: "E") { return checkedBySQLiteText(pointer, count) }
            return ClassifiedValue(kind: .text)
        }
        let integralValue = fractionDigits == 1 && pointer[fractionStart] == UInt8(ascii: "0")
        if !integralValue && pointer[index - 1] == UInt8(ascii: "0") { return ClassifiedValue(kind: .text) }  // 2.50
        // Fast path: at most 15 significant digits between 1e-4 and 1e15 print back unchanged
        // with SQLite's %!.15g. Anything else is checked by printing it.
        let integerIsZero = integerDigits == 1 && pointer[integerStart] == UInt8(ascii: "0")
        var significant: Int
        var inRange: Bool
        if integerIsZero {
            var zeros = 0
            while zeros < fractionDigits, pointer[fractionStart + zeros] == UInt8(ascii: "0") { zeros += 1 }
            if zeros == fractionDigits {
                // 0.0 (and -0.0, which SQLite prints as 0.0)
                return negative ? ClassifiedValue(kind: .text) : ClassifiedValue(kind: .integralDecimal, real: 0)
            }
            significant = fractionDigits - zeros
            inRange = zeros <= 3
        } else {
            significant = integralValue ? integerDigits : integerDigits + fractionDigits
            inRange = integerDigits <= 15
        }
        guard significant <= 15 && inRange else { return checkedBySQLiteText(pointer, count) }
        // At most 15 digits make an integer below 2^53, and 10^k is exact for k <= 22, so one
        // division gives the correctly rounded value (what strtod gives), without strtod's cost.
        var mantissa: Int64 = 0
        for offset in integerStart..<(fractionStart - 1) { mantissa = mantissa &* 10 &+ Int64(pointer[offset] &- UInt8(ascii: "0")) }
        for offset in fractionStart..<index { mantissa = mantissa &* 10 &+ Int64(pointer[offset] &- UInt8(ascii: "0")) }
        if mantissa < 1 << 53 && fractionDigits < powersOfTen.count {
            let magnitude = Double(mantissa) / powersOfTen[fractionDigits]
            return ClassifiedValue(kind: integralValue ? .integralDecimal : .fractionalDecimal, real: negative ? -magnitude : magnitude)
        }
        let real = pointer.withMemoryRebound(to: CChar.self, capacity: count + 1) { strtod($0, nil) }
        return ClassifiedValue(kind: integralValue ? .integralDecimal : .fractionalDecimal, real: real)
    }

    /// A decimal or exponent form that counts as a number only if it is exactly the text an
    /// export writes for the number it parses to.
    private static func checkedBySQLiteText(_ pointer: UnsafePointer<UInt8>, _ count: Int) -> ClassifiedValue {
        var end: UnsafeMutablePointer<CChar>?
        let real = pointer.withMemoryRebound(to: CChar.self, capacity: count + 1) { strtod($0, &end) }
        let consumed = end.map { UnsafeRawPointer($0) - UnsafeRawPointer(pointer) } ?? 0
        guard consumed == count, real.isFinite else { return ClassifiedValue(kind: .text) }
        let text = String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
        guard RealText.exactText(real) == text else { return ClassifiedValue(kind: .text) }
        let integral = real == real.rounded() && abs(real) < 9.2e18
        return ClassifiedValue(kind: integral ? .integralDecimal : .fractionalDecimal, real: real)
    }

    /// Classifies a JSON number literal (already checked against JSON's grammar).
    static func classifyJSONNumber(_ pointer: UnsafePointer<UInt8>, _ count: Int) -> ClassifiedValue {
        let isInteger = !UnsafeBufferPointer(start: pointer, count: count).contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
        if isInteger {
            let parsed = classify(pointer, count)
            if parsed.kind == .integer { return ClassifiedValue(kind: .jsonInteger, integer: parsed.integer) }
            // JSON's -0 is zero; an integer past 64 bits stays exact as text.
            if count == 2 && pointer[0] == UInt8(ascii: "-") && pointer[1] == UInt8(ascii: "0") {
                return ClassifiedValue(kind: .jsonInteger, integer: 0)
            }
            return ClassifiedValue(kind: .text)
        }
        let real = pointer.withMemoryRebound(to: CChar.self, capacity: count + 1) { strtod($0, nil) }
        guard real.isFinite else { return ClassifiedValue(kind: .text) }
        return ClassifiedValue(kind: .jsonReal, real: real)
    }

    /// Reads text as an integer the user declared with `--type col=INTEGER`: a sign and leading
    /// zeros are allowed there (the user asked for the number).
    static func parseLooseInteger(_ pointer: UnsafePointer<UInt8>, _ count: Int) -> Int64? {
        guard count > 0 else { return nil }
        let text = String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
        return Int64(text.hasPrefix("+") ? String(text.dropFirst()) : text)
    }

    /// Reads text as a real the user declared with `--type col=REAL`: any decimal notation.
    static func parseLooseReal(_ pointer: UnsafePointer<UInt8>, _ count: Int) -> Double? {
        guard count > 0, isDigit(pointer[count - 1]) || pointer[count - 1] == UInt8(ascii: ".") else { return nil }
        var end: UnsafeMutablePointer<CChar>?
        let real = pointer.withMemoryRebound(to: CChar.self, capacity: count + 1) { strtod($0, &end) }
        let consumed = end.map { UnsafeRawPointer($0) - UnsafeRawPointer(pointer) } ?? 0
        let first = pointer[0]
        guard consumed == count, real.isFinite, isDigit(first) || first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: ".") else { return nil }
        // strtod also reads hex (0x1E); a declared REAL column takes decimal notation only.
        if UnsafeBufferPointer(start: pointer, count: count).contains(where: { $0 == UInt8(ascii: "x") || $0 == UInt8(ascii: "X") }) { return nil }
        return real
    }

    /// Whether SQLite's numeric affinity would turn this text into a number (so storing it as
    /// text in a numeric column of an existing table would silently change it).
    static func looksNumericToSQLite(_ pointer: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var index = 0
        while index < count, isSpace(pointer[index]) { index += 1 }
        if index < count, pointer[index] == UInt8(ascii: "+") || pointer[index] == UInt8(ascii: "-") { index += 1 }
        var digits = 0
        while index < count, isDigit(pointer[index]) { index += 1; digits += 1 }
        if index < count, pointer[index] == UInt8(ascii: ".") {
            index += 1
            while index < count, isDigit(pointer[index]) { index += 1; digits += 1 }
        }
        guard digits > 0 else { return false }
        if index < count, pointer[index] == UInt8(ascii: "e") || pointer[index] == UInt8(ascii: "E") {
            index += 1
            if index < count, pointer[index] == UInt8(ascii: "+") || pointer[index] == UInt8(ascii: "-") { index += 1 }
            var exponentDigits = 0
            while index < count, isDigit(pointer[index]) { index += 1; exponentDigits += 1 }
            guard exponentDigits > 0 else { return false }
        }
        while index < count, isSpace(pointer[index]) { index += 1 }
        return index == count
    }

    /// Decodes hex digits (a `--type col=BLOB` column), or returns `nil` if the text is not hex.
    static func decodeHex(_ pointer: UnsafePointer<UInt8>, _ count: Int) -> [UInt8]? {
        guard count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count / 2)
        var index = 0
        while index < count {
            guard let high = hexValue(pointer[index]), let low = hexValue(pointer[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    /// 10^0 … 10^22: every one is exactly representable as a Double.
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
    @inline(__always) static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

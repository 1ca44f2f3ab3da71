// Fuzz target: the date and number text parsers (Date, UInt64 and the other integer widths,
// Double, Float from SQLite values of every storage class).
// Promises checked: no crash, and
// - a date Slate reads from text is written back as text that reads back as the same instant
//   (to the millisecond the text format keeps);
// - where SQLite's own julianday() also reads the text, both agree on the instant;
// - an integer read from a value is exactly that value (no rounding or wrap-around).
import Foundation
import SlateCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTextParsers(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let text = input.text(limit: 128)

    if let date = Date(SQLiteValue.text(text)) {
        // A date read from text writes back, unless its instant in UTC is outside the years
        // 0000-9999 that date text holds: a local time near an end with an offset
        // ("9999-12-31T21:59-2320"), or a fraction that rounds past the end when written in
        // milliseconds ("9999-12-31T23:59:59.9999"). There a clear error is the promise.
        let written: String
        do {
            written = try SQLiteDateFormat.string(from: date)
        } catch {
            let seconds = date.timeIntervalSince1970
            let outside = seconds >= 253_402_300_799.9995 || seconds < -62_167_219_200
            if !outside {
                fuzzFailure("\(text.debugDescription) read as \(seconds), which does not write back: \(error)")
            }
            return 0
        }
        guard let reread = Date(SQLiteValue.text(written)) else {
            fuzzFailure("\(text.debugDescription) read as \(date), written as \(written), which does not read back")
        }
        if (reread.timeIntervalSince1970 - date.timeIntervalSince1970).magnitude > 0.001 {
            fuzzFailure("\(text.debugDescription) read as \(date.timeIntervalSince1970), round trip gave \(reread.timeIntervalSince1970)")
        }
        let db = boundedConnection()
        if let julian = try? db.scalar(Double.self, "SELECT julianday(?)", text) {
            let seconds = (julian - 2_440_587.5) * 86_400
            // julianday() keeps about a millisecond of precision at today's dates.
            if (seconds - date.timeIntervalSince1970).magnitude > 0.002 {
                fuzzFailure("\(text.debugDescription): Slate reads \(date.timeIntervalSince1970), SQLite \(seconds)")
            }
        }
    }

    // Numbers of every storage class, through every integer width and both float widths.
    let value: SQLiteValue = input.isAtEnd ? .text(text) : input.value()
    func checkExact<T: FixedWidthInteger & SQLiteRepresentable>(_ type: T.Type) {
        guard let read = T(value) else { return }
        switch value {
        case .int(let original): if Int64(exactly: read) != original { fuzzFailure("\(value) read as \(T.self) \(read)") }
        case .real(let original): if Double(exactly: read) != original { fuzzFailure("\(value) read as \(T.self) \(read)") }
        case .text(let original):
            // The text's integer value (Swift's parser takes a sign and leading zeros: "-0" is 0).
            var digits = Substring(original)
            let negative = digits.first == "-"
            if digits.first == "+" || digits.first == "-" { digits = digits.dropFirst() }
            while digits.count > 1 && digits.first == "0" { digits = digits.dropFirst() }
            if String(read) != digits || (negative && read != 0) { fuzzFailure("\(value) read as \(T.self) \(read)") }
        default: fuzzFailure("\(value) read as \(T.self) \(read)")
        }
    }
    checkExact(Int.self)
    checkExact(Int8.self)
    checkExact(Int16.self)
    checkExact(Int32.self)
    checkExact(Int64.self)
    checkExact(UInt.self)
    checkExact(UInt8.self)
    checkExact(UInt16.self)
    checkExact(UInt32.self)
    checkExact(UInt64.self)
    _ = Double(value)
    _ = Float(value)
    _ = Bool(value)
    _ = Date(value)
    _ = UUID(value)
    return 0
}

import Foundation

/// Formats and parses the date texts Slate writes and SQLite understands, without Foundation's
/// formatters (which are slow and locale-dependent).
public enum SQLiteDateFormat {
    /// The years date text holds: four digits, the range of SQLite's date and time functions.
    public static let years: ClosedRange<Int> = 0...9999

    /// The first and last millisecond since 1970 that date text holds
    /// (`0000-01-01T00:00:00.000` and `9999-12-31T23:59:59.999`).
    private static let firstMillisecond: Int64 = -62_167_219_200_000
    private static let lastMillisecond: Int64 = 253_402_300_799_999

    /// Formats a date as UTC `yyyy-MM-dd'T'HH:mm:ss.SSS`, rounded to the millisecond.
    ///
    /// Parsing the text gives back the date to the millisecond, and formatting that date again
    /// gives the same text.
    ///
    /// - Parameter date: The date.
    /// - Returns: Text such as `2014-11-18T12:45:30.000`.
    /// - Throws: ``SQLiteError`` (`SQLITE_MISMATCH`) when the date, rounded to the millisecond, is
    ///   outside the years 0000–9999 (``years``), or its time is infinite or NaN.
    public static func string(from date: Date) throws(SQLiteError) -> String {
        guard let text = text(from: date) else { throw outOfRange(date) }
        return text
    }

    /// The text of a date, or `nil` when it is outside the years 0000–9999 (see
    /// ``string(from:)``).
    static func text(from date: Date) -> String? {
        let scaled = (date.timeIntervalSince1970 * 1000).rounded()
        // NaN fails both comparisons; the bounds are exact as doubles, so the conversion below
        // cannot trap.
        guard scaled >= Double(firstMillisecond), scaled <= Double(lastMillisecond) else { return nil }
        let (seconds, millisecond) = floorDivide(Int64(scaled), 1000)
        let (days, secondOfDay) = floorDivide(seconds, 86_400)
        let (year, month, day) = civil(fromDays: days)
        // Every field is non-negative and fits its width (the year is 0...9999 by the guard).
        return String(unsafeUninitializedCapacity: 23) { buffer in
            func put(_ value: Int64, width: Int, at offset: Int) {
                var rest = value
                for position in stride(from: offset + width - 1, through: offset, by: -1) {
                    buffer[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                    rest /= 10
                }
            }
            put(year, width: 4, at: 0)
            buffer[4] = UInt8(ascii: "-")
            put(month, width: 2, at: 5)
            buffer[7] = UInt8(ascii: "-")
            put(day, width: 2, at: 8)
            buffer[10] = UInt8(ascii: "T")
            put(secondOfDay / 3600, width: 2, at: 11)
            buffer[13] = UInt8(ascii: ":")
            put(secondOfDay % 3600 / 60, width: 2, at: 14)
            buffer[16] = UInt8(ascii: ":")
            put(secondOfDay % 60, width: 2, at: 17)
            buffer[19] = UInt8(ascii: ".")
            put(millisecond, width: 3, at: 20)
            return 23
        }
    }

    /// The error for a date that date text cannot hold.
    static func outOfRange(_ date: Date) -> SQLiteError {
        // The interval, not the date's description: formatting an infinite date is itself unsafe.
        // SQLITE_MISMATCH, as for an integer that does not fit (see `FixedWidthInteger.outOfRange`).
        SQLiteError.mismatch(
            "the date \(date.timeIntervalSince1970) seconds from 1970 is outside the years 0000–9999 "
                + "that date text (and SQLite's date functions) can hold")
    }

    /// Parses ISO-8601 and SQLite date and time text.
    ///
    /// - Parameter text: Text such as `2024-02-29`, `2024-02-29 13:45`, `2024-02-29T13:45:10.123456Z`
    ///   or `2024-02-29 13:45:10+02:00`. Times without an offset are UTC.
    /// - Returns: The date, or `nil` when the text is not a valid date.
    public static func date(from text: String) -> Date? {
        var text = text
        return text.withUTF8 { date(utf8: $0) }
    }

    /// Parses date text given as UTF-8 bytes (see ``date(from:)``).
    static func date(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        // The text Slate and SQLite.swift write, read at fixed offsets; any other text (or a
        // field out of range, which the scanner then rejects too) takes the general path.
        if bytes.count == 23, let date = canonicalDate(bytes) { return date }
        var scanner = Scanner(bytes)
        guard let year = scanner.digits(4), scanner.take("-"),
            let month = scanner.digits(2), scanner.take("-"),
            let day = scanner.digits(2),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        // Whole seconds as an integer and the fraction as an integer count of its digits (up to
        // microseconds), so that `…:10.123` is exactly `Date(timeIntervalSince1970: ….123)`.
        var seconds = Int64(days(fromYear: year, month: month, day: day)) * 86_400
        var fraction: Int64 = 0
        var scale: Int64 = 1
        if scanner.take("T") || scanner.take(" ") {
            guard let hour = scanner.digits(2), scanner.take(":"), let minute = scanner.digits(2),
                hour < 24, minute < 60
            else { return nil }
            seconds += Int64(hour * 3600 + minute * 60)
            if scanner.take(":") {
                guard let whole = scanner.digits(2), whole < 60 else { return nil }
                seconds += Int64(whole)
                if scanner.take(".") {
                    var sawDigit = false
                    while let digit = scanner.digit() {
                        // Digits past the microsecond are below a Date's resolution in this range.
                        if scale < 1_000_000 {
                            fraction = fraction * 10 + Int64(digit)
                            scale *= 10
                        }
                        sawDigit = true
                    }
                    guard sawDigit else { return nil }
                }
            }
            if scanner.take("Z") || scanner.take("z") {
                // UTC
            } else if let sign = scanner.sign() {
                guard let offsetHours = scanner.digits(2) else { return nil }
                _ = scanner.take(":")
                guard let offsetMinutes = scanner.digits(2), offsetHours < 24, offsetMinutes < 60 else { return nil }
                seconds -= Int64(sign * (offsetHours * 3600 + offsetMinutes * 60))
            }
        }
        guard scanner.atEnd else { return nil }
        // |seconds| < 2^38 and scale ≤ 10^6: the product cannot overflow, and below 2^53 (at most
        // milliseconds) it converts exactly, leaving one correctly rounded division.
        return Date(timeIntervalSince1970: Double(seconds * scale + fraction) / Double(scale))
    }

    /// Parses `yyyy-MM-dd'T'HH:mm:ss.SSS` (``string(from:)``'s text, or with a space for the `T`)
    /// at fixed offsets, with the general parser's checks: every field digits only, the month,
    /// day, hour, minute and second in range. The value is the general parser's, to the bit
    /// (whole seconds and milliseconds as integers, one division).
    ///
    /// - Parameter bytes: 23 bytes of UTF-8.
    /// - Returns: The date, or `nil` when the text is not exactly that form.
    @inline(__always)
    private static func canonicalDate(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: ".")
        else { return nil }
        // Every digit is checked without a branch per digit: `largest` keeps the largest byte
        // minus "0" (a byte below "0" wraps above 9), tested once.
        var largest: UInt8 = 0
        func number(_ start: Int, _ width: Int) -> Int {
            var value = 0
            for offset in start..<(start + width) {
                let digit = bytes[offset] &- UInt8(ascii: "0")
                largest = max(largest, digit)
                value = value &* 10 &+ Int(digit)
            }
            return value
        }
        let year = number(0, 4), month = number(5, 2), day = number(8, 2)
        let hour = number(11, 2), minute = number(14, 2), second = number(17, 2), millisecond = number(20, 3)
        guard largest < 10, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let seconds = Int64(days(fromYear: year, month: month, day: day)) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return Date(timeIntervalSince1970: Double(seconds * 1000 + Int64(millisecond)) / 1000)
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0
        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }
        var atEnd: Bool { position == bytes.count }
        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
            position += 1
            return true
        }
        mutating func digit() -> Int? {
            guard position < bytes.count, (48...57).contains(bytes[position]) else { return nil }
            defer { position += 1 }
            return Int(bytes[position] - 48)
        }
        mutating func digits(_ count: Int) -> Int? {
            var value = 0
            for _ in 0..<count {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        mutating func sign() -> Int? {
            if take("+") { return 1 }
            if take("-") { return -1 }
            return nil
        }
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let quotient = value >= 0 ? value / divisor : -((-value - 1) / divisor) - 1
        return (quotient, value - quotient * divisor)
    }

    private static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    @inline(__always)
    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    // Howard Hinnant's days-from-civil and civil-from-days algorithms (proleptic Gregorian).
    @inline(__always)
    private static func days(fromYear year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPrime = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
        let month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

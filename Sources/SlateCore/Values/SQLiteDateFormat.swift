import Foundation

/// Formats and parses the date texts Slate writes and SQLite understands, without Foundation's
/// formatters (which are slow and locale-dependent).
public enum SQLiteDateFormat {
    /// Formats a date as UTC `yyyy-MM-dd'T'HH:mm:ss.SSS`, rounded to the millisecond.
    ///
    /// - Parameter date: The date.
    /// - Returns: Text such as `2014-11-18T12:45:30.000`.
    public static func string(from date: Date) -> String {
        let totalMilliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let (seconds, millisecond) = floorDivide(totalMilliseconds, 1000)
        let (days, secondOfDay) = floorDivide(seconds, 86_400)
        let (year, month, day) = civil(fromDays: days)
        var out = [UInt8]()
        out.reserveCapacity(23)
        append(year, width: 4, to: &out)
        out.append(UInt8(ascii: "-"))
        append(month, width: 2, to: &out)
        out.append(UInt8(ascii: "-"))
        append(day, width: 2, to: &out)
        out.append(UInt8(ascii: "T"))
        append(secondOfDay / 3600, width: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        append(secondOfDay % 3600 / 60, width: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        append(secondOfDay % 60, width: 2, to: &out)
        out.append(UInt8(ascii: "."))
        append(millisecond, width: 3, to: &out)
        return String(decoding: out, as: UTF8.self)
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
        var scanner = Scanner(bytes)
        guard let year = scanner.digits(4), scanner.take("-"),
              let month = scanner.digits(2), scanner.take("-"),
              let day = scanner.digits(2),
              (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var seconds = Double(days(fromYear: year, month: month, day: day)) * 86_400
        if scanner.take("T") || scanner.take(" ") {
            guard let hour = scanner.digits(2), scanner.take(":"), let minute = scanner.digits(2),
                  hour < 24, minute < 60
            else { return nil }
            var second = 0.0
            if scanner.take(":") {
                guard let whole = scanner.digits(2), whole < 60 else { return nil }
                second = Double(whole)
                if scanner.take(".") {
                    var scale = 0.1
                    var sawDigit = false
                    while let digit = scanner.digit() {
                        second += Double(digit) * scale
                        scale /= 10
                        sawDigit = true
                    }
                    guard sawDigit else { return nil }
                }
            }
            seconds += Double(hour * 3600 + minute * 60) + second
            if scanner.take("Z") || scanner.take("z") {
                // UTC
            } else if let sign = scanner.sign() {
                guard let offsetHours = scanner.digits(2) else { return nil }
                _ = scanner.take(":")
                guard let offsetMinutes = scanner.digits(2), offsetHours < 24, offsetMinutes < 60 else { return nil }
                seconds -= Double(sign * (offsetHours * 3600 + offsetMinutes * 60))
            }
        }
        guard scanner.atEnd else { return nil }
        return Date(timeIntervalSince1970: seconds)
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

    private static func append(_ value: Int64, width: Int, to out: inout [UInt8]) {
        var digits = [UInt8](repeating: UInt8(ascii: "0"), count: width)
        var rest = value
        var index = width - 1
        while index >= 0 {
            digits[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
            index -= 1
        }
        out.append(contentsOf: digits)
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let quotient = value >= 0 ? value / divisor : -((-value - 1) / divisor) - 1
        return (quotient, value - quotient * divisor)
    }

    private static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    // Howard Hinnant's days-from-civil and civil-from-days algorithms (proleptic Gregorian).
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

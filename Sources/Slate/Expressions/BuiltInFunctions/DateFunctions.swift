import Foundation

/// SQLite's date and time functions: `date`, `time`, `datetime`, `julianday`, `strftime`.
///
/// ```swift
/// DateFunctions.date("now")                      // date('now')
/// DateFunctions.datetime("now", "-1 day")        // datetime('now', '-1 day')
/// ```
public enum DateFunctions {
    /// `date(timestring, modifiers…)`: `YYYY-MM-DD`.
    ///
    /// - Parameters:
    ///   - timestring: A time value such as `now` or `2014-11-18T12:45:30.000`.
    ///   - modifiers: Modifiers such as `start of month` or `+1 day`.
    /// - Returns: The date, or `NULL` for an invalid time value.
    public static func date(_ timestring: String, _ modifiers: String...) -> SQLExpression<Date?> {
        call("date", timestring, modifiers)
    }

    /// `time(timestring, modifiers…)`: `HH:MM:SS`.
    ///
    /// - Parameters:
    ///   - timestring: A time value.
    ///   - modifiers: Modifiers.
    /// - Returns: The time text, or `NULL`.
    public static func time(_ timestring: String, _ modifiers: String...) -> SQLExpression<String?> {
        call("time", timestring, modifiers)
    }

    /// `datetime(timestring, modifiers…)`: `YYYY-MM-DD HH:MM:SS`.
    ///
    /// - Parameters:
    ///   - timestring: A time value.
    ///   - modifiers: Modifiers.
    /// - Returns: The date and time, or `NULL`.
    public static func datetime(_ timestring: String, _ modifiers: String...) -> SQLExpression<Date?> {
        call("datetime", timestring, modifiers)
    }

    /// `julianday(timestring, modifiers…)`: the Julian day number.
    ///
    /// - Parameters:
    ///   - timestring: A time value.
    ///   - modifiers: Modifiers.
    /// - Returns: The number of days, or `NULL`.
    public static func julianday(_ timestring: String, _ modifiers: String...) -> SQLExpression<Double?> {
        call("julianday", timestring, modifiers)
    }

    /// `strftime(format, timestring, modifiers…)`.
    ///
    /// - Parameters:
    ///   - format: The format, such as `%Y-%m`.
    ///   - timestring: A time value.
    ///   - modifiers: Modifiers.
    /// - Returns: The formatted text, or `NULL`.
    public static func strftime(_ format: String, _ timestring: String, _ modifiers: String...) -> SQLExpression<String?> {
        SQLTemplate.call("strftime", [format, timestring] + modifiers)
    }

    static func call<T>(_ function: String, _ timestring: any Expressible, _ modifiers: [String]) -> SQLExpression<T> {
        SQLTemplate.call(function, [timestring] + modifiers)
    }
}

extension Date {
    /// `date(self)`: the date part, as an expression.
    public var date: SQLExpression<Date?> { DateFunctions.call("date", self, []) }
    /// `time(self)`: the time part, as an expression.
    public var time: SQLExpression<String?> { DateFunctions.call("time", self, []) }
    /// `datetime(self)`, as an expression.
    public var datetime: SQLExpression<Date?> { DateFunctions.call("datetime", self, []) }
    /// `julianday(self)`, as an expression.
    public var julianday: SQLExpression<Double?> { DateFunctions.call("julianday", self, []) }
}

extension SQLExpression where Datatype == Date {
    /// `date(column)`: the date part.
    public var date: SQLExpression<Date?> { DateFunctions.call("date", self, []) }
    /// `time(column)`: the time part.
    public var time: SQLExpression<String?> { DateFunctions.call("time", self, []) }
    /// `datetime(column)`.
    public var datetime: SQLExpression<Date?> { DateFunctions.call("datetime", self, []) }
    /// `julianday(column)`.
    public var julianday: SQLExpression<Double?> { DateFunctions.call("julianday", self, []) }
}

extension SQLExpression where Datatype == Date? {
    /// `date(column)`: the date part.
    public var date: SQLExpression<Date?> { DateFunctions.call("date", self, []) }
    /// `time(column)`: the time part.
    public var time: SQLExpression<String?> { DateFunctions.call("time", self, []) }
    /// `datetime(column)`.
    public var datetime: SQLExpression<Date?> { DateFunctions.call("datetime", self, []) }
    /// `julianday(column)`.
    public var julianday: SQLExpression<Double?> { DateFunctions.call("julianday", self, []) }
}

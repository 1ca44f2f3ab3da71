import Foundation

extension Function {
    /// The `REGEXP` function, so that `x REGEXP pattern` works in SQL.
    ///
    /// SQLite parses `x REGEXP p` but ships no implementation; register this one with
    /// ``Connection/add(function:)``:
    ///
    /// ```swift
    /// try db.add(function: Function.Regexp.self)
    /// let rows = try db.prepare("SELECT email FROM users WHERE email REGEXP '[a-z]+@example\\.com'")
    /// ```
    ///
    /// Patterns use `NSRegularExpression` syntax (ICU) and must match the **whole** text, not a
    /// part of it: `'abc' REGEXP 'b'` is false, `'abc' REGEXP '.*b.*'` is true. A NULL operand
    /// gives NULL, numbers are matched by their text, and an invalid pattern fails the statement
    /// with an ``SQLiteError`` naming the pattern. Compiled patterns are cached.
    public final class Regexp: Scalar {
        /// `"REGEXP"`, the name SQLite calls for the `REGEXP` operator.
        public override class var name: String { "REGEXP" }

        /// 2: `x REGEXP p` calls `regexp(p, x)`.
        public override class var argc: Int32 { 2 }

        /// Deterministic and innocuous, so it can be used in indexes, views and CHECK constraints.
        public override class var options: Options { [.deterministic, .innocuous] }

        /// Matches the text (second argument) against the pattern (first argument).
        ///
        /// - Parameter args: The pattern and the text.
        /// - Returns: `true` when the pattern matches the whole text, `nil` when either is NULL.
        /// - Throws: ``SQLiteError`` for an invalid pattern.
        public override class func invoke(args: Arguments) throws -> (any SQLiteRepresentable)? {
            guard let pattern = text(of: args[0]), let subject = text(of: args[1]) else { return nil }
            let expression = try RegexpCache.shared.expression(for: pattern)
            let range = NSRange(subject.startIndex..<subject.endIndex, in: subject)
            return expression.firstMatch(in: subject, options: [], range: range) != nil
        }

        /// An operand as text, as SQLite would convert it; `nil` for NULL.
        private static func text(of value: SQLiteValue) -> String? {
            switch value {
            case .text(let text): text
            case .int(let number): String(number)
            case .real(let number): String(number)
            case .blob(let data): String(decoding: data, as: UTF8.self)
            case .null: nil
            }
        }
    }
}

/// Compiled `REGEXP` patterns, shared by all connections (NSRegularExpression is immutable and
/// safe to use from several threads), bounded so that ad-hoc patterns cannot grow it forever.
final class RegexpCache: @unchecked Sendable {
    static let shared = RegexpCache()

    /// The most patterns kept; the cache is emptied when it is full.
    private let capacity = 128
    private let lock = NSLock()
    private var expressions: [String: NSRegularExpression] = [:]

    /// The compiled, whole-text-anchored form of a pattern.
    ///
    /// - Throws: ``SQLiteError`` when the pattern is not a valid regular expression.
    func expression(for pattern: String) throws(SQLiteError) -> NSRegularExpression {
        if let cached = lock.withLock({ expressions[pattern] }) { return cached }
        let anchored: NSRegularExpression
        do {
            // The pattern is compiled alone first, so that an unbalanced one such as "a)(b" is
            // reported rather than completed by the anchoring group around it.
            // (Foundation rejects an empty pattern, which simply matches only empty text.)
            if !pattern.isEmpty { _ = try NSRegularExpression(pattern: pattern) }
            anchored = try NSRegularExpression(pattern: "\\A(?:" + pattern + ")\\z")
        } catch {
            throw SQLiteError.error("invalid regular expression \(SQLiteValue.quote(pattern)) in REGEXP: \(error.localizedDescription)")
        }
        lock.withLock {
            if expressions.count >= capacity { expressions.removeAll(keepingCapacity: true) }
            expressions[pattern] = anchored
        }
        return anchored
    }
}

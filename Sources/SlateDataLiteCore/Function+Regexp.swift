import Foundation

extension Function {
    /// The `REGEXP` function, so that `x REGEXP pattern` works in SQL.
    ///
    /// SQLite parses `x REGEXP p` but ships no implementation; register this one with
    /// `Connection/add(function:)`:
    ///
    /// ```swift
    /// try db.add(function: Function.Regexp.self)
    /// let rows = try db.prepare("SELECT email FROM users WHERE email REGEXP '[a-z]+@example\\.com'")
    /// ```
    ///
    /// Patterns use `NSRegularExpression` syntax (ICU) and must match the **whole** text, not a
    /// part of it: `'abc' REGEXP 'b'` is false, `'abc' REGEXP '.*b.*'` is true. A NULL operand
    /// gives NULL, numbers are matched by their text, a pattern that is not text fails with
    /// `Error/invalidArguments`, and an invalid pattern fails the statement with an
    /// `SQLiteError` naming the pattern. Compiled patterns are cached.
    public final class Regexp: Scalar {
        /// `"REGEXP"`, the name SQLite calls for the `REGEXP` operator.
        public override class var name: String { "REGEXP" }

        /// 2: `x REGEXP p` calls `regexp(p, x)`.
        public override class var argc: Int32 { 2 }

        /// Deterministic and innocuous, so it can be used in indexes, views and CHECK constraints.
        public override class var options: Options { [.deterministic, .innocuous] }

        /// Why a `REGEXP` call failed (DataLiteCore's error cases); the statement that made the
        /// call fails with the description as its message.
        public enum Error: Swift.Error, CustomStringConvertible {
            /// The pattern is not text (a number or a blob), or a call passed the wrong count.
            case invalidArguments
            /// The pattern does not compile; the associated error says why.
            case regexError(any Swift.Error)

            /// The message the failing statement reports.
            public var description: String {
                switch self {
                case .invalidArguments:
                    "REGEXP needs a text pattern and a value"
                case .regexError(let error as SQLiteError):
                    error.explanation
                case .regexError(let error):
                    "invalid regular expression in REGEXP: \(error)"
                }
            }
        }

        /// Matches the text (second argument) against the pattern (first argument).
        ///
        /// - Parameter args: The pattern and the text.
        /// - Returns: Whether the whole text matches, or `nil` (NULL) when either is NULL.
        /// - Throws: `Error/invalidArguments` for a pattern that is not text,
        ///   `Error/regexError(_:)` for a pattern that does not compile.
        public override class func invoke(args: Arguments) throws -> (any SQLiteRepresentable)? {
            guard args.count == 2 else { throw Error.invalidArguments }
            let pattern: String
            switch args[0] {
            case .null: return nil
            case .text(let text): pattern = text
            case .int, .real, .blob: throw Error.invalidArguments
            }
            guard let subject = text(of: args[1]) else { return nil }
            let expression: NSRegularExpression
            do {
                expression = try RegexpCache.shared.expression(for: pattern)
            } catch {
                throw Error.regexError(error)
            }
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
    /// - Throws: `SQLiteError` when the pattern is not a valid regular expression.
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

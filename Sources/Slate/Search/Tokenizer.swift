/// A full-text tokenizer: how FTS splits text into terms.
///
/// ```swift
/// try db.run(emails.create(.FTS4([subject, body], tokenize: .Porter)))
/// // CREATE VIRTUAL TABLE "emails" USING fts4("subject", "body", tokenize=porter)
/// ```
public struct Tokenizer: Sendable, Hashable, CustomStringConvertible {
    /// `simple`: ASCII case folding, splitting on non-alphanumerics.
    public static let Simple = Tokenizer("simple")
    /// `porter`: `simple` plus Porter stemming (English).
    public static let Porter = Tokenizer("porter")

    /// `unicode61`: Unicode case folding and word boundaries.
    ///
    /// - Parameters:
    ///   - removeDiacritics: Whether to fold diacritics (`"remove_diacritics=1"`), if given.
    ///   - tokenchars: Characters that are part of terms.
    ///   - separators: Characters that separate terms.
    /// - Returns: The tokenizer.
    public static func Unicode61(
        removeDiacritics: Bool? = nil, tokenchars: Set<Character> = [], separators: Set<Character> = []
    ) -> Tokenizer {
        // FTS4 takes `"key=value"` arguments, FTS5 `key 'value'` pairs inside one string.
        var options: [(key: String, value: String)] = []
        if let removeDiacritics { options.append(("remove_diacritics", removeDiacritics ? "1" : "0")) }
        // Sorted so the generated SQL does not depend on Set order.
        if !tokenchars.isEmpty { options.append(("tokenchars", String(tokenchars.sorted()))) }
        if !separators.isEmpty { options.append(("separators", String(separators.sorted()))) }
        return Tokenizer(
            "unicode61", options.map { SQLiteValue.quoteIdentifier($0.key + "=" + $0.value) },
            fts5Options: options.map { $0.key + " " + SQLiteValue.quote($0.value) })
    }

    /// FTS5's `trigram` tokenizer (SQLite 3.34+), for substring search.
    ///
    /// - Parameter caseSensitive: Whether matching is case-sensitive.
    /// - Returns: The tokenizer.
    public static func Trigram(caseSensitive: Bool = false) -> Tokenizer {
        Tokenizer("trigram", [], fts5Options: ["case_sensitive " + (caseSensitive ? "1" : "0")])
    }

    /// A tokenizer by name: one SQLite provides (`icu`, `ascii`, …) or one registered on the
    /// connection, with its arguments.
    ///
    /// - Parameters:
    ///   - name: The tokenizer's name.
    ///   - arguments: Its arguments: each quoted for FTS4, joined with spaces for FTS5.
    /// - Returns: The tokenizer.
    public static func Custom(_ name: String, _ arguments: [String] = []) -> Tokenizer {
        Tokenizer(
            SQLiteValue.quoteIdentifier(name), arguments.map(SQLiteValue.quoteIdentifier), fts5Name: name,
            fts5Options: arguments)
    }

    /// The tokenizer's name as it appears in SQL.
    public let name: String
    /// The tokenizer's arguments as they appear in SQL.
    public let arguments: [String]

    /// FTS5's spelling: the name and the options, inside one quoted string when there are options.
    let fts5Value: String

    private init(_ name: String, _ arguments: [String] = [], fts5Name: String? = nil, fts5Options: [String] = []) {
        self.name = name
        self.arguments = arguments
        let words = [fts5Name ?? name] + fts5Options
        fts5Value = fts5Options.isEmpty && fts5Name == nil ? name : SQLiteValue.quoteIdentifier(words.joined(separator: " "))
    }

    /// The FTS4 `tokenize=` value: the name followed by the arguments.
    public var description: String { ([name] + arguments).joined(separator: " ") }
}

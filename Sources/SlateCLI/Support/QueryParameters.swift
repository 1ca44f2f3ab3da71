import SlateCore
import SlateSchema

/// `--param name=value` values, bound by name (`:name`, `@name`, `$name`) or by number
/// (`1=value` for the first `?`). A value that is a canonical integer or decimal is bound as a
/// number, anything else as text.
struct QueryParameters {
    private var values: [String: SQLiteValue] = [:]

    /// Parses the `--param` arguments.
    ///
    /// - Throws: `ValidationError` for an entry without `=`.
    init(_ entries: [String]) throws {
        for entry in entries {
            guard let equals = entry.firstIndex(of: "="), equals != entry.startIndex else {
                throw ValidationErrorMessage("--param \(entry): expected name=value")
            }
            var name = String(entry[..<equals])
            if let first = name.first, ":@$?".contains(first) { name.removeFirst() }
            values[name] = Self.value(String(entry[entry.index(after: equals)...]))
        }
    }

    static func value(_ text: String) -> SQLiteValue {
        var bytes = Array(text.utf8)
        bytes.append(0)
        let classified = bytes.withUnsafeBufferPointer { buffer -> ClassifiedValue in
            guard let base = buffer.baseAddress else { return ClassifiedValue(kind: .text) }
            return FieldClassifier.classify(base, buffer.count - 1)
        }
        switch classified.kind {
        case .integer: return .int(classified.integer)
        case .integralDecimal, .fractionalDecimal: return .real(classified.real)
        default: return .text(text)
        }
    }

    /// Binds every parameter of `statement`.
    ///
    /// - Throws: ``CLIError`` (exit 64) for a parameter no `--param` gives.
    func bind(_ statement: Statement, number: Int) throws {
        let count = statement.parameterCount()
        guard count > 0 else { return }
        for index in 1...count {
            let name = statement.parameterNameBy(index).map { String($0.dropFirst()) } ?? String(index)
            guard let value = values[name] ?? values[String(index)] else {
                throw CLIError("statement \(number) uses parameter \(statement.parameterNameBy(index) ?? "?\(index)"), which no --param gives (--param \(name)=value)", exitCode: 64)
            }
            do {
                try statement.bind(value, at: index)
            } catch {
                throw CLIError(error.explanation)
            }
        }
    }
}

/// A usage error raised outside ArgumentParser's own validation (exit 64).
func ValidationErrorMessage(_ message: String) -> CLIError {
    CLIError(message, exitCode: 64)
}

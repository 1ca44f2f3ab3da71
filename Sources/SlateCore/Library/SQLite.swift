/// Facts about the linked SQLite library, for run-time feature checks.
///
/// The one home of the linked library's version in Slate: the features that need a newer one
/// are listed with their versions beside it (`SQLiteFeature`), and SQLite.swift's
/// `Connection.sqliteVersion` is a view of ``versionNumber``.
public enum SQLite {
    /// The library's version, such as `"3.40.1"`.
    public static var version: String { String(cString: sqlite3_libversion()) }

    /// The version as a number, such as `3040001` for 3.40.1.
    public static var versionNumber: Int32 { sqlite3_libversion_number() }

    /// The source identifier of the build.
    public static var sourceID: String { String(cString: sqlite3_sourceid()) }

    /// The options the library was compiled with (without the `SQLITE_` prefix).
    public static var compileOptions: [String] {
        var options: [String] = []
        var index: Int32 = 0
        while let option = sqlite3_compileoption_get(index) {
            options.append(String(cString: option))
            index += 1
        }
        return options
    }

    /// Whether the library was compiled with an option.
    ///
    /// - Parameter option: The option, with or without the `SQLITE_` prefix (`"ENABLE_FTS5"`).
    public static func hasCompileOption(_ option: String) -> Bool {
        // SQLite would look up the part before a NUL: another option.
        !option.utf8.contains(0) && sqlite3_compileoption_used(option) != 0
    }

    /// Whether the library is SQLCipher (the `SQLCipher` package trait).
    public static var isSQLCipher: Bool {
        #if SQLCipher
        true
        #else
        false
        #endif
    }

    /// Throws unless the linked SQLite is at least a version, naming the feature that needs it.
    ///
    /// - Parameters:
    ///   - feature: What needs the version, for the error message (`"RETURNING"`).
    ///   - minimum: The version number required, such as `3035000`.
    /// - Throws: ``SQLiteError`` when the library is older.
    public static func require(_ feature: String, version minimum: Int32) throws(SQLiteError) {
        guard versionNumber < minimum else { return }
        let parts = versionParts(minimum)
        let required = "\(parts.major).\(parts.minor).\(parts.point)"
        throw SQLiteError.error("\(feature) needs SQLite \(required) or newer; the linked library is \(version)")
    }
}

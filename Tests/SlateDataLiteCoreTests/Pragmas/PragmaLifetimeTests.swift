import SlateDataLiteCore
import Testing

/// Regression: `set(pragma:value:)` read a PRAGMA's value back through a temporary statement
/// that was finalized before its row was read (a RowView does not retain its statement), which
/// crashed on pragmas that return no row when set, such as `user_version`.
@Suite("PragmaLifetimeTests")
struct PragmaLifetimeTests {
    @Test func settingAPragmaWithoutResultRowReadsItBackSafely() throws {
        let db = try Connection()
        for version in Int32(1)...50 {
            try db.set(pragma: .userVersion, value: version)
            #expect(try db.get(pragma: .userVersion) == version)
        }
        try db.setApplicationID(0x5AB1E)
        #expect(try db.getApplicationID() == 0x5AB1E)
        #expect(try db.scalar(Int64.self, "SELECT ?", Int64(7)) == 7)
    }
}

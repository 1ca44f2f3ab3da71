// What a pragma property of a compatibility module (SlateDataLiteCore, SlateSQLiteSwift) does with
// a failure, since a property cannot throw: it records it in `lastPropertyError`.

extension Connection {
    /// Reads a property through its throwing form, recording a failure in ``lastPropertyError``.
    package func reading<T>(_ fallback: T, _ body: () throws(SQLiteError) -> T) -> T {
        do { return try body() } catch {
            lastPropertyError = error
            return fallback
        }
    }

    /// Writes a property through its throwing form, recording a failure in ``lastPropertyError``.
    package func writing(_ body: () throws(SQLiteError) -> Void) {
        do { try body() } catch { lastPropertyError = error }
    }
}

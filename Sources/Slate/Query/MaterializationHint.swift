/// Whether SQLite should materialize a common table expression (SQLite 3.35+).
public enum MaterializationHint: String, Sendable {
    /// `AS MATERIALIZED`.
    case materialize = "MATERIALIZED"
    /// `AS NOT MATERIALIZED`.
    case notMaterialize = "NOT MATERIALIZED"
}

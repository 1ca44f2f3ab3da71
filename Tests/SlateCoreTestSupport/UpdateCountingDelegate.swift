import SlateCore

/// A connection delegate that only counts updates: every other requirement uses the protocol's
/// default implementation.
public final class UpdateCountingDelegate: ConnectionObserver {
    /// How many updates the delegate has received.
    public private(set) var updates = 0

    /// A delegate that has counted nothing yet.
    public init() {}

    /// Counts one update.
    public func connection(_ connection: Connection, didUpdate action: SQLiteAction) { updates += 1 }
}

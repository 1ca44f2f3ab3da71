/// An object for a registered closure to hold, so that a test sees when SQLite releases the
/// closure (see `ReleaseProbe`).
public final class Tracker {
    public init() {}
}

/// Whether SQLite has released the closures a test registered: `track` hands the registration a
/// new `Tracker` for its closures to hold and keeps only a weak reference to it, so `isReleased`
/// turns true once every closure holding it is gone.
public final class ReleaseProbe {
    private weak var tracker: Tracker?

    public init() {}

    /// Runs `register` with a new tracker, which the closures it registers capture.
    @discardableResult
    public func track<T>(_ register: (Tracker) throws -> T) rethrows -> T {
        let tracker = Tracker()
        self.tracker = tracker
        return try register(tracker)
    }

    /// Whether the last tracker handed out is released.
    public var isReleased: Bool { tracker == nil }
}

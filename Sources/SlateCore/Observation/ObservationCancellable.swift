/// Stops a running ``ValueObservation``: returned by
/// ``ValueObservation/start(in:onError:onChange:)``.
///
/// Keep it for as long as you want notifications: releasing it cancels the observation, like
/// calling ``cancel()``.
public final class ObservationCancellable: Sendable {
    private let onCancel: @Sendable () -> Void
    /// How many notified commits the observation has handled (for tests).
    let handledCommits: @Sendable () -> Int

    init(handledCommits: @escaping @Sendable () -> Int = { 0 }, _ onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = onCancel
        self.handledCommits = handledCommits
    }

    deinit {
        onCancel()
    }

    /// Stops notifications and removes the observation's hooks from the database's writer
    /// connection. Once it returns, `onChange` and `onError` are not called again (unless it is
    /// called from inside `onChange`, which finishes normally). Called from inside an access of
    /// the observed database (a `write` that stops an observation), it does not wait for an
    /// `onChange` already running on another thread, which may be waiting for that access:
    /// no call starts once it returns, and the running one finishes. Calling it again does
    /// nothing.
    public func cancel() {
        onCancel()
    }
}

/// The values of a ``ValueObservation``, as an `AsyncSequence`: see
/// ``ValueObservation/values(in:)``.
public struct ValueObservationValues<Value: Sendable>: AsyncSequence, Sendable {
    /// The observed value.
    public typealias Element = Value

    let observation: ValueObservation<Value>
    let writer: any DatabaseWriter

    /// Starts an observation whose values the iterator returns.
    ///
    /// - Returns: The iterator; releasing it stops the observation.
    public func makeAsyncIterator() -> Iterator {
        // Only the newest value waits for a slow consumer: intermediate ones may be dropped,
        // the last one never is.
        let (stream, continuation) = AsyncThrowingStream<Value, any Error>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let observer = ValueObserver(
            writer: writer, observation: observation,
            onError: { continuation.finish(throwing: $0) },
            onChange: { continuation.yield($0) })
        continuation.onTermination = { _ in observer.cancel() }
        observer.start()
        return Iterator(base: stream.makeAsyncIterator(), lifetime: Lifetime(observer: observer, continuation: continuation))
    }

    /// Returns the observed values one by one.
    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<Value, any Error>.Iterator
        let lifetime: Lifetime

        /// Waits for the next value.
        ///
        /// - Returns: The next value, or `nil` once the iterating task is cancelled.
        /// - Throws: The error that ended the observation (the fetch threw, the database closed).
        public mutating func next() async throws -> Value? {
            try await base.next()
        }
    }

    /// Cancels the observation when the iterator is released (a loop left with `break`).
    final class Lifetime: Sendable {
        let observer: ValueObserver<Value>
        let continuation: AsyncThrowingStream<Value, any Error>.Continuation

        init(observer: ValueObserver<Value>, continuation: AsyncThrowingStream<Value, any Error>.Continuation) {
            self.observer = observer
            self.continuation = continuation
        }

        deinit {
            observer.cancel()
            continuation.finish()
        }
    }
}

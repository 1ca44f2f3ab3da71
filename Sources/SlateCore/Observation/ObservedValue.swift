#if canImport(Observation)
import Foundation
import Observation

/// A value that stays equal to what a fetch reads from the database, for an `@Observable` model
/// or a SwiftUI view: it conforms to `Observable`, so views and `withObservationTracking`
/// notice each new value.
///
/// ```swift
/// @Observable @MainActor
/// final class PlayersModel {
///     let count: ObservedValue<Int>
///     init(pool: DatabasePool) {
///         count = ObservedValue(in: pool, initial: 0) { db in
///             try db.scalar(Int.self, "SELECT count(*) FROM players") ?? 0
///         }
///     }
/// }
/// ```
///
/// - The fetch is any closure of a ``Connection``: raw SQL, rows, Codable records, typed
///   queries. It runs on the database's own threads, never on the caller's.
/// - It starts with `initial` and fetches the current value at once, off the calling thread:
///   ``isLoaded`` turns `true` when it arrives. To start with the current value instead, `await`
///   ``load(in:updatesOn:fetch:)``, which reads it on the database's threads first.
/// - Each new value is assigned on the main actor, or on the actor given as `updatesOn`: read
///   ``value`` there (a SwiftUI view on the main actor does).
/// - It follows the database as ``ValueObservation`` does (same regions, same coalescing), and
///   stops when released.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public final class ObservedValue<Value: Sendable>: Observable, @unchecked Sendable {
    // Safety: the stored state is only touched while `lock` is held; the registrar is
    // thread-safe. Assignments happen on the `updatesOn` actor, one at a time.
    private let lock = NSLock()
    private var storedValue: Value
    private var storedError: (any Error)?
    private var storedIsLoaded: Bool
    private let registrar = ObservationRegistrar()
    private var task: Task<Void, Never>?

    /// The last value fetched (or `initial`, until the first fetch arrives).
    public var value: Value {
        registrar.access(self, keyPath: \.value)
        return lock.withLock { storedValue }
    }

    /// The error that ended the observation (the fetch threw, or the database closed), if any:
    /// ``value`` then keeps the last value fetched.
    public var error: (any Error)? {
        registrar.access(self, keyPath: \.error)
        return lock.withLock { storedError }
    }

    /// Whether ``value`` comes from the database (`false` while it is still `initial`).
    public var isLoaded: Bool {
        registrar.access(self, keyPath: \.isLoaded)
        return lock.withLock { storedIsLoaded }
    }

    /// Starts following `observation` in `writer`, with `initial` as the value until the first
    /// fetch arrives; nothing blocks the calling thread.
    ///
    /// - Parameters:
    ///   - observation: What to follow (a ``ValueObservation``, possibly without duplicates).
    ///   - writer: The ``DatabaseQueue`` or ``DatabasePool`` whose commits are followed.
    ///   - initial: The value until the first fetch arrives.
    ///   - actor: Where new values are assigned: the main actor by default.
    public init(
        _ observation: ValueObservation<Value>, in writer: any DatabaseWriter, initial: Value,
        updatesOn actor: any Actor = MainActor.shared
    ) {
        storedValue = initial
        storedIsLoaded = false
        start(observation.values(in: writer), on: actor)
    }

    /// Starts following what `fetch` reads in `writer`, with `initial` as the value until the
    /// first fetch arrives; nothing blocks the calling thread.
    ///
    /// - Parameters:
    ///   - writer: The ``DatabaseQueue`` or ``DatabasePool`` whose commits are followed.
    ///   - initial: The value until the first fetch arrives.
    ///   - actor: Where new values are assigned: the main actor by default.
    ///   - fetch: Reads the value, inside a read-only transaction.
    public convenience init(
        in writer: any DatabaseWriter, initial: Value, updatesOn actor: any Actor = MainActor.shared,
        fetch: @escaping @Sendable (Connection) throws -> Value
    ) {
        self.init(.tracking(fetch), in: writer, initial: initial, updatesOn: actor)
    }

    /// Reads the current value on the database's own threads (the caller's thread, the main
    /// one included, is never blocked), then returns an `ObservedValue` that starts with it and
    /// follows the database from there.
    ///
    /// - Parameters:
    ///   - writer: The ``DatabaseQueue`` or ``DatabasePool`` whose commits are followed.
    ///   - actor: Where new values are assigned: the main actor by default.
    ///   - fetch: Reads the value, inside a read-only transaction.
    /// - Returns: The observed value, already loaded.
    /// - Throws: What the first fetch throws, or `CancellationError`.
    public static func load(
        in writer: any DatabaseWriter, updatesOn actor: any Actor = MainActor.shared,
        fetch: @escaping @Sendable (Connection) throws -> Value
    ) async throws -> ObservedValue<Value> {
        let current = try await writer.read(fetch)
        let observed = ObservedValue(.tracking(fetch), in: writer, initial: current, updatesOn: actor)
        observed.lock.withLock { observed.storedIsLoaded = true }
        return observed
    }

    deinit {
        // Ends the loop below, which releases the observation and removes its hooks.
        task?.cancel()
    }

    /// Stops following the database; ``value`` keeps the last value. Releasing the object
    /// does the same.
    public func cancel() {
        lock.withLock { task }?.cancel()
    }

    private func start(_ values: ValueObservationValues<Value>, on actor: any Actor) {
        let reference = WeakReference(self)
        let task = Task { await Self.follow(values, into: reference, isolation: actor) }
        lock.withLock { self.task = task }
    }

    /// Assigns each value on `isolation`, in order, while the object lives.
    private static func follow(
        _ values: ValueObservationValues<Value>, into reference: WeakReference<ObservedValue<Value>>,
        isolation: isolated any Actor
    ) async {
        do {
            for try await value in values {
                guard let observed = reference.object else { return }
                observed.assign(value)
            }
        } catch {
            reference.object?.fail(error)
        }
    }

    private func assign(_ value: Value) {
        registrar.withMutation(of: self, keyPath: \.value) {
            lock.withLock { storedValue = value }
        }
        if !lock.withLock({ storedIsLoaded }) {
            registrar.withMutation(of: self, keyPath: \.isLoaded) {
                lock.withLock { storedIsLoaded = true }
            }
        }
    }

    private func fail(_ error: any Error) {
        registrar.withMutation(of: self, keyPath: \.error) {
            lock.withLock { storedError = error }
        }
    }
}

/// A weak reference that can cross into a task.
private final class WeakReference<Object: AnyObject>: @unchecked Sendable {
    // Safety: `weak` loads and stores are atomic.
    weak var object: Object?

    init(_ object: Object) {
        self.object = object
    }
}
#endif

import Dispatch
import Foundation

/// A queue or pool, whose registry tells which of its accesses the calling thread runs.
protocol AccessRegistryOwner: AnyObject {
    /// The accesses each thread is running.
    var accessRegistry: AccessRegistry { get }
}

/// Which accesses of one queue or pool each thread is running, so that a nested access throws
/// at once instead of deadlocking.
///
/// A thread marker, not a task-local: the bodies are synchronous and run on the thread that
/// registered, and a nested call comes from inside them. Kept in thread-local storage, so that
/// neither checking nor registering takes a lock: with a lock shared by the whole pool, four
/// threads reading in a loop took it so often that the writer kept waiting for it (issue 21,
/// W7: 2,461 writes/s against GRDB's 17,973).
final class AccessRegistry: @unchecked Sendable {
    // Safety: no stored state; each thread only touches its own `ThreadRoles`.

    /// What a thread is doing with the database.
    enum Role { case reading, writing }

    /// The accesses one thread runs, of any registry, innermost last.
    private final class ThreadRoles {
        var entries: [(registry: ObjectIdentifier, role: Role)] = []
    }

    /// The thread-local slot holding each thread's `ThreadRoles`, released when the thread ends.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        #if canImport(Darwin)
        pthread_key_create(&key) { Unmanaged<ThreadRoles>.fromOpaque($0).release() }
        #else
        pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<ThreadRoles>.fromOpaque(pointer).release()
        }
        #endif
        return key
    }()

    /// The calling thread's accesses.
    private static var threadRoles: ThreadRoles {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<ThreadRoles>.fromOpaque(pointer).takeUnretainedValue()
        }
        let roles = ThreadRoles()
        pthread_setspecific(key, Unmanaged.passRetained(roles).toOpaque())
        return roles
    }

    /// What the calling thread is running, if anything.
    var currentRole: Role? {
        let identifier = ObjectIdentifier(self)
        return Self.threadRoles.entries.last { $0.registry == identifier }?.role
    }

    /// Runs `body`, recording that the calling thread runs an access of `role` meanwhile.
    func run<T>(_ role: Role, _ body: () throws -> T) throws -> T {
        let roles = Self.threadRoles
        roles.entries.append((ObjectIdentifier(self), role))
        defer { roles.entries.removeLast() }
        return try body()
    }
}

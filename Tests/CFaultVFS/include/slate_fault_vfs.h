// A fault-injecting SQLite VFS for Slate's reliability tests (issue 14).
//
// It wraps the default VFS (sqlite3_vfs_find(NULL)) and registers under its own name, so a test
// opens a database with `file:PATH?vfs=NAME` and every other connection is untouched. Each
// instance has its own counters and its own armed fault, so tests running in parallel each
// create their own instance under a unique name.
//
// What it counts and can fail, per call made by SQLite through the VFS:
//   SLATE_FAULT_WRITE     xWrite      -> SQLITE_IOERR_WRITE, SQLITE_FULL, or a short write
//   SLATE_FAULT_SYNC      xSync       -> SQLITE_IOERR_FSYNC
//   SLATE_FAULT_TRUNCATE  xTruncate   -> SQLITE_IOERR_TRUNCATE
//   SLATE_FAULT_DELETE    xDelete     -> SQLITE_IOERR_DELETE
//   SLATE_FAULT_READ      xRead       -> SQLITE_IOERR_READ
//   SLATE_FAULT_LOCK      xLock       -> SQLITE_BUSY (a transient failure, for retry sweeps)
//   SLATE_FAULT_SHM_LOCK  xShmLock    -> SQLITE_BUSY, when taking a WAL lock (never when releasing)
//
// An armed fault fires at the Nth call (1-based, counted from arming) among the kinds in its mask.
// A one-shot fault fails that call only; a persistent one fails every later call of those kinds
// too, as a disk that stays full or a device that went away. The power-loss fault is always
// persistent and fails nothing: from the Nth call on, writes, syncs, truncates and deletes report
// success but never reach the disk, so the files keep what was written before that point, as after
// a power cut (in-order persistence: one of the outcomes SQLite's crash tests allow).
//
// It is written against the SQLite 3.15 API (SQLCipher 3.4 on Debian 12) and works unchanged with
// newer libraries: it uses sqlite3_vfs version 1-3 and sqlite3_io_methods version 1-3 only.
#ifndef SLATE_FAULT_VFS_H
#define SLATE_FAULT_VFS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The kinds of VFS call, as bits of a mask.
enum {
    SLATE_FAULT_WRITE = 1 << 0,
    SLATE_FAULT_SYNC = 1 << 1,
    SLATE_FAULT_TRUNCATE = 1 << 2,
    SLATE_FAULT_DELETE = 1 << 3,
    SLATE_FAULT_READ = 1 << 4,
    SLATE_FAULT_LOCK = 1 << 5,
    SLATE_FAULT_SHM_LOCK = 1 << 6,
};

/// What an armed fault does.
typedef enum {
    /// The call fails with the kind's SQLITE_IOERR_* code.
    SLATE_FAULT_MODE_IOERR = 0,
    /// A write fails with SQLITE_FULL (other kinds with their SQLITE_IOERR_* code).
    SLATE_FAULT_MODE_FULL = 1,
    /// A write stores only its first half, then reports SQLITE_FULL, as the unix VFS does when
    /// write(2) comes back short (other kinds fail with their SQLITE_IOERR_* code).
    SLATE_FAULT_MODE_SHORT_WRITE = 2,
    /// From the Nth call on, writes, syncs, truncates and deletes succeed without reaching the
    /// disk (power loss). Always persistent.
    SLATE_FAULT_MODE_POWER_LOSS = 3,
} slate_fault_mode;

/// Calls counted since the instance was created or its counts were last reset.
typedef struct {
    int64_t reads;
    int64_t writes;
    int64_t syncs;
    int64_t truncates;
    int64_t deletes;
    int64_t locks;
    int64_t shmLocks;
    int64_t opens;
    /// Files opened through this instance and not yet closed.
    int64_t openFiles;
    /// Calls the armed fault failed (or, for power loss, dropped).
    int64_t faultsInjected;
} slate_fault_counts;

typedef struct slate_fault_vfs slate_fault_vfs;

/// Creates an instance that wraps the default VFS and registers it as `name` (not as the
/// default). Returns NULL when there is no default VFS, memory runs out, or registration fails.
slate_fault_vfs *slate_fault_vfs_create(const char *name);

/// Unregisters and frees the instance. Returns SQLITE_MISUSE, and does nothing, while a file
/// opened through it is still open (a connection that was not closed).
int slate_fault_vfs_destroy(slate_fault_vfs *vfs);

/// Reads the counters.
slate_fault_counts slate_fault_vfs_counts(const slate_fault_vfs *vfs);

/// Sets every counter but `openFiles` back to zero.
void slate_fault_vfs_reset_counts(slate_fault_vfs *vfs);

/// Arms a fault at the `nth` call (1-based) among the kinds in `mask`, counted from now.
void slate_fault_vfs_arm(slate_fault_vfs *vfs, unsigned mask, int64_t nth, slate_fault_mode mode, int persistent);

/// Disarms the fault; later calls reach the wrapped VFS unchanged.
void slate_fault_vfs_disarm(slate_fault_vfs *vfs);

/// Calls among the armed mask's kinds seen since arming (the I/O points an operation passed).
int64_t slate_fault_vfs_points(const slate_fault_vfs *vfs);

#ifdef __cplusplus
}
#endif

#endif

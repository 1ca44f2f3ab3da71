// The fault-injecting VFS: see include/slate_fault_vfs.h for what it does and why.
#include "slate_fault_vfs.h"

#include <pthread.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

struct slate_fault_vfs {
    sqlite3_vfs vfs;  // first, so a sqlite3_vfs * is a slate_fault_vfs *
    sqlite3_vfs *base;
    char *name;
    pthread_mutex_t mutex;
    slate_fault_counts counts;
    int armed;
    unsigned mask;
    int64_t nth;
    int64_t points;
    slate_fault_mode mode;
    int persistent;
};

// A file opened through the fault VFS: our header, then the wrapped VFS's own file object.
typedef struct {
    sqlite3_file base;
    slate_fault_vfs *owner;
    sqlite3_file *real;
} fault_file;

// Why a call is intercepted.
typedef enum { PASS, FAIL, DROP } verdict;

static void count_call(slate_fault_vfs *v, unsigned kind) {
    switch (kind) {
    case SLATE_FAULT_WRITE: v->counts.writes++; break;
    case SLATE_FAULT_SYNC: v->counts.syncs++; break;
    case SLATE_FAULT_TRUNCATE: v->counts.truncates++; break;
    case SLATE_FAULT_DELETE: v->counts.deletes++; break;
    case SLATE_FAULT_READ: v->counts.reads++; break;
    case SLATE_FAULT_LOCK: v->counts.locks++; break;
    case SLATE_FAULT_SHM_LOCK: v->counts.shmLocks++; break;
    default: break;
    }
}

// Counts the call and decides whether the armed fault hits it.
static verdict judge(slate_fault_vfs *v, unsigned kind, slate_fault_mode *mode) {
    verdict result = PASS;
    pthread_mutex_lock(&v->mutex);
    count_call(v, kind);
    if (v->armed && (v->mask & kind)) {
        v->points++;
        int hit = v->points == v->nth || (v->persistent && v->points > v->nth);
        if (hit) {
            *mode = v->mode;
            v->counts.faultsInjected++;
            result = v->mode == SLATE_FAULT_MODE_POWER_LOSS ? DROP : FAIL;
        }
    }
    pthread_mutex_unlock(&v->mutex);
    return result;
}

// Power loss drops these kinds even when the armed mask does not name them: nothing reaches the
// disk after the cut.
static int power_is_off(slate_fault_vfs *v) {
    pthread_mutex_lock(&v->mutex);
    int off = v->armed && v->mode == SLATE_FAULT_MODE_POWER_LOSS && v->points >= v->nth;
    pthread_mutex_unlock(&v->mutex);
    return off;
}

static int fault_close(sqlite3_file *file) {
    fault_file *f = (fault_file *)file;
    int rc = f->real->pMethods ? f->real->pMethods->xClose(f->real) : SQLITE_OK;
    pthread_mutex_lock(&f->owner->mutex);
    f->owner->counts.openFiles--;
    pthread_mutex_unlock(&f->owner->mutex);
    return rc;
}

static int fault_read(sqlite3_file *file, void *buffer, int amount, sqlite3_int64 offset) {
    fault_file *f = (fault_file *)file;
    slate_fault_mode mode;
    if (judge(f->owner, SLATE_FAULT_READ, &mode) == FAIL) return SQLITE_IOERR_READ;
    return f->real->pMethods->xRead(f->real, buffer, amount, offset);
}

static int fault_write(sqlite3_file *file, const void *buffer, int amount, sqlite3_int64 offset) {
    fault_file *f = (fault_file *)file;
    slate_fault_mode mode = SLATE_FAULT_MODE_IOERR;
    verdict v = judge(f->owner, SLATE_FAULT_WRITE, &mode);
    if (v == DROP || (v == PASS && power_is_off(f->owner))) return SQLITE_OK;
    if (v == FAIL) {
        if (mode == SLATE_FAULT_MODE_FULL) return SQLITE_FULL;
        if (mode == SLATE_FAULT_MODE_SHORT_WRITE) {
            if (amount / 2 > 0) f->real->pMethods->xWrite(f->real, buffer, amount / 2, offset);
            return SQLITE_FULL;
        }
        return SQLITE_IOERR_WRITE;
    }
    return f->real->pMethods->xWrite(f->real, buffer, amount, offset);
}

static int fault_truncate(sqlite3_file *file, sqlite3_int64 size) {
    fault_file *f = (fault_file *)file;
    slate_fault_mode mode;
    verdict v = judge(f->owner, SLATE_FAULT_TRUNCATE, &mode);
    if (v == DROP || (v == PASS && power_is_off(f->owner))) return SQLITE_OK;
    if (v == FAIL) return SQLITE_IOERR_TRUNCATE;
    return f->real->pMethods->xTruncate(f->real, size);
}

static int fault_sync(sqlite3_file *file, int flags) {
    fault_file *f = (fault_file *)file;
    slate_fault_mode mode;
    verdict v = judge(f->owner, SLATE_FAULT_SYNC, &mode);
    if (v == DROP || (v == PASS && power_is_off(f->owner))) return SQLITE_OK;
    if (v == FAIL) return SQLITE_IOERR_FSYNC;
    return f->real->pMethods->xSync(f->real, flags);
}

static int fault_file_size(sqlite3_file *file, sqlite3_int64 *size) {
    fault_file *f = (fault_file *)file;
    return f->real->pMethods->xFileSize(f->real, size);
}

static int fault_lock(sqlite3_file *file, int level) {
    fault_file *f = (fault_file *)file;
    slate_fault_mode mode;
    if (judge(f->owner, SLATE_FAULT_LOCK, &mode) == FAIL) return SQLITE_BUSY;
    return f->real->pMethods->xLock(f->real, level);
}

static int fault_unlock(sqlite3_file *file, int level) {
    fault_file *f = (fault_file *)file;
    return f->real->pMethods->xUnlock(f->real, level);
}

static int fault_check_reserved_lock(sqlite3_file *file, int *result) {
    fault_file *f = (fault_file *)file;
    return f->real->pMethods->xCheckReservedLock(f->real, result);
}

static int fault_file_control(sqlite3_file *file, int op, void *argument) {
    fault_file *f = (fault_file *)file;
    return f->real->pMethods->xFileControl(f->real, op, argument);
}

static int fault_sector_size(sqlite3_file *file) {
    fault_file *f = (fault_file *)file;
    return f->real->pMethods->xSectorSize(f->real);
}

static int fault_device_characteristics(sqlite3_file *file) {
    fault_file *f = (fault_file *)file;
    return f->real->pMethods->xDeviceCharacteristics(f->real);
}

static int fault_shm_map(sqlite3_file *file, int page, int size, int extend, void volatile **out) {
    fault_file *f = (fault_file *)file;
    return f->real->pMethods->xShmMap(f->real, page, size, extend, out);
}

static int fault_shm_lock(sqlite3_file *file, int offset, int n, int flags) {
    fault_file *f = (fault_file *)file;
    // Only taking a lock can be refused: SQLite expects every release to succeed.
    if (flags & SQLITE_SHM_LOCK) {
        slate_fault_mode mode;
        if (judge(f->owner, SLATE_FAULT_SHM_LOCK, &mode) == FAIL) return SQLITE_BUSY;
    }
    return f->real->pMethods->xShmLock(f->real, offset, n, flags);
}

static void fault_shm_barrier(sqlite3_file *file) {
    fault_file *f = (fault_file *)file;
    f->real->pMethods->xShmBarrier(f->real);
}

static int fault_shm_unmap(sqlite3_file *file, int delete_flag) {
    fault_file *f = (fault_file *)file;
    return f->real->pMethods->xShmUnmap(f->real, delete_flag);
}

static int fault_fetch(sqlite3_file *file, sqlite3_int64 offset, int amount, void **out) {
    fault_file *f = (fault_file *)file;
    return f->real->pMethods->xFetch(f->real, offset, amount, out);
}

static int fault_unfetch(sqlite3_file *file, sqlite3_int64 offset, void *pointer) {
    fault_file *f = (fault_file *)file;
    return f->real->pMethods->xUnfetch(f->real, offset, pointer);
}

// One method table per io_methods version, so a wrapped file never claims methods (shared
// memory, memory mapping) that the real file lacks.
#define FAULT_METHODS(version)                                                                     \
    {                                                                                              \
        version, fault_close, fault_read, fault_write, fault_truncate, fault_sync, fault_file_size, \
            fault_lock, fault_unlock, fault_check_reserved_lock, fault_file_control,               \
            fault_sector_size, fault_device_characteristics, fault_shm_map, fault_shm_lock,        \
            fault_shm_barrier, fault_shm_unmap, fault_fetch, fault_unfetch                         \
    }
static const sqlite3_io_methods fault_methods[3] = {FAULT_METHODS(1), FAULT_METHODS(2), FAULT_METHODS(3)};

static int fault_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags, int *out_flags) {
    slate_fault_vfs *v = (slate_fault_vfs *)vfs;
    fault_file *f = (fault_file *)file;
    memset(f, 0, sizeof(*f));
    f->owner = v;
    f->real = (sqlite3_file *)(f + 1);
    int rc = v->base->xOpen(v->base, name, f->real, flags, out_flags);
    if (rc != SQLITE_OK || f->real->pMethods == NULL) {
        // SQLite calls xClose only when pMethods is set: leave it NULL so nothing is counted open.
        if (f->real->pMethods) f->real->pMethods->xClose(f->real);
        f->base.pMethods = NULL;
        return rc != SQLITE_OK ? rc : SQLITE_CANTOPEN;
    }
    int version = f->real->pMethods->iVersion;
    if (version < 1) version = 1;
    if (version > 3) version = 3;
    f->base.pMethods = &fault_methods[version - 1];
    pthread_mutex_lock(&v->mutex);
    v->counts.opens++;
    v->counts.openFiles++;
    pthread_mutex_unlock(&v->mutex);
    return SQLITE_OK;
}

static int fault_delete(sqlite3_vfs *vfs, const char *name, int sync_dir) {
    slate_fault_vfs *v = (slate_fault_vfs *)vfs;
    slate_fault_mode mode;
    verdict verdict = judge(v, SLATE_FAULT_DELETE, &mode);
    if (verdict == DROP || (verdict == PASS && power_is_off(v))) return SQLITE_OK;
    if (verdict == FAIL) return SQLITE_IOERR_DELETE;
    return v->base->xDelete(v->base, name, sync_dir);
}

static int fault_access(sqlite3_vfs *vfs, const char *name, int flags, int *result) {
    slate_fault_vfs *v = (slate_fault_vfs *)vfs;
    return v->base->xAccess(v->base, name, flags, result);
}

static int fault_full_pathname(sqlite3_vfs *vfs, const char *name, int size, char *out) {
    slate_fault_vfs *v = (slate_fault_vfs *)vfs;
    return v->base->xFullPathname(v->base, name, size, out);
}

static void *fault_dl_open(sqlite3_vfs *vfs, const char *name) {
    slate_fault_vfs *v = (slate_fault_vfs *)vfs;
    return v->base->xDlOpen(v->base, name);
}

static void fault_dl_error(sqlite3_vfs *vfs, int size, char *out) {
    slate_fault_vfs *v = (slate_fault_vfs *)vfs;
    v->base->xDlError(v->base, size, out);
}

static void (*fault_dl_sym(sqlite3_vfs *vfs, void *handle, const char *symbol))(void) {
    slate_fault_vfs *v = (slate_fault_vfs *)vfs;
    return v->base->xDlSym(v->base, handle, symbol);
}

static void fault_dl_close(sqlite3_vfs *vfs, void *handle) {
    slate_fault_vfs *v = (slate_fault_vfs *)vfs;
    v->base->xDlClose(v->base, handle);
}

static int fault_randomness(sqlite3_vfs *vfs, int size, char *out) {
    slate_fault_vfs *v = (slate_fault_vfs *)vfs;
    return v->base->xRandomness(v->base, size, out);
}

static int fault_sleep(sqlite3_vfs *vfs, int microseconds) {
    slate_fault_vfs *v = (slate_fault_vfs *)vfs;
    return v->base->xSleep(v->base, microseconds);
}

static int fault_current_time(sqlite3_vfs *vfs, double *out) {
    slate_fault_vfs *v = (slate_fault_vfs *)vfs;
    return v->base->xCurrentTime(v->base, out);
}

static int fault_get_last_error(sqlite3_vfs *vfs, int size, char *out) {
    slate_fault_vfs *v = (slate_fault_vfs *)vfs;
    return v->base->xGetLastError ? v->base->xGetLastError(v->base, size, out) : 0;
}

static int fault_current_time_int64(sqlite3_vfs *vfs, sqlite3_int64 *out) {
    slate_fault_vfs *v = (slate_fault_vfs *)vfs;
    return v->base->xCurrentTimeInt64(v->base, out);
}

static int fault_set_system_call(sqlite3_vfs *vfs, const char *name, sqlite3_syscall_ptr call) {
    slate_fault_vfs *v = (slate_fault_vfs *)vfs;
    return v->base->xSetSystemCall(v->base, name, call);
}

static sqlite3_syscall_ptr fault_get_system_call(sqlite3_vfs *vfs, const char *name) {
    slate_fault_vfs *v = (slate_fault_vfs *)vfs;
    return v->base->xGetSystemCall(v->base, name);
}

static const char *fault_next_system_call(sqlite3_vfs *vfs, const char *name) {
    slate_fault_vfs *v = (slate_fault_vfs *)vfs;
    return v->base->xNextSystemCall(v->base, name);
}

slate_fault_vfs *slate_fault_vfs_create(const char *name) {
    if (name == NULL) return NULL;
    sqlite3_vfs *base = sqlite3_vfs_find(NULL);
    if (base == NULL) return NULL;
    slate_fault_vfs *v = calloc(1, sizeof(*v));
    if (v == NULL) return NULL;
    v->name = strdup(name);
    if (v->name == NULL) {
        free(v);
        return NULL;
    }
    pthread_mutex_init(&v->mutex, NULL);
    v->base = base;
    // Only the version fields the base has are set, so SQLite never calls a missing method.
    v->vfs.iVersion = base->iVersion < 3 ? base->iVersion : 3;
    v->vfs.szOsFile = (int)sizeof(fault_file) + base->szOsFile;
    v->vfs.mxPathname = base->mxPathname;
    v->vfs.zName = v->name;
    v->vfs.pAppData = NULL;
    v->vfs.xOpen = fault_open;
    v->vfs.xDelete = fault_delete;
    v->vfs.xAccess = fault_access;
    v->vfs.xFullPathname = fault_full_pathname;
    v->vfs.xDlOpen = base->xDlOpen ? fault_dl_open : NULL;
    v->vfs.xDlError = base->xDlError ? fault_dl_error : NULL;
    v->vfs.xDlSym = base->xDlSym ? fault_dl_sym : NULL;
    v->vfs.xDlClose = base->xDlClose ? fault_dl_close : NULL;
    v->vfs.xRandomness = fault_randomness;
    v->vfs.xSleep = fault_sleep;
    v->vfs.xCurrentTime = fault_current_time;
    v->vfs.xGetLastError = fault_get_last_error;
    if (v->vfs.iVersion >= 2) v->vfs.xCurrentTimeInt64 = base->xCurrentTimeInt64 ? fault_current_time_int64 : NULL;
    if (v->vfs.iVersion >= 3) {
        v->vfs.xSetSystemCall = base->xSetSystemCall ? fault_set_system_call : NULL;
        v->vfs.xGetSystemCall = base->xGetSystemCall ? fault_get_system_call : NULL;
        v->vfs.xNextSystemCall = base->xNextSystemCall ? fault_next_system_call : NULL;
    }
    if (sqlite3_vfs_register(&v->vfs, 0) != SQLITE_OK) {
        pthread_mutex_destroy(&v->mutex);
        free(v->name);
        free(v);
        return NULL;
    }
    return v;
}

int slate_fault_vfs_destroy(slate_fault_vfs *v) {
    if (v == NULL) return SQLITE_OK;
    pthread_mutex_lock(&v->mutex);
    int64_t open_files = v->counts.openFiles;
    pthread_mutex_unlock(&v->mutex);
    if (open_files != 0) return SQLITE_MISUSE;
    sqlite3_vfs_unregister(&v->vfs);
    pthread_mutex_destroy(&v->mutex);
    free(v->name);
    free(v);
    return SQLITE_OK;
}

slate_fault_counts slate_fault_vfs_counts(const slate_fault_vfs *v) {
    slate_fault_vfs *mutable_v = (slate_fault_vfs *)v;
    pthread_mutex_lock(&mutable_v->mutex);
    slate_fault_counts counts = v->counts;
    pthread_mutex_unlock(&mutable_v->mutex);
    return counts;
}

void slate_fault_vfs_reset_counts(slate_fault_vfs *v) {
    pthread_mutex_lock(&v->mutex);
    int64_t open_files = v->counts.openFiles;
    memset(&v->counts, 0, sizeof(v->counts));
    v->counts.openFiles = open_files;
    pthread_mutex_unlock(&v->mutex);
}

void slate_fault_vfs_arm(slate_fault_vfs *v, unsigned mask, int64_t nth, slate_fault_mode mode, int persistent) {
    pthread_mutex_lock(&v->mutex);
    v->armed = 1;
    v->mask = mask;
    v->nth = nth;
    v->points = 0;
    v->mode = mode;
    v->persistent = persistent || mode == SLATE_FAULT_MODE_POWER_LOSS;
    pthread_mutex_unlock(&v->mutex);
}

void slate_fault_vfs_disarm(slate_fault_vfs *v) {
    pthread_mutex_lock(&v->mutex);
    v->armed = 0;
    pthread_mutex_unlock(&v->mutex);
}

int64_t slate_fault_vfs_points(const slate_fault_vfs *v) {
    slate_fault_vfs *mutable_v = (slate_fault_vfs *)v;
    pthread_mutex_lock(&mutable_v->mutex);
    int64_t points = v->points;
    pthread_mutex_unlock(&mutable_v->mutex);
    return points;
}

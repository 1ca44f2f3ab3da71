// See include/malloc_counter.h. Linux/glibc only; elsewhere the counter reports itself inactive.
#include "malloc_counter.h"

#if defined(__linux__) && defined(__GLIBC__)
#include <errno.h>
#include <malloc.h>
#include <stddef.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static int counting;
static int seen;
static uint64_t allocations;
static int64_t live;
static int64_t peak;

static inline void count_alloc(void *pointer) {
    seen = 1;
    if (!__atomic_load_n(&counting, __ATOMIC_RELAXED) || pointer == NULL) return;
    __atomic_add_fetch(&allocations, 1, __ATOMIC_RELAXED);
    int64_t now = __atomic_add_fetch(&live, (int64_t)malloc_usable_size(pointer), __ATOMIC_RELAXED);
    int64_t high = __atomic_load_n(&peak, __ATOMIC_RELAXED);
    while (now > high && !__atomic_compare_exchange_n(&peak, &high, now, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {}
}

static inline void count_free(void *pointer) {
    if (!__atomic_load_n(&counting, __ATOMIC_RELAXED) || pointer == NULL) return;
    // Blocks allocated before counting started lower `live` below zero; peak stays relative.
    __atomic_sub_fetch(&live, (int64_t)malloc_usable_size(pointer), __ATOMIC_RELAXED);
}

void *malloc(size_t size) {
    void *pointer = __libc_malloc(size);
    count_alloc(pointer);
    return pointer;
}

void *calloc(size_t count, size_t size) {
    void *pointer = __libc_calloc(count, size);
    count_alloc(pointer);
    return pointer;
}

void *realloc(void *old, size_t size) {
    count_free(old);
    void *pointer = __libc_realloc(old, size);
    count_alloc(pointer);
    return pointer;
}

void free(void *pointer) {
    count_free(pointer);
    __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
    void *pointer = __libc_memalign(alignment, size);
    count_alloc(pointer);
    return pointer;
}

void *aligned_alloc(size_t alignment, size_t size) { return memalign(alignment, size); }

int posix_memalign(void **out, size_t alignment, size_t size) {
    void *pointer = memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *out = pointer;
    return 0;
}

void slate_malloc_counter_start(void) {
    __atomic_store_n(&allocations, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&live, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&peak, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&counting, 1, __ATOMIC_SEQ_CST);
}

void slate_malloc_counter_stop(void) { __atomic_store_n(&counting, 0, __ATOMIC_SEQ_CST); }
uint64_t slate_malloc_counter_allocations(void) { return __atomic_load_n(&allocations, __ATOMIC_RELAXED); }
int64_t slate_malloc_counter_peak_bytes(void) { return __atomic_load_n(&peak, __ATOMIC_RELAXED); }
int slate_malloc_counter_active(void) { return seen; }
#else
void slate_malloc_counter_start(void) {}
void slate_malloc_counter_stop(void) {}
uint64_t slate_malloc_counter_allocations(void) { return 0; }
int64_t slate_malloc_counter_peak_bytes(void) { return 0; }
int slate_malloc_counter_active(void) { return 0; }
#endif

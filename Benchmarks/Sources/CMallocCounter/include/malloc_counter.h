// Counts heap allocations made by the whole process while counting is on, for the benchmark's
// allocations-per-row and peak-memory figures. The counter replaces malloc and its relatives in
// the executable (forwarding to glibc's __libc_* entry points), so allocations made by the Swift
// runtime, Foundation, GRDB and SQLite are all seen.
#pragma once
#include <stdint.h>

/// Starts counting from zero: allocations, and live bytes above the current level.
void slate_malloc_counter_start(void);
/// Stops counting (the figures stay readable).
void slate_malloc_counter_stop(void);
/// Allocations (malloc, calloc, realloc, aligned allocations) since the last start.
uint64_t slate_malloc_counter_allocations(void);
/// The highest number of bytes allocated and not yet freed since the last start (usable sizes).
int64_t slate_malloc_counter_peak_bytes(void);
/// Whether the replacement functions are the ones the process calls (1), which a platform
/// without glibc's __libc_* entry points would not allow.
int slate_malloc_counter_active(void);

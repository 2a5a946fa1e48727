// One atomic flag, for swift-redux's store lifetime (see Sources/Redux/Internal/ReleaseFlag.swift)
// and `TryLock` (Sources/Redux/Store/Internal/TryLock.swift), and one atomic
// counter, for the change stamps of `IdentifiedArray`.
//
// Swift's own `Synchronization.Atomic` needs macOS 15 / iOS 18, and this package supports macOS 14 /
// iOS 17, so the flag is a C11-style atomic here, as swift-nio's CNIOAtomics did before Swift had
// atomics. The functions are `static inline`: Swift inlines them, and a load is a plain load on
// x86-64 and a load-acquire on arm64.
#ifndef C_REDUX_ATOMICS_H
#define C_REDUX_ATOMICS_H

#include <stdbool.h>

typedef struct {
    bool value;
} c_redux_atomic_flag;

static inline void c_redux_atomic_flag_init(c_redux_atomic_flag *flag) {
    __atomic_store_n(&flag->value, false, __ATOMIC_RELAXED);
}

/// Sets the flag; everything the setting thread did before is visible to a thread that sees it set.
static inline void c_redux_atomic_flag_set(c_redux_atomic_flag *flag) {
    __atomic_store_n(&flag->value, true, __ATOMIC_RELEASE);
}

static inline bool c_redux_atomic_flag_is_set(c_redux_atomic_flag *flag) {
    return __atomic_load_n(&flag->value, __ATOMIC_ACQUIRE);
}

/// Takes the flag as a lock that never waits: `true` when it was free and is now taken (acquire),
/// `false` when another thread holds it. For caches, which skip a busy entry rather than wait.
static inline bool c_redux_atomic_flag_try_take(c_redux_atomic_flag *flag) {
    return !__atomic_exchange_n(&flag->value, true, __ATOMIC_ACQUIRE);
}

/// Frees a flag taken with `c_redux_atomic_flag_try_take` (release).
static inline void c_redux_atomic_flag_clear(c_redux_atomic_flag *flag) {
    __atomic_store_n(&flag->value, false, __ATOMIC_RELEASE);
}

/// The last stamp handed out by `c_redux_next_stamp` (defined in CReduxAtomics.c).
extern unsigned long long c_redux_stamp_counter;

/// A number never returned before in this process (from 1 up): `IdentifiedArray` stamps each change
/// with one, so that two collections with the same stamp went through the same change.
static inline unsigned long long c_redux_next_stamp(void) {
    return __atomic_add_fetch(&c_redux_stamp_counter, 1, __ATOMIC_RELAXED);
}

/// Makes every later `c_redux_next_stamp` return more than `stamp`: a stamp read back from a file
/// (a stack screen's identifier made outside a stack) is never handed out again.
static inline void c_redux_stamp_at_least(unsigned long long stamp) {
    unsigned long long current = __atomic_load_n(&c_redux_stamp_counter, __ATOMIC_RELAXED);
    while (current < stamp &&
           !__atomic_compare_exchange_n(&c_redux_stamp_counter, &current, stamp, true, __ATOMIC_RELAXED,
                                        __ATOMIC_RELAXED)) {
    }
}

#endif

// One atomic flag, for swift-redux's store lifetime (see Sources/Redux/Internal/ReleaseFlag.swift).
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

#endif

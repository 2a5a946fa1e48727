/// An error with no values: a function that `throws(Unthrown)` can never throw.
///
/// Why the store's dispatch is declared with it: the optimizer's *existential specializer* rewrites
/// a non-throwing function that takes an `any Action` — once any caller in the module passes an
/// action whose type it can see (`store.dispatch(Increment())`, in every app) — into a thunk that
/// opens the existential and a generic copy of the function that boxes the action again, because
/// the reducer takes an `any Action`. Every dispatch, from every call site, then pays for a new
/// existential box, a copy of the action into it and its destruction: 58 instructions, a sixth of
/// a dispatch (`store, 0 middleware`: 350 → 292; the same 58 off each middleware scenario). The pass
/// leaves throwing functions alone, so ``StoreCore/dispatchBody(_:)`` is declared
/// `throws(Unthrown)` and the inlined ``StoreCore/dispatch(_:)`` calls it in a `do`/`catch` that
/// nothing can reach. No runtime check results: the error type is empty.
///
/// `.ci/perf-guard` fails if a compiler change brings the rewrite back (`store, 0 middleware`).
@usableFromInline
enum Unthrown: Error {}

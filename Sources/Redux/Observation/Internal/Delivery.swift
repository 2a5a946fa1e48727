/// Calls each active subscriber of a notification pass, in subscription order: a whole-state
/// observer with `state`, the others (key-path subscribers whose member changed, scopes) with
/// `pointer`, the address of the same value.
///
/// `subscribers` is the buffer of the pass's snapshot array, which the caller holds for the whole
/// pass, so every subscriber outlives the calls made to it even if an observer cancels it or shuts
/// the store down. Two measured choices keep a call at ~25 instructions (callgrind, 100 whole-state
/// subscribers) instead of ~72:
///
/// - Each subscriber is borrowed where it lies (``withGuaranteed(_:_:)``), so calling its observer
///   needs no retain and release of the observer's context (~42 instructions). No sanctioned form
///   does this: iterating the array retains and releases every element (209 instructions a
///   subscriber), reading it through the buffer by index keeps the context's retain (72), and a
///   `borrowing` parameter still needs the caller to own what it borrows. `.ci/perf-guard` fails if
///   `store, 100 subscribers` exceeds its threshold or a whole-state subscriber exceeds 30.
/// - This function is generic and deliberately not `@inlinable`: unspecialised, `state` stays the
///   caller's address and is handed to every observer as it is. Specialised for a concrete state,
///   the compiler copied the state's bytes to a fresh temporary before every call (~17 instructions
///   for a 120-byte state, more for a larger one). The loop needs no type metadata.
@MainActor
@usableFromInline
@inline(never)
func deliver<State>(
    to subscribers: UnsafeBufferPointer<Subscriber<State>>, state: State, at pointer: UnsafePointer<State>
) {
    for index in subscribers.indices {
        withGuaranteed(Unmanaged.passUnretained(subscribers[index])) { subscriber in
            guard subscriber.isActive else { return }
            if let channel = subscriber.channel, !channel.changed { return }
            if subscriber.pointerObserver != nil {
                // Optional chaining calls the observer in place; `if let` would copy (retain) it.
                subscriber.pointerObserver?(pointer)
            } else {
                subscriber.observer(state)
            }
        }
    }
}

/// Calls `body` with the object `object` refers to, borrowed: no retain or release around the
/// call. Sound only while something else keeps the object alive for the whole call — here the
/// notification pass's snapshot array (see ``deliver(to:state:at:)``). The one use of an unsafe
/// reference in the package.
///
/// Always inlined: when the compiler kept the generic call, it also kept a type-metadata lookup
/// for it (~220 instructions a pass). A wrapper rather than the standard library's method directly,
/// for the same reason as ``withBuffer(of:_:)``: a main-actor closure passed straight to it gets a
/// runtime isolation check on every call.
@inlinable
@inline(__always)
func withGuaranteed<Object: AnyObject, Result>(_ object: Unmanaged<Object>, _ body: (Object) -> Result) -> Result {
    object._withUnsafeGuaranteedRef(body)
}

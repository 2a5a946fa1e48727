/// The rules of SPEC §4.5 — dispatch during dispatch never crashes and never nests — as one small
/// state machine, apart from the store that follows them.
///
/// A store is **busy** from the moment an action reaches the reducer until the dispatch that
/// carried it returns, and while it is being built. A dispatch made while busy is queued (FIFO) and
/// sent through the whole chain once the store is free. A `next` called while the reducer or the
/// observers run (from an observer) is queued too, but goes straight to the reducer: it already
/// passed the middleware in front of it. The queue is drained iteratively, so a long chain of
/// follow-up actions does not grow the stack.
///
/// The store asks, at each step, what to do; the answers are the whole policy:
///
/// ```swift
/// if rules.shouldQueue(action) { return }         // dispatch: busy, queued
/// rules.enterDispatch()
/// head(action)                                   //   … reduce: beginReduction / endReduction
/// if rules.leaveDispatch() { drain() }           // free again, with queued work
/// ```
@usableFromInline
struct DispatchRules {
    /// Set from the moment an action reaches the reducer until the dispatch that reduced it
    /// returns, and during setup.
    @usableFromInline var isBusy = true
    /// What runs of a reduction: nothing, the reducer itself, or the observers after it.
    @usableFromInline var phase = ReductionPhase.idle

    /// Set while the reducer and the observers run.
    @inlinable
    var isReducing: Bool { phase != .idle }

    /// Set while the reducer itself runs: the state is being written in place, so reading it,
    /// subscribing to it or cancelling a subscription now is refused (see `StoreCore`).
    @inlinable
    var isInReducer: Bool { phase == .reducer }
    /// How many dispatch frames are on the stack.
    @usableFromInline var depth = 0
    /// What was dispatched, or passed to `next`, while the store was busy.
    @usableFromInline var queue = ActionQueue()

    @usableFromInline init() {}

    /// The store finished building its pipeline: it is free. Returns whether actions dispatched
    /// meanwhile wait in the queue.
    @inlinable @inline(__always)
    mutating func finishSetup() -> Bool {
        isBusy = false
        return !queue.isEmpty
    }

    /// Whether `action`, dispatched now, must wait; if so it is queued to go through the chain later.
    @inlinable @inline(__always)
    mutating func shouldQueue(_ action: any Action) -> Bool {
        guard isBusy else { return false }
        enqueue(.dispatch(action))
        return true
    }

    /// A dispatch frame starts (a dispatch from outside, or a queued entry being drained).
    @inlinable @inline(__always)
    mutating func enterDispatch() {
        depth &+= 1
    }

    /// A dispatch frame from outside ends. Returns whether the store became free with work queued,
    /// which the caller must drain.
    @inlinable @inline(__always)
    mutating func leaveDispatch() -> Bool {
        depth &-= 1
        guard isBusy else { return false }
        isBusy = false
        return !queue.isEmpty
    }

    /// A dispatch from outside that reduced the action itself (a store without middleware, whose
    /// frame is not counted: no `next` can be kept to reduce later) ends. Returns whether the store
    /// became free with work queued, which the caller must drain.
    @inlinable @inline(__always)
    mutating func leaveDispatchOfReduction() -> Bool {
        guard isBusy else { return false }
        isBusy = false
        return !queue.isEmpty
    }

    /// A queued entry's frame ends; the store is free for the next entry.
    @inlinable @inline(__always)
    mutating func leaveDrainedDispatch() {
        depth &-= 1
        isBusy = false
    }

    /// Whether `action`, which reached the reducer, may be reduced now. When the reducer or the
    /// observers are running (`next` called from an observer), it is queued for the reducer alone.
    @inlinable @inline(__always)
    mutating func beginReduction(_ action: any Action) -> Bool {
        if isReducing {
            enqueue(.reduce(action))
            return false
        }
        isBusy = true
        phase = .reducer
        return true
    }

    /// The reducer itself starts.
    @inlinable @inline(__always)
    mutating func enterReducer() {
        phase = .reducer
    }

    /// The reducer returned; the observers run next.
    @inlinable @inline(__always)
    mutating func reducerReturned() {
        phase = .observers
    }

    /// The reducer and the observers are done, in a dispatch frame that was not counted
    /// (``leaveDispatchOfReduction()``).
    @inlinable @inline(__always)
    mutating func endReductionInDispatch() {
        phase = .idle
    }

    /// The reducer and the observers are done. Returns whether the reduction happened outside any
    /// dispatch frame — a `next` kept by a middleware and called later — in which case the store
    /// is free again and the caller must drain the queue.
    @inlinable @inline(__always)
    mutating func endReduction() -> Bool {
        phase = .idle
        guard depth == 0 else { return false }
        isBusy = false
        return true
    }

    /// Runs `body` with the store busy, so that what it dispatches is queued instead of nesting
    /// (a new subscriber's first value). Returns whether the caller must drain afterwards.
    @inlinable @inline(__always)
    mutating func beginBusyPeriod() -> Bool {
        if isBusy { return false }
        isBusy = true
        return true
    }

    /// Ends the period that ``beginBusyPeriod()`` began (when it returned `true`).
    @inlinable @inline(__always)
    mutating func endBusyPeriod() {
        isBusy = false
    }

    /// Queues an entry; out of line, so the checks around it stay a few instructions.
    @usableFromInline
    @inline(never)
    mutating func enqueue(_ entry: ActionQueue.Entry) {
        queue.append(entry)
    }

    /// The next queued entry, or `nil`.
    @usableFromInline
    mutating func nextQueued() -> ActionQueue.Entry? {
        queue.popFirst()
    }
}

/// The part of a reduction that is running.
@usableFromInline
enum ReductionPhase: UInt8 {
    /// No reduction.
    case idle
    /// The reducer: the state is being written in place.
    case reducer
    /// The rest of a reduction: observation callbacks before the reducer, and the observers and
    /// subscribers after it.
    case observers
}

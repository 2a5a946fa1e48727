#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Debug-build warnings about programmer errors that must not crash a release build: an action
/// that reached the reducer without its middleware, a middleware built outside a store.
///
/// Shared with the middleware modules of this package; not public API.
@MainActor
@usableFromInline
package enum Diagnostics {
    /// Where warnings go: standard error by default. Tests replace it to capture warnings.
    package static var sink: @MainActor (String) -> Void = { message in writeToStandardError(message) }

    /// Writes `message` to standard error now, from any thread: for a diagnostic raised off the
    /// main actor, where ``sink`` cannot be called synchronously.
    package nonisolated static func writeToStandardError(_ message: String) {
        let line = message + "\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }

    private static var warned: Set<String> = []
    /// How many actions of each type a middleware handled and passed on, not yet reduced.
    private static var handled: [ObjectIdentifier: Int] = [:]

    /// Warns, once per action type, that an action reached the reducer without the middleware it
    /// needs having handled it. Only in debug builds.
    ///
    /// - Parameters:
    ///   - action: The action the reducer just ran for.
    ///   - storeState: The `State` of the store whose reducer ran.
    @usableFromInline
    package static func checkReachedReducer(_ action: any Action, storeState: Any.Type) {
        #if DEBUG
            if action is Dismiss {
                // Unwrapped, so not sent through a presented child's or a row's scope: nothing
                // presents the store's own state — unless a test store takes it (`isDismissed`).
                let identifier = ObjectIdentifier(Dismiss.self)
                if let count = handled[identifier], count > 0 {
                    handled[identifier] = count == 1 ? nil : count - 1
                    return
                }
                warnOnce(
                    "dismiss-root:\(storeState)",
                    "swift-redux: warning: Dismiss was dispatched to a Store<\(storeState)> itself, not through "
                        + "the scope of a presented child or a row (scope(ifPresent:), scope(_:id:)): no ifLet or "
                        + "forEach presents the store's own state, so nothing was dismissed.")
                return
            }
            guard let marked = action as? any HandledByMiddleware else { return }
            let type = Swift.type(of: marked)
            let identifier = ObjectIdentifier(type)
            if let count = handled[identifier], count > 0 {
                handled[identifier] = count == 1 ? nil : count - 1
                return
            }
            if let written = type.storeStateType, written != storeState {
                warnOnce(
                    "reached:\(type)",
                    "swift-redux: warning: \(type) is written for a Store<\(written)> but reached the reducer of a "
                        + "Store<\(storeState)> (dispatched through a scope?), so nothing ran it. An async action or a "
                        + "thunk runs in a store whose State is its own: for work a feature owns, return a Command from "
                        + "the feature's reducer (ReduxEffects) — commands compose with pullback and scopes — or write "
                        + "it for \(storeState).")
                return
            }
            warnOnce(
                "reached:\(type)",
                "swift-redux: warning: \(type) reached the reducer of a Store<\(storeState)> without its middleware "
                    + "handling it; add \(type.requiredMiddleware) to the store's middleware.")
        #endif
    }

    /// Records that a middleware handled `action` and passes it on to the reducer, so that
    /// ``checkReachedReducer(_:storeState:)`` does not warn about it. Only in debug builds.
    ///
    /// - Parameter action: The action handled.
    @usableFromInline
    package static func markHandled(_ action: any Action) {
        #if DEBUG
            handled[ObjectIdentifier(Swift.type(of: action)), default: 0] += 1
        #endif
    }

    /// Whether this is a debug build of the library: checks that only warn are made only then.
    /// Inlined as a constant, so a release build's check folds away.
    @inlinable
    package nonisolated static var isDebug: Bool {
        #if DEBUG
            return true
        #else
            return false
        #endif
    }

    /// Warns, once per reducer state and action type, that `Reducer<State>.on(A.self)` was passed an
    /// `A` that a member or a presented child sent through its scope — addressed to it, so not taken
    /// by a reducer of the parent that matches the type alone. Rows' actions (which carry an
    /// identifier) are not told: a parent of a list sees them as element actions by design, and a
    /// reducer that contains itself sees its rows' actions so.
    @usableFromInline
    package nonisolated static func checkArrivesWrapped<A: Action>(
        _ action: any Action, as _: A.Type, in state: Any.Type
    ) {
        guard MainActorCheck.isOnMainQueue else { return }
        var inner = action
        var path: [String] = []
        while let element = ElementAction.unwrap(inner) {
            guard element.id == nil else { return }
            path.append(element.path)
            inner = element.action
        }
        // The members it was sent through (the enum cases on the way are routing).
        let members = path.filter { !ElementAction.namesCase($0) }
        guard inner is A, !members.isEmpty else { return }
        let member = members.joined(separator: ".")
        let parentName = "\(state)"
        MainActor.assumeIsolated {
            warnOnce(
                "arrives-wrapped:\(parentName):\(A.self)",
                "swift-redux: warning: Reducer<\(parentName)>.on(\(A.self).self) was passed a \(A.self) that "
                    + "\(member) sent through its scope (\(action)); it arrives addressed to \(member), so this reducer "
                    + "does not take it (nor does `action as? \(A.self)`). Match it where it was sent: "
                    + "Reducer<\(parentName)>.on(\\.\(member), \(A.self).self) { … }, or "
                    + "action.sent(by: \\\(parentName).\(member)).")
        }
    }

    /// Prints `message` once for `key`. Only in debug builds.
    ///
    /// - Parameters:
    ///   - key: What the warning is about; a second warning with the same key is not printed.
    ///   - message: The warning.
    @usableFromInline
    package static func warnOnce(_ key: String, _ message: @autoclosure () -> String) {
        #if DEBUG
            guard warned.insert(key).inserted else { return }
            sink(message())
        #endif
    }

    /// Runs `body` with its warnings dropped, the once-only memory left as it is: for tests that
    /// raise warnings on purpose (late taps, hostile input) beside tests that capture theirs
    /// across a suspension, whose capture would otherwise receive them. Synchronous, so no other
    /// test's warnings are dropped with them.
    package static func silencing<R>(_ body: () throws -> R) rethrows -> R {
        let previous = sink
        sink = { _ in }
        defer { sink = previous }
        return try body()
    }

    /// Forgets which warnings were printed (tests).
    package static func reset() {
        warned = []
        handled = [:]
    }

    /// The warnings `body` raised, captured instead of written (the once-only memory reset first):
    /// for tests, which run `body` without a suspension so no other test's warnings mix in.
    package static func capture(_ body: () throws -> Void) rethrows -> [String] {
        var captured: [String] = []
        let previous = sink
        reset()
        sink = { captured.append($0) }
        defer { sink = previous }
        try body()
        return captured
    }
}

/// A state that owns values several of its screens show and edit: it says once where each value
/// lives and where it is shown, and every store of it keeps each copy equal to the owned value.
///
/// A pushed detail and a meeting recorder both show a sync-up the list owns. Their states hold the
/// sync-up as a plain value — their reducers read and write it as any field — and the app's state
/// declares the link:
///
/// ```swift
/// extension AppState: SharedValues {
///     static var sharing: [Sharing<AppState>] {
///         [.values(of: \.syncUps, in: \.path, at: .child(\.detail, \.syncUp), .child(\.record, \.syncUp))]
///     }
/// }
/// ```
///
/// After each action is reduced, the store (and `TestStore`, `ReduxHistory`'s recorder, replay and
/// undo) reconciles the copies:
///
/// 1. a copy a screen changed during the reduction is written to the owned value, with the same
///    identifier;
/// 2. then every copy whose owned value differs is set to it.
///
/// So an edit made in any screen is, once the action is reduced, the one value everywhere: in the
/// list, in every screen showing it, in what is persisted (the owned value is ordinary state) and
/// in what a test asserts — a test's expected state is reconciled the same way, so it asserts the
/// change once, on the owned value or on any copy. State stays a value: logs, diffs, recordings,
/// replay and time travel see the reconciled states.
///
/// Documented choices: a screen pushed in the reduction shows the owned value (its copy is not
/// taken as an edit); when two copies of one value are edited in the same reduction, the later one
/// (the later entry or view declared, the screen higher on the stack) wins, and every copy shows
/// it; a copy whose value is no longer owned (deleted) keeps its last value — the screen showing it
/// is usually being closed. Within one reduction, before it ends, a copy and the owned value may
/// differ: a reducer sees the value as it was when the action arrived.
///
/// Stores of states that do not conform pay nothing. A store of one that does compares, after each
/// action, the versions of the identified collections the values live in with those it kept after
/// the previous action: an action that changed none of them reads no copy. One that did reads the
/// copies it may have made differ — the screens or rows the action changed, and those showing an
/// owned value it changed (collections' change logs name both); a copy in a member of the state is
/// compared on every action.
public protocol SharedValues: SendableMetatype {
    /// Where each shared value lives and where it is shown.
    static var sharing: [Sharing<Self>] { get }
}

/// Where one kind of shared value lives in `State` and where its copies are shown: an entry of
/// ``SharedValues/sharing``.
public struct Sharing<State>: Sendable {
    /// Writes the copies edited since `before` to the owned values. Every entry's edits are written
    /// before any entry's copies are refreshed, so two entries sharing a source agree.
    let writeEdits: @Sendable (_ state: inout State, _ before: State) -> Void
    /// Sets every copy to its owned value.
    let refresh: @Sendable (_ state: inout State, _ before: State) -> Void
    /// Where the versions of the identified collections this entry reads (the owned values' and
    /// the copies') are stored in `State`: when all equal those of the state before, both steps
    /// do nothing. `nil` when a place cannot be told unchanged that way (a member, a single value).
    let versionOffsets: [Int]?
    /// How a store reconciles this entry from what it remembers of the last reconciliation,
    /// instead of a copy of the state before each action (``SharedValuesTracker``); `nil` with
    /// ``versionOffsets``.
    let tracking: CopyTracking<State>?

    init<Value: Sendable>(
        _ steps: SharedLocations<State, Value>.Steps, versionOffsets: [Int?]? = nil,
        tracking: CopyTracking<State>? = nil
    ) {
        writeEdits = steps.writeEdits
        refresh = steps.refresh
        self.versionOffsets = versionOffsets.flatMap { $0.contains(nil) ? nil : $0.compactMap { $0 } }
        self.tracking = self.versionOffsets == nil ? nil : tracking
    }

    /// Values of the identified collection at `source`, shown by the screens of the navigation
    /// stack at `stack`, at `views` in a screen.
    ///
    /// ```swift
    /// .values(of: \.syncUps, in: \.path, at: .child(\.detail, \.syncUp), .child(\.record, \.syncUp))
    /// ```
    ///
    /// - Parameters:
    ///   - source: Where the values are owned.
    ///   - stack: The stack whose screens show them.
    ///   - views: Where, in a screen's state, a copy may be.
    public static func values<Value: Identifiable & Equatable & Sendable, Screen: Sendable>(
        of source: WritableKeyPath<State, IdentifiedArray<Value.ID, Value>> & Sendable,
        in stack: WritableKeyPath<State, StackState<Screen>> & Sendable,
        at views: SharedView<Screen, Value>...
    ) -> Sharing {
        Sharing(
            SharedLocations.steps(source: .identified(source), views.map { .screens(stack, $0) }),
            versionOffsets: [collectionVersionOffset(of: source), collectionVersionOffset(of: stack)],
            tracking: CopyTracking(source: source, elements: stack, views: views.map(SharedView.screen)))
    }

    /// Values of the identified collection at `source`, shown by the elements of `elements` (the
    /// rows of a list) at `views`.
    ///
    /// - Parameters:
    ///   - source: Where the values are owned.
    ///   - elements: The elements that show them.
    ///   - views: Where, in an element, a copy may be.
    public static func values<Value: Identifiable & Equatable & Sendable, ElementID: Sendable, Element: Sendable>(
        of source: WritableKeyPath<State, IdentifiedArray<Value.ID, Value>> & Sendable,
        inElements elements: WritableKeyPath<State, IdentifiedArray<ElementID, Element>> & Sendable,
        at views: SharedView<Element, Value>...
    ) -> Sharing {
        Sharing(
            SharedLocations.steps(source: .identified(source), views.map { .elements(elements, $0) }),
            versionOffsets: [collectionVersionOffset(of: source), collectionVersionOffset(of: elements)],
            tracking: CopyTracking(source: source, elements: elements, views: views))
    }

    /// Values of the identified collection at `source`, shown at `views` of the state itself — a
    /// presented sheet's copy, say (`.child(\.sheet, \.syncUp)`).
    ///
    /// - Parameters:
    ///   - source: Where the values are owned.
    ///   - views: Where a copy may be.
    public static func values<Value: Identifiable & Equatable & Sendable>(
        of source: WritableKeyPath<State, IdentifiedArray<Value.ID, Value>> & Sendable,
        at views: SharedView<State, Value>...
    ) -> Sharing {
        Sharing(SharedLocations.steps(source: .identified(source), views.map { .member($0) }))
    }

    /// One value at `source` — settings, the signed-in user — shown at `views` of the state.
    ///
    /// - Parameters:
    ///   - source: Where the value is owned.
    ///   - views: Where a copy may be.
    public static func value<Value: Equatable & Sendable>(
        _ source: WritableKeyPath<State, Value> & Sendable,
        at views: SharedView<State, Value>...
    ) -> Sharing {
        Sharing(SharedLocations.steps(source: .single(source), views.map { .member($0) }))
    }

    /// One value at `source`, shown by the screens of the stack at `stack`, at `views` in a screen.
    ///
    /// - Parameters:
    ///   - source: Where the value is owned.
    ///   - stack: The stack whose screens show it.
    ///   - views: Where, in a screen's state, a copy may be.
    public static func value<Value: Equatable & Sendable, Screen: Sendable>(
        _ source: WritableKeyPath<State, Value> & Sendable,
        in stack: WritableKeyPath<State, StackState<Screen>> & Sendable,
        at views: SharedView<Screen, Value>...
    ) -> Sharing {
        Sharing(SharedLocations.steps(source: .single(source), views.map { .screens(stack, $0) }))
    }
}

/// A place in `Root` where a copy of a shared value may be: a member, an optional member, or a
/// member of an optional child (a presented sheet, an enum case reached by its accessor).
///
/// Swift's key paths stop being writable at an optional chain (`\.detail?.syncUp` is read-only),
/// so a child's member is named in two steps: `.child(\.detail, \.syncUp)`.
public struct SharedView<Root, Value>: Sendable {
    /// The copy, when the place holds one.
    let get: @Sendable (Root) -> Value?
    /// Replaces the copy (only called where ``get`` found one).
    let set: @Sendable (inout Root, Value) -> Void

    /// A member that always holds a copy (`\.self` for a stack of the value itself).
    ///
    /// - Parameter member: The member.
    public static func member(_ member: WritableKeyPath<Root, Value> & Sendable) -> SharedView {
        SharedView(get: { $0[keyPath: member] }, set: { $0[keyPath: member] = $1 })
    }

    /// An optional member: a copy while it is not `nil`.
    ///
    /// - Parameter member: The member.
    public static func optional(_ member: WritableKeyPath<Root, Value?> & Sendable) -> SharedView {
        SharedView(get: { $0[keyPath: member] }, set: { $0[keyPath: member] = $1 })
    }

    /// A member of an optional child — a presented sheet, or an enum case through its accessor —
    /// while the child is there.
    ///
    /// - Parameters:
    ///   - child: The optional child.
    ///   - member: The copy's member in the child.
    public static func child<Child>(
        _ child: WritableKeyPath<Root, Child?> & Sendable, _ member: WritableKeyPath<Child, Value> & Sendable
    ) -> SharedView {
        SharedView(
            get: { $0[keyPath: child]?[keyPath: member] },
            set: { root, value in root[keyPath: child]?[keyPath: member] = value })
    }

    /// A member of one case of an enum — a kind of stack screen, an enum destination's case —
    /// reached by the case's constructor, while the value is that case:
    /// `.child(case: Path.detail, \.syncUp)`.
    ///
    /// - Parameters:
    ///   - embed: The case's constructor; a case with one associated value.
    ///   - member: The copy's member in the case's payload.
    public static func child<Child>(
        case embed: @escaping @Sendable (Child) -> Root, _ member: WritableKeyPath<Child, Value> & Sendable
    ) -> SharedView {
        // Reads every copy in turn: the memo of the enum's cases would only churn.
        let reader = CaseReader(embed, remembering: false)
        return SharedView(
            get: { reader.extract(from: $0)?.payload[keyPath: member] },
            set: { root, value in
                guard var payload = reader.extract(from: root)?.payload else { return }
                payload[keyPath: member] = value
                root = reader.write(payload)
            })
    }
}

extension Reducer {
    /// This reducer, followed by the reconciliation of ``SharedValues`` when `State` declares
    /// any; itself otherwise. What a store, a test store, a recorder, a replay and undo run.
    package func reconcilingSharedValues() -> Reducer {
        guard let reconcile = SharedValuesReconciler.reconciler(for: State.self) else { return self }
        // Told here, before calling in: most actions renew no collection the shared values live in
        // (`sharing, 10 copies, an action touching none` measured 3,657 → 656 instructions with
        // this check, when stores ran this path; a store now keeps a `SharedValuesTracker` where it can).
        // The loads go through `loadMember`, the package's one typed read at an offset (see ``MemberReader``).
        let offsets = SharedValuesReconciler.versionOffsets(for: State.self) ?? []
        // Versions tell only the declared copies unchanged; features' shared members are walked.
        let checks = !offsets.isEmpty && SharedGraph.typesHoldingShared(from: State.self) == nil
        // The stored values a store loaded for persisted keys whose copies appeared: written into
        // those copies after the reconciliation (which found nothing changed by the action), so
        // that a replay shows what the store showed.
        let load = SharedWalk.loader(for: State.self)
        if let workBody {
            return Reducer(work: { state, action, work in
                let before = state
                workBody(&state, action, &work)
                if !checks || !sameVersions(at: offsets, in: &state, before) { reconcile(&state, before) }
                if let load, let loaded = ActionCast.cast(action, to: SharedValuesLoaded.self) { load(&state, loaded) }
            })
        }
        let body = self.body
        return Reducer { state, action in
            let before = state
            body(&state, action)
            if !checks || !sameVersions(at: offsets, in: &state, before) { reconcile(&state, before) }
            if let load, let loaded = ActionCast.cast(action, to: SharedValuesLoaded.self) { load(&state, loaded) }
        }
    }
}

extension Reducer {
    /// Runs `element` on the element of the ``IdentifiedArray`` at `keyPath` that an
    /// ``ElementAction`` is for, then this reducer on every action — the Composable Architecture's
    /// `forEach` — and cancels the work of the elements that are no longer in the collection.
    ///
    /// ```swift
    /// let appReducer = listReducer.forEach(\.todos, element: todoReducer)
    /// // a row: store.scope(\.todos, id: 3)?.dispatch(Toggle()) reaches todoReducer for todo 3
    /// ```
    ///
    /// - An action dispatched through a row's scope reaches `element` with no identifier written by
    ///   hand; this reducer (the parent) sees the ``ElementAction`` afterwards, with the element
    ///   already changed.
    /// - A row that sends ``Dismiss`` is removed (after this reducer saw the action); a screen of a
    ///   ``StackState`` is popped with every screen above it.
    /// - Work `element` returns (commands) belongs to the element: what it sends comes back to the
    ///   element; removing the element — by any reducer — cancels it, as it cancels async actions
    ///   and thunks dispatched through the row's scope.
    /// - An action for an identifier that is not in the collection changes nothing; debug builds
    ///   print a warning naming the element.
    ///
    /// - Parameters:
    ///   - keyPath: The collection.
    ///   - element: The reducer of one element.
    /// - Returns: The combined reducer.
    @inlinable
    public func forEach<ID: Hashable & Sendable, Element: Identifiable & Sendable>(
        _ keyPath: WritableKeyPath<State, IdentifiedArray<ID, Element>> & Sendable,
        element: Reducer<Element>
    ) -> Reducer<State> where Element.ID == ID {
        // Inlined into the app's module: the element's lookup and in-place update are compiled
        // there for its types (see ``ElementAccess``).
        forEach(keyPath, element: element, access: ElementAccess(keyPath))
    }

    /// ``forEach(_:element:)`` reaching the elements through `access`.
    @usableFromInline
    func forEach<ID: Hashable & Sendable, Element: Identifiable & Sendable>(
        _ keyPath: WritableKeyPath<State, IdentifiedArray<ID, Element>> & Sendable,
        element: Reducer<Element>, access: ElementAccess<State, ID, Element>
    ) -> Reducer<State> where Element.ID == ID {
        forEach(keyPath, element: element, access: access, memo: CaseMemos.memo(for: Element.self))
    }

    /// ``forEach(_:element:)``, forgetting `memo` (the last element whose case was learned, see
    /// ``CaseMemo``) when elements go, so that a removed element's state does not stay alive in it.
    /// Inlinable, so that its reducer is compiled for the app's types (run from the library, the
    /// optionals and generic types it names asked the runtime for their metadata on every action).
    @inlinable
    func forEach<ID: Hashable & Sendable, Element: Identifiable & Sendable>(
        _ keyPath: WritableKeyPath<State, IdentifiedArray<ID, Element>> & Sendable,
        element: Reducer<Element>, access: ElementAccess<State, ID, Element>, memo: AnyCaseMemo?
    ) -> Reducer<State> where Element.ID == ID {
        let name = ElementAction.path(of: keyPath)
        let version = StructureVersionReader(keyPath)
        let parent = bodyCollectingWork
        let child = element.bodyCollectingWork
        return Reducer(work: { state, action, work in
            let before = version.read(&state)
            var dismissed: Int?
            if let scoped = ElementAction.unwrap(action), scoped.isFor(name) {
                // The identifier's type compared first (an action a row or screen sent carries an
                // `ID`); the runtime's cast only for another type (an `AnyHashable` a test wrote).
                if let scopedID = scoped.id,
                    let id = ChildIdentity.exactly(scopedID, as: ID.self) ?? (scopedID as? ID),
                    let index = access.index(state, id)
                {
                    if scoped.isDismiss {
                        dismissed = index
                    } else {
                        var childWork = ReducerWork()
                        access.update(&state, index) { child(&$0, scoped.action, &childWork) }
                        if childWork.takeDismissRequest() != nil {
                            dismissed = index
                        }
                        // Tested first: the wrapped action, handed to the settling, was copied
                        // on every row's action (`scope, a row of 1000, the row's action sent to
                        // the store` 1,335 → 1,391).
                        if !childWork.claims.isEmpty { childWork.settleCaseClaims(of: scoped.action) }
                        let probes = childWork.takeProbes(of: Element.self)
                        // The element's step is made only when its work needs it (most actions
                        // return none): made on every action, its path and boxed identifier were
                        // copied and destroyed for nothing.
                        if !childWork.isEmpty || !probes.isEmpty {
                            let step = OwnerStep(path: name, id: id)
                            if !childWork.isEmpty {
                                // The element's work lives while the element does, whoever removes it.
                                work.appendElementWork(
                                    childWork, step: step, wrap: { ElementAction(path: name, id: id, $0) }
                                ) { (state: inout State) in state[keyPath: keyPath].ids.contains(id) }
                            }
                            for probe in probes {
                                work.append(
                                    probe.lifted(through: step) { (state: inout State, ask: (inout Element) -> Bool) in
                                        guard var element = state[keyPath: keyPath][id: id] else { return false }
                                        return ask(&element)
                                    })
                            }
                        }
                    }
                } else {
                    Diagnostics.warnElementMissing(scoped, state: "\(State.self)")
                    // The parent does not see an action for an element that is not there: it
                    // would react to what no element did (a replay's skipped step, a late tap).
                    if scoped.path == name { return }
                }
            }
            parent(&state, action, &work)
            if dismissed != nil, let id = (action as? ElementAction)?.id as? ID,
                let index = state[keyPath: keyPath].index(id: id)
            {
                if Element.self is any StackScreen.Type {
                    // A stack screen goes with every screen above it.
                    state[keyPath: keyPath].remove(atOffsets: index..<state[keyPath: keyPath].count)
                } else {
                    state[keyPath: keyPath].remove(at: index)
                }
            }
            if version.read(&state) != before {
                memo?.forget()
                let ids = state[keyPath: keyPath].ids
                work.append(CancelMissingElements(path: name) { ($0.base as? ID).map(ids.contains) ?? false })
            }
        })
    }

    /// A reducer of one element of an ``IdentifiedArray``, lifted to the state that holds it:
    /// `Reducer<Root>.empty.forEach(keyPath, element: self)`. See ``forEach(_:element:)``.
    ///
    /// - Parameter keyPath: The collection.
    /// - Returns: A reducer over `Root` that runs this reducer on the element an
    ///   ``ElementAction`` is for.
    public func forEach<Root, ID: Hashable & Sendable>(
        _ keyPath: WritableKeyPath<Root, IdentifiedArray<ID, State>> & Sendable
    ) -> Reducer<Root> where State: Identifiable & Sendable, State.ID == ID {
        Reducer<Root> { _, _ in }.forEach(keyPath, element: self)
    }

    /// Runs `child` on the optional child state at `keyPath` while it is present — a sheet, an
    /// alert, a drill-down; the Composable Architecture's `ifLet` — then this reducer, and cancels
    /// the child's work when it is dismissed or replaced.
    ///
    /// ```swift
    /// let appReducer = listReducer.ifLet(\.editor, then: editorReducer)
    /// // the sheet: store.scope(ifPresent: \.editor)?.dispatch(Save()) reaches editorReducer
    /// ```
    ///
    /// - An action dispatched through the child's scope (``StoreProtocol/scope(ifPresent:)``)
    ///   reaches `child`, then this reducer sees it (as an ``ElementAction``) with the child's new state.
    /// - ``Dismiss`` sent by the child: this reducer sees it with the child's last state, then the
    ///   child is set to `nil`.
    /// - The child's identity is its `id` when it is `Identifiable`, its case when it is an enum,
    ///   else its presence. When it goes (set to `nil` by any reducer) or is replaced by another
    ///   identity, the work it started is cancelled: commands `child` returned, async actions and
    ///   thunks dispatched through its scope. Setting the same identity again keeps it.
    /// - An action for an absent child (or for a child since replaced) changes nothing; debug
    ///   builds print a warning naming the child.
    ///
    /// - Parameters:
    ///   - keyPath: The optional child state.
    ///   - child: The child's reducer.
    /// - Returns: The combined reducer.
    @inlinable
    public func ifLet<Child>(
        _ keyPath: WritableKeyPath<State, Child?> & Sendable, then child: Reducer<Child>
    ) -> Reducer<State> {
        ifLet(keyPath, then: child, identity: ChildIdentity.caseOrPresence())
    }

    /// Runs `child` on the optional child state at `keyPath` while it is present; the child's
    /// identity is its `id`. See ``ifLet(_:then:)-6g2hb``.
    ///
    /// - Parameters:
    ///   - keyPath: The optional child state.
    ///   - child: The child's reducer.
    /// - Returns: The combined reducer.
    @inlinable
    public func ifLet<Child: Identifiable & SendableMetatype>(
        _ keyPath: WritableKeyPath<State, Child?> & Sendable, then child: Reducer<Child>
    ) -> Reducer<State> where Child.ID: Sendable {
        ifLet(keyPath, then: child, identity: ChildIdentity.identifier)
    }

    /// Runs `child` on the optional child state at `keyPath` while it is present — as
    /// ``ifLet(_:then:)-6g2hb``, for a child that is `Equatable` (an enum destination, most
    /// sheets): an action that leaves the child equal to what it was costs no reflection of its
    /// identity (its case).
    ///
    /// - Parameters:
    ///   - keyPath: The optional child state.
    ///   - child: The child's reducer.
    /// - Returns: The combined reducer.
    @inlinable
    public func ifLet<Child: Equatable & SendableMetatype>(
        _ keyPath: WritableKeyPath<State, Child?> & Sendable, then child: Reducer<Child>
    ) -> Reducer<State> {
        ifLet(ChildPlace(keyPath), then: child, identity: ChildIdentity.caseOrPresence(), unchanged: { $0 == $1 })
    }

    /// Runs `child` on the optional child state at `keyPath` while it is present; the child's
    /// identity is its `id`, and an action that leaves it equal costs no identity read. See
    /// ``ifLet(_:then:)-6g2hb``.
    ///
    /// - Parameters:
    ///   - keyPath: The optional child state.
    ///   - child: The child's reducer.
    /// - Returns: The combined reducer.
    @inlinable
    public func ifLet<Child: Identifiable & Equatable & SendableMetatype>(
        _ keyPath: WritableKeyPath<State, Child?> & Sendable, then child: Reducer<Child>
    ) -> Reducer<State> where Child.ID: Sendable {
        ifLet(ChildPlace(keyPath), then: child, identity: ChildIdentity.identifier, unchanged: { $0 == $1 })
    }

    /// The `ifLet` of an optional member; inlined into the app's module, so that the member's
    /// place (``ChildPlace``) is compiled there for the app's types.
    @inlinable
    func ifLet<Child>(
        _ keyPath: WritableKeyPath<State, Child?> & Sendable, then child: Reducer<Child>,
        identity identify: @escaping @Sendable (Child) -> ChildIdentity
    ) -> Reducer<State> {
        ifLet(ChildPlace(keyPath), then: child, identity: identify)
    }

    /// Runs `child` on the case of this reducer's state (an enum) that `embed` builds, while the
    /// state is that case — an enum destination's case or a kind of stack screen, reached by its
    /// constructor, with no accessor written by hand:
    ///
    /// ```swift
    /// enum Destination: Equatable, Sendable {
    ///     case editor(EditorState)
    ///     case confirmDelete(id: Int)
    /// }
    /// let destinationReducer = Reducer<Destination> { _, _ in }.ifLet(case: Destination.editor, then: editorReducer)
    /// // the sheet: store.scope(ifPresent: \.destination)?.scope(case: Destination.editor)
    /// ```
    ///
    /// Behaves as ``ifLet(_:then:)-6g2hb`` on an optional child: the case is present while the state
    /// is that case. An action is routed by the case's name (`.editor`), read from the value with
    /// `Mirror` (no layout is read) — for an `Equatable` enum once per value: the value this
    /// reducer writes back, or one read before, is recognised with `==` by the readers that follow
    /// (equal values are taken to show the same case). An action for one case that reaches a value
    /// showing another changes nothing, and debug builds name both. A ``Dismiss`` from the case
    /// closes the enum one level up (the optional destination is set to `nil`, the stack screen is
    /// popped). The case's
    /// identity is its payload's `id` when it is `Identifiable` (see
    /// ``ifLet(case:then:)-4gvye``), else the case: work it started ends when the state leaves the case.
    ///
    /// - Parameters:
    ///   - embed: The case's constructor (`Destination.editor`); a case with one associated value.
    ///   - child: The reducer of the case's payload.
    /// - Returns: The combined reducer.
    @inlinable
    public func ifLet<Payload>(
        case embed: @escaping @Sendable (Payload) -> State, then child: Reducer<Payload>
    ) -> Reducer<State> {
        ifLet(ChildPlace(case: CaseReader(embed)), then: child, identity: ChildIdentity.caseOrPresence())
    }

    /// Runs `child` on the case of this reducer's state that `embed` builds, while the state is that
    /// case; the case's identity is its payload's `id`. See ``ifLet(case:then:)-2mm1x``.
    ///
    /// - Parameters:
    ///   - embed: The case's constructor; a case with one associated value.
    ///   - child: The reducer of the case's payload.
    /// - Returns: The combined reducer.
    @inlinable
    public func ifLet<Payload: Identifiable & SendableMetatype>(
        case embed: @escaping @Sendable (Payload) -> State, then child: Reducer<Payload>
    ) -> Reducer<State> where Payload.ID: Sendable {
        ifLet(ChildPlace(case: CaseReader(embed)), then: child, identity: ChildIdentity.identifier)
    }

    /// The `ifLet` of every form. `unchanged`, given for an `Equatable` child, tells a child left
    /// equal by the action: its identity (a case read with `Mirror`) is then not read at all.
    @inlinable
    func ifLet<Child>(
        _ place: ChildPlace<State, Child>, then child: Reducer<Child>,
        identity identify: @escaping @Sendable (Child) -> ChildIdentity,
        unchanged: (@Sendable (Child, Child) -> Bool)? = nil
    ) -> Reducer<State> {
        // A parent without work (an `on` reducer) is called through its plain body: through
        // `bodyCollectingWork` it was one more closure call on every action.
        if let workBody {
            return ifLet(place, then: child, identity: identify, unchanged: unchanged, parent: WorkStep(workBody))
        }
        return ifLet(place, then: child, identity: identify, unchanged: unchanged, parent: PlainStep(body))
    }

    /// ``ifLet(_:then:identity:unchanged:)`` with the parent's reducer as a step of either kind
    /// (compiled for each, so the parent is called directly).
    @inlinable
    func ifLet<Child, Parent: ParentStep<State>>(
        _ place: ChildPlace<State, Child>, then child: Reducer<Child>,
        identity identify: @escaping @Sendable (Child) -> ChildIdentity,
        unchanged: (@Sendable (Child, Child) -> Bool)?, parent step: Parent
    ) -> Reducer<State> {
        let childBody = child.bodyCollectingWork
        // Holds the last value of an enum child whose case was learned: forgotten when the child goes.
        let memo = CaseMemos.memo(for: Child.self)
        return Reducer(work: { state, action, work in
            let found = place.child(in: &state)
            // An action that is no child's (nearly every action of an app): the parent's, then the
            // child's identity is read only when the action changed the child.
            if !ElementAction.isElementAction(action) {
                guard let old = found else {
                    step(&state, action, &work)
                    return
                }
                // A case's name is read from the state before the action (a member's is fixed).
                let caseName = place.hasFixedName ? nil : place.caseName(state)
                step(&state, action, &work)
                let now = place.child(in: &state)
                if let now, let unchanged, unchanged(old, now) { return }
                let shown = ChildIdentity(found, identify)
                if let name = place.name ?? caseName, shown.isPresent, ChildIdentity(now, identify) != shown {
                    work.append(CancelElementWork(step: OwnerStep(path: name, id: shown.id)))
                }
                // A dismissed child's state does not stay alive in the memo of its cases.
                if now == nil { memo?.forget() }
                return
            }
            // The child's identity before the action, read when needed: an action that neither
            // addresses the child nor changes it (most of an app's actions) never reads it. Kept
            // in a local and read through ``ChildIdentity/before(_:_:known:)``, not nested
            // functions: those were compiled generic, and copied the child's optional and its
            // identity through their value witnesses (~1,300 instructions an action of an enum sheet).
            var knownBefore: ChildIdentity?
            // The name the child's actions and work carry while it is shown (a case's, from the value).
            let name = place.name ?? (found == nil ? nil : place.caseName(state))
            var dismiss = false
            var dismissIfStillShowing: (@Sendable (Any) -> Bool)?
            var missed = false
            if let scoped = ElementAction.unwrap(action), place.isAddressed(scoped) {
                if let name, scoped.isFor(name),
                    case let shownBefore = ChildIdentity.before(found, identify, known: &knownBefore),
                    shownBefore.isPresent,
                    scoped.id.map({ AnyHashable($0) == shownBefore.id.map { AnyHashable($0) } }) ?? true
                {
                    let identity = shownBefore.id
                    if ElementAction.namesCase(name) {
                        work.claims.append(CaseClaim(path: name, isTaken: true, state: State.self))
                    }
                    if scoped.isDismiss {
                        dismiss = true
                    } else if var present = place.hasFixedName ? place.take(&state) : found {
                        // A member's child is moved out and back: its state is not copied. A
                        // case's is the one read above (the state is unchanged since): reading it
                        // again cost a case read (~500 instructions).
                        var childWork = ReducerWork()
                        childBody(&present, scoped.action, &childWork)
                        place.put(&state, present)
                        if let request = childWork.takeDismissRequest() {
                            if let check = request.isStillShowing {
                                dismissIfStillShowing = check
                            } else {
                                dismiss = true
                            }
                        }
                        // An action for a case of the child that it does not show (a recorded
                        // alert's button reaching an editor) changed nothing: the parent does not
                        // see it either.
                        if !childWork.claims.isEmpty, childWork.settleCaseClaims(of: scoped.action),
                            scoped.path == place.name
                        {
                            missed = true
                        }
                        let probes = childWork.takeProbes(of: Child.self)
                        // The child's step is made only when its work needs it (most actions
                        // return none), as in `forEach`.
                        if !childWork.isEmpty || !probes.isEmpty {
                            let step = OwnerStep(path: name, id: identity)
                            let shown = shownBefore
                            if !childWork.isEmpty {
                                // The child's work lives while this presentation does, whoever ends it.
                                work.appendElementWork(
                                    childWork, step: step, wrap: { ElementAction(path: name, id: identity, $0) }
                                ) { (state: inout State) in ChildIdentity(place.get(state), identify) == shown }
                            }
                            for probe in probes {
                                work.append(
                                    probe.lifted(through: step) { (state: inout State, ask: (inout Child) -> Bool) in
                                        guard ChildIdentity(place.get(state), identify) == shown,
                                            var child = place.get(state)
                                        else { return false }
                                        return ask(&child)
                                    })
                            }
                        }
                    }
                } else if let route = place.name ?? Optional(scoped.path), ElementAction.namesCase(route) {
                    // A case (an enum destination's or a stack screen's) may be absent because another
                    // case is present, whose `ifLet` takes the action: the level above decides
                    // (``CaseClaim``).
                    work.claims.append(CaseClaim(path: route, isTaken: false, state: State.self))
                } else {
                    Diagnostics.warnElementMissing(scoped, state: "\(State.self)")
                    // An action for an absent or replaced child changes nothing, in the parent's
                    // view too (see ``Reducer/forEach(_:element:)``).
                    missed = scoped.path == place.name
                }
            }
            if !missed { step(&state, action, &work) }
            // The child that asked to be dismissed goes, unless the parent answered by presenting
            // another (another identity): that one stays.
            if let dismissIfStillShowing {
                // An alert's button: the parent saw it; the alert goes if the parent left it shown.
                if let now = place.get(state), dismissIfStillShowing(now), !place.clear(&state) {
                    work.append(DismissRequest())  // a case of a case: closed one level up
                }
            } else if dismiss,
                ChildIdentity.same(found, place.get(state), identify, unchanged: unchanged, known: &knownBefore)
            {
                if !place.clear(&state) {
                    // The child is a case of its parent's state (an enum destination's): the
                    // dismissal is its parent's, one level up.
                    work.append(DismissRequest())
                }
            }
            if found != nil {
                let now = place.get(state)
                if let name, !ChildIdentity.same(found, now, identify, unchanged: unchanged, known: &knownBefore),
                    case let shownBefore = ChildIdentity.before(found, identify, known: &knownBefore),
                    shownBefore.isPresent
                {
                    work.append(CancelElementWork(step: OwnerStep(path: name, id: shownBefore.id)))
                }
                // A dismissed child's state does not stay alive in the memo of its cases.
                if now == nil { memo?.forget() }
            }
        })
    }
}

/// How a `forEach` finds an element by its identifier and changes it in place. Made by the
/// inlinable ``Reducer/forEach(_:element:)`` in the app's module, so these closures are compiled for
/// the app's types there: run from the library's generic reducer, the same lookups through the key
/// path ran unspecialised and asked the runtime for the collection's metadata on every action.
@usableFromInline
struct ElementAccess<State, ID: Hashable & Sendable, Element: Identifiable & Sendable>: Sendable
where Element.ID == ID {
    /// The position of the element `id`, if it is there.
    @usableFromInline let index: @Sendable (_ state: State, _ id: ID) -> Int?
    /// Runs `body` on the element at a position, in place.
    @usableFromInline let update:
        @Sendable (_ state: inout State, _ index: Int, _ body: (inout Element) -> Void) -> Void

    @inlinable
    init(_ keyPath: WritableKeyPath<State, IdentifiedArray<ID, Element>> & Sendable) {
        // The collection read at its offset when the key path allows (``MemberReader``): a copy of
        // the collection (retains), not the runtime's key-path projection (~335 instructions on
        // every action a row sends, a generic-metadata lookup among them).
        let offset = MemoryLayout<State>.offset(of: keyPath)
        index = { state, id in
            guard let offset else { return state[keyPath: keyPath].index(id: id) }
            return withUnsafePointer(to: state) {
                loadMember(IdentifiedArray<ID, Element>.self, at: offset, in: UnsafeRawPointer($0)).index(id: id)
            }
        }
        update = { state, index, body in body(&state[keyPath: keyPath][index]) }
    }
}

/// Where an optional child lives in its parent's state: an optional member (a key path), or one
/// case of an enum reached by its constructor (``CaseReader``). How ``Reducer/ifLet(_:then:)-6g2hb``
/// and ``Reducer/ifLet(case:then:)-2mm1x`` read, replace and clear it, and the name its actions carry.
///
/// A member's place is made by the inlinable `ifLet`s in the app's module, so that its closures are
/// compiled there for the app's types: run from the library's generic reducer, the same key-path
/// reads asked the runtime for the optional's metadata on every action.
@usableFromInline
struct ChildPlace<State, Child>: Sendable {
    /// The child; `nil` while it is absent.
    @usableFromInline let get: @Sendable (State) -> Child?
    /// Moves the child out (leaving the place empty where it can).
    @usableFromInline let take: @Sendable (inout State) -> Child?
    /// Puts the child back.
    @usableFromInline let put: @Sendable (inout State, Child) -> Void
    /// Sets the place to `nil`; `false` when it cannot be (an enum's case, or an accessor ignoring `nil`).
    @usableFromInline let clear: @Sendable (inout State) -> Bool
    /// The name the child's actions carry when it does not depend on the value (a member's); `nil`
    /// for a case's.
    @usableFromInline let name: String?
    /// A case's name (`.detail`) while the state is that case.
    @usableFromInline let caseName: @Sendable (State) -> String?
    /// Whether an action is addressed to this place, or (for a case) to a case of this enum.
    @usableFromInline let isAddressed: @Sendable (ElementAction) -> Bool
    /// Whether the place's actions carry a fixed name (a member's), told without copying it.
    @usableFromInline let hasFixedName: Bool
    /// A member's offset in `State`, when its key path allows (see ``child(in:)``).
    @usableFromInline let offset: Int?

    /// The child, read in place: a load at a member's offset, without a closure call (the read
    /// an `ifLet` makes before and after every action), else ``get``.
    @inlinable
    func child(in state: inout State) -> Child? {
        if let offset {
            return withUnsafePointer(to: &state) { loadMember(Child?.self, at: offset, in: UnsafeRawPointer($0)) }
        }
        return get(state)
    }

    @inlinable
    init(_ keyPath: WritableKeyPath<State, Child?> & Sendable) {
        let name = ElementAction.path(of: keyPath)
        self.name = name
        hasFixedName = true
        // Read at the member's offset when the key path allows (as ``MemberReader`` does): a load,
        // not the runtime's key-path projection (~420 instructions) on every action.
        let offset = MemoryLayout<State>.offset(of: keyPath)
        self.offset = offset
        get = { state in
            guard let offset else { return state[keyPath: keyPath] }
            return withUnsafePointer(to: state) { loadMember(Child?.self, at: offset, in: UnsafeRawPointer($0)) }
        }
        take = { state in state[keyPath: keyPath].take() }
        put = { state, child in state[keyPath: keyPath] = child }
        clear = { state in
            state[keyPath: keyPath] = nil
            return state[keyPath: keyPath] == nil
        }
        caseName = { _ in name }
        isAddressed = { $0.isFor(name) }
    }

    @inlinable
    init(case reader: CaseReader<State, Child>) {
        name = nil
        hasFixedName = false
        offset = nil
        get = { state in reader.extract(from: state)?.payload }
        take = { state in reader.extract(from: state)?.payload }
        put = { state, child in state = reader.write(child) }
        clear = { _ in false }
        caseName = { state in reader.knownRoute ?? reader.extract(from: state).map { ElementAction.caseRoute($0.name) }
        }
        isAddressed = { $0.namesConstructorCase }
    }
}

/// Whether two identifiers are equal: compared as their own type when both are of one — as two
/// identities of one child type are — and through `AnyHashable` otherwise (which equates, say, an
/// `Int` and an `Int64` of one value). The existentials are opened, not cast: a runtime cast cost
/// ~250 instructions each, and boxing both in `AnyHashable` ~1,600 a comparison of `Int`s.
@usableFromInline
func sameIdentifier(_ lhs: any Hashable, _ rhs: any Hashable) -> Bool {
    func compare<Identifier: Hashable>(_ lhs: Identifier) -> Bool? {
        guard let rhs = exactly(rhs, as: Identifier.self) else { return nil }
        return lhs == rhs
    }
    return compare(lhs) ?? (AnyHashable(lhs) == AnyHashable(rhs))
}

/// A child's `id` in a ``ChildIdentity``: immutable, so a copy of the identity is a retain.
@usableFromInline
final class ChildID: Sendable {
    @usableFromInline let id: any Hashable & Sendable

    @usableFromInline
    init(_ id: any Hashable & Sendable) {
        self.id = id
    }
}

/// Whether an optional child is present, and which one: its `id` when `Identifiable`, its case
/// when an enum, else `nil` (only its presence counts).
@usableFromInline
enum ChildIdentity: Equatable, Sendable {
    case absent
    /// An enum's child, by its case's name: held as a string, not in an existential — copied with a
    /// retain and compared as strings (in `any Hashable & Sendable`, each copy and comparison went
    /// through the existential's value witnesses, ~1,500 instructions an action of an enum sheet).
    case named(String)
    /// A child by its `id`, boxed (``ChildID``): in the enum itself, the existential made every
    /// copy of an identity — of any case — go through the enum's value witnesses (~1,500
    /// instructions an action of an enum sheet, whose identities are names).
    case identified(ChildID)
    /// A child by its presence only (neither `Identifiable` nor an enum).
    case present

    /// Inlinable, so that it is compiled for the child's type in the `ifLet` that reads it: generic,
    /// the child's optional asked the runtime for its metadata on each read.
    @inlinable
    init<Child>(_ child: Child?, _ identify: (Child) -> ChildIdentity) {
        guard let child else {
            self = .absent
            return
        }
        self = identify(child)
    }

    /// The identity of `found`, the child before an action: `known` when it was read already, else
    /// read and kept in `known`.
    @inlinable
    static func before<Child>(
        _ found: Child?, _ identify: (Child) -> ChildIdentity, known: inout ChildIdentity?
    ) -> ChildIdentity {
        if let known { return known }
        let identity = ChildIdentity(found, identify)
        known = identity
        return identity
    }

    /// Whether the child `now` has the identity `found` had before the action: equal values have,
    /// without reading it (`unchanged`, for an `Equatable` child).
    @inlinable
    static func same<Child>(
        _ found: Child?, _ now: Child?, _ identify: (Child) -> ChildIdentity,
        unchanged: ((Child, Child) -> Bool)?, known: inout ChildIdentity?
    ) -> Bool {
        switch (found, now) {
        case (nil, nil): return true
        case (nil, _?), (_?, nil): return false
        case (let old?, let new?):
            if let unchanged, unchanged(old, new) { return true }
            return ChildIdentity(new, identify) == before(found, identify, known: &known)
        }
    }

    /// Whether the child is present.
    @inlinable
    var isPresent: Bool {
        if case .absent = self { return false }
        return true
    }

    /// The identity as an element action's or a work owner's identifier: the `id`, the case's
    /// name, or `nil`.
    @inlinable
    var id: (any Hashable & Sendable)? {
        switch self {
        case .absent: return nil
        case .named(let name): return name
        case .identified(let box): return box.id
        case .present: return nil
        }
    }

    /// The child's `id`.
    @usableFromInline
    @Sendable
    static func identifier<Child: Identifiable>(_ child: Child) -> ChildIdentity where Child.ID: Sendable {
        .identified(ChildID(child.id))
    }

    /// An enum's case name, `nil` (presence only) for other types — for one `ifLet`, which reads it
    /// on every action that addresses or changes its child: a child type seen not to be an enum (a
    /// sheet's struct) is remembered in an atomic flag, so it costs no reflection after the first
    /// action, and an `Equatable` enum's case is recognised with `==` in the value a case's
    /// constructor last wrote or this read last reflected (``CaseMemo``): reflected once per value.
    @usableFromInline
    static func caseOrPresence<Child>() -> @Sendable (Child) -> ChildIdentity {
        let notAnEnum = ReleaseFlag()  // an atomic set-once flag (its name is the store's use)
        let memo = CaseMemos.memo(for: Child.self)
        return { child in caseName(of: child, notAnEnum: notAnEnum, memo: memo).map(ChildIdentity.named) ?? .present }
    }

    /// An enum's case name (its description for a case without a payload); `nil` for other types.
    /// `notAnEnum` remembers a concrete type seen not to be an enum; `memo` recognises a value
    /// met before (``CaseMemo``).
    static func caseName<Child>(of child: Child, notAnEnum: ReleaseFlag?, memo: CaseMemo<Child>?) -> String? {
        if notAnEnum?.isSet == true { return nil }
        // Through the optional, not bound first: bound (`if let memo`), the memo was retained and
        // released around each read (`navigation, enum destination shown, the case's action sent
        // to the store` 8,134 → 7,919, four reads an action; the same in `CaseReader`).
        if let known = memo?.recall(child) { return known.name }
        return reflectedCaseName(of: child, notAnEnum: notAnEnum, memo: memo)
    }

    /// ``caseName(of:notAnEnum:memo:)`` for a value the memo does not hold: read with `Mirror`.
    /// Out of line, so that the memo's path does not set up `Mirror` (~250 instructions a read).
    @inline(never)
    static func reflectedCaseName<Child>(of child: Child, notAnEnum: ReleaseFlag?, memo: CaseMemo<Child>?) -> String? {
        let mirror = Mirror(reflecting: child)
        guard mirror.displayStyle == .enum else {
            // Only a concrete type is remembered: the values of an existential (`any P`) may be
            // enums or not. (`type(of:)` of a generic value is `Child` itself when `Child` is an
            // existential: the value is asked as `Any` for its own type.)
            if let notAnEnum, isOfConcreteType(child) { notAnEnum.set() }
            return nil
        }
        guard let first = mirror.children.first, let name = first.label else { return "\(child)" }
        memo?.remember(child, name: name, reflected: first.value)
        return name
    }

    /// An identity (`any Hashable & Sendable`, opened by this call) as a `Wanted` when its type is
    /// exactly that (``exactly(_:as:)``), instead of the runtime's `as?`. Measured with `as?`: a
    /// case name's comparison, `navigation, enum destination shown, an action of the case` 25,903 →
    /// 26,124; a row's identifier in `forEach`, `scope, a row of 1000, an action sent through the
    /// row` 3,354 → 3,686 (held by `.ci/perf-guard`, 5% over).
    @inlinable
    static func exactly<Value: Hashable & Sendable, Wanted>(_ value: Value, as type: Wanted.Type) -> Wanted? {
        Redux.exactly(value, as: type)
    }

    @usableFromInline
    static func == (lhs: ChildIdentity, rhs: ChildIdentity) -> Bool {
        switch (lhs, rhs) {
        case (.absent, .absent): return true
        case (.named(let l), .named(let r)): return l == r
        case (.present, .present): return true
        case (.identified(let lhs), .identified(let rhs)): return lhs === rhs || sameIdentifier(lhs.id, rhs.id)
        default: return false
        }
    }
}

/// Reads an identified collection's structure version in a state: a ``MemberReader`` (a load at
/// the stamp's offset when the key path allows), made `Sendable` for the reducer's closure.
///
/// `@unchecked Sendable`, safe because the reader holds only a key path — the app's `Sendable` key
/// path to the collection with one stored-property component appended — and an offset computed
/// from it once: both immutable after `init`, and a key path captures nothing (the appended path is
/// not typed `Sendable` only because `appending(path:)` drops the marker). Removing it would read
/// the stamp through the whole key path on every dispatch of every `forEach`. Shown by
/// `ElementAndChildTests.aForEachReducerMadeOffTheMainActorIsSharedByStores`, which builds the
/// reducer on another thread and runs it in two stores, under the thread sanitizer in CI.
@usableFromInline
struct StructureVersionReader<State>: @unchecked Sendable {
    @usableFromInline let reader: MemberReader<State, UInt64>

    @usableFromInline
    init<ID, Element>(_ collection: WritableKeyPath<State, IdentifiedArray<ID, Element>> & Sendable) {
        reader = MemberReader(collection.appending(path: \IdentifiedArray<ID, Element>.structureVersion))
    }

    @inlinable
    func read(_ state: inout State) -> UInt64 {
        withUnsafePointer(to: &state) { reader.read($0) }
    }
}

/// Returned by the `ifLet` of an enum's case for an action addressed to that case: taken (the case
/// is present) or missed (another case is). The level above — the `forEach` or `ifLet` that ran the
/// enum's reducer, or the store — settles them: an action no case took gets a diagnostic naming it
/// and the case it was meant for (an action for a detail screen reaching an edit screen).
///
/// A claim holds no copy of the action: every claim on one reduction is for the action the level
/// that settles them handed the enum's reducer, so the diagnostic reads it there
/// (``ReducerWork/settleCaseClaims(of:)``). With the action in each missed claim — the other
/// case's `ifLet` misses every action of the case shown — the claims were copied and destroyed
/// through the value witnesses of an `ElementAction`'s existentials: `navigation, enum
/// destination shown, the case's action sent to the store` 9,272 → 8,844 instructions,
/// `navigation, stack of 1 enum screens, an action of the top screen` 9,307 → 8,882 (held by
/// `.ci/perf-guard`).
@usableFromInline
struct CaseClaim: Sendable {
    @usableFromInline let path: String
    /// Whether the case was present.
    @usableFromInline let isTaken: Bool
    /// The enum's type, described only for a diagnostic (a type's name made on every action cost
    /// ~1,000 instructions).
    @usableFromInline let state: any Any.Type

    @inlinable
    init(path: String, isTaken: Bool, state: any Any.Type) {
        self.path = path
        self.isTaken = isTaken
        self.state = state
    }
}

/// The ``CaseClaim``s on one action. An action for one case of an enum meets one claim per case's
/// `ifLet` — taken by the case shown, missed by the others, all for the same path — so the first
/// missed claim and the first taken claim's path are held inline and the rest in an array: an
/// array made for every such action cost ~1,200 instructions (`navigation, enum destination shown,
/// an action of the case`; two allocations as it grew).
@usableFromInline
struct CaseClaims: Sendable {
    /// The first claim that missed.
    @usableFromInline var firstMissed: CaseClaim?
    /// The path of the first claim that was taken.
    @usableFromInline var firstTaken: String?
    /// The claims after those, in order.
    @usableFromInline var more: [CaseClaim] = []

    @usableFromInline init() {}

    /// Whether no claim was made.
    @inlinable var isEmpty: Bool { firstMissed == nil && firstTaken == nil }

    /// Adds a case's claim.
    @inlinable
    mutating func append(_ claim: CaseClaim) {
        if claim.isTaken, firstTaken == nil {
            firstTaken = claim.path
        } else if !claim.isTaken, firstMissed == nil {
            firstMissed = claim
        } else {
            more.append(claim)
        }
    }
}

extension ReducerWork {
    /// Settles the ``CaseClaim``s (removed) made on `action` — the action the enum's reducer was
    /// handed — : warns for each case path that only missed. Returns whether one did: the action
    /// was for a case that is not shown.
    @usableFromInline
    @discardableResult
    mutating func settleCaseClaims(of action: any Action) -> Bool {
        guard !claims.isEmpty else { return false }
        let settled = claims
        claims = CaseClaims()
        // Nothing missed (the action reached the case that is shown, the common answer): a missed
        // claim goes to `more` only after a first one.
        guard let firstMissed = settled.firstMissed else { return false }
        if settled.more.isEmpty {
            // One missed claim, and at most one taken (the common shape: one path).
            guard settled.firstTaken != firstMissed.path else { return false }
            Diagnostics.warnCaseMissing(action, path: firstMissed.path, state: "\(firstMissed.state)")
            return true
        }
        // A path missed by one case and taken by none: the action was for a case not shown. Each
        // such path is told once (its last claim). A few claims, one per case: no table needed.
        let missed = [firstMissed] + settled.more.filter { !$0.isTaken }
        let taken = settled.more.filter(\.isTaken).map(\.path) + (settled.firstTaken.map { [$0] } ?? [])
        var anyMissed = false
        for index in missed.indices {
            let path = missed[index].path
            guard !missed[(index + 1)...].contains(where: { $0.path == path }), !taken.contains(path) else { continue }
            anyMissed = true
            Diagnostics.warnCaseMissing(action, path: path, state: "\(missed[index].state)")
        }
        return anyMissed
    }
}

/// What a child that could not be cleared at its own level (an enum destination's case) returns so
/// that the element holding it is dismissed instead: read by the `forEach` or `ifLet` one level up.
@usableFromInline
struct DismissRequest: Sendable {
    /// For an alert's or a dialog's button: whether the child (the enum holding the alert, given
    /// as it is after the parent's reducer) still shows that very presentation — the parent may
    /// have answered with another alert of the same case, even an equal one, which must stay.
    /// `nil` for a ``Dismiss``: the child goes unless the parent replaced it (another identity).
    /// Either way the parent sees the action first, with the child's last state.
    @usableFromInline var isStillShowing: (@Sendable (Any) -> Bool)?

    @usableFromInline
    init(ifStillShowing isStillShowing: (@Sendable (Any) -> Bool)? = nil) {
        self.isStillShowing = isStillShowing
    }
}

extension ReducerWork {
    /// The ``DismissRequest`` the work holds (removed), if any.
    @usableFromInline
    mutating func takeDismissRequest() -> DismissRequest? {
        guard let index = items.firstIndex(where: { $0 is DismissRequest }) else { return nil }
        return items.remove(at: index) as? DismissRequest
    }
}

/// Sent by a presented child or a stack element through its own scope to close itself, without
/// knowing its parent: ``Reducer/ifLet(_:then:)-6g2hb`` sets the child to `nil`,
/// ``Reducer/forEach(_:element:)`` removes the element — after the parent's reducer saw it.
public struct Dismiss: Action, Equatable, Codable {
    /// Creates the action.
    public init() {}
}

extension Diagnostics {
    /// An action for the enum's case `path` reached a value showing another case. `action` is the
    /// action the enum's reducer was handed: the `ElementAction` addressed to the case, whose
    /// wrapped action is named.
    nonisolated static func warnCaseMissing(_ action: any Action, path: String, state: String) {
        let sent = ElementAction.unwrap(action).map { "\(type(of: $0.action))" } ?? "\(type(of: action))"
        MainActorCheck.runOnMainActor {
            Diagnostics.warnOnce(
                "case-missing:\(state).\(path).\(sent)",
                "swift-redux: warning: \(sent) was sent to the case \(path) of \(state), "
                    + "which shows another case (a screen of another kind, or a destination changed since); it "
                    + "changed nothing.")
        }
    }

    @usableFromInline
    nonisolated static func warnElementMissing(_ action: ElementAction, state: String) {
        let target = action.id.map { "\(action.path)[id: \($0)]" } ?? action.path
        MainActorCheck.runOnMainActor {
            Diagnostics.warnOnce(
                "element-missing:\(state).\(target)",
                "swift-redux: warning: \(type(of: action.action)) was sent to \(target) in \(state), which is not "
                    + "there (dismissed, removed or replaced before the action arrived); it changed nothing.")
        }
    }
}

/// Whether `Child` is the value's own type — a concrete type, not an existential its value is
/// held in. `type(of:)` of a generic value gives `Child` itself when `Child` is an existential
/// (`any P`), so the value's type is asked of it as `Any`. For what is learned once per type (a
/// type seen not to be an enum, not to be `Identifiable`): off the per-action path.
func isOfConcreteType<Child>(_ value: Child) -> Bool {
    type(of: value as Any) == Child.self
}

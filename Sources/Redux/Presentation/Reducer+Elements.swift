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
        SharedGraph.recordElements(keyPath)  // where rows' shared values live (`SharedState`)
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
        // Where a presented child's shared values live (`SharedState`).
        SharedGraph.recordPresented(
            place, identity: AnyHashable("\(State.self)|\(Child.self)|\(place.name ?? "(case)")"))
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

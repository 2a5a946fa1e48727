extension Reducer {
    /// Runs `child` on the member at `keyPath` as one *instance* of its feature — the Composable
    /// Architecture's `Scope(state:action:)`: an action sent through that member's scope
    /// (`store.scope(\.first)`, a test's `store.root.first`) reaches this child only, not another
    /// member of the same type.
    ///
    /// ```swift
    /// struct TwoCounters: Equatable { var first = Counter(); var second = Counter() }
    ///
    /// let twoCounters = Reducer<TwoCounters>.combine(
    ///     .scope(\.first, counterReducer),
    ///     .scope(\.second, counterReducer)
    /// )
    /// // store.scope(\.first).dispatch(CounterAction.increment) moves the first counter only
    /// ```
    ///
    /// - The member's scope wraps what it sends in an ``ElementAction`` named by the member
    ///   (`first: CounterAction.increment()` in logs); `child` receives the action itself. The
    ///   parent's reducers, combined after, see which instance sent what in one line:
    ///   `action.sent(by: \TwoCounters.first) == CounterAction.increment` (``Action/sent(by:as:)``)
    ///   or ``on(_:_:_:)``.
    /// - An action dispatched at the root, as it is, reaches `child` too — as it reaches every
    ///   reducer that handles its type (ReSwift's and Redux's rule): both counters take a bare
    ///   `CounterAction.increment` sent to the store. An action addressed to another member or
    ///   element does not reach it.
    /// - What `child`'s work sends comes back to the same instance.
    ///
    /// ``pullback(_:)`` composes *by type*: a member scope's actions go as they are, and every
    /// reducer of their type takes them — right for a feature that appears once. Compose a member
    /// one way: a debug build says so when a scope is made of a member composed both ways, or of
    /// one of two members of one type both pulled back by type (each scope's action would move
    /// both).
    ///
    /// - Parameters:
    ///   - keyPath: The member.
    ///   - child: The member's reducer.
    /// - Returns: A reducer over this state.
    public static func scope<Child>(
        _ keyPath: WritableKeyPath<State, Child> & Sendable, _ child: Reducer<Child>
    ) -> Reducer {
        MemberCompositions.record(keyPath, byInstance: true)
        SharedGraph.recordMember(keyPath)
        let name = BindingAction<State>.path(of: keyPath)
        let step = OwnerStep(path: name, id: nil)
        let address = ElementAction.Address(path: name, id: nil)
        let wrap: @Sendable (any Action) -> any Action = { ElementAction(address: address, $0) }
        let body = child.bodyCollectingWork
        return Reducer(work: { state, action, work in
            var inner = action
            if let element = ElementAction.unwrap(action) {
                // Addressed to this instance, or to another member or element: not this child's.
                guard element.id == nil, element.path == name else { return }
                inner = element.action
            }
            var childWork = ReducerWork()
            body(&state[keyPath: keyPath], inner, &childWork)
            if childWork.isEmpty { return }
            if !childWork.claims.isEmpty { _ = childWork.settleCaseClaims(of: inner) }
            let probes = childWork.takeProbes(of: Child.self)
            if !childWork.items.isEmpty {
                // The member is always there: its work lives with the store, and what it sends
                // comes back to this instance.
                work.append(ScopedWork(step: step, wrap: wrap, items: childWork.items))
            }
            for probe in probes {
                work.append(
                    probe.lifted(through: step) { (state: inout State, ask: (inout Child) -> Bool) in
                        var part = state[keyPath: keyPath]
                        return ask(&part)
                    })
            }
        })
    }

    /// A reducer that contains itself — a tree of rows, each a list of rows (the Composable
    /// Architecture's Recursion case study) — in one line: `build` receives the reducer being made,
    /// to compose where the state contains its own type.
    ///
    /// ```swift
    /// let nestedReducer = Reducer<Nested>.recursive { nested in
    ///     .combine(rowsEditing, nested.forEach(\.rows))
    /// }
    /// ```
    ///
    /// - Parameter build: Makes the reducer from the reducer itself (run once).
    /// - Returns: The reducer `build` made.
    public static func recursive(_ build: (Reducer) -> Reducer) -> Reducer {
        let made = Locked<Reducer?>(nil)
        // The reducer handed to `build` reaches the one it made through the box, held weakly: the
        // made reducer holds it, so a strong hold would be a cycle that outlives every store.
        let proxy = Reducer(work: { [weak made] state, action, work in
            // Set before `recursive` returns, so before any store runs it; read under the lock.
            guard let reducer = made?.withLock({ $0 }) else { return }
            reducer.bodyCollectingWork(&state, action, &work)
        })
        let reducer = build(proxy)
        made.withLock { $0 = reducer }
        let body = reducer.bodyCollectingWork
        // What is returned keeps the box alive, and so the levels below reach the reducer.
        return Reducer(work: { state, action, work in
            withExtendedLifetime(made) { body(&state, action, &work) }
        })
    }

    /// A reducer for the actions of type `A` that the member at `keyPath` sent through its scope
    /// (composed by instance with ``scope(_:_:)``, or a presented child with
    /// ``ifLet(_:then:)-6g2hb``): how a parent reacts to one instance's action, or a feature to its
    /// own alert's button, in one line and without a cast.
    ///
    /// ```swift
    /// Reducer<TwoCounters>.on(\.first, CounterAction.self) { state, action in
    ///     if action == .increment { state.total += 1 }
    /// }
    /// Reducer<Feature>.on(\.alert, Dismiss.self) { state, _ in state.message = "dismissed" }
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The member or presented child.
    ///   - type: The type of its action.
    ///   - reduce: Applies the action to this state.
    /// - Returns: The reducer.
    public static func on<Member, A: Action>(
        _ keyPath: KeyPath<State, Member>, _ type: A.Type,
        _ reduce: @escaping @Sendable (inout State, A) -> Void
    ) -> Reducer {
        let name = ElementAction.path(of: keyPath)
        return Reducer { state, action in
            guard ElementAction.isElementAction(action),
                let sent = ElementAction.sent(action, atPath: name, as: A.self)
            else { return }
            reduce(&state, sent)
        }
    }
}

extension Action {
    /// This action as the member at `keyPath` sent it through its scope — a member composed by
    /// instance (``Reducer/scope(_:_:)``), a presented child (an alert, a sheet, an enum
    /// destination's case, unwrapped from the case it was sent to) — when it is an `A`; `nil` for any
    /// other action. The parent's one line:
    ///
    /// ```swift
    /// if action.sent(by: \TwoCounters.first) == CounterAction.increment { … }
    /// switch action.sent(by: \Feature.alert, as: AlertAction.self) { case .confirm?: … default: break }
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The member, from the state of the reducer asking.
    ///   - type: The type of action expected (inferred where it can be).
    /// - Returns: The action the member sent, or `nil`.
    public func sent<Root, Member, A: Action>(by keyPath: KeyPath<Root, Member>, as type: A.Type = A.self) -> A? {
        ElementAction.sent(self, atPath: ElementAction.path(of: keyPath), as: A.self)
    }
}

extension ElementAction {
    /// `action` unwrapped when it was sent through the scope of the member or child named `name`
    /// — a path of one member (`first`) or several (`child.alert`: the child's alert) — and is an
    /// `A`; `nil` otherwise. Each element action on the way (not a row's: those carry an identifier)
    /// must name the next members of the path, in order; members composed by type add none and are
    /// passed over; the enum case an action was sent to is routing, unwrapped too.
    static func sent<A: Action>(_ action: any Action, atPath name: String, as _: A.Type) -> A? {
        let members = name.split(separator: ".")
        var position = 0
        var inner = action
        var peeled = false
        while let element = unwrap(inner), element.id == nil {
            inner = element.action
            if namesCase(element.path) { continue }
            let layer = element.path.split(separator: ".")
            // The layer's members, next in the path (members composed by type in between).
            let starts = position...max(position, members.count - layer.count)
            let found = starts.first { start in
                start + layer.count <= members.count && Array(members[start..<start + layer.count]) == layer
            }
            guard let start = found else { return nil }
            position = start + layer.count
            peeled = true
        }
        guard peeled, !isElementAction(inner) else { return nil }
        if let typed = ActionCast.cast(inner, to: A.self) { return typed }
        // A class's subclasses are its actions too (the runtime's cast); any other type is matched
        // exactly above, so a member's action of another type costs no runtime cast.
        return ActionCast.isClass(A.self) ? inner as? A : nil
    }
}

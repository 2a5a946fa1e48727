/// The scope of one element — an identified row, a presented child — whose actions follow it: what
/// it dispatches reaches the element's reducer wrapped in an ``ElementAction``, and the work
/// middleware start for it is owned by the element. Reads, observation and subscriptions are those
/// of the scope it wraps.
@MainActor
final class ElementScope<State>: ScopeSource {
    let base: any ScopeSource<State>
    let step: OwnerStep
    /// For a presented child's scope: its presentation, after which the scope sends nothing.
    let presentation: Presentation?
    /// For a row's or a presented child's scope: registers, before the scope starts work, how the
    /// store tells that its element left the state.
    let watchWork: (@MainActor ([OwnerStep]) -> Void)?
    /// The step's path and identifier as every action the scope sends carries them, made once.
    private let address: ElementAction.Address

    init(
        base: any ScopeSource<State>, step: OwnerStep, presentation: Presentation? = nil,
        watchWork: (@MainActor ([OwnerStep]) -> Void)? = nil
    ) {
        self.base = base
        self.step = step
        address = ElementAction.Address(path: step.path, id: step.id)
        self.presentation = presentation
        self.watchWork = watchWork
    }

    var effects: Effects { base.effects }
    var pathPrefix: String? { base.pathPrefix }
    var elementID: (any Hashable & Sendable)? { step.id }
    var owner: [OwnerStep] { base.owner + [step] }

    func currentState() -> State { base.currentState() }
    func observeWhole() { base.observeWhole() }
    func observe<Value: Equatable>(_ keyPath: KeyPath<State, Value>, probe: (_ offset: Int) -> MemberProbe) {
        base.observe(keyPath, probe: probe)
    }

    func dispatch(_ action: any Action) {
        // Asked through the optional, not bound to a local: the binding retained the presentation,
        // through the side table its weak references give it (~100 instructions an action).
        if presentation?.admits(action) == false { return }
        if isHandledByMiddleware(action) {
            let owner = owner
            watchWork?(owner)
            base.dispatchToStore(action, owner: owner)
        } else {
            base.dispatch(ElementAction(address: address, action))
        }
    }

    /// The type of the action last sent, and whether it is marked ``HandledByMiddleware``.
    private var lastActionType: ObjectIdentifier?
    private var lastIsHandledByMiddleware = false

    /// Whether `action` is marked ``HandledByMiddleware`` — a conformance of its type, so asked of
    /// the runtime once for a run of actions of one type (a scope sends a few types, over and
    /// over), not on each (~1,500 instructions a lookup). The type is the one the existential
    /// stores (``ActionCast/storedType(of:)``; `type(of:)` asked the runtime, ~50 instructions an
    /// action); a class's is not remembered, as a value of a subclass may answer otherwise.
    private func isHandledByMiddleware(_ action: any Action) -> Bool {
        let actionType = ActionCast.storedType(of: action)
        if actionType == lastActionType { return lastIsHandledByMiddleware }
        let marked = action is any HandledByMiddleware
        lastActionType = ActionCast.isClass(type(of: action)) ? nil : actionType
        lastIsHandledByMiddleware = marked
        return marked
    }

    func dispatchToStore(_ action: any Action, owner: [OwnerStep]) {
        base.dispatchToStore(action, owner: owner)
    }

    func watchLiveness(of chain: [OwnerStep], _ isLive: @escaping @MainActor () -> Bool) {
        base.watchLiveness(of: chain, isLive)
    }

    func subscribe(_ observer: @escaping @MainActor (State) -> Void) -> Subscription {
        base.subscribe(observer)
    }

    func watchChanges(_ observer: @escaping @MainActor (State) -> Void) -> Subscription {
        base.watchChanges(observer)
    }

    func subscribe<Value: Equatable>(
        to keyPath: KeyPath<State, Value>, _ observer: @escaping @MainActor (Value) -> Void
    ) -> Subscription {
        base.subscribe(to: keyPath, observer)
    }

    func subscribe<Value: Equatable>(
        select: @escaping @MainActor (State) -> Value, _ observer: @escaping @MainActor (Value) -> Void
    ) -> Subscription {
        base.subscribe(select: select, observer)
    }
}

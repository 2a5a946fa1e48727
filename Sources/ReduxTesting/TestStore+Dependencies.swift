import Redux

// The test's dependencies: given with a closure that changes them, read, replaced and changed
// between two sends (split from TestStore.swift, issue 66).
extension TestStore {
    /// A test store whose dependencies are `dependencies` changed by `prepare` — the test's doubles
    /// with the endpoints it expects set, in one place (upstream's `withDependencies` closure):
    ///
    /// ```swift
    /// let store = TestStore(initialState: Feature(), reducer: feature, dependencies: AppDependencies.unimplemented) {
    ///     $0.api.fetch = { _ in "42" }   // every other endpoint fails the test if called
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The state before any action.
    ///   - reducer: The reducer under test.
    ///   - middleware: The middleware under test.
    ///   - dependencies: The dependencies before `prepare`.
    ///   - onError: As for ``init(initialState:reducer:middleware:dependencies:onError:exhaustivity:timeout:fileID:filePath:line:column:)``.
    ///   - exhaustivity: How strictly to check.
    ///   - timeout: How long to wait for received actions and for work in flight.
    ///   - fileID: The file of the call; failures are reported there.
    ///   - filePath: The path of that file.
    ///   - line: The line of the call.
    ///   - column: The column of the call.
    ///   - prepare: Changes the dependencies before the store is made.
    public convenience init<Dependencies: Sendable>(
        initialState: State,
        reducer: Reducer<State>,
        middleware: [Middleware<State>] = [],
        dependencies: Dependencies,
        onError: (@MainActor @Sendable (_ error: any Error, _ action: any Action) -> Void)? = nil,
        exhaustivity: Exhaustivity = .on,
        timeout: Duration = .seconds(1),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        withDependencies prepare: (inout Dependencies) -> Void
    ) {
        var prepared = dependencies
        prepare(&prepared)
        self.init(
            initialState: initialState, reducer: reducer, middleware: middleware, dependencies: prepared,
            onError: onError, exhaustivity: exhaustivity, timeout: timeout, fileID: fileID, filePath: filePath,
            line: line, column: column)
    }

    /// A test store on the test value of the `FeatureDependencies` type its reducers read, changed
    /// only where the test says — upstream's `withDependencies` closure, with nothing else given:
    ///
    /// ```swift
    /// let store = TestStore(initialState: Nested(id: UUID(0)), reducer: nestedReducer) {
    ///     (dependencies: inout NestedDependencies) in dependencies.uuid = .incrementing
    /// }
    /// ```
    ///
    /// Every other `FeatureDependencies` type its reducers and work read is that type's test value.
    ///
    /// - Parameters:
    ///   - initialState: The state before any action.
    ///   - reducer: The reducer under test.
    ///   - middleware: The middleware under test.
    ///   - onError: As for ``init(initialState:reducer:middleware:dependencies:onError:exhaustivity:timeout:fileID:filePath:line:column:)``.
    ///   - exhaustivity: How strictly to check.
    ///   - timeout: How long to wait for received actions and for work in flight.
    ///   - fileID: The file of the call; failures are reported there.
    ///   - filePath: The path of that file.
    ///   - line: The line of the call.
    ///   - column: The column of the call.
    ///   - prepare: Changes the test value before the store's first action.
    public convenience init<Dependencies: FeatureDependencies>(
        initialState: State,
        reducer: Reducer<State>,
        middleware: [Middleware<State>] = [],
        onError: (@MainActor @Sendable (_ error: any Error, _ action: any Action) -> Void)? = nil,
        exhaustivity: Exhaustivity = .on,
        timeout: Duration = .seconds(1),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        withDependencies prepare: (inout Dependencies) -> Void
    ) {
        self.init(
            initialState: initialState, reducer: reducer, middleware: middleware, dependencies: nil,
            onError: onError, exhaustivity: exhaustivity, timeout: timeout, fileID: fileID, filePath: filePath,
            line: line, column: column)
        updateDependencies(prepare)
    }

    /// The dependencies the store was given (the test's doubles), for a test to read — a spy's
    /// record, a generator's count; `nil` when it was given none (its reducers then read the test
    /// value of each `FeatureDependencies` type they ask for). Set between two sends, they are what
    /// the next reductions and the work they start read.
    public var dependencies: (any Sendable)? {
        get { testDependencies?.base }
        set {
            // Always a box (the store was made with one): replaced, the test values kept.
            if let testDependencies {
                _ = store.effects.replaceDependencies(testDependencies.replacingBase(with: newValue))
            }
        }
    }

    /// The box holding what the test gave and its test values.
    var testDependencies: TestDependencies? { store.effects.dependencies as? TestDependencies }

    /// Changes the dependencies for what comes next (a client that now fails, a later date):
    /// `store.updateDependencies { (dependencies: inout AppDependencies) in dependencies.now = … }` —
    /// what the test gave, or the test value of a `FeatureDependencies` type.
    ///
    /// - Parameter change: Changes the dependencies; they must be of the type the store was given,
    ///   or a `FeatureDependencies` type.
    public func updateDependencies<Dependencies: Sendable>(_ change: (inout Dependencies) -> Void) {
        if var current = dependencies as? Dependencies {
            change(&current)
            dependencies = current
            return
        }
        guard Dependencies.self is any FeatureDependencies.Type,
            var current = testDependencies?.value(Dependencies.self)
        else {
            return reportFailure(
                "updateDependencies: this TestStore's dependencies are "
                    + (dependencies.map { "a \(type(of: $0))" } ?? "none") + ", not a \(Dependencies.self).",
                at: creation)
        }
        change(&current)
        testDependencies?.set(current)
    }
}

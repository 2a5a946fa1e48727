/// Builds a ``MiddlewareList`` from middleware listed one per line, outermost first.
///
/// ```swift
/// let store = Store(initialState: AppState(), reducer: appReducer) {
///     logger
///     thunkMiddleware()
///     if isRecording { recorder.middleware() }
/// }
/// ```
///
/// A store built from a list calls each stage directly: a dispatch through it costs one call frame
/// and ~11 instructions a pass-through stage, against three frames and ~41 instructions through a
/// `[Middleware<State>]` array, whose elements Swift holds in a general form that every call
/// converts — and past about five stages, those extra frames make each further one several times
/// dearer in time (`docs/benchmarks.md`). The middleware themselves are the same `Middleware<State>`
/// values, and the pipeline is built the same way: factories run once in order, then the reversed
/// stages are reduced over the final dispatch. An array listed in a builder keeps its own cost.
@resultBuilder
public enum MiddlewareBuilder<State> {
    /// One middleware.
    ///
    /// - Parameter middleware: The middleware.
    /// - Returns: A list holding it.
    @inlinable
    public static func buildExpression(_ middleware: @escaping Middleware<State>) -> MiddlewareList<State> {
        MiddlewareList(stages: [MiddlewareStage(middleware)])
    }

    /// The middleware of an array, in its order. Each keeps the cost of an array's element.
    ///
    /// - Parameter middleware: The middleware.
    /// - Returns: A list holding them.
    @inlinable
    public static func buildExpression(_ middleware: [Middleware<State>]) -> MiddlewareList<State> {
        MiddlewareList(stages: middleware.map { MiddlewareStage($0) })
    }

    /// A list built elsewhere (a function marked `@MiddlewareBuilder`).
    ///
    /// - Parameter list: The list.
    /// - Returns: The same list.
    @inlinable
    public static func buildExpression(_ list: MiddlewareList<State>) -> MiddlewareList<State> {
        list
    }

    /// The lines of a block, in order.
    ///
    /// - Parameter parts: The lists of each line.
    /// - Returns: Their middleware, in order.
    @inlinable
    public static func buildBlock(_ parts: MiddlewareList<State>...) -> MiddlewareList<State> {
        MiddlewareList(stages: parts.flatMap(\.stages))
    }

    /// An `if` without `else`: its middleware when the condition holds, none otherwise.
    ///
    /// - Parameter part: The list, or `nil`.
    /// - Returns: The list, or an empty one.
    @inlinable
    public static func buildOptional(_ part: MiddlewareList<State>?) -> MiddlewareList<State> {
        part ?? MiddlewareList(stages: [])
    }

    /// The first branch of an `if`/`else` or `switch`.
    ///
    /// - Parameter first: The branch's list.
    /// - Returns: The same list.
    @inlinable
    public static func buildEither(first: MiddlewareList<State>) -> MiddlewareList<State> {
        first
    }

    /// The second branch of an `if`/`else` or `switch`.
    ///
    /// - Parameter second: The branch's list.
    /// - Returns: The same list.
    @inlinable
    public static func buildEither(second: MiddlewareList<State>) -> MiddlewareList<State> {
        second
    }

    /// A `for` loop: each pass's middleware, in order.
    ///
    /// - Parameter parts: The list of each pass.
    /// - Returns: Their middleware, in order.
    @inlinable
    public static func buildArray(_ parts: [MiddlewareList<State>]) -> MiddlewareList<State> {
        MiddlewareList(stages: parts.flatMap(\.stages))
    }
}

/// Middleware listed with a ``MiddlewareBuilder``, outermost first: what
/// ``Store/init(initialState:reducer:dependencies:onError:middleware:)`` takes.
public struct MiddlewareList<State>: Sendable {
    /// The middleware, each held in a struct so that its closure keeps its own form (see
    /// ``MiddlewareBuilder``).
    @usableFromInline let stages: [MiddlewareStage<State>]

    @inlinable
    init(stages: [MiddlewareStage<State>]) {
        self.stages = stages
    }

    /// How many middleware the list holds.
    public var count: Int { stages.count }

    /// The list's middleware as an array, in order, for an API that takes one (a `TestStore`, say).
    /// In an array, each costs what an array's element costs (``MiddlewareBuilder``).
    ///
    /// ```swift
    /// @MiddlewareBuilder<AppState> var appMiddleware: MiddlewareList<AppState> {
    ///     thunkMiddleware()
    ///     analytics
    /// }
    /// let store = TestStore(initialState: AppState(), reducer: appReducer, middleware: appMiddleware.middleware)
    /// ```
    public var middleware: [Middleware<State>] { stages.map(\.factory) }
}

// The small words of swift-concurrency-extras that the Composable Architecture's users write without
// noticing (an awaited `Result`, a task that never ends, streams that end at once), so code that uses
// them ports by changing an import. docs/migrating.md's table lists them beside the anchor's names.

extension Result {
    /// The result of an asynchronous throwing closure: its value as `.success`, or what it threw as
    /// `.failure` — how a client's answer becomes an action in a `.run`:
    ///
    /// ```swift
    /// .run { send in
    ///     await send(Loaded(result: Result { try await client.fetch(id) }))
    /// }
    /// ```
    ///
    /// A cancellation is a failure like any other error (`CancellationError`), as the synchronous
    /// `Result(catching:)` would give it.
    ///
    /// - Parameter body: The work to run.
    public init(catching body: () async throws(Failure) -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}

extension Task where Success == Never, Failure == Never {
    /// Suspends until the calling task is cancelled, then throws `CancellationError`: a stand-in for
    /// work that never ends (a test client's stream, a default for an endpoint that waits for
    /// ever), which still lets its store, its test or its screen end it.
    ///
    /// ```swift
    /// let client = SpeechClient(results: { _ in try await Task.never() })
    /// ```
    ///
    /// - Throws: `CancellationError`, once the task is cancelled (at once when it already is).
    public static func never() async throws -> Never {
        let (stream, continuation) = AsyncStream<Never>.makeStream()
        // The continuation is kept until cancellation, so the stream stays open: it never yields.
        await withTaskCancellationHandler {
            for await never in stream { switch never {} }
        } onCancel: {
            continuation.finish()
        }
        throw _Concurrency.CancellationError()  // (`CancellationError` alone is `Task`'s old name here)
    }
}

extension AsyncStream {
    /// A stream that ends at once, having produced nothing: a stand-in for a client's stream in a
    /// test that needs none, or a default that sends nothing.
    public static var finished: Self {
        Self { $0.finish() }
    }
}

extension AsyncThrowingStream where Failure == any Error {
    /// A stream that ends at once, having produced nothing: normally, or by throwing `error`.
    ///
    /// - Parameter error: What the stream throws when it is iterated; `nil` (the default) ends it
    ///   normally.
    /// - Returns: The stream.
    public static func finished(throwing error: Failure? = nil) -> Self {
        Self { $0.finish(throwing: error) }
    }
}

/// A type-erased hashable and sendable value: an identifier of any `Hashable & Sendable` type — a
/// cancellation id, a component's id, a key in a dictionary of mixed keys — itself `Sendable`, which
/// `AnyHashable` is not.
///
/// Two values are equal when their wrapped values are of the same type and equal, as `AnyHashable`
/// compares them (`AnyHashableSendable(1) == AnyHashableSendable(1 as Int8)` holds there too, by
/// `AnyHashable`'s numeric rules). Wrapping one again keeps the first wrapping.
///
/// ```swift
/// let ids: Set<AnyHashableSendable> = [AnyHashableSendable("search"), AnyHashableSendable(42)]
/// ```
public struct AnyHashableSendable: Hashable, Sendable {
    /// The wrapped value.
    public let base: any Hashable & Sendable

    /// Wraps `base` (a value already wrapped is not wrapped twice).
    ///
    /// - Parameter base: The value.
    public init(_ base: some Hashable & Sendable) {
        if let wrapped = base as? AnyHashableSendable {
            self = wrapped
        } else {
            self.base = base
        }
    }

    /// Whether the wrapped values are equal, as `AnyHashable` compares them.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        AnyHashable(lhs.base) == AnyHashable(rhs.base)
    }

    /// Hashes the wrapped value as `AnyHashable` does.
    public func hash(into hasher: inout Hasher) {
        AnyHashable(base).hash(into: &hasher)
    }
}

extension AnyHashableSendable: CustomStringConvertible, CustomDebugStringConvertible {
    /// The wrapped value's description.
    public var description: String { String(describing: base) }

    /// `AnyHashableSendable(<the wrapped value, debug-described>)`.
    public var debugDescription: String { "AnyHashableSendable(\(String(reflecting: base)))" }
}

extension AnyHashableSendable: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByFloatLiteral
{
    /// A wrapped string: `let id: AnyHashableSendable = "search"`.
    public init(stringLiteral value: String) { self.init(value) }
    /// A wrapped `Int`.
    public init(integerLiteral value: Int) { self.init(value) }
    /// A wrapped `Bool`.
    public init(booleanLiteral value: Bool) { self.init(value) }
    /// A wrapped `Double`.
    public init(floatLiteral value: Double) { self.init(value) }
}

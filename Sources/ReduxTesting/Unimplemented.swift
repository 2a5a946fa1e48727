/// A stand-in for one endpoint of a dependency that a test did not set: calling it fails the
/// running test, naming the endpoint, and returns `placeholder` — so a test never runs a live
/// endpoint, or a missing one, silently.
///
/// ```swift
/// struct SpeechClient: Sendable {
///     var authorizationStatus: @Sendable () -> Status
///     var requestAuthorization: @Sendable () async -> Status
///     var transcribe: @Sendable (URL) async throws -> String
///
///     static let unimplemented = SpeechClient(
///         authorizationStatus: ReduxTesting.unimplemented("SpeechClient.authorizationStatus", placeholder: .denied),
///         requestAuthorization: ReduxTesting.unimplemented("SpeechClient.requestAuthorization", placeholder: .denied),
///         transcribe: ReduxTesting.unimplemented("SpeechClient.transcribe"))
/// }
/// // A test sets the endpoint it expects, in one line; any other one called fails the test:
/// let store = TestStore(initialState: …, reducer: …, dependencies: AppDependencies(speech: .unimplemented)) {
///     $0.speech.requestAuthorization = { .authorized }
/// }
/// ```
///
/// - Parameters:
///   - name: The endpoint, as the failure names it (`SpeechClient.transcribe`).
///   - placeholder: What the call returns after failing the test.
///   - fileID: The file of the call; the failure is reported there.
///   - filePath: The path of that file.
///   - line: The line of the call.
///   - column: The column of the call.
/// - Returns: The stand-in.
public func unimplemented<each Argument, Result>(
    _ name: String,
    placeholder: @autoclosure @escaping @Sendable () -> Result,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> @Sendable (repeat each Argument) -> Result {
    let location = SourceLocationInfo(fileID: fileID, filePath: filePath, line: line, column: column)
    return { (_: repeat each Argument) in
        reportUnimplemented(name, at: location)
        return placeholder()
    }
}

/// A stand-in for an endpoint that returns nothing: calling it fails the running test, naming the
/// endpoint. See ``unimplemented(_:placeholder:fileID:filePath:line:column:)``.
///
/// - Parameters:
///   - name: The endpoint, as the failure names it.
///   - fileID: The file of the call; the failure is reported there.
///   - filePath: The path of that file.
///   - line: The line of the call.
///   - column: The column of the call.
/// - Returns: The stand-in.
public func unimplemented<each Argument>(
    _ name: String,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> @Sendable (repeat each Argument) -> Void {
    let location = SourceLocationInfo(fileID: fileID, filePath: filePath, line: line, column: column)
    return { (_: repeat each Argument) in reportUnimplemented(name, at: location) }
}

/// A stand-in for an endpoint that can throw: calling it fails the running test, naming the
/// endpoint, and throws ``Unimplemented`` — a placeholder no caller mistakes for an answer. See
/// ``unimplemented(_:placeholder:fileID:filePath:line:column:)``.
///
/// - Parameters:
///   - name: The endpoint, as the failure names it.
///   - fileID: The file of the call; the failure is reported there.
///   - filePath: The path of that file.
///   - line: The line of the call.
///   - column: The column of the call.
/// - Returns: The stand-in.
public func unimplemented<each Argument, Result>(
    _ name: String,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> @Sendable (repeat each Argument) async throws -> Result {
    let location = SourceLocationInfo(fileID: fileID, filePath: filePath, line: line, column: column)
    return { (_: repeat each Argument) in
        reportUnimplemented(name, at: location)
        throw Unimplemented(endpoint: name)
    }
}

/// What an unimplemented endpoint that can throw throws, after failing the test.
public struct Unimplemented: Error, Equatable, CustomStringConvertible {
    /// The endpoint called.
    public let endpoint: String

    /// The error of the endpoint `endpoint`.
    ///
    /// - Parameter endpoint: The endpoint, as the stand-in was named.
    public init(endpoint: String) {
        self.endpoint = endpoint
    }

    /// `Unimplemented: SpeechClient.transcribe`.
    public var description: String { "Unimplemented: \(endpoint)" }
}

private func reportUnimplemented(_ name: String, at location: SourceLocationInfo) {
    reportFailure(
        "Unimplemented: \(name) was called. The test set no value for this endpoint; set the one it expects "
            + "(dependencies: … { $0.client.endpoint = { … } }).",
        at: location)
}

/// A clock for a test that expects no time to be read or waited for: reading its time or sleeping on
/// it fails the test, naming the clock — as swift-clocks' `UnimplementedClock`. After failing, it
/// behaves as an ``ImmediateClock`` (a sleep returns at once), so the test goes on to say what else
/// went wrong.
///
/// ```swift
/// var dependencies = AppDependencies.unimplemented
/// dependencies.clock = UnimplementedClock(name: "AppDependencies.clock")
/// ```
public struct UnimplementedClock: Clock {
    /// A point in the clock's time, as an ``ImmediateClock``'s.
    public typealias Instant = ImmediateClock.Instant

    private let base = ImmediateClock()
    private let name: String
    private let location: SourceLocationInfo

    /// A clock that fails the test when used.
    ///
    /// - Parameters:
    ///   - name: The clock, as the failure names it.
    ///   - fileID: The file of the call; failures are reported there.
    ///   - filePath: The path of that file.
    ///   - line: The line of the call.
    ///   - column: The column of the call.
    public init(
        name: String = "Clock",
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.name = name
        location = SourceLocationInfo(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Fails the test, naming `now`; then the time of an ``ImmediateClock``.
    public var now: Instant {
        reportUnimplemented("\(name).now", at: location)
        return base.now
    }

    /// Zero (reading it is not a use of the clock's time).
    public var minimumResolution: Duration { .zero }

    /// Fails the test, naming `sleep`; then returns at once, as an ``ImmediateClock``'s.
    ///
    /// - Parameters:
    ///   - deadline: When to resume.
    ///   - tolerance: Ignored.
    /// - Throws: `CancellationError` when the task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        reportUnimplemented("\(name).sleep", at: location)
        try await base.sleep(until: deadline, tolerance: tolerance)
    }
}

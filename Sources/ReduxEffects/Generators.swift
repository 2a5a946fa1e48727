import Foundation
import Redux

/// Makes identifiers: the dependency a reducer reads to give a new item its id, so that a test can
/// predict it.
///
/// ```swift
/// struct AppDependencies: Sendable {
///     var uuid: UUIDGenerator = .live
///     var now: DateGenerator = .live
/// }
/// // In a test: AppDependencies(uuid: .incrementing, now: .constant(Date(timeIntervalSince1970: 0)))
/// ```
public struct UUIDGenerator: Sendable {
    private let make: @Sendable () -> UUID

    /// A generator that calls `make`.
    ///
    /// - Parameter make: Returns the next identifier.
    public init(_ make: @escaping @Sendable () -> UUID) {
        self.make = make
    }

    /// The next identifier. While a `HistoryRecorder` records the reduction that asks, the identifier
    /// is kept with the step, and a replay or time travel gets the same one back.
    ///
    /// - Returns: The identifier.
    public func callAsFunction() -> UUID {
        ReducerDependencies.generated(make)
    }

    /// Random identifiers (`UUID()`), for the app.
    public static var live: UUIDGenerator {
        UUIDGenerator { UUID() }
    }

    /// A new generator of 00000000-0000-0000-0000-000000000000, then …001, …002: for tests, which
    /// can then write the identifiers they expect (`UUID(0)`, `UUID(1)`). Each use of this property
    /// starts a new count; copies of one generator share theirs.
    public static var incrementing: UUIDGenerator {
        let counter = Counter()
        return UUIDGenerator { UUID(counter.next()) }
    }
}

extension UUID {
    /// The identifier whose last 12 hexadecimal digits are `value` (00000000-0000-0000-0000-0000000000ff
    /// for 255), as ``UUIDGenerator/incrementing`` makes them: what a test writes to expect them.
    ///
    /// - Parameter value: The number, from 0.
    public init(_ value: Int) {
        let bits = UInt64(truncatingIfNeeded: value) & 0xFFFF_FFFF_FFFF
        func byte(_ shift: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: bits >> shift) }
        self.init(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, byte(40), byte(32), byte(24), byte(16), byte(8), byte(0)))
    }
}

/// Tells the date: the dependency a reducer reads to stamp what it creates, fixed in tests.
public struct DateGenerator: Sendable {
    private let make: @Sendable () -> Date

    /// A generator that calls `make`.
    ///
    /// - Parameter make: Returns the current date.
    public init(_ make: @escaping @Sendable () -> Date) {
        self.make = make
    }

    /// The current date (kept with a recorded step and given back by its replay, as
    /// ``UUIDGenerator``'s identifiers are).
    public var now: Date { ReducerDependencies.generated(make) }

    /// The current date; see ``now``.
    ///
    /// - Returns: The date.
    public func callAsFunction() -> Date {
        now
    }

    /// The system's clock (`Date()`), for the app.
    public static var live: DateGenerator {
        DateGenerator { Date() }
    }

    /// Always `date`: for tests.
    ///
    /// - Parameter date: The date to tell.
    /// - Returns: The generator.
    public static func constant(_ date: Date) -> DateGenerator {
        DateGenerator { date }
    }
}

/// The count of ``UUIDGenerator/incrementing``, shared by copies of one generator.
///
/// `@unchecked Sendable`, safe because `value` is only read and written under `lock`. Shown by
/// `ReducerDependenciesTests.anIncrementingGeneratorCountsOnceEachFromManyThreads` (thread sanitizer
/// in CI).
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.withLock {
            defer { value += 1 }
            return value
        }
    }
}

extension Reducer {
    /// A reducer for actions of type `A` that reads the store's dependencies and returns work —
    /// the dependencies read while reducing are the ones the work reads:
    ///
    /// ```swift
    /// let listReducer = Reducer<ListState>.commands(on: AddTapped.self, using: AppDependencies.self) {
    ///     state, _, dependencies in
    ///     state.items.append(Item(id: dependencies.uuid(), created: dependencies.now()))
    ///     return .none
    /// }
    /// ```
    ///
    /// A store given dependencies of another type, or none, does not run `reduce` for the action, and
    /// a debug build reports the mismatch once, naming both types (see `Reducer(using:_:)`).
    ///
    /// - Parameters:
    ///   - actionType: The action type this reducer handles.
    ///   - type: The type of the dependencies, as given to `Store(…, dependencies:)`.
    ///   - reduce: Applies an action of that type to the state, reading the dependencies, and returns
    ///     the work to do next.
    /// - Returns: The reducer.
    public static func commands<A: Action, Dependencies: Sendable>(
        on actionType: A.Type,
        using type: Dependencies.Type,
        _ reduce: @escaping @Sendable (inout State, A, Dependencies) -> Command
    ) -> Reducer {
        Reducer(work: { state, action, work in
            guard let action = action as? A,
                let dependencies = ReducerDependencies.read(
                    type, by: "Reducer<\(State.self)>.commands(on: \(A.self).self, using:)")
            else { return }
            let command = reduce(&state, action, dependencies)
            if !command.isNone { work.append(command) }
        })
    }
}

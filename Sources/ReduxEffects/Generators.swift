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
        // Shared by copies of this generator, behind the package's lock (`Locked`).
        let counter = Locked(0)
        return UUIDGenerator {
            UUID(
                counter.withLock { count in
                    defer { count += 1 }
                    return count
                })
        }
    }
}

extension UUID {
    /// The identifier whose last 12 hexadecimal digits are `value` (00000000-0000-0000-0000-0000000000ff
    /// for 255), as ``UUIDGenerator/incrementing`` makes them: what a test writes to expect them.
    /// A value of 2⁴⁸ or more keeps its upper 16 bits in the 4 digits before (…-0001-000000000000 for
    /// 2⁴⁸): every 64-bit value gives its own identifier (a negative one, its two's complement).
    ///
    /// - Parameter value: The number, from 0.
    public init(_ value: Int) {
        let bits = UInt64(truncatingIfNeeded: value)
        func byte(_ shift: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: bits >> shift) }
        self.init(
            uuid: (
                0, 0, 0, 0, 0, 0, 0, 0, byte(56), byte(48), byte(40), byte(32), byte(24), byte(16), byte(8), byte(0)
            ))
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

/// Makes random numbers: the dependency a reducer reads to shuffle, pick or roll, so that a test
/// can seed it and predict what comes out. It is a `RandomNumberGenerator`, so the standard
/// library's random APIs take it:
///
/// ```swift
/// struct GameDependencies: Sendable {
///     var random: RandomGenerator = .live
/// }
/// // In a reducer: var random = dependencies.random; state.deck.shuffle(using: &random)
/// // In a test:    GameDependencies(random: .seeded(42))
/// ```
///
/// Each number drawn while a `HistoryRecorder` records the reduction is kept with the step (in the
/// recording's file too), and a replay or time travel gets the same numbers back, as
/// ``UUIDGenerator``'s identifiers.
public struct RandomGenerator: RandomNumberGenerator, Sendable {
    private let make: @Sendable () -> UInt64

    /// A generator that calls `make` for each 64 random bits.
    ///
    /// - Parameter make: Returns the next 64 random bits.
    public init(_ make: @escaping @Sendable () -> UInt64) {
        self.make = make
    }

    /// The next 64 random bits (kept with a recorded step and given back by its replay).
    ///
    /// - Returns: The bits.
    public mutating func next() -> UInt64 {
        ReducerDependencies.generated(make)
    }

    /// The system's generator (`SystemRandomNumberGenerator`), for the app.
    public static var live: RandomGenerator {
        RandomGenerator {
            var system = SystemRandomNumberGenerator()
            return system.next()
        }
    }

    /// A new generator whose numbers follow from `seed` alone (SplitMix64), the same on every
    /// platform and in every run: for tests. Copies of one generator share its sequence.
    ///
    /// - Parameter seed: The seed.
    /// - Returns: The generator.
    public static func seeded(_ seed: UInt64) -> RandomGenerator {
        // Shared by copies of this generator, behind the package's lock (`Locked`).
        let state = Locked(seed)
        return RandomGenerator {
            state.withLock { state in
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
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

import ReduxTestSupport
import Testing

@testable import Redux

/// `SharedValuesLoaded`, the action a store dispatches when the copies of a persisted shared key
/// appear: applied by the shared values' reconciliation of any reducer over the state, so a replay
/// applies it as the store did.
@MainActor
struct SharedValuesLoadedTests {
    /// A persisted member whose storage is a variable of the test: `ReduxPersistence`'s members
    /// encode and decode as JSON text the same way.
    struct Volume: Equatable, SharedState {
        var level = 0
        static let shared: [SharedMember<Self>] = [
            SharedMember(
                key: "test:level:Int", \.level,
                persistence: SharedPersistence(
                    load: { nil }, save: { _ in }, encode: { ($0 as? Int).map(String.init) },
                    decode: { Int($0) }))
        ]
    }

    struct Panel: Equatable {
        var taps = 0
        var volume: Volume?
        var mirror = Volume()
    }

    static let panel = Reducer<Panel>.combine(
        Reducer<Panel> { state, _ in state.taps += 1 }.ifLet(\.volume, then: Reducer<Volume> { _, _ in }),
        .scope(\.mirror, Reducer<Volume> { _, _ in }))

    @Test func aLoadWritesEveryCopyOfItsKeyAndWhatCannotBeReadChangesNothing() {
        let reducer = Self.panel.reconcilingSharedValues()
        var state = Panel(volume: Volume(level: 1), mirror: Volume(level: 1))
        reducer.reduce(&state, SharedValuesLoaded(values: ["test:level:Int": "5"]))
        #expect(state.volume?.level == 5)
        #expect(state.mirror.level == 5, "every copy of the key")

        let log = Log<String>()
        let previous = Diagnostics.sink
        Diagnostics.reset()
        Diagnostics.sink = { log.append($0) }
        defer { Diagnostics.sink = previous }
        reducer.reduce(&state, SharedValuesLoaded(values: ["test:level:Int": "loud"]))
        #expect(state.volume?.level == 5 && state.mirror.level == 5, "a value that does not decode changes nothing")
        #if DEBUG
            #expect(log.items.contains { $0.contains("test:level:Int") && $0.contains("does not decode") })
        #endif

        // A key with no copy left (the sheet dismissed before the load was reduced): nothing to write,
        // nothing to say.
        var closed = Panel(volume: nil, mirror: Volume(level: 2))
        let warnings = log.items.count
        reducer.reduce(&closed, SharedValuesLoaded(values: ["test:other:Int": "9"]))
        #expect(closed == Panel(taps: 1, volume: nil, mirror: Volume(level: 2)))
        #expect(log.items.count == warnings)
    }
}

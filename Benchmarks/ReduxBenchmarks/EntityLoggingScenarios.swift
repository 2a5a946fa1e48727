import Redux
import ReduxLogging

/// An entity as Flux apps keep them: an identifier, a title, a number.
struct Entity: Equatable, Sendable {
    var id: Int
    var title: String
    var rating: Int
}

/// Entities by identifier (how SwiftUIFlux apps store data) and the same in an array.
struct EntityState: Equatable, Sendable {
    var byID: [Int: Entity] = [:]
    var list: [Entity] = []
    var count = 0
}

/// Adds the entity with the next identifier, or removes it when present: the collection keeps its
/// size from one iteration to the next, so (count at 2N − count at N) / N is one entry's cost.
struct ToggleEntity: Action {}

let entityCount = 20_000

func entity(_ id: Int) -> Entity { Entity(id: id, title: "Movie \(id)", rating: id % 10) }

@MainActor
func entityLoggingScenarios() -> [Scenario] {
    func scenario(_ name: String, dictionary: Bool, diffOnly: Bool = false) -> Scenario {
        Scenario(
            name: name,
            note: "20,000 entities, one added or removed per action; "
                + (diffOnly ? "collapsed, diff only" : "diff and bounded output"),
            scale: 1_000
        ) {
            var initial = EntityState()
            if dictionary {
                for id in 0..<entityCount { initial.byID[id] = entity(id) }
            } else {
                initial.list = (0..<entityCount).map(entity)
            }
            let reducer = Reducer<EntityState>.on(ToggleEntity.self) { state, _ in
                if dictionary {
                    if state.byID.removeValue(forKey: entityCount) == nil {
                        state.byID[entityCount] = entity(entityCount)
                    }
                } else if state.list.count > entityCount {
                    state.list.removeLast()
                } else {
                    state.list.append(entity(entityCount))
                }
            }
            let sink = Sink()
            var options = LoggingOptions<EntityState>(sink: LogSink { entry in sink.total &+= entry.utf8.count })
            if diffOnly {
                options.style = .collapsed
                options.parts = [.diff]
            }
            let store = Store(initialState: initial, reducer: reducer, middleware: [loggingMiddleware(options)])
            let action: any Action = ToggleEntity()
            return { n in
                for _ in 0..<n { store.dispatch(action) }
            }
        }
    }
    return [
        scenario("logging, 20000 entities in a dictionary", dictionary: true),
        scenario("logging, 20000 entities in an array", dictionary: false),
        scenario("logging, diff only, 20000 entities in a dictionary", dictionary: true, diffOnly: true),
        scenario("logging, diff only, 20000 entities in an array", dictionary: false, diffOnly: true),
    ]
}

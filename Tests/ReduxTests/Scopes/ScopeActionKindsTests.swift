import Testing

@testable import Redux

/// What a presented child's scope sends, in whatever order: its own actions reach the child's
/// reducer wrapped for it, actions marked `HandledByMiddleware` reach the store's middleware as they
/// are. (An element scope remembers the answer for the last action type it sent; alternating types
/// must not mix them up.)
@MainActor
struct ScopeActionKindsTests {
    struct Child: Equatable, Sendable { var taps = 0 }
    enum Destination: Equatable, Sendable {
        case editor(Child)
        case viewer(Child)
    }
    struct AppState: Equatable, Sendable {
        var sheet: Child?
        var destination: Destination?
    }
    struct Tap: Action {}
    struct ShowEditor: Action {}
    struct Track: HandledByMiddleware {
        static var requiredMiddleware: String { "tracking" }
        var event: String
    }

    /// Records the events of the `Track`s that reach it and swallows them.
    final class Tracked {
        var events: [String] = []
    }

    static func tracking(into tracked: Tracked) -> Middleware<AppState> {
        { _, _ in
            { next in
                { action in
                    if let track = action as? Track {
                        tracked.events.append(track.event)
                    } else {
                        next(action)
                    }
                }
            }
        }
    }

    static let childReducer = Reducer<Child>.on(Tap.self) { child, _ in child.taps += 1 }
    static let reducer = Reducer<AppState>.on(ShowEditor.self) { state, _ in state.destination = .editor(Child()) }
        .ifLet(\.sheet, then: childReducer)
        .ifLet(
            \.destination,
            then: Reducer<Destination> { _, _ in }
                .ifLet(case: Destination.editor, then: childReducer)
                .ifLet(case: Destination.viewer, then: childReducer))

    @Test func aSheetsScopeSendsItsOwnAndMarkedActionsInTurn() throws {
        let tracked = Tracked()
        let store = Store(
            initialState: AppState(sheet: Child()), reducer: Self.reducer, middleware: [Self.tracking(into: tracked)])
        let sheet = try #require(store.scope(ifPresent: \.sheet))
        sheet.dispatch(Tap())
        sheet.dispatch(Track(event: "a"))
        sheet.dispatch(Tap())
        sheet.dispatch(Track(event: "b"))
        sheet.dispatch(Track(event: "c"))
        sheet.dispatch(Tap())
        #expect(store.sheet?.taps == 3)
        #expect(tracked.events == ["a", "b", "c"])
    }

    @Test func aCasesScopeSendsItsOwnAndMarkedActionsInTurn() throws {
        let tracked = Tracked()
        let store = Store(
            initialState: AppState(destination: .viewer(Child())), reducer: Self.reducer,
            middleware: [Self.tracking(into: tracked)])
        #expect(store.scope(ifPresent: \.destination)?.scope(case: Destination.editor) == nil, "another case")
        let viewer = try #require(store.scope(ifPresent: \.destination)?.scope(case: Destination.viewer))
        viewer.dispatch(Track(event: "a"))
        viewer.dispatch(Tap())
        viewer.dispatch(Tap())
        viewer.dispatch(Track(event: "b"))
        #expect(store.destination == .viewer(Child(taps: 2)))
        #expect(tracked.events == ["a", "b"])
        // The case the scope showed is replaced by another: its scope sends nothing any more.
        store.dispatch(ShowEditor())
        viewer.dispatch(Tap())
        #expect(store.destination == .editor(Child()))
    }
}

import Testing

@testable import Redux

/// The memo of an `Equatable` enum's cases (issue 47): a value a case's constructor wrote, or one
/// reflected once, is recognised with `==` by the readers that follow — and never stands in for a
/// value it is not, nor keeps a dismissed child's state alive.
@MainActor
struct CaseMemoTests {
    /// Something a payload holds by reference: whether it is still alive tells who keeps the state.
    final class Token: Sendable {}

    struct Editor: Equatable, Sendable {
        var taps = 0
        var token = Token()
        static func == (lhs: Editor, rhs: Editor) -> Bool { lhs.taps == rhs.taps && lhs.token === rhs.token }
    }

    /// Types of this file only: the memo is one per type, and other suites run alongside.
    enum MemoDestination: Equatable, Sendable {
        case editor(Editor)
        case other(Editor)
    }

    struct MemoApp: Equatable, Sendable {
        var destination: MemoDestination?
        var path = StackState<MemoDestination>()
    }

    struct Tap: Action {}
    struct Close: Action {}
    struct PopAll: Action {}
    struct Present: Action { let editor: Editor }

    /// The editor counts taps; its enum's own reducer turns a third tap into the other case; the
    /// app closes the destination and empties the stack on its own actions.
    static let reducer: Reducer<MemoApp> = {
        let destination = Reducer<MemoDestination> { state, _ in
            if case .editor(let editor) = state, editor.taps == 3 { state = .other(editor) }
        }
        .ifLet(case: MemoDestination.editor, then: .on(Tap.self) { editor, _ in editor.taps += 1 })
        .ifLet(case: MemoDestination.other, then: .on(Tap.self) { editor, _ in editor.taps += 100 })
        return Reducer<MemoApp>.combine(
            .on(Present.self) { state, action in state.destination = .editor(action.editor) },
            .on(Close.self) { state, _ in state.destination = nil },
            .on(PopAll.self) { state, _ in state.path = StackState() }
        )
        .ifLet(\.destination, then: destination)
        .forEach(\.path, destination: destination)
    }()

    @Test func aValueWrittenByItsConstructorIsRecognisedAndNoOtherIs() throws {
        let memo = try #require(CaseMemos.memo(for: MemoDestination.self))
        let editor = CaseReader(MemoDestination.editor)
        let other = CaseReader(MemoDestination.other)
        let form = Editor(taps: 1)
        _ = editor.extract(from: .editor(form))  // learns the case's name
        let written = editor.write(form)
        #expect(memo.recall(written)?.name == "editor")
        // Another value, and the same payload in another case, are not taken for it.
        #expect(memo.recall(MemoDestination.editor(Editor(taps: 2))) == nil)
        #expect(memo.recall(MemoDestination.other(form)) == nil)
        // Every reader of the enum meets the remembered value: the other case's reader says no.
        #expect(other.extract(from: written) == nil)
        #expect(editor.extract(from: written)?.payload == form)
        // A value of another case is reflected, then remembered in its turn.
        #expect(other.extract(from: .other(form))?.payload == form)
        #expect(memo.recall(MemoDestination.other(form))?.name == "other")
        #expect(editor.extract(from: .other(form)) == nil)
        memo.forget()
        #expect(memo.recall(MemoDestination.other(form)) == nil)
    }

    /// An enum with a labelled case (`Mirror` shows its payload as a one-element tuple) and a
    /// case of another payload type: the entries a reflection and a constructor leave must be read
    /// as each reader takes its payload.
    enum LabelledDestination: Equatable, Sendable {
        case failed(reason: Editor)
        case count(Int)
    }

    @Test func aValueReflectedWithoutItsReaderIsReadByTheReaderThatMeetsIt() throws {
        let memo = try #require(CaseMemos.memo(for: LabelledDestination.self))
        let failed = CaseReader(LabelledDestination.failed)
        let count = CaseReader(LabelledDestination.count)
        let reason = Editor(taps: 4)
        _ = failed.extract(from: .failed(reason: Editor()))  // learns the case's name
        // An `ifLet` one level up reads the case's name first: the memo keeps what `Mirror` showed.
        let value = LabelledDestination.failed(reason: reason)
        #expect(ChildIdentity.caseName(of: value, notAnEnum: nil, memo: memo) == "failed")
        #expect(memo.recall(value)?.name == "failed")
        // The case's reader takes the payload out of the tuple `Mirror` showed; the other case's says no.
        #expect(failed.extract(from: value)?.payload == reason)
        #expect(count.extract(from: value) == nil)
        // What a reader wrote is read by its type; a reader of another payload type meets it and says no.
        _ = count.extract(from: .count(0))
        let written = count.write(7)
        #expect(count.extract(from: written)?.payload == 7)
        #expect(failed.extract(from: written) == nil)
        // The memo is typed for its enum (an entry of another enum does not compile), and found
        // by type: the memo of another enum is another object, which this one's values never meet.
        #expect(memo.recall(written)?.name == "count")
        #expect(memo.recall(value) == nil)
        let otherEnums = try #require(CaseMemos.memo(for: MemoDestination.self))
        #expect(ObjectIdentifier(otherEnums) != ObjectIdentifier(memo))
        #expect(CaseMemos.memo(for: LabelledDestination.self) === memo)
        #expect(CaseMemos.memo(for: Editor.self) != nil, "an Equatable struct gets a memo, which no case fills")
        #expect(CaseMemos.memo(for: Tap.self) == nil, "a type that is not Equatable gets none")
        memo.forget()
        #expect(memo.recall(written) == nil)
    }

    @Test func aCaseChangedAfterTheChildWroteIsSeenAsChanged() throws {
        let store = Store(initialState: MemoApp(destination: .editor(Editor())), reducer: Self.reducer)
        let editor = try #require(store.scope(ifPresent: \.destination)?.scope(case: MemoDestination.editor))
        editor.dispatch(Tap())
        editor.dispatch(Tap())
        #expect(store.state.destination == .editor(editor.state))
        // The third tap: the editor writes `.editor(taps: 3)`, then the enum's reducer turns it
        // into `.other` — the value remembered is not the state's, and nothing takes it for it.
        editor.dispatch(Tap())
        guard case .other(let shown) = store.state.destination else {
            Issue.record("expected the other case, found \(String(describing: store.state.destination))")
            return
        }
        #expect(shown.taps == 3)
        // The editor's presentation is over: a tap through its scope changes nothing.
        Diagnostics.silencing { editor.dispatch(Tap()) }
        #expect(store.state.destination == .other(shown))
        let other = try #require(store.scope(ifPresent: \.destination)?.scope(case: MemoDestination.other))
        other.dispatch(Tap())
        #expect(store.state.destination.map { if case .other(let e) = $0 { e.taps } else { -1 } } == 103)
        #expect(store.scope(ifPresent: \.destination)?.scope(case: MemoDestination.editor) == nil)
    }

    @Test func twoStoresTakingTurnsEachReachTheirOwnCase() throws {
        let first = Store(initialState: MemoApp(destination: .editor(Editor())), reducer: Self.reducer)
        let second = Store(initialState: MemoApp(destination: .other(Editor())), reducer: Self.reducer)
        let editor = try #require(first.scope(ifPresent: \.destination)?.scope(case: MemoDestination.editor))
        let other = try #require(second.scope(ifPresent: \.destination)?.scope(case: MemoDestination.other))
        for _ in 0..<2 {
            editor.dispatch(Tap())
            other.dispatch(Tap())
        }
        #expect(editor.state.taps == 2)
        #expect(other.state.taps == 200)
        #expect(first.scope(ifPresent: \.destination)?.scope(case: MemoDestination.other) == nil)
        #expect(second.scope(ifPresent: \.destination)?.scope(case: MemoDestination.editor) == nil)
    }

    @Test func aDismissedDestinationsStateIsReleased() throws {
        weak var token: Token?
        let store = Store(initialState: MemoApp(), reducer: Self.reducer)
        do {
            let editor = Editor()
            token = editor.token
            store.dispatch(Present(editor: editor))
        }
        do {
            let scope = try #require(store.scope(ifPresent: \.destination)?.scope(case: MemoDestination.editor))
            scope.dispatch(Tap())
            #expect(scope.state.taps == 1)
        }
        #expect(token != nil)
        store.dispatch(Close())
        #expect(store.state.destination == nil)
        #expect(token == nil)
    }

    @Test func aPoppedScreensStateIsReleased() throws {
        weak var token: Token?
        let store = Store(initialState: MemoApp(), reducer: Self.reducer)
        do {
            let editor = Editor()
            token = editor.token
            store.dispatch(StackAction<MemoDestination>.push(.editor(editor)))
        }
        do {
            let id = try #require(store.state.path.ids.last)
            let screen = try #require(store.scope(\.path, id: id)?.scope(\.state).scope(case: MemoDestination.editor))
            screen.dispatch(Tap())
            #expect(screen.state.taps == 1)
        }
        #expect(token != nil)
        store.dispatch(PopAll())
        #expect(store.state.path.isEmpty)
        #expect(token == nil)
    }
}

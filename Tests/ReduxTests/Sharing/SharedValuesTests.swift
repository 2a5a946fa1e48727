import Redux
import Testing

/// A list of documents, a stack of screens that show one, and a sheet that shows one: the shape of
/// an app whose screens edit what its list owns (SyncUps' detail and recorder).
private struct Document: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
    var notes: [String] = []
}

private enum Screen: Equatable, Sendable {
    case editor(Editor)
    case viewer(Viewer)
    case about

    struct Editor: Equatable, Sendable { var document: Document; var isSaving = false }
    struct Viewer: Equatable, Sendable { var document: Document }

    var editor: Editor? {
        get { if case .editor(let state) = self { state } else { nil } }
        set { if let newValue { self = .editor(newValue) } }
    }
}

private struct Library: Equatable, Sendable, SharedValues {
    var documents: IdentifiedArrayOf<Document> = [Document(id: 1, title: "One"), Document(id: 2, title: "Two")]
    var path = StackState<Screen>()
    var preview: Screen.Viewer?

    static var sharing: [Sharing<Library>] {
        [
            .values(
                of: \.documents, in: \.path, at: .child(\.editor, \.document), .child(case: Screen.viewer, \.document)),
            .values(of: \.documents, at: .child(\.preview, \.document)),
        ]
    }
}

private struct OpenScreen: Action { let screen: Screen }
private struct Retitle: Action { let title: String }
private struct AppendNote: Action { let note: String }
private struct RetitleInList: Action { let id: Int; let title: String }
private struct DeleteDocument: Action { let id: Int }
private struct PreviewDocument: Action { let id: Int }

/// The editor's reducer knows only its own state: it edits its copy of the document.
private let editorReducer = Reducer<Screen.Editor> { state, action in
    switch action {
    case let rename as Retitle: state.document.title = rename.title
    case let note as AppendNote: state.document.notes.append(note.note)
    default: break
    }
}

private let libraryReducer = Reducer<Library> { state, action in
    switch action {
    case let open as OpenScreen: state.path.push(open.screen)
    case let rename as RetitleInList: state.documents[id: rename.id]?.title = rename.title
    case let delete as DeleteDocument: state.documents.remove(id: delete.id)
    case let preview as PreviewDocument:
        state.preview = state.documents[id: preview.id].map { Screen.Viewer(document: $0) }
    default: break
    }
}
.forEach(\.path, destination: Reducer<Screen> { _, _ in }.ifLet(\.editor, then: editorReducer))

/// What the editor's view sends: its action, through the stack and the screen's case.
private func toEditor(_ id: StackElementID, _ action: any Action) -> ElementAction {
    ElementAction(\Library.path, id: id, ElementAction(\Screen.editor, id: nil, action))
}

@MainActor
struct SharedValuesTests {
    private func store() -> (Store<Library>, editor: StackElementID, viewer: StackElementID) {
        let store = Store(initialState: Library(), reducer: libraryReducer)
        let one = Document(id: 1, title: "One")
        store.dispatch(OpenScreen(screen: .viewer(.init(document: one))))
        store.dispatch(OpenScreen(screen: .editor(.init(document: one))))
        store.dispatch(OpenScreen(screen: .about))
        let ids = Array(store.state.path.ids)
        return (store, ids[1], ids[0])
    }

    @Test func aScreensEditIsTheOneValueInTheListAndInEveryScreenShowingIt() throws {
        let (store, editor, viewer) = store()
        store.dispatch(PreviewDocument(id: 1))
        store.dispatch(toEditor(editor, Retitle(title: "First")))
        #expect(store.state.documents[id: 1]?.title == "First")
        #expect(store.state.path[id: viewer]?[case: Screen.viewer]?.document.title == "First")
        #expect(store.state.preview?.document.title == "First")
        #expect(store.state.documents[id: 2]?.title == "Two")  // the other value is not touched

        store.dispatch(toEditor(editor, AppendNote(note: "agenda")))
        #expect(store.state.documents[id: 1]?.notes == ["agenda"])
        #expect(store.state.path[id: viewer]?[case: Screen.viewer]?.document.notes == ["agenda"])
    }

    /// Issue 47: an action that touches neither the list nor the screens reads no copy; the copies
    /// still agree, and the next edit anywhere reaches every copy. A state built with a copy that
    /// disagrees is reconciled by the first action that changes the list or the screens (the
    /// documented decision), not by an unrelated one.
    @Test func anActionTouchingNoSharedValueLeavesTheCopiesAgreeing() {
        struct Unrelated: Action {}
        var initial = Library()
        initial.path.push(.viewer(.init(document: Document(id: 1, title: "Stale"))))
        let store = Store(initialState: initial, reducer: libraryReducer)
        let viewer = store.state.path.ids[0]
        store.dispatch(Unrelated())
        #expect(store.state.path[id: viewer]?[case: Screen.viewer]?.document.title == "Stale", "not before")
        store.dispatch(RetitleInList(id: 2, title: "Deux"))  // the list changed: every copy is set again
        #expect(store.state.path[id: viewer]?[case: Screen.viewer]?.document.title == "One")
        store.dispatch(Unrelated())
        store.dispatch(OpenScreen(screen: .editor(.init(document: Document(id: 1, title: "One")))))
        let editor = store.state.path.ids[1]
        store.dispatch(Unrelated())
        store.dispatch(toEditor(editor, Retitle(title: "Uno")))
        #expect(store.state.documents[id: 1]?.title == "Uno")
        #expect(store.state.path[id: viewer]?[case: Screen.viewer]?.document.title == "Uno")
    }

    @Test func copiesInTwoEntriesEditedByOneActionAllEndWithTheLaterEdit() throws {
        struct EditBoth: Action { let editor: StackElementID }
        let reducer = Reducer<Library>.combine(
            libraryReducer,
            .on(EditBoth.self) { state, action in
                state.path[id: action.editor]?.state.editor?.document.title = "From the editor"
                state.preview?.document.title = "From the preview"
            })
        let store = Store(initialState: Library(), reducer: reducer)
        store.dispatch(OpenScreen(screen: .editor(.init(document: Document(id: 1, title: "One")))))
        store.dispatch(PreviewDocument(id: 1))
        let editor = try #require(store.state.path.ids.first)
        store.dispatch(EditBoth(editor: editor))
        // The later entry (the preview) wins, and every copy shows it: edits are all written before
        // any copy is refreshed.
        #expect(store.state.documents[id: 1]?.title == "From the preview")
        #expect(store.state.path[id: editor]?.state.editor?.document.title == "From the preview")
        #expect(store.state.preview?.document.title == "From the preview")
    }

    @Test func anEditOfTheOwnedValueReachesEveryCopy() {
        let (store, editor, viewer) = store()
        store.dispatch(RetitleInList(id: 1, title: "Retitled"))
        #expect(store.state.path[id: editor]?.state.editor?.document.title == "Retitled")
        #expect(store.state.path[id: viewer]?[case: Screen.viewer]?.document.title == "Retitled")
        #expect(store.state.path[id: editor]?.state.editor?.isSaving == false)  // the rest of the screen is its own
    }

    @Test func aScreenPushedWithAnOldCopyShowsTheOwnedValue() {
        let (store, _, _) = store()
        store.dispatch(RetitleInList(id: 2, title: "Now"))
        store.dispatch(OpenScreen(screen: .viewer(.init(document: Document(id: 2, title: "Then")))))
        #expect(store.state.path.last?[case: Screen.viewer]?.document.title == "Now")
        #expect(store.state.documents[id: 2]?.title == "Now")
    }

    @Test func aCopyOfADeletedValueKeepsItsLastValue() {
        let (store, editor, _) = store()
        store.dispatch(DeleteDocument(id: 1))
        #expect(store.state.documents.ids.elementsEqual([2]))
        #expect(store.state.path[id: editor]?.state.editor?.document.title == "One")
        // Its edits go nowhere: the value is not brought back.
        store.dispatch(toEditor(editor, Retitle(title: "Ghost")))
        #expect(store.state.documents.ids.elementsEqual([2]))
        #expect(store.state.path[id: editor]?.state.editor?.document.title == "Ghost")
    }

    @Test func oneValueSharedByTheStateAndTheStack() {
        struct Settings: Equatable, Sendable { var theme = "light" }
        struct App: Equatable, Sendable, SharedValues {
            var settings = Settings()
            var sheet: Settings?
            var path = StackState<Settings>()
            static var sharing: [Sharing<App>] {
                [.value(\.settings, at: .optional(\.sheet)), .value(\.settings, in: \.path, at: .member(\.self))]
            }
        }
        struct Dark: Action {}
        let reducer = Reducer<App> { state, action in
            if action is Dark { state.sheet?.theme = "dark" }
        }
        var initial = App()
        initial.sheet = Settings()
        initial.path.push(Settings())
        let store = Store(initialState: initial, reducer: reducer)
        store.dispatch(Dark())
        #expect(store.state.settings.theme == "dark")
        #expect(store.state.path.first?.state.theme == "dark")
    }

    @Test func aStateThatDeclaresNothingIsLeftAsTheReducerMadeIt() {
        struct Plain: Equatable { var documents: IdentifiedArrayOf<Document> = []; var copy: Document? }
        struct Put: Action {}
        let store = Store(
            initialState: Plain(documents: [Document(id: 1, title: "Owned")]),
            reducer: Reducer { state, action in if action is Put { state.copy = Document(id: 1, title: "Copy") } })
        store.dispatch(Put())
        #expect(store.state.copy?.title == "Copy")
    }
}

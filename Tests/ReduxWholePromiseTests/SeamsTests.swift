import Foundation
import Redux
import ReduxEffects
import Testing

@testable import ReduxHistory

/// Issue 45, "Seams between features": each found where two features meet, each on the app with
/// every part (``Shelf``).
@MainActor
struct SeamsTests {
    func store(recorder: HistoryRecorder<Shelf>? = nil) -> Store<Shelf> {
        if let recorder {
            return Store(
                initialState: Shelf(), reducer: recorder.reducer(shelfReducer), dependencies: ShelfDependencies.make()
            ) { recorder.middleware }
        }
        return Store(initialState: Shelf(), reducer: shelfReducer, dependencies: ShelfDependencies.make())
    }

    @Test func aSessionDrivenThroughScopesGoesThroughAFileAndReplays() throws {
        try Diagnostics.silencing {  // late actions warn on purpose
            let recorder = HistoryRecorder<Shelf>(reducer: shelfReducer)
            let store = store(recorder: recorder)
            store.dispatch(ShelfAction.addRow("milk"))
            let id = store.state.rows.ids[0]
            store.scope(\.rows, id: id)?.dispatch(RowAction.rename("oat milk"))  // a row's scope
            store.scope(\.rows, id: id)?.dispatch(RowAction.tick)  // work that comes back to the row
            store.dispatch(ShelfAction.pushDetail(id))
            let screen = store.state.path.ids[0]
            store.scope(\.path, id: screen)?.scope(\.state).scope(case: Screen.detail)?.dispatch(
                DetailAction.rename("oat"))
            store.dispatch(ShelfAction.openEditor)
            store.scope(ifPresent: \.destination)?.scope(case: Destination.editor)?.dispatch(EditorAction.type("hi"))
            store.scope(ifPresent: \.destination)?.scope(case: Destination.editor)?.dispatch(EditorAction.save)
            store.scope(\.path, id: screen)?.dispatch(Dismiss())
            #expect(store.state.rows[id: id]?.title == "oat" && store.state.rows[id: id]?.ticks == 1)
            #expect(store.state.saved == ["hi"] && store.state.destination == nil && store.state.path.isEmpty)

            let recording = try #require(recorder.recording)
            let data = try recording.encoded()
            let text = String(decoding: data, as: UTF8.self)
            #expect(!text.contains("not Codable"), "a wrapped action was kept by its description")
            let file = try Recording<Shelf>(json: data, actions: shelfActions)
            let problems = file.steps.compactMap(\.problem)
            #expect(problems.isEmpty, "\(problems)")
            let replay = file.replay(with: shelfReducer, dependencies: ShelfDependencies.make())
            #expect(replay.isFaithful, "\(replay)")
            #expect(replay.finalState == store.state)
            // The wrapped actions read back equal to the recorded ones.
            for (read, recorded) in zip(file.steps, recording.steps) {
                if let element = recorded.action as? ElementAction {
                    #expect(read.action as? ElementAction == element, "\(read.description)")
                }
            }
        }
    }

    @Test func aCarriedActionThatIsNotRegisteredIsAProblemNamingIt() throws {
        try Diagnostics.silencing {  // late actions warn on purpose
            let recorder = HistoryRecorder<Shelf>(reducer: shelfReducer)
            let store = store(recorder: recorder)
            store.dispatch(ShelfAction.addRow("milk"))
            store.scope(\.rows, id: store.state.rows.ids[0])?.dispatch(RowAction.rename("x"))
            let recording = try #require(recorder.recording)
            let file = try Recording<Shelf>(
                json: try recording.encoded(), actions: ActionRegistry().registering(ShelfAction.self))
            let problem = try #require(file.steps[1].problem)
            #expect(problem.contains("RowAction"), "\(problem)")
        }
    }

    @Test func anElementActionWithAnIdentifierOfTheAppsOwnTypeGoesThroughAFile() throws {
        try Diagnostics.silencing {  // late actions warn on purpose
            struct TagID: Codable, Hashable, Sendable { var raw: String }
            let action = ElementAction(path: "tags", id: TagID(raw: "t1"), RowAction.rename("x"))
            let data = try JSONEncoder().encode(action)
            let registry = ActionRegistry().registering(RowAction.self).registeringIdentifier(TagID.self)
            let read = try registry.jsonDecoder().decode(ElementAction.self, from: data)
            #expect(read == action)
            // Without the registering, the error names the identifier's type.
            do {
                _ = try ActionRegistry().registering(RowAction.self).jsonDecoder().decode(
                    ElementAction.self, from: data)
                Issue.record("an unregistered identifier type was read")
            } catch {
                #expect("\(error)".contains("TagID"), "\(error)")
            }
            // A carried action that is not Encodable makes the encoding throw, naming it.
            struct Opaque: Action {}
            #expect(throws: EncodingError.self) { try JSONEncoder().encode(ElementAction(path: "x", id: 1, Opaque())) }
        }
    }

    @Test func aSkippedAskLeavesTheRowItsDeleteNamed() {
        Diagnostics.silencing {  // late actions warn on purpose
            // Add a row, ask to delete it (an alert), tap Delete; skip the ask: no alert was shown, so
            // the recorded Delete changes nothing — in the parent's view too.
            let recorder = HistoryRecorder<Shelf>(snapshotEvery: 1, reducer: shelfReducer)
            let store = store(recorder: recorder)
            store.dispatch(ShelfAction.addRow("a"))
            store.dispatch(ShelfAction.addRow("b"))
            let (a, b) = (store.state.rows.ids[0], store.state.rows.ids[1])
            store.dispatch(ShelfAction.askDelete(a))
            store.scope(ifPresent: \.destination)?.tap(
                .destructive("Delete", action: .delete(a)), in: Destination.alert)
            store.dispatch(ShelfAction.askDelete(b))
            store.scope(ifPresent: \.destination)?.tap(
                .destructive("Delete", action: .delete(b)), in: Destination.alert)
            #expect(store.state.rows.isEmpty)
            recorder.toggleSkip(2)  // the first ask
            #expect(store.state.rows.ids == [a], "the first Delete acted with no alert shown")
            recorder.toggleSkip(4)  // the second ask too
            #expect(store.state.rows.ids == [a, b])
            #expect(store.state.destination == nil)
        }
    }

    @Test func aButtonOfAnAlertNotShownReachesNeitherTheEditorShownNorTheParent() {
        Diagnostics.silencing {  // the skipped ask makes a late button, which warns
            // The editor is open; an ask replaces it with an alert, whose Delete is tapped. Skip the
            // ask: the recorded Delete meets the editor, another case of the destination.
            let recorder = HistoryRecorder<Shelf>(snapshotEvery: 1, reducer: shelfReducer)
            let store = store(recorder: recorder)
            store.dispatch(ShelfAction.addRow("a"))
            let a = store.state.rows.ids[0]
            store.dispatch(ShelfAction.openEditor)
            store.dispatch(ShelfAction.askDelete(a))
            store.scope(ifPresent: \.destination)?.tap(
                .destructive("Delete", action: .delete(a)), in: Destination.alert)
            #expect(store.state.rows.isEmpty)
            recorder.toggleSkip(2)  // the ask
            #expect(store.state.rows.ids == [a], "a Delete of an alert never shown acted")
            #expect(store.state.destination == .editor(Editor()))
        }
    }

    @Test func aLateActionForAnAbsentChildChangesNothingInTheParentsViewToo() {
        Diagnostics.silencing {  // late actions warn on purpose
            let store = store()
            // The editor was closed; a late save through its old scope's path reaches nothing.
            store.dispatch(
                ElementAction(\Shelf.destination, id: nil, ElementAction(path: ".editor", id: nil, EditorAction.save)))
            #expect(store.state.saved.isEmpty)
            store.dispatch(ShelfAction.addRow("a"))
            let gone = UUID(99)
            store.dispatch(ElementAction(\Shelf.rows, id: gone, RowAction.rename("x")))
            #expect(store.state.rows.map(\.title) == ["a"])
        }
    }

    @Test func aFollowUpAlertOfAnEnumDestinationStays() {
        Diagnostics.silencing {  // late actions warn on purpose
            let store = store()
            store.dispatch(ShelfAction.addRow("a"))
            let id = store.state.rows.ids[0]
            store.dispatch(ShelfAction.askDelete(id))
            let asked = store.state.destination
            // "Ask again": the parent shows an equal alert as the first closes.
            store.scope(ifPresent: \.destination)?.tap(
                .default("Ask again", action: .askAgain(id)), in: Destination.alert)
            #expect(store.state.destination == asked)
            // Its own buttons work, and close it.
            store.scope(ifPresent: \.destination)?.tap(
                .destructive("Delete", action: .delete(id)), in: Destination.alert)
            #expect(store.state.destination == nil && store.state.rows.isEmpty)
        }
    }

    @Test func aStackActionElementDispatchedToTheStoreReachesAnEnumScreen() {
        Diagnostics.silencing {  // late actions warn on purpose
            let store = store()
            store.dispatch(ShelfAction.addRow("a"))
            store.dispatch(ShelfAction.pushDetail(store.state.rows.ids[0]))
            store.dispatch(StackAction<Screen>.push(.about(About())))
            let (detail, about) = (store.state.path.ids[0], store.state.path.ids[1])
            store.dispatch(StackAction<Screen>.element(id: about, action: AboutAction.tap))
            store.dispatch(StackAction<Screen>.element(id: detail, action: DetailAction.rename("b")))
            #expect(store.state.path[id: about]?[case: Screen.about]?.taps == 1)
            #expect(store.state.path[id: detail]?[case: Screen.detail]?.row.title == "b")
            #expect(store.state.rows.first?.title == "b", "the shared row follows its copy")
            // A screen's close through `.element` pops it, as through its scope.
            store.dispatch(StackAction<Screen>.element(id: detail, action: DetailAction.close))
            #expect(store.state.path.isEmpty)
        }
    }

    @Test func undoGoesThroughARecordingFileAndPersistence() throws {
        try Diagnostics.silencing {  // late actions warn on purpose
            let recorder = HistoryRecorder<Shelf>(reducer: shelfReducer)
            let store = store(recorder: recorder)
            store.dispatch(NotesAction.append("a"))
            store.dispatch(NotesAction.append("b"))
            store.dispatch(UndoAction<Notes>.undo)
            #expect(store.state.notes.canUndo && store.state.notes.canRedo)
            let recording = try #require(recorder.recording)
            let file = try Recording<Shelf>(json: try recording.encoded(), actions: shelfActions)
            let replay = file.replay(with: shelfReducer, dependencies: ShelfDependencies.make())
            #expect(replay.isFaithful, "\(replay)")
            #expect(replay.finalState.notes == store.state.notes)
            var restored = try JSONDecoder().decode(Shelf.self, from: try JSONEncoder().encode(store.state))
            #expect(restored == store.state)
            restored.notes = UndoHistory(present: Notes(text: "x"), past: [Notes()], future: [])
            #expect(restored.notes.canUndo && !restored.notes.canRedo)
        }
    }
}

/// Issue 46: a parent says in one line "the detail screen at this id sent this action" — an about
/// screen's action, or one sent to another case, is not taken for it.
@MainActor
struct ScreenSentTests {
    @Test func theParentMatchesTheScreenCaseAndAction() {
        let parent = Reducer<Shelf> { state, action in
            if case let (id, detail, .rename(title))? = StackAction.sent(
                action, by: Screen.detail, in: state.path, at: \Shelf.path, as: DetailAction.self)
            {
                state.saved.append("\(id) \(detail.row.id == state.rows.first?.id) \(title)")
            }
        }
        let reducer = Reducer<Shelf>.combine(shelfReducer, parent)
        let store = Store(initialState: Shelf(), reducer: reducer, dependencies: ShelfDependencies.make())
        store.dispatch(ShelfAction.addRow("a"))
        store.dispatch(ShelfAction.pushDetail(store.state.rows.ids[0]))
        store.dispatch(StackAction<Screen>.push(.about(About())))
        let (detail, about) = (store.state.path.ids[0], store.state.path.ids[1])
        store.scope(\.path, id: detail)?.scope(\.state).scope(case: Screen.detail)?.dispatch(DetailAction.rename("b"))
        store.dispatch(StackAction<Screen>.element(id: detail, action: DetailAction.rename("c")))
        Diagnostics.silencing {
            // Sent to the about screen: not the detail's, whatever its type.
            store.dispatch(StackAction<Screen>.element(id: about, action: DetailAction.rename("x")))
        }
        #expect(store.state.saved == ["#0 true b", "#0 true c"])
    }
}

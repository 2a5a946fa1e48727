import Foundation
import Redux
import ReduxEffects
import ReduxHistory
import ReduxTestSupport

/// One thing a user (or a late callback) does, with its target fixed when it was generated, so a
/// sequence replays and shrinks as it was written. Sent as a view sends it: through the scope of
/// what it taps when that is shown; a tap on something gone is sent as the late action a view
/// dispatched just before it went.
enum Tap: CustomStringConvertible, Sendable {
    case add(String)
    case renameRow(UUID, String)
    case tickRow(UUID)
    case askDelete(UUID)
    case alertButton(Int)
    case openEditor
    case type(String)
    case saveEditor
    case dismissEditor
    case pushDetail(UUID)
    case pushAbout
    /// A detail screen's action through its scope (`viaStackAction`: as
    /// `StackAction.element(id:action:)` dispatched to the store, as ported apps send it).
    case detail(StackElementID, DetailAction, viaStackAction: Bool)
    case tapAbout(StackElementID)
    case popFrom(StackElementID)
    case dismissScreen(StackElementID)
    case note(String)
    case undo
    case redo

    var description: String {
        switch self {
        case .add(let title): ".add(\"\(title)\")"
        case .renameRow(let id, let title): ".renameRow(\(Tap.short(id)), \"\(title)\")"
        case .tickRow(let id): ".tickRow(\(Tap.short(id)))"
        case .askDelete(let id): ".askDelete(\(Tap.short(id)))"
        case .alertButton(let index): ".alertButton(\(index))"
        case .openEditor: ".openEditor"
        case .type(let text): ".type(\"\(text)\")"
        case .saveEditor: ".saveEditor"
        case .dismissEditor: ".dismissEditor"
        case .pushDetail(let id): ".pushDetail(\(Tap.short(id)))"
        case .pushAbout: ".pushAbout"
        case .detail(let id, let action, let viaStackAction):
            ".detail(\(id), .\(action), viaStackAction: \(viaStackAction))"
        case .tapAbout(let id): ".tapAbout(\(id))"
        case .popFrom(let id): ".popFrom(\(id))"
        case .dismissScreen(let id): ".dismissScreen(\(id))"
        case .note(let text): ".note(\"\(text)\")"
        case .undo: ".undo"
        case .redo: ".redo"
        }
    }

    static func short(_ id: UUID) -> String { "UUID(\(Int(id.uuidString.suffix(12), radix: 16) ?? -1))" }

    /// Sends the tap to `store`.
    @MainActor
    func perform(on store: Store<Shelf>) {
        switch self {
        case .add(let title): store.dispatch(ShelfAction.addRow(title))
        case .renameRow(let id, let title): send(RowAction.rename(title), toRow: id, of: store)
        case .tickRow(let id): send(RowAction.tick, toRow: id, of: store)
        case .askDelete(let id): store.dispatch(ShelfAction.askDelete(id))
        case .alertButton(let index):
            guard let destination = store.scope(ifPresent: \.destination),
                case .alert(let alert)? = store.state.destination, alert.buttons.indices.contains(index)
            else { return }  // no alert shown: nothing to tap (a skipped step makes the late ones)
            destination.tap(alert.buttons[index], in: Destination.alert)
        case .openEditor: store.dispatch(ShelfAction.openEditor)
        case .type(let text): send(EditorAction.type(text), toEditorOf: store)
        case .saveEditor: send(EditorAction.save, toEditorOf: store)
        case .dismissEditor: send(Dismiss(), toEditorOf: store)
        case .pushDetail(let id): store.dispatch(ShelfAction.pushDetail(id))
        case .pushAbout: store.dispatch(StackAction<Screen>.push(.about(About())))
        case .detail(let id, let action, let viaStackAction):
            if viaStackAction {
                store.dispatch(StackAction<Screen>.element(id: id, action: action))
            } else if let detail = store.scope(\.path, id: id)?.scope(\.state).scope(case: Screen.detail) {
                detail.dispatch(action)
            } else {
                store.dispatch(ElementAction(\Shelf.path, id: id, ElementAction(path: ".detail", id: nil, action)))
            }
        case .tapAbout(let id):
            if let about = store.scope(\.path, id: id)?.scope(\.state).scope(case: Screen.about) {
                about.dispatch(AboutAction.tap)
            } else {
                store.dispatch(
                    ElementAction(\Shelf.path, id: id, ElementAction(path: ".about", id: nil, AboutAction.tap)))
            }
        case .popFrom(let id): store.dispatch(StackAction<Screen>.popFrom(id: id))
        case .dismissScreen(let id):
            if let screen = store.scope(\.path, id: id) {
                screen.dispatch(Dismiss())
            } else {
                store.dispatch(ElementAction(\Shelf.path, id: id, Dismiss()))
            }
        case .note(let text): store.dispatch(NotesAction.append(text))
        case .undo: store.dispatch(UndoAction<Notes>.undo)
        case .redo: store.dispatch(UndoAction<Notes>.redo)
        }
    }

    @MainActor
    private func send(_ action: any Action, toRow id: UUID, of store: Store<Shelf>) {
        if let row = store.scope(\.rows, id: id) {
            row.dispatch(action)
        } else {
            store.dispatch(ElementAction(\Shelf.rows, id: id, action))
        }
    }

    @MainActor
    private func send(_ action: any Action, toEditorOf store: Store<Shelf>) {
        store.scope(ifPresent: \.destination)?.scope(case: Destination.editor)?.dispatch(action)
    }

    /// A tap a user could make on `state` — mostly on what is shown, sometimes on what was shown
    /// before (`seen`: a late tap).
    static func random(on state: Shelf, seen: Seen, using rng: inout SeededGenerator) -> Tap {
        let words = ["a", "b", "milk", "eggs", "x"]
        func word() -> String { words[Int.random(in: 0..<words.count, using: &rng)] }
        func anyRow() -> UUID? {
            Bool.random(using: &rng) || state.rows.isEmpty
                ? seen.rows.randomElement(using: &rng) : state.rows.ids.randomElement(using: &rng)
        }
        func anyScreen() -> StackElementID? {
            Int.random(in: 0..<4, using: &rng) == 0 || state.path.isEmpty
                ? seen.screens.randomElement(using: &rng) : state.path.ids.randomElement(using: &rng)
        }
        for _ in 0..<8 {
            switch Int.random(in: 0..<19, using: &rng) {
            case 0, 1: return .add(word())
            case 2: if let id = anyRow() { return .renameRow(id, word()) }
            case 3: if let id = anyRow() { return .tickRow(id) }
            case 4: if let id = anyRow() { return .askDelete(id) }
            case 5, 6: return .alertButton(Int.random(in: 0..<3, using: &rng))
            case 7: return .openEditor
            case 8: return .type(word())
            case 9: return Bool.random(using: &rng) ? .saveEditor : .dismissEditor
            case 10: if let id = anyRow() { return .pushDetail(id) }
            case 11: return .pushAbout
            case 12:
                if let id = anyScreen() {
                    let actions: [DetailAction] = [.viewed, .rename(word()), .close]
                    let action = actions[Int.random(in: 0..<actions.count, using: &rng)]
                    return .detail(id, action, viaStackAction: Bool.random(using: &rng))
                }
            case 13: if let id = anyScreen() { return .tapAbout(id) }
            case 14: if let id = anyScreen() { return .popFrom(id) }
            case 15: if let id = anyScreen() { return .dismissScreen(id) }
            case 16: return .note(word())
            case 17: return .undo
            default: return .redo
            }
        }
        return .add(word())
    }
}

/// What a sequence has shown so far: rows and screens a late tap may name.
struct Seen {
    var rows: [UUID] = []
    var screens: [StackElementID] = []

    mutating func note(_ state: Shelf) {
        for id in state.rows.ids where !rows.contains(id) { rows.append(id) }
        for id in state.path.ids where !screens.contains(id) { screens.append(id) }
    }
}

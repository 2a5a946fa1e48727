import Foundation
import Redux
import ReduxEffects
import ReduxHistory

// One app with every part (issue 45, point 4): an identified list of rows with work, a navigation
// stack of enum screens showing the rows (shared values), a sheet and an alert as cases of an enum
// destination, a part with undo, dependencies a reducer reads (ids and dates), and listed
// middleware. Everything is Codable, so it goes through recordings, Redux DevTools files and
// persistence.

struct Row: Codable, Equatable, Identifiable, Sendable {
    let id: UUID
    var title: String
    var ticks = 0
    var created: Date
}

struct Detail: Codable, Equatable, Sendable {
    var row: Row
    var views = 0
}

struct About: Codable, Equatable, Sendable {
    var taps = 0
}

enum Screen: Codable, Equatable, Sendable {
    case detail(Detail)
    case about(About)
}

struct Editor: Codable, Equatable, Sendable {
    var draft = ""
}

enum Choice: Action, Codable, Equatable {
    case delete(UUID)
    case askAgain(UUID)
}

enum Destination: Codable, Equatable, Sendable {
    case editor(Editor)
    case alert(AlertState<Choice>)
}

struct Notes: Codable, Equatable, Sendable {
    var text = ""
}

struct Shelf: Codable, Equatable, Sendable, SharedValues {
    var rows = IdentifiedArray<UUID, Row>()
    var path = StackState<Screen>()
    var destination: Destination?
    var notes = UndoHistory(Notes())
    var saved: [String] = []

    static var sharing: [Sharing<Shelf>] {
        [.values(of: \.rows, in: \.path, at: .child(case: Screen.detail, \.row))]
    }
}

enum ShelfAction: Action, Codable, Equatable {
    case addRow(String)
    case askDelete(UUID)
    case openEditor
    case pushDetail(UUID)
    case pushAbout
}

enum RowAction: Action, Codable, Equatable {
    case rename(String)
    case tick
    case ticked
}

enum DetailAction: Action, Codable, Equatable {
    case viewed
    case rename(String)
    case close
}

enum AboutAction: Action, Codable, Equatable {
    case tap
}

enum EditorAction: Action, Codable, Equatable {
    case type(String)
    case save
}

enum NotesAction: Action, Codable, Equatable {
    case append(String)
}

struct ShelfDependencies: Sendable {
    var uuid: UUIDGenerator
    var now: DateGenerator

    /// Deterministic: the same draws in every run from the start.
    static func make() -> ShelfDependencies {
        let clock = Ticks()
        return ShelfDependencies(
            uuid: .incrementing,
            now: DateGenerator { Date(timeIntervalSince1970: 1_800_000_000 + Double(clock.next())) })
    }
}

final class Ticks: @unchecked Sendable {  // guarded by the lock
    private let lock = NSLock()
    private var value = 0
    func next() -> Int {
        lock.withLock {
            defer { value += 1 }
            return value
        }
    }
}

let rowReducer = Reducer<Row>.commands(on: RowAction.self) { row, action in
    switch action {
    case .rename(let title): row.title = title
    case .tick: return .send(RowAction.ticked)  // work that comes back to the row
    case .ticked: row.ticks += 1
    }
    return .none
}

let detailReducer = Reducer<Detail>.commands(on: DetailAction.self) { detail, action in
    switch action {
    case .viewed:
        detail.views += 1
        // Long work: it must end when the screen is popped.
        return .run { _ in try await Task.sleep(for: .seconds(3_600)) }
    case .rename(let title): detail.row.title = title  // a copy of a shared row: the list's too
    case .close: return .send(Dismiss())
    }
    return .none
}

let screenReducer = Reducer<Screen>.combine(
    Reducer<Screen> { _, _ in }.ifLet(case: Screen.detail, then: detailReducer),
    Reducer<Screen> { _, _ in }.ifLet(
        case: Screen.about, then: .on(AboutAction.self) { about, _ in about.taps += 1 })
)

let editorReducer = Reducer<Editor>.commands(on: EditorAction.self) { editor, action in
    switch action {
    case .type(let text): editor.draft += text
    case .save: return .send(Dismiss())
    }
    return .none
}

let destinationReducer = Reducer<Destination> { _, _ in }
    .ifLet(case: Destination.editor, then: editorReducer)
    .alert(case: Destination.alert)

let notesReducer = Reducer<Notes>.on(NotesAction.self) { notes, action in
    if case .append(let text) = action { notes.text += text }
}

/// The app's own logic: adding rows (with an id and a date drawn from the dependencies), asking
/// before a delete, what the alert's buttons and the editor's save do, and pushing screens.
let shelfCore = Reducer<Shelf>.combine(
    .on(ShelfAction.self, using: ShelfDependencies.self) { state, action, dependencies in
        switch action {
        case .addRow(let title):
            state.rows.append(Row(id: dependencies.uuid(), title: title, created: dependencies.now()))
        case .askDelete(let id):
            guard let row = state.rows[id: id] else { return }
            state.destination = .alert(
                AlertState(
                    title: "Delete \(row.title)?",
                    buttons: [
                        .destructive("Delete", action: .delete(id)), .default("Ask again", action: .askAgain(id)),
                        .cancel("Cancel"),
                    ]))
        case .openEditor:
            state.destination = .editor(Editor())
        case .pushDetail(let id):
            if let row = state.rows[id: id] { state.path.push(.detail(Detail(row: row))) }
        case .pushAbout:
            state.path.push(.about(About()))
        }
    },
    Reducer<Shelf> { state, action in
        // What the destination's children did, as the parent sees it.
        switch ElementAction.presented(action, at: \Shelf.destination) {
        case let choice as Choice:
            switch choice {
            case .delete(let id): state.rows.remove(id: id)
            case .askAgain(let id):
                // A follow-up alert (an equal one): it stays shown.
                if let row = state.rows[id: id] {
                    state.destination = .alert(
                        AlertState(
                            title: "Delete \(row.title)?",
                            buttons: [
                                .destructive("Delete", action: .delete(id)),
                                .default("Ask again", action: .askAgain(id)), .cancel("Cancel"),
                            ]))
                }
            }
        case EditorAction.save?:
            if case .editor(let editor)? = state.destination { state.saved.append(editor.draft) }
        default:
            break
        }
    }
)

let shelfReducer = Reducer<Shelf>.combine(
    shelfCore,
    notesReducer.undoable().pullback(\Shelf.notes)
)
.forEach(\.rows, element: rowReducer)
.forEach(\.path, destination: screenReducer)
.ifLet(\.destination, then: destinationReducer)

/// Every action type a file of this app names.
let shelfActions = ActionRegistry()
    .registering(ShelfAction.self).registering(RowAction.self).registering(DetailAction.self)
    .registering(AboutAction.self).registering(EditorAction.self).registering(Choice.self)
    .registering(NotesAction.self).registering(UndoAction<Notes>.self).registering(StackAction<Screen>.self)

import Foundation
import Redux
import ReduxEffects

/// The app: the list at the root of a navigation stack of screens. The screens' sync-ups are the
/// list's, shared: an edit in the detail or a meeting the recorder keeps is the list's at once, and
/// what the persister saves.
struct AppState: Equatable, Sendable, SharedValues {
    var path = StackState<Path>()
    var syncUpsList = SyncUpsListState()

    static var sharing: [Sharing<AppState>] {
        [
            .values(
                of: \.syncUpsList.syncUps, in: \.path,
                at: .child(case: Path.detail, \.syncUp), .child(case: Path.record, \.syncUp))
        ]
    }
}

/// The screens the stack can show; reducers, scopes and tests reach a case by its constructor
/// (`Path.detail`).
enum Path: Equatable, Sendable {
    case detail(SyncUpDetailState)
    case meeting(Meeting, syncUp: SyncUp)
    case record(RecordMeetingState)
}

/// The app's reducer: the list, each screen of the stack by identifier, and what the screens ask
/// of the app — opening a sync-up or a past meeting, deleting a sync-up, starting a meeting.
let appReducer: Reducer<AppState> = {
    let path = Reducer<Path>.combine(
        Reducer<Path> { _, _ in }.ifLet(case: Path.detail, then: syncUpDetailReducer),
        Reducer<Path> { _, _ in }.ifLet(case: Path.record, then: recordMeetingReducer)
    )
    let navigation = Reducer<AppState> { state, action in
        if case .syncUpTapped(let id) = action as? SyncUpsListAction, let syncUp = state.syncUpsList.syncUps[id: id] {
            state.path.push(.detail(SyncUpDetailState(syncUp: syncUp)))
        }
        guard case .element(let screen, let action as SyncUpDetailAction)? = StackAction.of(action, at: \AppState.path),
            case .detail(let detail)? = state.path[id: screen]?.state
        else { return }
        let syncUp = detail.syncUp
        switch action {
        case .delegate(.deleteSyncUp):
            state.syncUpsList.syncUps.remove(id: syncUp.id)
        case .delegate(.startMeeting):
            state.path.push(.record(RecordMeetingState(syncUp: syncUp)))
        case .meetingTapped(let id):
            if let meeting = syncUp.meetings[id: id] { state.path.push(.meeting(meeting, syncUp: syncUp)) }
        default:
            break
        }
    }
    return .combine(
        syncUpsListReducer.pullback(\AppState.syncUpsList),
        navigation.forEach(\.path, destination: path)
    )
}()

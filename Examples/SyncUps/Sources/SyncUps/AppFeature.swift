import Foundation
import Redux
import ReduxEffects

/// The app: the list at the root of a navigation stack of screens.
struct AppState: Equatable, Sendable {
    var list = SyncUpsListState()
    var path = StackState<Screen>()
}

/// The screens the stack can show, with an optional computed property per case (docs/navigation.md).
enum Screen: Equatable, Sendable {
    case detail(SyncUpDetailState)
    case record(RecordMeetingState)
    case meeting(Meeting, syncUp: SyncUp)

    var detail: SyncUpDetailState? {
        get { if case .detail(let state) = self { state } else { nil } }
        set { if let newValue { self = .detail(newValue) } }
    }

    var record: RecordMeetingState? {
        get { if case .record(let state) = self { state } else { nil } }
        set { if let newValue { self = .record(newValue) } }
    }
}

enum AppAction: Action, Equatable {
    /// A row of the list was tapped: its detail is pushed.
    case syncUpTapped(SyncUp.ID)
}

/// The app's reducer: the list, each screen of the stack by identifier, and what the screens ask
/// of the app — deleting a sync-up, starting a meeting, keeping its transcript.
let appReducer: Reducer<AppState> = {
    let screen = Reducer<Screen>.combine(
        Reducer<Screen> { _, _ in }.ifLet(\.detail, then: syncUpDetailReducer),
        Reducer<Screen> { _, _ in }.ifLet(\.record, then: recordMeetingReducer)
    )
    let navigation = Reducer<AppState>(using: SyncUpsDependencies.self) { state, action, dependencies in
        if case .syncUpTapped(let id) = action as? AppAction, let syncUp = state.list.syncUps[id: id] {
            state.path.push(.detail(SyncUpDetailState(syncUp: syncUp)))
            return
        }
        switch StackAction.of(action, at: \AppState.path) {
        case .element(let screenID, let detailAction as SyncUpDetailAction)?:
            reduceDetail(&state, screenID, detailAction)
        case .element(let screenID, RecordMeetingAction.meetingFinished(let transcript) as RecordMeetingAction)?:
            guard case .record(let record) = state.path[id: screenID]?.state else { return }
            let meeting = Meeting(id: dependencies.uuid(), date: dependencies.now(), transcript: transcript)
            state.list.syncUps[id: record.syncUp.id]?.meetings.insert(meeting, at: 0)
            // The detail under the recorder shows the new meeting too.
            for id in state.path.ids {
                if case .detail(var detail) = state.path[id: id]?.state, detail.syncUp.id == record.syncUp.id {
                    detail.syncUp.meetings.insert(meeting, at: 0)
                    state.path[id: id]?.state = .detail(detail)
                }
            }
        default:
            break
        }
    }
    return .combine(
        syncUpsListReducer.pullback(\AppState.list),
        navigation.forEach(\.path, destination: screen)
    )
}()

/// What a detail screen's actions mean for the app, after the detail's own reducer ran.
private func reduceDetail(_ state: inout AppState, _ screenID: StackElementID, _ action: SyncUpDetailAction) {
    guard case .detail(let detail) = state.path[id: screenID]?.state else { return }
    switch action {
    case .doneEditingTapped:
        state.list.syncUps[id: detail.syncUp.id] = detail.syncUp
    case .confirmDeletionTapped:
        state.list.syncUps.remove(id: detail.syncUp.id)
        state.path.pop(from: screenID)
    case .startMeetingTapped:
        state.path.push(.record(RecordMeetingState(syncUp: detail.syncUp)))
    case .meetingTapped(let meetingID):
        guard let meeting = detail.syncUp.meetings[id: meetingID] else { return }
        state.path.push(.meeting(meeting, syncUp: detail.syncUp))
    default:
        break
    }
}

import Foundation
import Redux
import ReduxHistory
import ReduxPersistence
import Testing

@MainActor
struct PersistedSharedHistoryTests {
    nonisolated static let suite = "swift-redux-history-tests-\(UUID().uuidString)"

    struct Prefs: Equatable, Codable, SharedState {
        var volume = 0
        static let shared: [SharedMember<Self>] = [.appStorage("volume", \.volume, suiteName: suite)]
    }

    struct App: Equatable, Codable {
        var taps = 0
        var prefs: Prefs?
    }

    enum Sheet: Action, Codable, Equatable { case show, hide }
    struct Louder: Action, Codable, Equatable {}
    struct Tap: Action, Codable, Equatable {}

    static let reducer = Reducer<App> { state, action in
        if let sheet = action as? Sheet { state.prefs = sheet == .show ? Prefs() : nil }
        if action is Tap { state.taps += 1 }
    }
    .ifLet(\.prefs, then: .on(Louder.self) { prefs, _ in prefs.volume += 1 })

    /// The store loads the stored value into copies that appear with an action
    /// (`SharedValuesLoaded`), so a recording holds the load: a replay and a file show what the
    /// store showed; travel shows each step as recorded, and loads and saves nothing.
    @Test func aLoadForCopiesThatAppearIsRecordedAndTravelLoadsAndSavesNothing() throws {
        let defaults = try #require(UserDefaults(suiteName: Self.suite))
        defer { defaults.removePersistentDomain(forName: Self.suite) }
        defaults.set(7, forKey: "volume")
        let recorder = HistoryRecorder<App>(snapshotEvery: 2, reducer: Self.reducer)
        let store = Store(
            initialState: App(), reducer: recorder.reducer(Self.reducer), middleware: [recorder.middleware])
        store.dispatch(Tap())  // step 0
        store.dispatch(Sheet.show)  // step 1; step 2: the store's SharedValuesLoaded
        #expect(store.prefs?.volume == 7, "the stored value, not the state's default")
        store.scope(ifPresent: \.prefs)?.dispatch(Louder())  // step 3
        store.dispatch(Tap())  // step 4
        #expect(defaults.integer(forKey: "volume") == 8)

        let recording = try #require(recorder.recording)
        #expect(recording.steps.count == 5)
        #expect(
            recording.steps.map { ($0.action as? SharedValuesLoaded)?.values.count ?? 0 } == [0, 0, 1, 0, 0],
            "the load is a step of its own")
        let replay = recording.replay(with: Self.reducer)
        #expect(replay.isFaithful, "\(replay)")
        #expect(replay.finalState.prefs?.volume == 8)
        let actions = ActionRegistry().registering(Sheet.self).registering(Louder.self).registering(Tap.self)
        let file = try Recording<App>(json: try recording.encoded(), actions: actions)
        let fileReplay = file.replay(with: Self.reducer)
        #expect(fileReplay.isFaithful, "\(fileReplay)")
        #expect(fileReplay.finalState.prefs?.volume == 8)
        // The Redux DevTools lifted state: its computed states show the load too, and it reads back.
        let lifted = try ReduxDevTools.export(recording, reducer: Self.reducer)
        let computed = try #require(
            (try JSONSerialization.jsonObject(with: lifted) as? [String: Any])?["computedStates"] as? [[String: Any]])
        let volumes = computed.map { (($0["state"] as? [String: Any])?["prefs"] as? [String: Any])?["volume"] as? Int }
        #expect(volumes.last == 8)
        #expect(volumes.contains(7), "the step of the load: \(volumes)")
        let imported = try ReduxDevTools.importRecording(lifted, actions: actions) as Recording<App>
        #expect(imported.replay(with: Self.reducer).finalState.prefs?.volume == 8)

        defaults.set(100, forKey: "volume")  // written behind the store's back
        recorder.jump(to: 1)  // after the sheet appeared, before the load
        #expect(store.prefs?.volume == 0)
        recorder.jump(to: 2)
        #expect(store.prefs?.volume == 7)
        recorder.jump(to: 0)  // the sheet goes
        #expect(store.prefs == nil)
        recorder.jump(to: 3)  // and appears again while travelling: shown as recorded, nothing loaded
        #expect(store.prefs?.volume == 8)
        recorder.jump(to: 1)
        #expect(store.prefs?.volume == 0)
        recorder.jump(to: 4)  // the latest step: recording resumes
        #expect(store.prefs?.volume == 8)
        #expect(defaults.integer(forKey: "volume") == 100, "travel saved nothing")
        #expect(recorder.recording?.steps.count == 5, "travel recorded nothing")
        store.scope(ifPresent: \.prefs)?.dispatch(Louder())
        #expect(defaults.integer(forKey: "volume") == 9, "an edit after travel is saved")
    }
}

// Over ~600 lines, on purpose (issue 66): one type's loading and saving share the restore phase and
// the write schedule, private to it, which must change together (a write before the restore, or a
// lost last write, were bugs of states kept apart). `Internal/RestorePhase.swift` draws the phases.

import Foundation
import Redux

/// Saves a store's state (or a part of it) and restores it, without ever losing it.
///
/// Restore before creating the store:
///
/// ```swift
/// let persister = Persister<AppState, AppState>(key: "app-state", storage: try FileStorage(applicationName: "com.example.app"))
/// let initial = persister.load(into: AppState())
/// let store = Store(initialState: initial, reducer: appReducer, middleware: [persister.middleware])
/// ```
///
/// or create the store first — to show UI at once — and restore into it in the background:
///
/// ```swift
/// let store = Store(initialState: AppState(), reducer: .combine(persister.reducer, appReducer),
///                   middleware: [persister.middleware])
/// await persister.restore(into: store)     // dispatches Rehydrate<AppState>, which persister.reducer applies
/// ```
///
/// - **Loading**: a missing file gives the initial state. Corrupt data (empty, truncated, not
///   JSON, the wrong shape) is reported as ``PersistenceError/corruptData(key:movedTo:underlying:)``,
///   moved aside under a name that says so, and the initial state is used. Data from a newer
///   version, or that no migration can read, is reported and left untouched, and saving pauses so
///   it is never overwritten. Temporary files that an interrupted write of this key left behind
///   are removed.
/// - **Restoring into a live store**: when the store exists before the data is loaded, the
///   persister dispatches ``Rehydrate`` with the restored value; ``reducer`` applies it with
///   `restore`, merging it into the state as it is then. Nothing is written until that happened, so
///   the store's initial state can never overwrite the saved data. If no reducer applied it, the
///   error ``PersistenceError/rehydrationNotApplied(key:)`` is reported and saving stays paused.
/// - **Saving**: each reduced action marks the state dirty — the main actor pays nothing else. The
///   first change is written at once; changes during the next `interval` are merged into one write
///   of the latest state. Encoding and I/O run off the main actor, writes are applied in order
///   (the latest state always wins) and are atomic. A failing write is reported; the next change
///   tries again. ``flush()`` before loading throws ``PersistenceError/notLoaded(key:)``.
///
/// `Persister` is main-actor isolated.
@MainActor
public final class Persister<State, Persisted: Codable & Sendable> {
    /// The storage key.
    public let key: String
    /// The current version of the persisted format.
    public let version: Int

    private let storage: any PersistenceStorage
    private let decoding: Decoding<Persisted>
    private let project: @MainActor (State) -> Persisted
    private let restore: @Sendable (inout State, Persisted) -> Void
    private let interval: Duration
    private let sleep: @Sendable (Duration) async throws -> Void
    private let onError: @MainActor (PersistenceError) -> Void
    private let writer: Writer<Persisted>

    private var getState: (@MainActor () -> State)?
    private var dispatch: Dispatch?
    /// Where the restore of the stored data is (see ``RestorePhase``). Saving is orthogonal to it:
    /// `isDirty` (a change waits to be written), `writeLoop` (a write or its interval is under way),
    /// `isPaused` and `blockedBy` (the user paused; an error stops saving) combine with any phase,
    /// and a write happens only in ``RestorePhase/restored``.
    private var phase = RestorePhase.notLoaded
    private var isDirty = false
    private var blockedBy: PersistenceError?
    private var writeLoop: Task<Void, Never>?
    /// The write loop's write while it is on its way to storage: what `writePending()` waits for
    /// when the latest change is already in it.
    private var loopWrite: Task<Void, Never>?
    private var sequence: UInt64 = 0

    /// Whether saving is paused by ``pause()``.
    public private(set) var isPaused = false
    /// The current health: the last error reported, until a later write reaches storage (then
    /// `nil`); while saving is blocked (``isBlocked``), the error that blocks it.
    public private(set) var lastError: PersistenceError?
    /// How many writes reached the storage.
    package private(set) var writeCount = 0

    /// Creates a persister for a part of the state.
    ///
    /// - Parameters:
    ///   - key: The storage key (a plain file name for ``FileStorage``).
    ///   - version: The current version of the persisted format.
    ///   - storage: Where the data lives.
    ///   - coder: How values become bytes; JSON by default.
    ///   - migrations: How to read older versions, one per version step.
    ///   - unversioned: Reads data saved before the app adopted this library — without the
    ///     persister's version envelope — as the app wrote it (`DocumentFormat.json().decode`, or a
    ///     decoder of the old type and a conversion). `nil` (the default): such data is corrupt.
    ///   - interval: At most one write per interval; the first change is written at once.
    ///   - sleep: Waits between writes; inject a controllable one in tests.
    ///   - project: The part of the state to persist.
    ///   - restore: Puts a restored value back into a state. When the store was created before the
    ///     restore, it is called by ``reducer`` on the live state, so it decides how the restored
    ///     value merges with what was dispatched before it.
    ///   - onError: Receives every error; the default writes it to standard error.
    public convenience init(
        key: String,
        version: Int = 1,
        storage: any PersistenceStorage,
        coder: any PersistenceCoder = JSONPersistenceCoder(),
        migrations: [Migration] = [],
        unversioned: (@Sendable (Data) throws -> Persisted)? = nil,
        interval: Duration = .seconds(1),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        project: @escaping @MainActor (State) -> Persisted,
        restore: @escaping @Sendable (inout State, Persisted) -> Void,
        onError: @escaping @MainActor (PersistenceError) -> Void = Persister.reportToStandardError
    ) {
        self.init(
            key: key, version: version, storage: storage, migrations: migrations,
            layout: .versioned(coder: coder, unversioned: unversioned), interval: interval, sleep: sleep,
            project: project, restore: restore, onError: onError)
    }

    /// Creates a persister that saves a part of the state as a document in the app's own format,
    /// at a path the app gives (a file the user chose, say).
    ///
    /// ```swift
    /// let persister = Persister<AppState, [TodoItem]>(
    ///     document: url, format: taskPaper, project: \.items, restore: { state, items in state.items = items })
    /// ```
    ///
    /// The format sees the value itself — no envelope, no version of the persister's. Writes are
    /// atomic and coalesced as for any persister; the file keeps its permissions (a new one is
    /// created readable by others, 0644, as documents are). A file that the format cannot read is
    /// reported as ``PersistenceError/unreadableDocument(key:underlying:)`` and left where it is,
    /// untouched; saving then stays paused so that it is never overwritten.
    ///
    /// Another program's change is never overwritten silently: a write finding the file changed on
    /// disk since it was loaded (or last saved) reports
    /// ``PersistenceError/documentChangedOnDisk(key:path:)``, leaves the file as the other program
    /// left it and pauses saving. The app then keeps its own content with ``overwrite()``, or takes
    /// the other program's by opening the document again. Any name the file system accepts is a
    /// document's name (`notes..v2.txt`, `.todo`, up to 255 bytes).
    ///
    /// - Parameters:
    ///   - document: The file's URL; its directory must exist.
    ///   - format: How the value becomes the file's bytes, and back.
    ///   - maximumFileSize: The largest file read; see ``FileStorage/maximumFileSize``.
    ///   - interval: At most one write per interval; the first change is written at once.
    ///   - sleep: Waits between writes; inject a controllable one in tests.
    ///   - project: The part of the state to save.
    ///   - restore: Puts a read value back into a state.
    ///   - onError: Receives every error; the default writes it to standard error.
    public convenience init(
        document: URL,
        format: DocumentFormat<Persisted>,
        maximumFileSize: Int = FileStorage.defaultMaximumFileSize,
        interval: Duration = .seconds(1),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        project: @escaping @MainActor (State) -> Persisted,
        restore: @escaping @Sendable (inout State, Persisted) -> Void,
        onError: @escaping @MainActor (PersistenceError) -> Void = Persister.reportToStandardError
    ) {
        let storage = FileStorage(documentsIn: document.deletingLastPathComponent(), maximumFileSize: maximumFileSize)
        self.init(
            key: document.lastPathComponent, version: 0, storage: storage, migrations: [],
            layout: .document(format), interval: interval, sleep: sleep, project: project, restore: restore,
            onError: onError)
    }

    init(
        key: String,
        version: Int,
        storage: any PersistenceStorage,
        migrations: [Migration],
        layout: StoredLayout<Persisted>,
        interval: Duration,
        sleep: @escaping @Sendable (Duration) async throws -> Void,
        project: @escaping @MainActor (State) -> Persisted,
        restore: @escaping @Sendable (inout State, Persisted) -> Void,
        onError: @escaping @MainActor (PersistenceError) -> Void
    ) {
        self.key = key
        self.version = version
        self.storage = storage
        self.decoding = Decoding(key: key, version: version, migrations: migrations, layout: layout)
        self.project = project
        self.restore = restore
        self.interval = interval
        self.sleep = sleep
        self.onError = onError
        self.writer = Writer(key: key, version: version, storage: storage, layout: layout)
    }

    /// Writes an error to standard error.
    public static func reportToStandardError(_ error: PersistenceError) {
        FileHandle.standardError.write(Data("swift-redux persistence: \(error)\n".utf8))
    }

    // MARK: - Loading

    /// Restores the persisted value into `initial`, synchronously — call it before creating the
    /// store. Errors are reported to the error handler (and kept in ``lastError``); the state is
    /// then `initial`.
    ///
    /// Called after the store was created (its middleware is this persister's), it also restores
    /// into that store, as ``restore(into:)`` does.
    ///
    /// - Parameter initial: The state to start from when nothing usable is stored.
    /// - Returns: The state to create the store with.
    public func load(into initial: State) -> State {
        apply(Self.read(storage: storage, decoding: decoding), to: initial)
    }

    /// Restores the persisted value into `initial`, reading and decoding off the main actor — the
    /// asynchronous variant of ``load(into:)``, for large data at launch.
    ///
    /// - Parameter initial: The state to start from when nothing usable is stored.
    /// - Returns: The state to create the store with.
    public func loadInBackground(into initial: State) async -> State {
        apply(await readInBackground(), to: initial)
    }

    /// Restores the persisted value into a store that already exists, reading and decoding off the
    /// main actor.
    ///
    /// The persister dispatches ``Rehydrate`` into the store; ``reducer`` (which must be part of the
    /// store's reducer) applies it with `restore`, merging it into the live state. Nothing is
    /// written before that, so the state the store started with never overwrites the saved data.
    /// The store's middleware must include this persister's ``middleware``; if not, or if no reducer
    /// applied the value, the error says so and saving stays paused.
    ///
    /// ```swift
    /// let store = Store(initialState: AppState(), reducer: .combine(persister.reducer, appReducer),
    ///                   middleware: [persister.middleware])
    /// Task { await persister.restore(into: store) }
    /// ```
    ///
    /// - Parameter store: The store to restore into.
    public func restore(into store: Store<State>) async {
        guard phase.canStartRestore else {
            // Restoring again would read the file again and undo changes not yet written: refused.
            report(.alreadyRestored(key: key))
            return
        }
        let outcome = await readInBackground()
        guard getState != nil else {
            phase = .loaded
            record(outcome)
            report(.middlewareMissing(key: key))
            return
        }
        record(outcome)
        rehydrate(outcome) { action in store.dispatch(action) }
    }

    /// Whether the stored data was loaded (by ``load(into:)``, ``loadInBackground(into:)`` or
    /// ``restore(into:)``); nothing is written before.
    public var isLoaded: Bool { phase.isLoaded }

    /// A reducer that applies this persister's ``Rehydrate`` **exactly**: it rebuilds the state
    /// from the store's state when it was created, with the restored value put in by `restore`,
    /// then reduces again, through `reducer` alone, every action reduced before the restore — as
    /// if the data had been loaded before the store existed. A removal made before the restore
    /// stays removed (a merge of two states cannot see it). Every other action goes to `reducer`.
    ///
    /// ```swift
    /// let store = Store(initialState: AppState(), reducer: persister.reducer(replayingOnto: appReducer),
    ///                   middleware: [persister.middleware])
    /// ```
    ///
    /// The replay runs reducers only: no middleware, and the work a reducer returns is not run
    /// again. Use ``reducer`` and a merging `restore` closure for a merge of your own instead.
    ///
    /// - Parameter reducer: The app's reducer.
    /// - Returns: The app's reducer, restoring exactly.
    public func reducer(replayingOnto reducer: Reducer<State>) -> Reducer<State> {
        let restore = self.restore
        let owner = ObjectIdentifier(self)
        return Reducer { state, action in
            guard let rehydrate = action as? Rehydrate<Persisted>, rehydrate.receipt.owner == owner else {
                reducer.reduce(&state, action)
                return
            }
            if let value = rehydrate.value {
                if var rebuilt = rehydrate.receipt.replayBase as? State {
                    restore(&rebuilt, value)
                    for earlier in rehydrate.receipt.replayActions {
                        reducer.reduce(&rebuilt, earlier)
                    }
                    state = rebuilt
                } else {
                    restore(&state, value)
                }
                rehydrate.receipt.markApplied()
            }
            reducer.reduce(&state, action)
        }
    }

    /// The reducer that applies this persister's ``Rehydrate`` actions with `restore`; every other
    /// action leaves the state untouched. Combine it with the app's reducer when the store can
    /// exist before the data is restored:
    ///
    /// ```swift
    /// let store = Store(initialState: AppState(), reducer: .combine(persister.reducer, appReducer),
    ///                   middleware: [persister.middleware])
    /// ```
    public var reducer: Reducer<State> {
        let restore = self.restore
        let owner = ObjectIdentifier(self)
        return .on(Rehydrate<Persisted>.self) { state, action in
            guard action.receipt.owner == owner, let value = action.value else { return }
            restore(&state, value)
            action.receipt.markApplied()
        }
    }

    private func readInBackground() async -> LoadOutcome {
        let storage = storage
        let decoding = decoding
        return await Task.detached { Self.read(storage: storage, decoding: decoding) }.value
    }

    enum LoadOutcome: Sendable {
        case missing
        case loaded(Persisted)
        case failed(PersistenceError, blocksSaving: Bool)
    }

    private nonisolated static func read(storage: any PersistenceStorage, decoding: Decoding<Persisted>) -> LoadOutcome
    {
        let key = decoding.key
        // What an interrupted write of this key left behind is never read; remove it. Failing to
        // is harmless (the files stay until the next launch), so it is not reported.
        _ = try? storage.removeLeftovers(of: key)
        let data: Data?
        do {
            data = try storage.read(key)
        } catch let error as PersistenceError {
            switch error {
            case .invalidKey, .keyTooLong:
                return .failed(error, blocksSaving: true)
            case .fileTooLarge:
                if case .document = decoding.layout {
                    // The user's document is never renamed: reported, left where it is.
                    return .failed(.unreadableDocument(key: key, underlying: error), blocksSaving: true)
                }
                // Kept aside like corrupt data: never read, never overwritten, the app starts afresh.
                let aside = moveAside(key, in: storage)
                return .failed(.corruptData(key: key, movedTo: aside, underlying: error), blocksSaving: aside == nil)
            default:
                return .failed(.readFailed(key: key, underlying: error), blocksSaving: true)
            }
        } catch {
            return .failed(.readFailed(key: key, underlying: error), blocksSaving: true)
        }
        guard let data else { return .missing }
        switch decoding.decode(data) {
        case .success(let value):
            return .loaded(value)
        case .failure(.unreadable(let error)):
            return .failed(error, blocksSaving: true)
        case .failure(.corrupt(let underlying)):
            let aside = moveAside(key, in: storage)
            // If the data could not be moved aside, saving would overwrite it: block instead.
            return .failed(.corruptData(key: key, movedTo: aside, underlying: underlying), blocksSaving: aside == nil)
        }
    }

    private nonisolated static func moveAside(_ key: String, in storage: any PersistenceStorage) -> String? {
        let stamp = Int(Date().timeIntervalSince1970)
        for attempt in 0..<100 {
            let name = "\(key).corrupt-\(stamp)" + (attempt == 0 ? "" : "-\(attempt)")
            if (try? storage.read(name)) != nil { continue }
            if (try? storage.move(key, to: name)) != nil { return name }
        }
        return nil
    }

    private func apply(_ outcome: LoadOutcome, to initial: State) -> State {
        record(outcome)
        var state = initial
        if case .loaded(let value) = outcome {
            restore(&state, value)
        }
        if let dispatch, case .storeBeforeLoad = phase {
            // The store already exists: the state returned here is not in it.
            rehydrate(outcome, dispatch: dispatch)
        } else {
            phase = .restored
            scheduleWrite()
        }
        return state
    }

    /// Blocks saving and reports, for a failed load.
    private func record(_ outcome: LoadOutcome) {
        if case .failed(let error, let blocksSaving) = outcome {
            if blocksSaving { blockedBy = error }
            report(error)
        }
    }

    /// Dispatches ``Rehydrate`` into the live store; the middleware sees it pass and checks that
    /// it was applied (``didPassRehydration(_:)``).
    private func rehydrate(_ outcome: LoadOutcome, dispatch: Dispatch) {
        let receipt: RehydrationReceipt
        let changed: Bool
        if case .storeBeforeLoad(let log) = phase {
            receipt = RehydrationReceipt(
                owner: ObjectIdentifier(self), replayBase: log.base, replayActions: log.actions)
            changed = log.changed
        } else {
            receipt = RehydrationReceipt(owner: ObjectIdentifier(self))
            changed = false
        }
        var value: Persisted?
        if case .loaded(let loaded) = outcome { value = loaded }
        phase = .rehydrating(receipt, changedBefore: changed)
        dispatch(Rehydrate(key: key, value: value, receipt: receipt))
    }

    private func didPassRehydration(_ receipt: RehydrationReceipt, changedBefore: Bool, hadValue: Bool) {
        if hadValue, !receipt.isApplied {
            phase = .loaded
            let error = PersistenceError.rehydrationNotApplied(key: key)
            blockedBy = error
            report(error)
            return
        }
        phase = .restored
        // The restored state needs no write; a state merged with earlier changes does.
        isDirty = changedBefore
        scheduleWrite()
    }

    // MARK: - Saving

    /// The middleware that marks the state dirty after each reduced action, and sees the
    /// ``Rehydrate`` actions this persister dispatches. Add it to the store's middleware.
    public var middleware: Middleware<State> {
        { [self] dispatch, getState in
            self.getState = getState
            self.dispatch = dispatch
            if case .notLoaded = self.phase {
                self.phase = .storeBeforeLoad(ReplayLog(base: getState()))
            }
            // A write held back by the interval is done by `waitForAll()` and `TestStore.finish()`,
            // and when the store is released: a pending change is never lost with the store. The
            // registry holds this persister until then.
            Effects.current(for: "persister.middleware").addFlusher { await self.writePending() }
            return { next in
                { action in
                    next(action)
                    self.stateDidChange(action)
                }
            }
        }
    }

    private func stateDidChange(_ action: any Action) {
        switch phase {
        case .restored:
            break
        case .rehydrating:
            if passedAwaitedRehydration(action) { return }
            phase.noteChangeBeforeRestore()
        case .storeBeforeLoad(let log):
            log.actions.append(action)
            log.changed = true
        case .notLoaded, .loaded:
            break
        }
        isDirty = true
        if writeLoop == nil { scheduleWrite() }
    }

    /// Whether `action` is the ``Rehydrate`` this persister awaits; if so, checks it was applied.
    /// Out of line: the cast needs `Rehydrate<Persisted>`'s metadata, a runtime lookup in this
    /// generic code, which the compiler would otherwise do for every action (75 ns per dispatch).
    @inline(never)
    private func passedAwaitedRehydration(_ action: any Action) -> Bool {
        guard case .rehydrating(let awaited, let changedBefore) = phase,
            let rehydrate = action as? Rehydrate<Persisted>, rehydrate.receipt === awaited
        else { return false }
        didPassRehydration(awaited, changedBefore: changedBefore, hadValue: rehydrate.value != nil)
        return true
    }

    /// Writes the latest state now if a change waits to be written and writing is allowed.
    func writePending() async {
        if isDirty, phase.isRestored, !isPaused, blockedBy == nil, let getState {
            isDirty = false
            _ = await write(project(getState()))
        }
        // The latest change may be the one the write loop is writing: it is in storage before this
        // returns (`waitForAll()` after the last change used to return while it was on its way).
        if let loopWrite { await loopWrite.value }
    }

    /// Starts the write loop if there is something to write and writing is allowed.
    private func scheduleWrite() {
        guard writeLoop == nil, isDirty, phase.isRestored, !isPaused, blockedBy == nil, getState != nil else { return }
        writeLoop = Task { [weak self] in
            await self?.runWriteLoop()
        }
    }

    /// Writes the latest state, then waits `interval` before writing again if it changed meanwhile.
    private func runWriteLoop() async {
        while isDirty, !isPaused, blockedBy == nil, let getState {
            isDirty = false
            let value = project(getState())
            let writing = Task { _ = await self.write(value) }
            loopWrite = writing
            await writing.value
            loopWrite = nil
            try? await sleep(interval)
        }
        writeLoop = nil
        // A change may have arrived after the loop decided to stop.
        scheduleWrite()
    }

    /// Writes `value` off the main actor, in order. Returns the error, if any, after reporting it.
    private func write(_ value: Persisted) async -> PersistenceError? {
        sequence += 1
        do {
            if try await writer.write(value, sequence: sequence) { writeCount += 1 }
            // The current health: a write that reached storage clears the last failure (unless
            // saving is blocked, which only the app's choice clears).
            if blockedBy == nil { lastError = nil }
            return nil
        } catch {
            let failure = error as? PersistenceError ?? .writeFailed(key: key, underlying: error)
            if case .documentChangedOnDisk = failure {
                // Saving again would overwrite the other program's change: the app decides.
                blockedBy = failure
            }
            report(failure)
            return failure
        }
    }

    /// Replaces a document that another program changed (``PersistenceError/documentChangedOnDisk(key:path:)``)
    /// with the store's state, and resumes saving: the app's choice, after asking the user, to keep
    /// its own content. Does nothing but save when there is no such conflict.
    ///
    /// - Throws: The ``PersistenceError`` of the write; the error that blocks saving when it is
    ///   not a conflict (unreadable data is never overwritten this way).
    public func overwrite() async throws {
        if case .documentChangedOnDisk = blockedBy {
            (storage as? FileStorage)?.acceptCurrentVersion(of: key)
            blockedBy = nil
        }
        try await flush()
    }

    /// Writes the latest state now and returns when it is in storage.
    ///
    /// - Throws: The ``PersistenceError`` of a failed write; the error that blocks saving;
    ///   ``PersistenceError/notLoaded(key:)`` before the data was loaded or restored (writing then
    ///   could overwrite it); ``PersistenceError/middlewareMissing(key:)`` when no store uses
    ///   ``middleware``.
    public func flush() async throws {
        if let blockedBy { throw blockedBy }
        guard phase.allowsFlush else { throw PersistenceError.notLoaded(key: key) }
        guard let getState else { throw PersistenceError.middlewareMissing(key: key) }
        isDirty = false
        if let error = await write(project(getState())) { throw error }
    }

    /// Removes the stored data. Later changes are saved again; call ``pause()`` first to stop
    /// saving. Clears an error that blocked saving (the blocking data is what gets removed).
    ///
    /// - Throws: The storage's error.
    public func purge() async throws {
        sequence += 1
        // Before the removal, not after: a change pending now must not be written back once the
        // removal returns (a write loop waking during it would otherwise write the purged data).
        isDirty = false
        try await writer.remove(sequence: sequence)
        blockedBy = nil
    }

    /// Stops saving; changes are remembered and saved on ``resume()``.
    public func pause() {
        isPaused = true
    }

    /// Resumes saving, writing the latest state if it changed while paused.
    public func resume() {
        isPaused = false
        scheduleWrite()
    }

    /// Whether saving is blocked by data this version cannot read (see ``PersistenceError``).
    public var isBlocked: Bool { blockedBy != nil }

    private func report(_ error: PersistenceError) {
        lastError = error
        onError(error)
    }
}

extension Persister where Persisted == State {
    /// Creates a persister for the whole state.
    ///
    /// - Parameters:
    ///   - key: The storage key (a plain file name for ``FileStorage``).
    ///   - version: The current version of the persisted format.
    ///   - storage: Where the data lives.
    ///   - coder: How values become bytes; JSON by default.
    ///   - migrations: How to read older versions, one per version step.
    ///   - unversioned: Reads data saved before the app adopted this library (no envelope).
    ///   - interval: At most one write per interval; the first change is written at once.
    ///   - sleep: Waits between writes; inject a controllable one in tests.
    ///   - onError: Receives every error; the default writes it to standard error.
    public convenience init(
        key: String,
        version: Int = 1,
        storage: any PersistenceStorage,
        coder: any PersistenceCoder = JSONPersistenceCoder(),
        migrations: [Migration] = [],
        unversioned: (@Sendable (Data) throws -> Persisted)? = nil,
        interval: Duration = .seconds(1),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        onError: @escaping @MainActor (PersistenceError) -> Void = Persister.reportToStandardError
    ) {
        self.init(
            key: key, version: version, storage: storage, coder: coder, migrations: migrations,
            unversioned: unversioned, interval: interval, sleep: sleep, project: { $0 },
            restore: { state, value in state = value }, onError: onError)
    }
}

/// Encodes and writes off the main actor, one write at a time, never an older state after a newer.
actor Writer<Persisted: Codable & Sendable> {
    let key: String
    let version: Int
    let storage: any PersistenceStorage
    let layout: StoredLayout<Persisted>
    private var lastApplied: UInt64 = 0

    init(key: String, version: Int, storage: any PersistenceStorage, layout: StoredLayout<Persisted>) {
        self.key = key
        self.version = version
        self.storage = storage
        self.layout = layout
    }

    /// Writes `value` unless something newer was already applied; returns whether it wrote.
    func write(_ value: Persisted, sequence: UInt64) async throws -> Bool {
        guard sequence > lastApplied else { return false }
        let data: Data
        do {
            // On a thread with a stack of its own, after a bounded depth check: a state nested too
            // deep is reported, never a stack overflow.
            switch layout {
            case .versioned(let coder, _):
                data = try await BoundedEncoding.encode(PersistedEnvelope(version: version, state: value)) {
                    try coder.encode($0)
                }
            case .document(let format):
                data = try await BoundedEncoding.encode(value) { try format.encode($0) }
            }
        } catch {
            throw PersistenceError.writeFailed(key: key, underlying: error)
        }
        // Encoding suspended this actor: a newer write or a purge may have been applied meanwhile.
        guard sequence > lastApplied else { return false }
        do {
            try storage.write(data, for: key)
        } catch let error as PersistenceError {
            if case .invalidKey = error { throw error }
            if case .keyTooLong = error { throw error }
            if case .documentChangedOnDisk = error { throw error }
            throw PersistenceError.writeFailed(key: key, underlying: error)
        } catch {
            throw PersistenceError.writeFailed(key: key, underlying: error)
        }
        lastApplied = sequence
        return true
    }

    func remove(sequence: UInt64) throws {
        try storage.remove(key)
        lastApplied = Swift.max(lastApplied, sequence)
    }
}

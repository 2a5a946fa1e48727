/// What went wrong while loading or saving persisted state. Every case is reported through the
/// persister's error handler; none crashes the app or loses data.
public enum PersistenceError: Error, CustomStringConvertible {
    /// The stored data could not be decoded — empty, truncated, not JSON, or the wrong shape. It
    /// was moved aside to `movedTo` (kept, never overwritten) and the store started from its
    /// initial state.
    case corruptData(key: String, movedTo: String?, underlying: any Error)
    /// The stored data was written by a newer version of the app. It was left untouched, and
    /// saving is paused so that it is never overwritten.
    case newerVersion(key: String, stored: Int, supported: Int)
    /// No migration is registered from this stored version.
    case missingMigration(key: String, from: Int)
    /// A migration threw. The stored data is left untouched and saving is paused.
    case migrationFailed(key: String, from: Int, underlying: any Error)
    /// A storage key (or application folder name) that could escape its directory.
    case invalidKey(String)
    /// Reading the stored data failed (permissions, I/O).
    case readFailed(key: String, underlying: any Error)
    /// Writing failed (read-only directory, disk full). The store keeps working and the next
    /// change tries again.
    case writeFailed(key: String, underlying: any Error)
    /// The user's document could not be read in the app's format (``DocumentFormat``). It is left
    /// where it is, untouched — never renamed — and saving is paused so that it is not overwritten.
    case unreadableDocument(key: String, underlying: any Error)
    /// ``Persister/restore(into:)`` was called again: it would read the stored data again and undo
    /// the changes made since the first restore that are not written yet. Nothing was read; the
    /// store is unchanged. (A persister restores once.)
    case alreadyRestored(key: String)
    /// A storage key longer than the storage can write: ``FileStorage`` names a write's temporary
    /// file after the key, and file names are limited to 255 bytes. Rejected before anything is
    /// written.
    case keyTooLong(String, length: Int, limit: Int)
    /// A stored file larger than ``FileStorage/maximumFileSize``: not read, so that it cannot
    /// exhaust the app's memory. The persister reports it as
    /// ``PersistenceError/corruptData(key:movedTo:underlying:)`` with this error, having moved the
    /// file aside, and starts from the initial state.
    case fileTooLarge(path: String, size: Int64, limit: Int)
    /// A file-system call failed.
    case io(operation: String, errno: Int32)
    /// Something other than a regular file is where the data should be (a directory, a named
    /// pipe, a socket, a device). It is left untouched and saving is paused.
    case notARegularFile(path: String, found: String)
    /// ``Persister/flush()`` was called before the stored data was loaded or restored into the
    /// store: writing then could overwrite it. Call ``Persister/load(into:)`` before creating the
    /// store, or ``Persister/restore(into:)`` after.
    case notLoaded(key: String)
    /// No store uses the persister's ``Persister/middleware``, so it has no state to save and
    /// cannot see its ``Rehydrate`` action.
    case middlewareMissing(key: String)
    /// The persister restored into a live store, but no reducer applied its ``Rehydrate`` action:
    /// the store's reducer does not include ``Persister/reducer``. Saving stays paused so that the
    /// stored data is not overwritten with a state that lacks it.
    case rehydrationNotApplied(key: String)
    /// The document at `path` was changed on disk by another program after it was loaded (or last
    /// saved): it was not overwritten, and saving is paused until the app keeps its own content
    /// (``Persister/overwrite()``) or opens the document again to take the other program's.
    case documentChangedOnDisk(key: String, path: String)

    /// A readable explanation.
    public var description: String {
        switch self {
        case .corruptData(let key, let movedTo, let underlying):
            return "persisted data for \"\(key)\" is corrupt (\(underlying)); "
                + (movedTo.map { "kept aside as \"\($0)\"" } ?? "it could not be moved aside")
                + "; starting from the initial state"
        case .newerVersion(let key, let stored, let supported):
            return
                "persisted data for \"\(key)\" has version \(stored), newer than \(supported); left untouched, saving paused"
        case .missingMigration(let key, let from):
            return "no migration for \"\(key)\" from version \(from); left untouched, saving paused"
        case .migrationFailed(let key, let from, let underlying):
            return "migrating \"\(key)\" from version \(from) failed: \(underlying); left untouched, saving paused"
        case .invalidKey(let key):
            return "invalid storage key \"\(key)\": it must be a plain file name (no \"/\", \"..\", leading \".\")"
        case .readFailed(let key, let underlying):
            return "reading persisted data for \"\(key)\" failed: \(underlying)"
        case .writeFailed(let key, let underlying):
            return "writing persisted data for \"\(key)\" failed: \(underlying); will retry on the next change"
        case .unreadableDocument(let key, let underlying):
            return "the document \"\(key)\" could not be read (\(underlying)); left untouched, saving paused"
        case .alreadyRestored(let key):
            return "the data for \"\(key)\" was already restored into the store; restoring again would undo "
                + "changes not yet written, so nothing was read"
        case .keyTooLong(let key, let length, let limit):
            return "storage key \"\(key.prefix(40))…\" is \(length) bytes long; at most \(limit) can be written "
                + "(file names are limited to 255 bytes; a write's temporary file adds 42, a kept-aside copy 23)"
        case .fileTooLarge(let path, let size, let limit):
            return "\(path) is \(size) bytes, over the \(limit)-byte limit (FileStorage.maximumFileSize); not read"
        case .io(let operation, let code):
            return "\(operation): \(String(cString: strerror(code)))"
        case .notARegularFile(let path, let found):
            return "expected a file at \(path), found \(found); left untouched, saving paused"
        case .notLoaded(let key):
            return "persisted data for \"\(key)\" was not loaded yet, so nothing was written (writing could overwrite "
                + "it): call load(into:) before creating the store, or restore(into:) after"
        case .middlewareMissing(let key):
            return "the persister for \"\(key)\" is not in any store's middleware: add persister.middleware to the "
                + "store, or nothing is saved"
        case .rehydrationNotApplied(let key):
            return "the restored data for \"\(key)\" reached the store but no reducer applied it: combine "
                + "persister.reducer into the store's reducer; saving paused so the stored data is not overwritten"
        case .documentChangedOnDisk(let key, let path):
            return "the document \"\(key)\" was changed on disk by another program since it was loaded or saved "
                + "(\(path)); it was not overwritten. Saving is paused: call overwrite() to keep the app's content, "
                + "or open the document again to take the other program's"
        }
    }
}

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

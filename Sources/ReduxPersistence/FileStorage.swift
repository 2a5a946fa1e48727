import Foundation
import Redux

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Storage in files, one per key, in a directory.
///
/// Writes are atomic: the data goes to a temporary file in the same directory, created with
/// owner-only permissions (0600), flushed to disk, then renamed over the old file in one step, and
/// the directory is flushed (`F_FULLFSYNC` on Apple platforms, `fsync` elsewhere). If the process
/// dies mid-write, the previous file is intact. Keys that could escape the directory are rejected
/// with ``PersistenceError/invalidKey(_:)``, keys too long to write with
/// ``PersistenceError/keyTooLong(_:length:limit:)``; a file over ``maximumFileSize`` is not read.
public struct FileStorage: PersistenceStorage {
    /// The directory holding the files.
    public let directory: URL

    /// The largest file ``read(_:)`` reads: a larger one is reported as
    /// ``PersistenceError/fileTooLarge(path:size:limit:)`` without reading a byte of it (the
    /// persister then keeps it aside, as it does corrupt data), so that a huge or runaway file
    /// cannot exhaust the app's memory at every launch.
    public let maximumFileSize: Int

    /// The default ``maximumFileSize``: 256 MiB.
    public static let defaultMaximumFileSize = 256 << 20

    /// The permissions a write gives the file.
    public enum FileMode: Sendable, Equatable {
        /// Owner-only (0600), whatever the file had: for the app's private state.
        case ownerOnly
        /// The file keeps the permissions it has; a new file gets `newFiles` (before the umask):
        /// for documents the user owns.
        case keepExisting(newFiles: UInt16)
    }

    /// The permissions a write gives the file: ``FileMode/ownerOnly`` unless told otherwise.
    public let fileMode: FileMode

    /// Whether a write first checks that the file is still the one this storage last read or wrote
    /// (its device, inode, size and modification time, to the nanosecond where the file system keeps it): when another program changed,
    /// replaced, created or removed it meanwhile, the write throws
    /// ``PersistenceError/documentChangedOnDisk(key:path:)`` and leaves the file as it is. The check
    /// is made just before the atomic rename. On for documents (`Persister(document:…)`).
    public let detectsExternalChanges: Bool

    /// Whether names are checked as document names (what the file system accepts and nothing that
    /// escapes the directory) rather than as keys (see ``maximumKeyLength``).
    let namesAreDocuments: Bool

    /// What this storage last saw of each file, for ``detectsExternalChanges``.
    let known = KnownFiles()

    /// The longest key, in UTF-8 bytes: 190. File names are limited to 255 bytes; a write's
    /// temporary file adds 42 bytes to the key (`.<key>.<UUID>.tmp`), and the name under which the
    /// persister keeps corrupt data aside adds up to 23 (`<key>.corrupt-<seconds>-<n>`), which must
    /// itself be a valid key.
    public static let maximumKeyLength = 255 - 42 - 23

    /// Stores files in `directory`, created (owner-only) on first write if needed.
    ///
    /// - Parameters:
    ///   - directory: The directory.
    ///   - maximumFileSize: The largest file read; see ``maximumFileSize``.
    ///   - fileMode: The permissions a write gives the file; owner-only by default.
    public init(
        directory: URL, maximumFileSize: Int = FileStorage.defaultMaximumFileSize, fileMode: FileMode = .ownerOnly
    ) {
        self.directory = directory
        self.maximumFileSize = maximumFileSize
        self.fileMode = fileMode
        self.detectsExternalChanges = false
        self.namesAreDocuments = false
    }

    /// The storage of documents the user owns, in `directory`: names are file names (see
    /// ``validateDocumentName(_:)``), files keep their permissions (new ones 0644), and writes
    /// detect changes made by other programs.
    init(documentsIn directory: URL, maximumFileSize: Int) {
        self.directory = directory
        self.maximumFileSize = maximumFileSize
        self.fileMode = .keepExisting(newFiles: 0o644)
        self.detectsExternalChanges = true
        self.namesAreDocuments = true
    }

    /// Stores files under the platform's directory for application data, in a folder named
    /// `name`: Application Support on Apple platforms; `$XDG_DATA_HOME`, or `~/.local/share`, on
    /// Linux.
    ///
    /// - Parameters:
    ///   - name: The folder for this app's data, such as its bundle identifier.
    ///   - maximumFileSize: The largest file read; see ``maximumFileSize``.
    /// - Throws: ``PersistenceError/invalidKey(_:)`` when `name` could escape that directory.
    public init(applicationName name: String, maximumFileSize: Int = FileStorage.defaultMaximumFileSize) throws {
        try Self.validate(name)
        self.directory = Self.applicationDataDirectory().appendingPathComponent(name, isDirectory: true)
        self.maximumFileSize = maximumFileSize
        self.fileMode = .ownerOnly
        self.detectsExternalChanges = false
        self.namesAreDocuments = false
    }

    static func applicationDataDirectory() -> URL {
        #if canImport(Darwin)
            if let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first {
                return support
            }
        #endif
        let environment = ProcessInfo.processInfo.environment
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true)
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/share", isDirectory: true)
    }

    /// Rejects names that are empty, hidden, contain path separators or `..`, or control characters,
    /// and names longer than ``maximumKeyLength`` bytes (which could never be written).
    static func validate(_ key: String) throws {
        let forbidden =
            key.isEmpty || key.hasPrefix(".") || key.contains("/") || key.contains("\\")
            || key.contains("..") || key.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
        if forbidden { throw PersistenceError.invalidKey(key) }
        if key.utf8.count > maximumKeyLength {
            throw PersistenceError.keyTooLong(key, length: key.utf8.count, limit: maximumKeyLength)
        }
    }

    /// Rejects only what a file system refuses as a file name or what would escape the directory:
    /// an empty name, `.` and `..`, a path separator, a NUL, more than 255 bytes. `notes..v2.txt`,
    /// `.todo` and a 204-byte name are documents like any other.
    static func validateDocumentName(_ name: String) throws {
        let forbidden =
            name.isEmpty || name == "." || name == ".." || name.contains("/") || name.unicodeScalars.contains("\0")
        if forbidden { throw PersistenceError.invalidKey(name) }
        if name.utf8.count > 255 {
            throw PersistenceError.keyTooLong(name, length: name.utf8.count, limit: 255)
        }
    }

    private func path(for key: String) throws -> String {
        if namesAreDocuments {
            try Self.validateDocumentName(key)
        } else {
            try Self.validate(key)
        }
        return directory.appendingPathComponent(key, isDirectory: false).path
    }

    /// The data stored under `key`, or `nil` when there is no file.
    ///
    /// Never blocks on something that is not a regular file: a directory, a named pipe or a device
    /// where the file should be is reported as ``PersistenceError/notARegularFile(path:found:)``.
    ///
    /// - Parameter key: The name of the file.
    /// - Returns: The file's contents, or `nil`.
    public func read(_ key: String) throws -> Data? {
        let path = try path(for: key)
        // Non-blocking, so that opening a named pipe returns at once; the type is checked on the
        // open descriptor, so it cannot change between the check and the read.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let failure = errno
            if failure == ENOENT {
                if detectsExternalChanges { known.set(key, .absent) }
                return nil
            }
            throw PersistenceError.io(operation: "read \(path)", errno: failure)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw PersistenceError.io(operation: "stat \(path)", errno: errno)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw PersistenceError.notARegularFile(path: path, found: Self.describeFileType(info.st_mode))
        }
        // Of the open descriptor: the very file read, whatever happens to the path meanwhile.
        if detectsExternalChanges { known.set(key, FileVersion(info)) }
        // Checked on the open descriptor, before reading: the file cannot grow past the check
        // unnoticed either, since the loop below stops at the limit too.
        guard Int64(info.st_size) <= Int64(maximumFileSize) else {
            throw PersistenceError.fileTooLarge(path: path, size: Int64(info.st_size), limit: maximumFileSize)
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw PersistenceError.io(operation: "read \(path)", errno: errno)
            }
            if count == 0 { return data }
            guard data.count + count <= maximumFileSize else {
                throw PersistenceError.fileTooLarge(path: path, size: Int64(data.count + count), limit: maximumFileSize)
            }
            data.append(contentsOf: buffer[..<count])
        }
    }

    static func describeFileType(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a named pipe (FIFO)"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        default: return "something that is not a regular file"
        }
    }

    /// The name of a temporary file for `key`: hidden, with a UUID, so it never collides with a key.
    /// A document name longer than 213 bytes is cut there (at a character boundary), so that the
    /// temporary name fits in 255 bytes too.
    static func temporaryName(for key: String) -> String {
        ".\(temporaryStem(of: key)).\(UUID().uuidString).tmp"
    }

    /// `key`, cut to 213 UTF-8 bytes at a character boundary.
    static func temporaryStem(of key: String) -> Substring {
        guard key.utf8.count > 213 else { return key[...] }
        var end = key.startIndex
        var bytes = 0
        for index in key.indices {
            let next = bytes + key[index].utf8.count
            if next > 213 { break }
            bytes = next
            end = key.index(after: index)
        }
        return key[..<end]
    }

    /// Whether `name` is a temporary file that ``temporaryName(for:)`` made for `key`, and for no
    /// other key (`.a.b.<UUID>.tmp` belongs to `a.b`, not to `a`).
    static func isTemporaryName(_ name: String, for key: String) -> Bool {
        let prefix = ".\(temporaryStem(of: key))."
        let suffix = ".tmp"
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count == prefix.count + 36 + suffix.count else {
            return false
        }
        let middle = name.dropFirst(prefix.count).dropLast(suffix.count)
        return UUID(uuidString: String(middle)) != nil
    }

    /// Removes the temporary files that writes of `key` interrupted by a crash left in the
    /// directory — and nothing else: only regular files named as this storage names its own
    /// temporary files for this key.
    ///
    /// - Parameter key: The name of the file.
    /// - Returns: The names of the files removed.
    public func removeLeftovers(of key: String) throws -> [String] {
        _ = try path(for: key)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        var removed: [String] = []
        for name in names where Self.isTemporaryName(name, for: key) {
            let path = directory.appendingPathComponent(name, isDirectory: false).path
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            if unlink(path) == 0 { removed.append(name) }
        }
        return removed
    }

    /// Replaces the file for `key` atomically, with owner-only permissions.
    ///
    /// - Parameters:
    ///   - data: The new contents.
    ///   - key: The name of the file.
    public func write(_ data: Data, for key: String) throws {
        let target = try path(for: key)
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temporary = directory.appendingPathComponent(Self.temporaryName(for: key)).path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw PersistenceError.io(operation: "create \(temporary)", errno: errno) }
        if case .keepExisting(let newFiles) = fileMode {
            // The document keeps its permissions; a new one gets `newFiles`, less the umask.
            var existing = stat()
            let mode: mode_t
            if stat(target, &existing) == 0 {
                mode = existing.st_mode & 0o7777
            } else {
                let mask = umask(0)
                umask(mask)
                mode = mode_t(newFiles) & ~mask
            }
            _ = fchmod(descriptor, mode)
        }
        var written = 0
        let result: Int32 = data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            while written < buffer.count {
                let count = Foundation.write(descriptor, base + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += count
            }
            return 0
        }
        let synced = Self.flushToDisk(descriptor)
        var writtenInfo = stat()
        let stated = fstat(descriptor, &writtenInfo) == 0
        close(descriptor)
        guard result == 0, synced == 0 else {
            unlink(temporary)
            throw PersistenceError.io(operation: "write \(temporary)", errno: result != 0 ? result : synced)
        }
        if detectsExternalChanges, let expected = known.get(key), FileVersion(at: target) != expected {
            // Another program changed the file since it was read or written here: its content is
            // kept, and the app is told.
            unlink(temporary)
            throw PersistenceError.documentChangedOnDisk(key: key, path: target)
        }
        guard rename(temporary, target) == 0 else {
            let failure = errno
            unlink(temporary)
            throw PersistenceError.io(operation: "rename to \(target)", errno: failure)
        }
        if detectsExternalChanges {
            // The rename keeps the file's inode and times: this is the version on disk now.
            if stated { known.set(key, FileVersion(writtenInfo)) } else { known.forget(key) }
        }
        // Make the rename itself durable.
        let directoryDescriptor = open(directory.path, O_RDONLY)
        if directoryDescriptor >= 0 {
            _ = fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// Flushes a file's data to the disk itself: on Apple platforms `fsync` only reaches the drive's
    /// cache, so `F_FULLFSYNC` is asked first (file systems that do not support it fall back to
    /// `fsync`). Returns 0 or the `errno`.
    static func flushToDisk(_ descriptor: Int32) -> Int32 {
        #if canImport(Darwin)
            if fcntl(descriptor, F_FULLFSYNC) == 0 { return 0 }
        #endif
        return fsync(descriptor) == 0 ? 0 : errno
    }

    /// Removes the file for `key`; does nothing when there is none.
    ///
    /// - Parameter key: The name of the file.
    public func remove(_ key: String) throws {
        let path = try path(for: key)
        if unlink(path) != 0, errno != ENOENT {
            throw PersistenceError.io(operation: "remove \(path)", errno: errno)
        }
        if detectsExternalChanges { known.set(key, .absent) }
    }

    /// Takes the file as it is on disk now as the one this storage knows: the next write replaces
    /// it (the app chose to keep its own content over another program's change).
    func acceptCurrentVersion(of key: String) {
        guard let path = try? path(for: key) else { return }
        known.set(key, FileVersion(at: path))
    }

    /// Renames the file for `key` to `newKey`, refusing to replace an existing file.
    ///
    /// - Parameters:
    ///   - key: The name of the file.
    ///   - newKey: The new name.
    public func move(_ key: String, to newKey: String) throws {
        let source = try path(for: key)
        let destination = try path(for: newKey)
        guard !FileManager.default.fileExists(atPath: destination) else {
            throw PersistenceError.io(operation: "move to existing \(destination)", errno: EEXIST)
        }
        guard rename(source, destination) == 0 else {
            throw PersistenceError.io(operation: "move \(source)", errno: errno)
        }
        if detectsExternalChanges {
            known.set(newKey, FileVersion(at: destination))
            known.set(key, .absent)
        }
    }
}

/// What a file was when this storage last read or wrote it: enough to notice another program's
/// change (a rewrite in place changes the size or the modification time; a replacement, the inode).
enum FileVersion: Equatable, Sendable {
    case absent
    /// The change time is left out: a rename changes it, and the writer's own rename must not
    /// look like another program's change.
    case present(device: UInt64, inode: UInt64, size: Int64, modified: Int64)

    init(_ info: stat) {
        #if canImport(Darwin)
            let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
            let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
        self = .present(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size), modified: modified)
    }

    /// The file at `path` now (following a link, as reading it does).
    init(at path: String) {
        var info = stat()
        self = stat(path, &info) == 0 ? FileVersion(info) : .absent
    }
}

/// The versions a ``FileStorage`` last saw, by key. Storages are values that the persister's
/// writer uses off the main actor, so the table is shared, behind the package's lock (`Locked`);
/// `DocumentTests.anotherProgramsChangeIsNeverOverwrittenSilently` writes and reads it from the
/// writer and the main actor under the thread sanitizer.
final class KnownFiles: Sendable {
    private let versions = Locked<[String: FileVersion]>([:])

    func get(_ key: String) -> FileVersion? { versions.withLock { $0[key] } }
    func set(_ key: String, _ version: FileVersion) { versions.withLock { $0[key] = version } }
    func forget(_ key: String) { _ = versions.withLock { $0.removeValue(forKey: key) } }
}

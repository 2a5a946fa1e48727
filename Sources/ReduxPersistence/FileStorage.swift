import Foundation

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

    private func path(for key: String) throws -> String {
        try Self.validate(key)
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
            if failure == ENOENT { return nil }
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
    static func temporaryName(for key: String) -> String {
        ".\(key).\(UUID().uuidString).tmp"
    }

    /// Whether `name` is a temporary file that ``temporaryName(for:)`` made for `key`, and for no
    /// other key (`.a.b.<UUID>.tmp` belongs to `a.b`, not to `a`).
    static func isTemporaryName(_ name: String, for key: String) -> Bool {
        let prefix = ".\(key)."
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
        try Self.validate(key)
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
        close(descriptor)
        guard result == 0, synced == 0 else {
            unlink(temporary)
            throw PersistenceError.io(operation: "write \(temporary)", errno: result != 0 ? result : synced)
        }
        guard rename(temporary, target) == 0 else {
            let failure = errno
            unlink(temporary)
            throw PersistenceError.io(operation: "rename to \(target)", errno: failure)
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
    }
}

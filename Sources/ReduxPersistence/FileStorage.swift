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
/// the directory is flushed. If the process dies mid-write, the previous file is intact. Keys that
/// could escape the directory are rejected with ``PersistenceError/invalidKey(_:)``.
public struct FileStorage: PersistenceStorage {
    /// The directory holding the files.
    public let directory: URL

    /// Stores files in `directory`, created (owner-only) on first write if needed.
    ///
    /// - Parameter directory: The directory.
    public init(directory: URL) {
        self.directory = directory
    }

    /// Stores files under the platform's directory for application data, in a folder named
    /// `name`: Application Support on Apple platforms; `$XDG_DATA_HOME`, or `~/.local/share`, on
    /// Linux.
    ///
    /// - Parameter name: The folder for this app's data, such as its bundle identifier.
    /// - Throws: ``PersistenceError/invalidKey(_:)`` when `name` could escape that directory.
    public init(applicationName name: String) throws {
        try Self.validate(name)
        self.directory = Self.applicationDataDirectory().appendingPathComponent(name, isDirectory: true)
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

    /// Rejects names that are empty, hidden, contain path separators or `..`, or control characters.
    static func validate(_ key: String) throws {
        let forbidden =
            key.isEmpty || key.hasPrefix(".") || key.contains("/") || key.contains("\\")
            || key.contains("..") || key.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
        if forbidden { throw PersistenceError.invalidKey(key) }
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
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw PersistenceError.io(operation: "read \(path)", errno: errno)
            }
            if count == 0 { return data }
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
        let synced = fsync(descriptor) == 0 ? 0 : errno
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

/// The one "identity, then `==`" lookup of a key path in the caches of scopes, watchers,
/// key-path channels and composed paths.
///
/// Identity comes first: a pointer compare that finds the common case — the same key path literal
/// read again, which the runtime hands out as one object. Only then `==`, which compares the paths'
/// components (~560 instructions each) and finds an equal path formed elsewhere.
@usableFromInline
enum KeyPathLookup {
    /// The first of `entries` whose key path (read by `path`) is `keyPath` and that `accept` takes.
    ///
    /// - Parameters:
    ///   - entries: The cache.
    ///   - keyPath: The key path looked up.
    ///   - path: Reads an entry's key path.
    ///   - accept: Whether a matching entry counts (a weakly held scope that is gone does not).
    /// - Returns: The entry, or `nil`.
    @inlinable
    static func first<Entry>(
        in entries: [Entry], at keyPath: AnyKeyPath, _ path: (Entry) -> AnyKeyPath,
        where accept: (Entry) -> Bool = { _ in true }
    ) -> Entry? {
        for entry in entries where path(entry) === keyPath && accept(entry) {
            return entry
        }
        return entries.first { path($0) == keyPath && accept($0) }
    }
}

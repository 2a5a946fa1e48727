/// Reads one member of the state for a key-path subscriber's channel or an observed member, as
/// cheaply as the key path allows.
///
/// `state[keyPath: keyPath]` goes through the runtime's generic key-path projection: ~575
/// instructions per read on Swift 6.3, ~330 of them a generic-metadata lookup, whether the value
/// changed or not — and a key-path subscriber reads its member after every reduction. For a key
/// path made only of stored properties of structs (`\.count`, `\.settings.theme`), the standard
/// library's `MemoryLayout<State>.offset(of:)` gives the member's byte offset inside `State`, and
/// the member is read at that offset as a `Value`: a load (and the copy of the value). Any other
/// key path (a computed property, an optional chain, a class in the path) has no offset and is
/// read through the runtime as before.
///
/// This is the package's one typed read through a raw pointer. It is sound: the offset is the
/// compiler's own layout of `State`, exposed by the standard library for this purpose; the value
/// there is an initialized `Value`, properly aligned; the read copies it out of a borrowed state.
/// Measured: a key-path subscriber's read 735 → ~60 instructions per dispatch (see docs/benchmarks.md);
/// `.ci/perf-guard` fails if a compiler change undoes it.
@usableFromInline
struct MemberReader<State, Value> {
    @usableFromInline let keyPath: KeyPath<State, Value>
    @usableFromInline let offset: Int?

    @inlinable
    init(_ keyPath: KeyPath<State, Value>) {
        self.keyPath = keyPath
        offset = MemoryLayout<State>.offset(of: keyPath)
    }

    /// The member's value in the state at `state`.
    @inlinable
    func read(_ state: UnsafePointer<State>) -> Value {
        guard let offset else { return state.pointee[keyPath: keyPath] }
        return loadMember(Value.self, at: offset, in: UnsafeRawPointer(state))
    }

    /// The member's value in `state`.
    @inlinable
    func read(_ state: State) -> Value {
        withUnsafePointer(to: state) { read($0) }
    }
}

/// The member of type `Value` stored at `offset` in the state at `state` — the one typed read through
/// a raw pointer (see ``MemberReader``), also used where the state's type is not known
/// (``MemberProbe``, for scopes). `offset` must come from `MemoryLayout<State>.offset(of:)` for a key
/// path to a `Value`.
@inlinable
func loadMember<Value>(_: Value.Type, at offset: Int, in state: UnsafeRawPointer) -> Value {
    state.load(fromByteOffset: offset, as: Value.self)
}

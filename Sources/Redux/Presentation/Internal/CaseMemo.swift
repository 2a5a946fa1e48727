import Dispatch

/// The value of an `Equatable` enum whose case was last learned — written by a case's constructor
/// (an `ifLet(case:)` putting its child back) or read once with `Mirror` — with its case name and
/// payload, so that the readers that follow in the same dispatch and the next (the `ifLet` one
/// level up, the other cases' `ifLet`s, the scopes' presence checks) recognise the value with one
/// `==` instead of reflecting it again (issue 47: an action of an enum sheet reflected ~10 times).
///
/// One memo per enum type, shared by every reader of that type (``CaseMemos``). A value equal to
/// the one remembered is taken to show the same case — what synthesized `==` guarantees, and what
/// the `Equatable` overloads of `ifLet` already assume. The memo is a cache: a value it does not
/// hold is reflected as before; a reader on another thread while one holds it skips it (its lock
/// never waits). It holds one value of its type: `ifLet` forgets it when its child is dismissed and
/// `forEach` when screens or rows go, so a closed sheet's state does not stay alive through it.
@usableFromInline
class AnyCaseMemo: @unchecked Sendable {
    /// The case name and the payload (as `Mirror` shows it) of `value` when it equals the value
    /// remembered; `nil` otherwise (or when `Value` is not the memo's enum).
    @usableFromInline
    func recall<Value>(_ value: Value) -> CaseMemoEntry? { nil }

    /// Remembers `value` (of the memo's enum) as showing the case `name` with `payload`; `typed`
    /// holds the payload as its constructor's reader takes it (``PayloadBox``), when one wrote it.
    @usableFromInline
    func remember<Value>(_ value: Value, name: String, payload: Any, typed: AnyObject? = nil) {}

    /// Drops the value remembered.
    @usableFromInline
    func forget() {}
}

/// What a memo remembers of a value: its case name and payload (as `Mirror` shows it), and the
/// payload typed as a case reader takes it when a reader wrote or read it (``PayloadBox``). A
/// class, so that the memo's code (generic, unspecialised) hands back a reference rather than a
/// tuple, whose metadata it would look up per read.
@usableFromInline
class CaseMemoEntry {
    @usableFromInline let name: String
    @usableFromInline let payload: Any
    @usableFromInline let typed: AnyObject?

    init(name: String, payload: Any, typed: AnyObject?) {
        self.name = name
        self.payload = payload
        self.typed = typed
    }
}

/// A payload as its case reader takes it: told by its type (`type(of:) == PayloadBox<Payload>.self`)
/// and read without a cast from `Any` (~250 instructions a read, several reads an action).
@usableFromInline
final class PayloadBox<Payload> {
    @usableFromInline let payload: Payload

    @inlinable
    init(_ payload: Payload) {
        self.payload = payload
    }
}

/// ``AnyCaseMemo`` for one `Equatable` enum.
///
/// `@unchecked Sendable`: `last` is read and written only while `lock` (a ``TryLock``) is taken.
final class CaseMemo<Enum: Equatable>: AnyCaseMemo, @unchecked Sendable {
    /// One remembered value, with what is remembered of it.
    private final class Entry: CaseMemoEntry {
        let value: Enum

        init(value: Enum, name: String, payload: Any, typed: AnyObject?) {
            self.value = value
            super.init(name: name, payload: payload, typed: typed)
        }
    }

    private let lock = TryLock()
    private var last: Entry?
    /// The entry's class, looked up once: an entry made through `Entry(…)` in this generic class
    /// looked its metadata up on each write (~330 instructions, a write per action of a case).
    private let entryType = Entry.self

    override func recall<Value>(_ value: Value) -> CaseMemoEntry? {
        // `Value` is `Enum` whenever a reader of this enum asks (the table is keyed by type): the
        // check makes the reinterpretation an identity, and spares a dynamic cast per read —
        // measured with `value as? Enum` instead: `navigation, enum destination shown, an action of
        // the case` 65,195 → 71,713 instructions (five reads an action), over the threshold
        // `.ci/perf-guard` holds it to (68,454).
        guard let value = exactly(value, as: Enum.self) else { return nil }
        return recall(value)
    }

    /// What is remembered of `value` when it equals the value remembered.
    func recall(_ value: Enum) -> CaseMemoEntry? {
        guard lock.tryTake() else { return nil }
        let entry = last
        lock.free()
        guard let entry, entry.value == value else { return nil }
        return entry
    }

    override func remember<Value>(_ value: Value, name: String, payload: Any, typed: AnyObject?) {
        guard let value = exactly(value, as: Enum.self) else { return }
        remember(value, name: name, payload: payload, typed: typed)
    }

    /// Remembers `value` as showing the case `name` with `payload` (and `typed`).
    func remember(_ value: Enum, name: String, payload: Any, typed: AnyObject?) {
        let entry = entryType.init(value: value, name: name, payload: payload, typed: typed)
        guard lock.tryTake() else { return }
        // The entry replaced is released after the lock is freed (its payload may be large).
        let replaced = last
        last = entry
        lock.free()
        _ = replaced
    }

    override func forget() {
        guard lock.tryTake() else { return }
        let replaced = last
        last = nil
        lock.free()
        _ = replaced
    }
}

/// The ``CaseMemo`` of each `Equatable` enum type a reader was made for: found (or made) once,
/// when an `ifLet`, a case reader or a scope is built, never on the per-action path.
@usableFromInline
enum CaseMemos {
    /// Guards `table`; only taken when a reader is built.
    private static let lock = DispatchSemaphore(value: 1)
    nonisolated(unsafe) private static var table: [ObjectIdentifier: AnyCaseMemo] = [:]

    /// The memo of `type` when it is `Equatable` (made on first use); `nil` for other types, whose
    /// values are reflected each time.
    @usableFromInline
    static func memo<Value>(for type: Value.Type) -> AnyCaseMemo? {
        guard let equatable = type as? any Equatable.Type else { return nil }
        func memo<E: Equatable>(_: E.Type) -> AnyCaseMemo {
            lock.wait()
            defer { lock.signal() }
            if let found = table[ObjectIdentifier(E.self)] { return found }
            let made = CaseMemo<E>()
            table[ObjectIdentifier(E.self)] = made
            return made
        }
        return memo(equatable)
    }
}

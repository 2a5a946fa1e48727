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
    /// What is remembered of `value` (its case name, its payload) when it equals the value
    /// remembered; `nil` otherwise (or when `Value` is not the memo's enum).
    @usableFromInline
    func recall<Value>(_ value: Value) -> CaseMemoEntry? { nil }

    /// Remembers `entry` in place of the value remembered when `Entered` is the memo's enum:
    /// ``TypedCaseEntry`` when a case's reader wrote or read the value, made by the reader in the
    /// app's module.
    @usableFromInline
    func remember<Entered>(_ entry: CaseValueEntry<Entered>) {}

    /// Remembers `value` (of the memo's enum) as showing the case `name` with `payload`, as
    /// `Mirror` shows it: for a value reflected by a reader that has no typed payload.
    @usableFromInline
    func remember<Value>(_ value: Value, name: String, reflected payload: Any) {}

    /// Drops the value remembered.
    @usableFromInline
    func forget() {}
}

/// What a memo remembers of a value: its case name and its payload, with the value itself in a
/// subclass (``CaseValueEntry``). A class, so that the memo's code (generic, unspecialised) hands
/// back a reference rather than a tuple, whose metadata it would look up per read.
@usableFromInline
class CaseMemoEntry {
    @usableFromInline let name: String

    fileprivate init(name: String) {
        self.name = name
    }

    /// The payload as a value of any type (as `Mirror` shows it, or as a reader took it), for a
    /// reader of another payload type than the one that wrote it.
    @usableFromInline
    var payload: Any { () }
}

/// An entry with the value it was made for.
@usableFromInline
class CaseValueEntry<Enum>: CaseMemoEntry {
    @usableFromInline let value: Enum

    @usableFromInline
    init(value: Enum, name: String) {
        self.value = value
        super.init(name: name)
    }
}

/// An entry whose payload is typed as its case's reader takes it: made by the reader (in the
/// app's module, for the app's types), told by its type (`type(of:) == TypedCaseEntry<…>.self`)
/// and read without a cast from `Any` (~250 instructions a read, several reads an action). One
/// object where an entry (made by the memo's unspecialised code) and a box for the payload were
/// two, and the payload a third copy, as `Any`: `navigation, enum destination shown, an action of
/// the case` 11,113 → 10,442 instructions (the memo keeping it typed for its enum included),
/// `navigation, stack of 1 enum screens, an action of the top screen` 9,982 → 9,307 (held by
/// `.ci/perf-guard`).
@usableFromInline
final class TypedCaseEntry<Enum, Payload>: CaseValueEntry<Enum> {
    @usableFromInline let typedPayload: Payload

    @inlinable
    init(value: Enum, name: String, payload: Payload) {
        typedPayload = payload
        super.init(value: value, name: name)
    }

    @usableFromInline
    override var payload: Any { typedPayload }
}

/// An entry whose payload is as `Mirror` shows it: made by the memo for a value a reader without
/// a typed payload reflected (an `ifLet` reading its enum child's case name).
final class ReflectedCaseEntry<Enum>: CaseValueEntry<Enum> {
    let reflected: Any

    init(value: Enum, name: String, reflected: Any) {
        self.reflected = reflected
        super.init(value: value, name: name)
    }

    override var payload: Any { reflected }
}

/// ``AnyCaseMemo`` for one `Equatable` enum.
///
/// `@unchecked Sendable`: `last` is read and written only while `lock` (a ``TryLock``) is taken;
/// an entry never changes once made.
final class CaseMemo<Enum: Equatable>: AnyCaseMemo, @unchecked Sendable {
    private let lock = TryLock()
    private var last: CaseValueEntry<Enum>?
    /// The reflected entry's class, looked up once: an entry made through its initialiser in this
    /// generic class looked its metadata up on each write (~330 instructions).
    private let reflectedEntryType = ReflectedCaseEntry<Enum>.self

    override func recall<Value>(_ value: Value) -> CaseMemoEntry? {
        // `Value` is `Enum` whenever a reader of this enum asks (the table is keyed by type): the
        // check makes the reinterpretation an identity, and spares a dynamic cast per read —
        // measured with `value as? Enum` instead: `navigation, enum destination shown, an action of
        // the case` 65,195 → 71,713 instructions (five reads an action), over the threshold
        // `.ci/perf-guard` holds it to (68,454). Compared where it is instead of copied
        // (`withUnsafePointer`, unspecialised here: a call and a closure), `navigation, enum
        // destination shown, the case's action sent to the store` cost 10,131 against
        // 9,563 (before the memo kept its entry typed, 9,272 since).
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

    override func remember<Entered>(_ entry: CaseValueEntry<Entered>) {
        // Past the comparison of the enums the two classes are one: the entry is reinterpreted
        // as its own type, as ``exactly(_:as:)`` does a value. Measured with `as? CaseValueEntry<Enum>`
        // instead (the class's metadata looked up on each write): `navigation, enum destination
        // shown, an action of the case` 10,442 → 10,849, `navigation, stack of 1 enum screens, an
        // action of the top screen` 9,307 → 9,718; held by `.ci/perf-guard`'s thresholds for those
        // scenarios (5% over, so they bound the sum of such gains, not each alone).
        guard Entered.self == Enum.self else { return }
        replace(with: unsafeDowncast(entry, to: CaseValueEntry<Enum>.self))
    }

    override func remember<Value>(_ value: Value, name: String, reflected payload: Any) {
        guard let value = exactly(value, as: Enum.self) else { return }
        replace(with: reflectedEntryType.init(value: value, name: name, reflected: payload))
    }

    private func replace(with entry: CaseValueEntry<Enum>?) {
        guard lock.tryTake() else { return }
        // The entry replaced is released after the lock is freed (its payload may be large).
        let replaced = last
        last = entry
        lock.free()
        _ = replaced
    }

    override func forget() {
        replace(with: nil)
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

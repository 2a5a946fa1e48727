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
///
/// This base only forgets (for a `forEach`, whose elements may wrap the enum: a stack's screens);
/// what reads and writes is ``CaseMemo``, typed for its enum.
@usableFromInline
class AnyCaseMemo: @unchecked Sendable {
    /// Drops the value remembered.
    @usableFromInline
    func forget() {}
}

/// The memo of one `Equatable` enum (see ``AnyCaseMemo``), typed for it: a reader made for the
/// enum's type — which it does not know to be `Equatable` — hands it a value as it is, and it
/// compares with the `==` the enum's conformance gave when the memo was made (``CaseMemos``).
/// Measured against an untyped memo whose read took a value of any type, compared the type with
/// its enum's and copied the value into it (through its value witnesses) before comparing: eight
/// reads an action of an enum destination's case, `navigation, enum destination shown, the case's
/// action sent to the store` 8,844 → 8,488 instructions; `navigation, stack of 1 enum screens, an
/// action of the top screen` 8,882 → 8,687 (held by `.ci/perf-guard`). And no entry of another
/// enum can be handed to it: the check of the entry's type before a downcast is gone with them.
///
/// `@unchecked Sendable`: `last` is read and written only while `lock` (a ``TryLock``) is taken;
/// an entry never changes once made; `isEqual` is a constant — a conformance's `==`, called on
/// values the caller owns.
@usableFromInline
final class CaseMemo<Enum>: AnyCaseMemo, @unchecked Sendable {
    private let lock = TryLock()
    private var last: CaseValueEntry<Enum>?
    /// The enum's `==`. (Not `@Sendable`: the closure made where the conformance is opened would
    /// capture the enum's metatype, which is not known to be `SendableMetatype`.)
    private let isEqual: (Enum, Enum) -> Bool
    /// The reflected entry's class, looked up once: an entry made through its initialiser in this
    /// generic class looked its metadata up on each write (~330 instructions).
    private let reflectedEntryType = ReflectedCaseEntry<Enum>.self

    fileprivate init(isEqual: @escaping (Enum, Enum) -> Bool) {
        self.isEqual = isEqual
    }

    /// What is remembered of `value` (its case name, its payload) when it equals the value
    /// remembered; `nil` otherwise.
    @usableFromInline
    func recall(_ value: Enum) -> CaseValueEntry<Enum>? {
        guard lock.tryTake() else { return nil }
        let entry = last
        lock.free()
        guard let entry, isEqual(entry.value, value) else { return nil }
        return entry
    }

    /// Remembers `entry` in place of the value remembered: a ``TypedCaseEntry`` when a case's
    /// reader wrote or read the value, made by the reader in the app's module.
    @usableFromInline
    func remember(_ entry: CaseValueEntry<Enum>) {
        replace(with: entry)
    }

    /// Remembers `value` as showing the case `name` with `payload`, as `Mirror` shows it: for a
    /// value reflected by a reader that has no typed payload.
    func remember(_ value: Enum, name: String, reflected payload: Any) {
        replace(with: reflectedEntryType.init(value: value, name: name, reflected: payload))
    }

    /// Drops the value remembered.
    @usableFromInline
    override func forget() {
        replace(with: nil)
    }

    private func replace(with entry: CaseValueEntry<Enum>?) {
        guard lock.tryTake() else { return }
        // The entry replaced is released after the lock is freed (its payload may be large).
        let replaced = last
        last = entry
        lock.free()
        _ = replaced
    }
}

/// What a memo remembers of a value: the value, its case name and its payload (in a subclass,
/// typed as a reader took it or as `Mirror` showed it). A class, so that the memo's code (generic,
/// unspecialised) hands back a reference rather than a tuple, whose metadata it would look up per
/// read.
@usableFromInline
class CaseValueEntry<Enum> {
    @usableFromInline let value: Enum
    @usableFromInline let name: String

    @usableFromInline
    init(value: Enum, name: String) {
        self.value = value
        self.name = name
    }

    /// The payload as a value of any type (as `Mirror` shows it, or as a reader took it), for a
    /// reader of another payload type than the one that wrote it.
    @usableFromInline
    var payload: Any { () }
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

/// The ``CaseMemo`` of each `Equatable` enum type a reader was made for: found (or made) once,
/// when an `ifLet`, a case reader or a scope is built, never on the per-action path.
@usableFromInline
enum CaseMemos {
    /// Guards `table`; only taken when a reader is built.
    private static let lock = DispatchSemaphore(value: 1)
    /// The memos, by their enum's type (each a `CaseMemo` of that type).
    nonisolated(unsafe) private static var table: [ObjectIdentifier: AnyObject] = [:]

    /// The memo of `type` when it is `Equatable` (made on first use); `nil` for other types, whose
    /// values are reflected each time.
    @usableFromInline
    static func memo<Value>(for type: Value.Type) -> CaseMemo<Value>? {
        guard let equatable = type as? any Equatable.Type else { return nil }
        func memo<E: Equatable>(_: E.Type) -> AnyObject {
            lock.wait()
            defer { lock.signal() }
            if let found = table[ObjectIdentifier(E.self)] { return found }
            let made = CaseMemo<E>(isEqual: { $0 == $1 })
            table[ObjectIdentifier(E.self)] = made
            return made
        }
        // `E` is `Value`, opened: the memo made for it is one (a cast once, when a reader is built).
        return memo(equatable) as? CaseMemo<Value>
    }
}

import Testing

@testable import Redux

/// `ChildPresence`'s hand-written `==` (issue 47: the synthesized one copied both sides whole on
/// every comparison) agrees with what tells two presentations apart, for every pair of values,
/// and with its synthesized `hash(into:)`.
struct ChildPresenceTests {
    static var values: [ChildPresence] {
        [
            .absent, .present, .named("editor"), .named("alert"),
            .named(String(repeating: "long case name ", count: 3)),
            .identified(AnyHashable(1)), .identified(AnyHashable(2)), .identified(AnyHashable("1")),
            .identified(AnyHashable(Int64(1))),
        ]
    }

    /// The same tags and payloads, compared by what each value says about itself.
    static func reference(_ value: ChildPresence) -> String {
        switch value {
        case .absent: return "absent"
        case .present: return "present"
        case .named(let name): return "named:\(name)"
        case .identified: return "identified"  // its identifiers are compared as `AnyHashable`s
        }
    }

    @Test func equalityIsTheSynthesizedOnes() {
        for (i, lhs) in Self.values.enumerated() {
            for (j, rhs) in Self.values.enumerated() {
                // `AnyHashable` calls 1 and Int64(1) equal: the reference compares the ids the same way.
                let expected: Bool
                if case .identified(let l) = lhs, case .identified(let r) = rhs {
                    expected = l == r
                } else {
                    expected = Self.reference(lhs) == Self.reference(rhs)
                }
                #expect((lhs == rhs) == expected, "\(lhs) == \(rhs)")
                if i == j { #expect(lhs == rhs) }
                if lhs == rhs { #expect(lhs.hashValue == rhs.hashValue, "\(lhs) and \(rhs) hash alike") }
            }
        }
        // A copy of a string built at run time is equal, though its storage differs.
        let built = ["edi", "tor"].joined()
        #expect(ChildPresence.named(built) == .named("editor"))
        #expect(ChildPresence.named(built) != .identified(AnyHashable("editor")))
    }

    /// `ChildIdentity`, what an `ifLet` tells a child's work by, compares the same way.
    @Test func anIdentityComparesAsItsPresence() {
        let identities: [ChildIdentity] = [
            .absent, .present, .named("editor"), .named("alert"), .identified(1), .identified(2), .identified("1"),
            .identified("editor"), .identified(Int64(1)),
        ]
        let presences: [ChildPresence] = [
            .absent, .present, .named("editor"), .named("alert"), .identified(1), .identified(2), .identified("1"),
            .identified("editor"), .identified(AnyHashable(Int64(1))),
        ]
        for (i, lhs) in identities.enumerated() {
            for (j, rhs) in identities.enumerated() {
                #expect((lhs == rhs) == (presences[i] == presences[j]), "\(lhs) == \(rhs)")
            }
        }
        #expect(ChildIdentity.named(["edi", "tor"].joined()) == .named("editor"))
    }
}

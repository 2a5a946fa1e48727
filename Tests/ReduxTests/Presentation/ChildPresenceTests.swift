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
            .identified(PresenceID(AnyHashable(1))), .identified(PresenceID(AnyHashable(2))),
            .identified(PresenceID(AnyHashable("1"))),
            .identified(PresenceID(AnyHashable(Int64(1)))),
            // As a reader holds them: compared as their own type when both are of one, as
            // `AnyHashable`s otherwise (an `Int` and an `Int64` of one value are equal).
            .identified(PresenceID(1)), .identified(PresenceID(2)), .identified(PresenceID("1")),
            .identified(PresenceID(Int64(1))), .identified(PresenceID(UInt8(2))),
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
                    expected = AnyHashable(l.id) == AnyHashable(r.id)
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
        #expect(ChildPresence.named(built) != .identified(PresenceID(AnyHashable("editor"))))
    }

    /// `ChildIdentity`, what an `ifLet` tells a child's work by, compares the same way.
    @Test func anIdentityComparesAsItsPresence() {
        let identities: [ChildIdentity] = [
            .absent, .present, .named("editor"), .named("alert"), .identified(ChildID(1)), .identified(ChildID(2)),
            .identified(ChildID("1")), .identified(ChildID("editor")), .identified(ChildID(Int64(1))),
        ]
        let presences: [ChildPresence] = [
            .absent, .present, .named("editor"), .named("alert"), .identified(PresenceID(1)),
            .identified(PresenceID(2)), .identified(PresenceID("1")),
            .identified(PresenceID("editor")), .identified(PresenceID(AnyHashable(Int64(1)))),
        ]
        for (i, lhs) in identities.enumerated() {
            for (j, rhs) in identities.enumerated() {
                #expect((lhs == rhs) == (presences[i] == presences[j]), "\(lhs) == \(rhs)")
            }
        }
        #expect(ChildIdentity.named(["edi", "tor"].joined()) == .named("editor"))
    }

    struct Sheet: Identifiable, Sendable {
        var id: Int
    }

    /// A reader learns how to read an identified child's `id` from the first it meets, then reads
    /// it without the runtime's cast: from many threads at once (the thread sanitizer runs this),
    /// every read gives the child's own `id`.
    @Test func aReaderLearnsAnIdentifierOnceFromManyThreads() async {
        let reader = PresenceReader<Sheet>()
        let results = await withTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    (0..<200).allSatisfy { round in
                        let id = task * 1_000 + round
                        return reader.presence(of: Sheet(id: id)) == .identified(PresenceID(id))
                            && reader.presence(of: Sheet(id: id)) != .identified(PresenceID(id + 1))
                    }
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 8))
        #expect(reader.presence(of: nil) == .absent)
    }
}

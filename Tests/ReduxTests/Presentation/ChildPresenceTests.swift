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

    enum Destination: Equatable, Sendable {
        case editor(Int)
        case alert(String)
    }

    struct Plain: Sendable {}

    protocol Shown: Sendable {}
    struct IdentifiedShown: Shown, Identifiable { var id: Int }
    struct PlainShown: Shown {}

    /// Once a type is seen not to be `Identifiable`, its reader reads its case without asking for
    /// an identifier: the first read and every later one give the same presence — an enum's case,
    /// or presence only — and an existential, whose values may conform or not, is asked each time.
    @Test func aTypeSeenNotIdentifiableIsReadByItsCaseEveryTime() {
        let destinations = PresenceReader<Destination>()
        for round in 0..<3 {
            #expect(destinations.presence(of: .editor(round)) == .named("editor"), "round \(round)")
            #expect(destinations.presence(of: .alert("\(round)")) == .named("alert"), "round \(round)")
            #expect(destinations.presence(of: nil) == .absent)
        }
        #expect(destinations.notIdentifiable.isSet)
        let plain = PresenceReader<Plain>()
        for _ in 0..<3 { #expect(plain.presence(of: Plain()) == .present) }
        let shown = PresenceReader<any Shown>()
        for round in 0..<3 {
            #expect(shown.presence(of: PlainShown()) == .present, "round \(round)")
            #expect(shown.presence(of: IdentifiedShown(id: round)) == .identified(PresenceID(round)), "round \(round)")
        }
        #expect(!shown.notIdentifiable.isSet, "an existential's values are asked each time")
    }

    enum CaseShown: Shown { case editor(Int) }

    /// An existential child's values may be enums or not: a struct met first does not make the
    /// reader take a later enum for a child without cases (`type(of:)` of a generic value is the
    /// existential itself; the value's own type is asked). Checked to fail with `type(of: child)`.
    @Test func anExistentialsValuesAreEachAskedForTheirCase() {
        let notAnEnum = ReleaseFlag()
        #expect(ChildIdentity.caseName(of: PlainShown() as any Shown, notAnEnum: notAnEnum, memo: nil) == nil)
        #expect(!notAnEnum.isSet)
        #expect(
            ChildIdentity.caseName(of: CaseShown.editor(1) as any Shown, notAnEnum: notAnEnum, memo: nil) == "editor")
        let shown = PresenceReader<any Shown>()
        #expect(shown.presence(of: PlainShown()) == .present)
        #expect(shown.presence(of: CaseShown.editor(2)) == .named("editor"))
        // A concrete type seen not to be an enum is remembered.
        let plain = ReleaseFlag()
        #expect(ChildIdentity.caseName(of: Plain(), notAnEnum: plain, memo: nil) == nil)
        #expect(plain.isSet)
    }
}

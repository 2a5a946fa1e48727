import ReduxDiff
import ReduxTestSupport
import Testing

@testable import Redux

struct ValueDiffTests {
    struct Address: Equatable { var city: String; var zip: String? }
    enum Status: Equatable { case idle, loading(progress: Int), failed(String) }
    struct Profile: Equatable {
        var name = "Ada"
        var age = 36
        var address = Address(city: "London", zip: nil)
        var tags: [String] = ["math"]
        var scores: [String: Int] = ["a": 1]
        var status = Status.idle
        var flags: Set<String> = ["x"]
    }

    @Test func nothingChangedGivesNoLines() {
        #expect(ValueDiff.lines(from: Profile(), to: Profile()).isEmpty)
    }

    @Test func nestedStructMembersAreReportedByPath() {
        var new = Profile()
        new.age = 37
        new.address.city = "Paris"
        #expect(
            ValueDiff.lines(from: Profile(), to: new, rootName: "state") == [
                "state.age: 36 → 37",
                #"state.address.city: "London" → "Paris""#,
            ])
    }

    @Test func optionalsArraysDictionariesEnumsAndSets() {
        var new = Profile()
        new.address.zip = "75001"
        new.tags = ["math", "poetry"]
        new.scores = ["a": 2, "b": 3]
        new.status = .loading(progress: 50)
        new.flags = ["y"]
        let lines = ValueDiff.lines(from: Profile(), to: new)
        #expect(lines.contains(#"address.zip: nil → "75001""#))
        #expect(lines.contains(#"tags[1]: added "poetry""#))
        #expect(lines.contains("scores[\"a\"]: 1 → 2"))
        #expect(lines.contains("scores[\"b\"]: added 3"))
        #expect(lines.contains { $0.hasPrefix("status: ") && $0.contains("idle") && $0.contains("loading") })
        #expect(lines.contains(#"flags: removed "x""#))
        #expect(lines.contains(#"flags: added "y""#))
    }

    @Test func associatedValuesOfTheSameCaseAreDiffed() {
        let lines = ValueDiff.lines(from: Status.loading(progress: 10), to: Status.loading(progress: 20))
        #expect(lines == ["(loading).progress: 10 → 20"])
    }

    @Test func removedArrayElementsAreReported() {
        #expect(ValueDiff.lines(from: [1, 2, 3], to: [1]) == ["[1]: removed 2", "[2]: removed 3"])
    }

    @Test func oneChangeInALargeArrayIsFoundAndOutputIsBounded() {
        let old = Array(repeating: 0, count: 100_000)
        var new = old
        new[99_999] = 1
        #expect(ValueDiff.lines(from: old, to: new) == ["[99999]: 0 → 1"])
        let everything = Array(repeating: 1, count: 100)
        let bounded = ValueDiff.lines(from: Array(repeating: 0, count: 100), to: everything, maxLines: 3)
        #expect(bounded.count == 4)
        #expect(bounded.last == "… and 97 more changes")
    }

    @Test func longValuesAreCut() {
        let line = ValueDiff.lines(from: "a", to: String(repeating: "b", count: 500), maxValueLength: 10)
        #expect(line == [#""a" → "bbbbbbbbb…"#])
    }
}

struct BoundedDescriptionTests {
    struct Big { var name = "big"; var items = Array(0..<100_000); var table = ["k": 1]; var note: String? = nil }

    @Test func longCollectionsAreElidedWithACount() {
        let text = ValueDiff.boundedDescription(Big(), maxElements: 3)
        #expect(text == #"Big(name: "big", items: [0, 1, 2, … 99997 more], table: ["k": 1], note: nil)"#)
    }

    @Test func arraysOfLeavesPrintAsReflectedArraysDo() {
        // `[Int]` and `[String]` take the fast path; `[Int?]` and `[String?]` are reflected element by element.
        let numbers = [1, 2, 3]
        #expect(ValueDiff.boundedDescription(numbers, maxElements: 2) == "[1, 2, … 1 more]")
        #expect(
            ValueDiff.boundedDescription(numbers, maxElements: 2)
                == ValueDiff.boundedDescription(numbers.map(Optional.some), maxElements: 2))
        let words = ["a", #"b"c"#]
        #expect(ValueDiff.boundedDescription(words) == #"["a", "b\"c"]"#)
        #expect(ValueDiff.boundedDescription(words) == ValueDiff.boundedDescription(words.map(Optional.some)))
        #expect(ValueDiff.boundedDescription([Int](), maxElements: 2) == "[]")
        #expect(ValueDiff.boundedDescription([Double](repeating: 0.5, count: 3), maxElements: 0) == "[… 3 more]")
        #expect(
            ValueDiff.boundedDescription([Double](repeating: 0.5, count: 3), maxElements: 0)
                == ValueDiff.boundedDescription([Double?](repeating: 0.5, count: 3), maxElements: 0))
    }

    /// The cut counts characters, not bytes: a text of multi-byte characters as long as the limit is
    /// whole, one character longer is cut at the limit; a limit below zero cuts everything.
    @Test func descriptionsAreCutAtTheirLengthInCharacters() {
        struct Label { var text: String }
        let whole = ValueDiff.boundedDescription(Label(text: "é🙂"), maxLength: 17)
        #expect(whole == #"Label(text: "é🙂")"#)
        #expect(whole.count == 17 && whole.utf8.count > 17)
        #expect(ValueDiff.boundedDescription(Label(text: "é🙂"), maxLength: 16) == #"Label(text: "é🙂"…"#)
        #expect(ValueDiff.boundedDescription(Label(text: "é🙂"), maxLength: 13) == #"Label(text: "…"#)
        #expect(ValueDiff.describe("🙂🙂🙂", maxLength: 3) == #""🙂🙂…"#)
        #expect(ValueDiff.describe(Label(text: "x"), maxLength: -4) == "…")
    }

    @Test func enumsShowTheirCaseAndPayload() {
        enum Phase { case idle, running(step: Int) }
        #expect(ValueDiff.boundedDescription(Phase.running(step: 2)) == ".running(step: 2)")
        #expect(ValueDiff.boundedDescription(Phase.idle) == ".idle")
    }

    /// Dictionaries of `Equatable` values are diffed entry by entry, whatever the order of their
    /// entries: walked side by side where the orders agree, looked up by key where they do not.
    @Test(arguments: [0, 1, 2])
    func dictionaryEntriesAreDiffedWhateverTheirOrder(variant: Int) {
        struct Movie: Equatable { var title: String; var seen = false }
        var old: [Int: Movie] = [:]
        for id in 0..<500 { old[id] = Movie(title: "m\(id)") }
        var new: [Int: Movie]
        switch variant {
        case 0: new = old  // a copy: the same order
        case 1: new = Dictionary(uniqueKeysWithValues: old.sorted { $0.key > $1.key })  // another order
        default: new = Dictionary(minimumCapacity: 5_000).merging(old) { a, _ in a }  // another size
        }
        new[7]?.seen = true
        new[499] = nil
        new[1_000] = Movie(title: "new")
        new[250]?.title = "renamed"
        let lines = ValueDiff.lines(from: old, to: new, rootName: "movies")
        #expect(
            lines == [
                "movies[1000]: added Movie(title: \"new\", seen: false)",
                "movies[250].title: \"m250\" → \"renamed\"",
                "movies[499]: removed Movie(title: \"m499\", seen: false)",
                "movies[7].seen: false → true",
            ], "\(lines)")
        #expect(ValueDiff.lines(from: old, to: old).isEmpty)
    }
}

/// A value with no fields to reflect (Foundation's `UUID`, `Date`) is shown by its description.
@Test func aValueWithoutFieldsIsShownByItsDescription() {
    struct Opaque: CustomStringConvertible {
        var description: String { "opaque-7" }
    }
    struct Holder {
        let value: Opaque
    }
    #expect(ValueDiff.describe(Holder(value: Opaque())).contains("Opaque(opaque-7)"))
}

/// A test's diff of identified collections and stacks names the changed element's member.
@Test func aStackOrIdentifiedCollectionDiffNamesTheChangedMember() {
    struct Screen: Equatable { var count = 1 }
    var before = StackState<Screen>()
    before.push(Screen())
    var after = before
    after[0].state.count = 2
    #expect(ValueDiff.lines(from: before, to: after, rootName: "state") == ["state[0].state.count: 1 → 2"])
    struct Row: Identifiable, Equatable {
        let id: Int
        var title: String
    }
    let rows: IdentifiedArrayOf<Row> = [Row(id: 1, title: "a")]
    var renamed = rows
    renamed[id: 1]?.title = "b"
    #expect(ValueDiff.lines(from: rows, to: renamed, rootName: "state") == [#"state[0].title: "a" → "b""#])
}

import Testing

@testable import Redux

/// A case reached by its constructor, with `Mirror` only: what `ifLet(case:then:)`, `scope(case:)`,
/// `[case:]` and `SharedView.child(case:_:)` rest on.
struct CaseReaderTests {
    struct Form: Equatable, Sendable { var title = "" }

    enum Destination: Equatable, Sendable {
        case add(Form)
        case edit(Form)
        case labelled(form: Form)
        case pair(Int, String)
        case none
        indirect case nested(Destination)
    }

    @Test @MainActor func twoCasesOfOnePayloadTypeAreTwoCases() {
        let edit = CaseReader(Destination.edit)
        // The first value seen is the other case: the reader learns its own name from the
        // constructor, not from the value.
        #expect(edit.extract(from: .add(Form(title: "a"))) == nil)
        #expect(edit.extract(from: .edit(Form(title: "e")))?.payload == Form(title: "e"))
        #expect(edit.extract(from: .edit(Form(title: "e")))?.name == "edit")
        #expect(edit.extract(from: .add(Form(title: "a"))) == nil)
        #expect(edit.extract(from: .none) == nil)
        let add = CaseReader(Destination.add)
        #expect(add.extract(from: .add(Form(title: "a")))?.payload == Form(title: "a"))
    }

    @Test func aLabelledValueAndAnIndirectCaseAreReached() {
        #expect(
            CaseReader(Destination.labelled(form:)).extract(from: .labelled(form: Form(title: "l")))?.payload.title
                == "l")
        #expect(CaseReader(Destination.nested).extract(from: .nested(.none))?.payload == Destination.none)
        #expect(CaseReader(Destination.nested).extract(from: .none) == nil)
    }

    @Test func offTheMainActorTheCaseIsStillTold() async {
        let reader = CaseReader(Destination.edit)
        let found = await Task.detached {
            (reader.extract(from: .edit(Form(title: "x")))?.payload, reader.extract(from: .add(Form())) == nil)
        }.value
        #expect(found.0 == Form(title: "x"))
        #expect(found.1)
    }
}

extension Optional {
    /// The payload of one case of this optional enum — an enum destination — reached by the case's
    /// constructor: `nil` while the value is `nil` or another case. Setting a payload shows that
    /// case; setting `nil` clears the destination when it shows that case (another case stays).
    ///
    /// What a test's expected change and a reducer write instead of a hand-written accessor:
    ///
    /// ```swift
    /// $0.destination[case: Destination.editor]?.title = "Draft"
    /// ```
    ///
    /// The case is recognised with `Mirror` (see ``Reducer/ifLet(case:then:)-2mm1x``).
    ///
    /// - Parameter embed: The case's constructor; a case with one associated value.
    public subscript<Payload>(case embed: @escaping @Sendable (Payload) -> Wrapped) -> Payload? {
        get { flatMap { CaseReader(embed).extract(from: $0)?.payload } }
        set {
            if let newValue {
                self = embed(newValue)
            } else if let wrapped = self, CaseReader(embed).extract(from: wrapped) != nil {
                self = nil
            }
        }
    }
}

extension StackElement {
    /// The payload of one case of this screen's state (the stack's enum of screens), reached by the
    /// case's constructor: `nil` while the screen is another case. Setting a payload makes the screen
    /// that case (its identifier stays); setting `nil` does nothing (pop the screen instead).
    ///
    /// ```swift
    /// $0.path[id: screen]?[case: Path.detail]?.isEditing = true
    /// ```
    ///
    /// - Parameter embed: The case's constructor; a case with one associated value.
    public subscript<Payload>(case embed: @escaping @Sendable (Payload) -> State) -> Payload? {
        get { CaseReader(embed).extract(from: state)?.payload }
        set {
            if let newValue { state = embed(newValue) }
        }
    }
}

/// Exactly three values: a row of the board, or its three rows.
public struct Three<Element> {
    /// The first value (position 0).
    public var first: Element
    /// The second value (position 1).
    public var second: Element
    /// The third value (position 2).
    public var third: Element

    /// Three values.
    public init(_ first: Element, _ second: Element, _ third: Element) {
        (self.first, self.second, self.third) = (first, second, third)
    }
}

extension Three: MutableCollection, RandomAccessCollection {
    /// 0.
    public var startIndex: Int { 0 }
    /// 3.
    public var endIndex: Int { 3 }
    /// The index after `i`.
    public func index(after i: Int) -> Int { i + 1 }
    /// The index before `i`.
    public func index(before i: Int) -> Int { i - 1 }

    /// The value at `position` (0, 1 or 2).
    public subscript(position: Int) -> Element {
        get {
            precondition((0..<3).contains(position), "Three has the positions 0, 1 and 2, not \(position)")
            return position == 0 ? first : position == 1 ? second : third
        }
        set {
            precondition((0..<3).contains(position), "Three has the positions 0, 1 and 2, not \(position)")
            switch position {
            case 0: first = newValue
            case 1: second = newValue
            default: third = newValue
            }
        }
    }
}

extension Three: Equatable where Element: Equatable {}
extension Three: Hashable where Element: Hashable {}
extension Three: Sendable where Element: Sendable {}

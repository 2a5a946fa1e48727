extension IdentifiedArray: Encodable where Element: Encodable {
    /// Encodes the elements as an array; a navigation stack (``StackState``) as
    /// `{"next": 3, "screens": [{"id": 0, "state": …}, …]}`, its next screen number with it.
    ///
    /// - Parameter encoder: The encoder.
    public func encode(to encoder: any Encoder) throws {
        if ID.self == StackElementID.self {
            var container = encoder.container(keyedBy: StackCodingKeys.self)
            try container.encode(nextScreenNumber, forKey: .next)
            try container.encode(elements, forKey: .screens)
            return
        }
        var container = encoder.unkeyedContainer()
        for element in self {
            try container.encode(element)
        }
    }
}

/// The keys of a navigation stack's encoding.
private enum StackCodingKeys: String, CodingKey {
    case next, screens
}

extension IdentifiedArray: Decodable where Element: Decodable {
    /// Decodes an array of elements; a repeated identifier throws `DecodingError.dataCorrupted`.
    /// A navigation stack reads `{"next": …, "screens": […]}` — its next number raised past every
    /// screen's, so a decoded stack never gives one again — or, as files written before
    /// identifiers were state hold it, an array of the screens' states, each given an identifier
    /// unique in the process.
    ///
    /// - Parameter decoder: The decoder.
    public init(from decoder: any Decoder) throws {
        self.init()
        if ID.self == StackElementID.self {
            if let keyed = try? decoder.container(keyedBy: StackCodingKeys.self), keyed.contains(.screens) {
                var screens = try keyed.nestedUnkeyedContainer(forKey: .screens)
                try appendDecoded(from: &screens) { try $0.decode(Element.self) }
                var next = try keyed.decode(UInt64.self, forKey: .next)
                for element in self {
                    if let number = (element.id as? StackElementID)?.number, number >= next { next = number + 1 }
                }
                nextScreenNumber = next
                return
            }
            if let legacy = Element.self as? any LegacyStackScreen.Type {
                var container = try decoder.unkeyedContainer()
                try appendDecoded(from: &container) { container in
                    // An element of a stack (ID == StackElementID) is a StackElement: the cast holds.
                    guard let element = try legacy.init(legacyFrom: container.superDecoder()) as? Element else {
                        throw DecodingError.dataCorrupted(
                            .init(codingPath: container.codingPath, debugDescription: "not a stack screen"))
                    }
                    return element
                }
                return
            }
        }
        var container = try decoder.unkeyedContainer()
        try appendDecoded(from: &container) { try $0.decode(Element.self) }
    }

    private mutating func appendDecoded(
        from container: inout any UnkeyedDecodingContainer,
        _ decode: (inout any UnkeyedDecodingContainer) throws -> Element
    ) throws {
        while !container.isAtEnd {
            let element = try decode(&container)
            guard appendWithoutLogging(element) else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: container.codingPath,
                        debugDescription: "Duplicate element at offset \(container.currentIndex - 1)"))
            }
        }
    }
}

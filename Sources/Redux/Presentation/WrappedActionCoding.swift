/// How the actions that carry another action — ``ElementAction`` (what a row's, a child's or a
/// screen's scope sends), ``StackAction/element(id:action:)`` — are written to and read from a file:
/// the carried action by its type's name and its own encoding, an element's identifier by its
/// type's name and value.
///
/// Encoding needs nothing: a carried action that is `Encodable` is written (one that is not makes
/// the encoding throw, naming its type). Decoding needs to know the app's action types: a decoder
/// whose `userInfo` holds an ``ActionDecodingContext`` under ``ActionDecodingContext/userInfoKey``.
/// ReduxHistory's `ActionRegistry` sets it when it reads a recording or a Redux DevTools file, so
/// a session driven through scopes goes through a file and replays.
public struct ActionDecodingContext: Sendable {
    /// The `userInfo` key a decoder holds the context under.
    public static let userInfoKey: CodingUserInfoKey = {
        guard let key = CodingUserInfoKey(rawValue: "swift-redux.actionDecodingContext") else {
            preconditionFailure("CodingUserInfoKey refused a constant, non-empty key")
        }
        return key
    }()

    let action: @Sendable (_ typeName: String, _ decoder: any Decoder) throws -> any Action
    let identifier: @Sendable (_ typeName: String, _ decoder: any Decoder) throws -> (any Hashable & Sendable)?

    /// A context of the app's decoders.
    ///
    /// - Parameters:
    ///   - action: Decodes the action whose type is named `typeName` (``typeName(of:)``), or throws.
    ///   - identifier: Decodes an element identifier of the type named `typeName`; `nil` when it
    ///     does not know the type. The standard library's integers, `String` and ``StackElementID``
    ///     are read before it is asked.
    public init(
        action: @escaping @Sendable (_ typeName: String, _ decoder: any Decoder) throws -> any Action,
        identifier:
            @escaping @Sendable (_ typeName: String, _ decoder: any Decoder) throws -> (
                any Hashable & Sendable
            )?
    ) {
        self.action = action
        self.identifier = identifier
    }

    /// The name files give a type: its name without its module (`AddTodo`, `Outer.Inner`,
    /// `StackAction<App.Path>`).
    ///
    /// - Parameter type: The type.
    /// - Returns: Its name.
    public static func typeName(of type: Any.Type) -> String {
        let full = String(reflecting: type)
        guard let dot = full.firstIndex(of: ".") else { return full }
        return String(full[full.index(after: dot)...])
    }

    /// The context of `decoder`, or an error naming what is missing.
    static func of(_ decoder: any Decoder, decoding what: String) throws -> ActionDecodingContext {
        guard let context = decoder.userInfo[userInfoKey] as? ActionDecodingContext else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "\(what) carries an action of the app's: decode it with an "
                        + "ActionDecodingContext in the decoder's userInfo (ReduxHistory's ActionRegistry sets one)"))
        }
        return context
    }

    /// Writes `action` under `typeKey` (its type's name) and `actionKey`.
    static func encode<Key: CodingKey>(
        _ action: any Action, in container: inout KeyedEncodingContainer<Key>, typeKey: Key, actionKey: Key
    ) throws {
        try encodeNamed(action, what: "", in: &container, typeKey: typeKey, valueKey: actionKey)
    }

    /// Writes `value`'s type name under `typeKey` and `value` under `valueKey`; a value that is not
    /// `Encodable` throws, naming its type (`what` says what it is, for an identifier).
    private static func encodeNamed<Key: CodingKey>(
        _ value: Any, what: String, in container: inout KeyedEncodingContainer<Key>, typeKey: Key, valueKey: Key
    ) throws {
        let name = typeName(of: type(of: value))
        guard let encodable = value as? any Encodable else {
            throw EncodingError.invalidValue(
                value,
                .init(
                    codingPath: container.codingPath + [valueKey], debugDescription: "\(what)\(name) is not Encodable"))
        }
        try container.encode(name, forKey: typeKey)
        try encodable.encode(to: container.superEncoder(forKey: valueKey))
    }

    /// Reads the action written by ``encode(_:in:typeKey:actionKey:)``.
    static func decodeAction<Key: CodingKey>(
        from container: KeyedDecodingContainer<Key>, typeKey: Key, actionKey: Key, decoder: any Decoder, what: String
    ) throws -> any Action {
        let context = try of(decoder, decoding: what)
        let name = try container.decode(String.self, forKey: typeKey)
        return try context.action(name, try container.superDecoder(forKey: actionKey))
    }

    /// Writes an element identifier under `typeKey` (its type's name) and `idKey`.
    static func encode<Key: CodingKey>(
        identifier: any Hashable & Sendable, in container: inout KeyedEncodingContainer<Key>, typeKey: Key, idKey: Key
    ) throws {
        try encodeNamed(identifier, what: "the identifier's type ", in: &container, typeKey: typeKey, valueKey: idKey)
    }

    /// Reads the identifier written by ``encode(identifier:in:typeKey:idKey:)``.
    static func decodeIdentifier<Key: CodingKey>(
        from container: KeyedDecodingContainer<Key>, typeKey: Key, idKey: Key, decoder: any Decoder, what: String
    ) throws -> any Hashable & Sendable {
        let name = try container.decode(String.self, forKey: typeKey)
        func read<T: Decodable & Hashable & Sendable>(_: T.Type) throws -> any Hashable & Sendable {
            try container.decode(T.self, forKey: idKey)
        }
        switch name {
        case "Int": return try read(Int.self)
        case "Int64": return try read(Int64.self)
        case "Int32": return try read(Int32.self)
        case "UInt": return try read(UInt.self)
        case "UInt64": return try read(UInt64.self)
        case "UInt32": return try read(UInt32.self)
        case "String": return try read(String.self)
        case "StackElementID": return try read(StackElementID.self)
        default:
            let context = try of(decoder, decoding: what)
            guard let identifier = try context.identifier(name, try container.superDecoder(forKey: idKey)) else {
                throw DecodingError.dataCorruptedError(
                    forKey: typeKey, in: container,
                    debugDescription:
                        "the identifier type \(name) is not registered (ActionRegistry.registeringIdentifier)")
            }
            return identifier
        }
    }
}

extension ElementAction: Codable {
    private enum CodingKeys: String, CodingKey {
        case path, idType, id, actionType, action
    }

    /// Writes `{"path": "todos", "idType": "Int", "id": 3, "actionType": "Toggle", "action": {…}}`
    /// (no `idType`/`id` for a presented child); throws when the carried action (or the
    /// identifier) is not `Encodable`.
    ///
    /// - Parameter encoder: The encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        if let id {
            try ActionDecodingContext.encode(identifier: id, in: &container, typeKey: .idType, idKey: .id)
        }
        try ActionDecodingContext.encode(action, in: &container, typeKey: .actionType, actionKey: .action)
    }

    /// Reads what ``encode(to:)`` wrote; the carried action (and an identifier of the app's own
    /// type) through the decoder's ``ActionDecodingContext``.
    ///
    /// - Parameter decoder: The decoder.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let id: (any Hashable & Sendable)? =
            container.contains(.id)
            ? try ActionDecodingContext.decodeIdentifier(
                from: container, typeKey: .idType, idKey: .id, decoder: decoder, what: "ElementAction") : nil
        let action = try ActionDecodingContext.decodeAction(
            from: container, typeKey: .actionType, actionKey: .action, decoder: decoder, what: "ElementAction")
        self.init(path: try container.decode(String.self, forKey: .path), id: id, action)
    }
}

extension StackAction: Codable where Screen: Codable {
    private enum CodingKeys: String, CodingKey {
        case push, popFrom, element, id, actionType, action
    }

    /// Writes `{"push": screen}`, `{"popFrom": 1}` or `{"element": {"id": 1, "actionType": "Save",
    /// "action": {…}}}`; throws when a screen's action is not `Encodable`.
    ///
    /// - Parameter encoder: The encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .push(let screen): try container.encode(screen, forKey: .push)
        case .popFrom(let id): try container.encode(id, forKey: .popFrom)
        case .element(let id, let action):
            var element = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .element)
            try element.encode(id, forKey: .id)
            try ActionDecodingContext.encode(action, in: &element, typeKey: .actionType, actionKey: .action)
        }
    }

    /// Reads what ``encode(to:)`` wrote; a screen's action through the decoder's
    /// ``ActionDecodingContext``.
    ///
    /// - Parameter decoder: The decoder.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.push) {
            self = .push(try container.decode(Screen.self, forKey: .push))
        } else if container.contains(.popFrom) {
            self = .popFrom(id: try container.decode(StackElementID.self, forKey: .popFrom))
        } else if container.contains(.element) {
            let element = try container.nestedContainer(keyedBy: CodingKeys.self, forKey: .element)
            let action = try ActionDecodingContext.decodeAction(
                from: element, typeKey: .actionType, actionKey: .action, decoder: decoder, what: "StackAction")
            self = .element(id: try element.decode(StackElementID.self, forKey: .id), action: action)
        } else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "neither push, popFrom nor element"))
        }
    }
}

import Foundation

/// A JSON reader that finds values without building them: it checks the syntax and hands back byte
/// ranges, so a Redux DevTools file of a million steps is read in place — each action decoded
/// straight from its bytes — instead of as a tree of every value (which took ten times the file).
///
/// All positions are offsets into `bytes`. Every failure is a ``JSONScanner/Failure`` naming the
/// offset and what was expected: a file is input, never a reason to trap.
struct JSONScanner {
    /// A syntax error at a byte offset.
    struct Failure: Error, CustomStringConvertible {
        let offset: Int
        let message: String
        var description: String { "\(message) at byte \(offset)" }
    }

    /// A member of an object: its key and the range of its value.
    struct Member {
        let key: String
        let value: Range<Int>
    }

    let bytes: UnsafeRawBufferPointer

    /// The nesting a file may have: deeper input is refused rather than recursed into (a stack
    /// overflow is a crash).
    static let maximumDepth = 512

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    // MARK: Values

    /// The first byte of the value at `range` after white space (`{`, `[`, `"`, a digit…), or `nil`
    /// for an empty range.
    func kind(of range: Range<Int>) -> UInt8? {
        var position = range.lowerBound
        skipWhitespace(&position, upTo: range.upperBound)
        return position < range.upperBound ? bytes[position] : nil
    }

    /// The range of the one value in `range` (white space around it allowed, nothing else).
    func value(in range: Range<Int>) throws -> Range<Int> {
        var position = range.lowerBound
        skipWhitespace(&position, upTo: range.upperBound)
        let start = position
        try skipValue(&position, limit: range.upperBound, depth: 0)
        let end = position
        skipWhitespace(&position, upTo: range.upperBound)
        guard position == range.upperBound else { throw Failure(offset: position, message: "text after the value") }
        return start..<end
    }

    /// The members of the object at `range`, in order.
    func members(of range: Range<Int>) throws -> [Member] {
        var result: [Member] = []
        try forEachMember(of: range) { result.append($0) }
        return result
    }

    /// Calls `body` with each member of the object at `range`, in order (no array of them is made).
    func forEachMember(of range: Range<Int>, _ body: (Member) throws -> Void) throws {
        var position = range.lowerBound
        skipWhitespace(&position, upTo: range.upperBound)
        try expect(UInt8(ascii: "{"), at: &position, limit: range.upperBound)
        skipWhitespace(&position, upTo: range.upperBound)
        if position < range.upperBound, bytes[position] == UInt8(ascii: "}") { return }
        while true {
            skipWhitespace(&position, upTo: range.upperBound)
            let key = try string(at: &position, limit: range.upperBound)
            skipWhitespace(&position, upTo: range.upperBound)
            try expect(UInt8(ascii: ":"), at: &position, limit: range.upperBound)
            skipWhitespace(&position, upTo: range.upperBound)
            let start = position
            try skipValue(&position, limit: range.upperBound, depth: 1)
            try body(Member(key: key, value: start..<position))
            skipWhitespace(&position, upTo: range.upperBound)
            guard position < range.upperBound else { throw Failure(offset: position, message: "an unclosed object") }
            if bytes[position] == UInt8(ascii: "}") { return }
            try expect(UInt8(ascii: ","), at: &position, limit: range.upperBound)
        }
    }

    /// The ranges of the elements of the array at `range`, in order.
    func elements(of range: Range<Int>) throws -> [Range<Int>] {
        var position = range.lowerBound
        skipWhitespace(&position, upTo: range.upperBound)
        try expect(UInt8(ascii: "["), at: &position, limit: range.upperBound)
        skipWhitespace(&position, upTo: range.upperBound)
        var result: [Range<Int>] = []
        if position < range.upperBound, bytes[position] == UInt8(ascii: "]") { return result }
        while true {
            skipWhitespace(&position, upTo: range.upperBound)
            let start = position
            try skipValue(&position, limit: range.upperBound, depth: 1)
            result.append(start..<position)
            skipWhitespace(&position, upTo: range.upperBound)
            guard position < range.upperBound else { throw Failure(offset: position, message: "an unclosed array") }
            if bytes[position] == UInt8(ascii: "]") { return result }
            try expect(UInt8(ascii: ","), at: &position, limit: range.upperBound)
        }
    }

    /// The string at `range`, its escapes decoded; `nil` when the value is not a string.
    func string(in range: Range<Int>) throws -> String? {
        var position = range.lowerBound
        skipWhitespace(&position, upTo: range.upperBound)
        guard position < range.upperBound, bytes[position] == UInt8(ascii: "\"") else { return nil }
        return try string(at: &position, limit: range.upperBound)
    }

    /// The number at `range`; `nil` when the value is not a number.
    func number(in range: Range<Int>) -> Double? {
        var position = range.lowerBound
        skipWhitespace(&position, upTo: range.upperBound)
        guard let first = position < range.upperBound ? bytes[position] : nil,
            first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
        else { return nil }
        var end = range.upperBound
        while end > position, Self.isWhitespace(bytes[end - 1]) { end -= 1 }
        return Double(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self))
    }

    // MARK: Reading as JSON.parse reads

    /// The value at `range` as JSON that Foundation's decoder reads as JSON.parse (the Redux
    /// DevTools extension) reads the original: in an object with a repeated key only the last
    /// value stands (Foundation would keep the first), and a lone surrogate escape is written as
    /// U+FFFD (Foundation would refuse the string; JSON.parse keeps it, and a Swift string cannot).
    /// The bytes as they are when nothing needs it — the usual case, read without a copy made twice.
    func normalized(_ range: Range<Int>) throws -> Data {
        guard try needsNormalizing(range) else { return Data(UnsafeRawBufferPointer(rebasing: bytes[range])) }
        var data = Data()
        data.reserveCapacity(range.count)
        try appendNormalized(range, to: &data)
        return data
    }

    private func needsNormalizing(_ range: Range<Int>) throws -> Bool {
        switch kind(of: range) {
        case UInt8(ascii: "{"):
            var keys = Set<String>()
            var needs = false
            try forEachMember(of: range) { member in
                guard !needs else { return }
                let repeated = !keys.insert(member.key).inserted
                needs = try repeated || member.key.contains("\u{FFFD}") || needsNormalizing(member.value)
            }
            return needs
        case UInt8(ascii: "["):
            return try elements(of: range).contains { try needsNormalizing($0) }
        case UInt8(ascii: "\""):
            return Self.mayHoldASurrogateEscape(UnsafeRawBufferPointer(rebasing: bytes[range]))
        default:
            return false
        }
    }

    /// Whether `text` has a `\uD800`–`\uDFFF` escape (a pair or a lone one: either is rewritten).
    private static func mayHoldASurrogateEscape(_ text: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        while index + 2 < text.count {
            if text[index] == UInt8(ascii: "\\") {
                if text[index + 1] == UInt8(ascii: "u"), text[index + 2] | 0x20 == UInt8(ascii: "d") { return true }
                index += 2
            } else {
                index += 1
            }
        }
        return false
    }

    private func appendNormalized(_ range: Range<Int>, to data: inout Data) throws {
        switch kind(of: range) {
        case UInt8(ascii: "{"):
            let members = try members(of: range)
            var last: [String: Int] = [:]
            for (position, member) in members.enumerated() { last[member.key] = position }
            data.append(UInt8(ascii: "{"))
            var first = true
            for (position, member) in members.enumerated() where last[member.key] == position {
                if !first { data.append(UInt8(ascii: ",")) }
                first = false
                Self.appendQuoted(member.key, to: &data)
                data.append(UInt8(ascii: ":"))
                try appendNormalized(member.value, to: &data)
            }
            data.append(UInt8(ascii: "}"))
        case UInt8(ascii: "["):
            data.append(UInt8(ascii: "["))
            for (position, element) in try elements(of: range).enumerated() {
                if position > 0 { data.append(UInt8(ascii: ",")) }
                try appendNormalized(element, to: &data)
            }
            data.append(UInt8(ascii: "]"))
        case UInt8(ascii: "\""):
            Self.appendQuoted(try string(in: range) ?? "", to: &data)
        default:
            data.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[range]))
        }
    }

    /// Appends `text` as a JSON string.
    static func appendQuoted(_ text: String, to data: inout Data) {
        data.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                data.append(UInt8(ascii: "\\"))
                data.append(byte)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                data.append(contentsOf: Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default:
                data.append(byte)
            }
        }
        data.append(UInt8(ascii: "\""))
    }

    // MARK: Scanning

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private func skipWhitespace(_ position: inout Int, upTo limit: Int) {
        while position < limit, Self.isWhitespace(bytes[position]) { position += 1 }
    }

    private func expect(_ byte: UInt8, at position: inout Int, limit: Int) throws {
        guard position < limit, bytes[position] == byte else {
            throw Failure(offset: position, message: "expected \"\(Character(Unicode.Scalar(byte)))\"")
        }
        position += 1
    }

    /// Moves past one value, checking its syntax.
    private func skipValue(_ position: inout Int, limit: Int, depth: Int) throws {
        guard depth < Self.maximumDepth else { throw Failure(offset: position, message: "nesting deeper than 512") }
        guard position < limit else { throw Failure(offset: position, message: "a value expected, the input ended") }
        switch bytes[position] {
        case UInt8(ascii: "{"):
            position += 1
            skipWhitespace(&position, upTo: limit)
            if position < limit, bytes[position] == UInt8(ascii: "}") {
                position += 1
                return
            }
            while true {
                skipWhitespace(&position, upTo: limit)
                try skipString(&position, limit: limit)
                skipWhitespace(&position, upTo: limit)
                try expect(UInt8(ascii: ":"), at: &position, limit: limit)
                skipWhitespace(&position, upTo: limit)
                try skipValue(&position, limit: limit, depth: depth + 1)
                skipWhitespace(&position, upTo: limit)
                guard position < limit else { throw Failure(offset: position, message: "an unclosed object") }
                if bytes[position] == UInt8(ascii: "}") {
                    position += 1
                    return
                }
                try expect(UInt8(ascii: ","), at: &position, limit: limit)
            }
        case UInt8(ascii: "["):
            position += 1
            skipWhitespace(&position, upTo: limit)
            if position < limit, bytes[position] == UInt8(ascii: "]") {
                position += 1
                return
            }
            while true {
                skipWhitespace(&position, upTo: limit)
                try skipValue(&position, limit: limit, depth: depth + 1)
                skipWhitespace(&position, upTo: limit)
                guard position < limit else { throw Failure(offset: position, message: "an unclosed array") }
                if bytes[position] == UInt8(ascii: "]") {
                    position += 1
                    return
                }
                try expect(UInt8(ascii: ","), at: &position, limit: limit)
            }
        case UInt8(ascii: "\""):
            try skipString(&position, limit: limit)
        case UInt8(ascii: "t"): try skipLiteral("true", &position, limit: limit)
        case UInt8(ascii: "f"): try skipLiteral("false", &position, limit: limit)
        case UInt8(ascii: "n"): try skipLiteral("null", &position, limit: limit)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try skipNumber(&position, limit: limit)
        default:
            throw Failure(offset: position, message: "a value expected")
        }
    }

    /// Moves past a number of JSON's grammar: `-`? (`0` | [1-9][0-9]*) (`.` [0-9]+)? ([eE] [+-]? [0-9]+)?
    /// — `02`, `2.`, `-.5` and `+1` are refused, as JSON.parse refuses them; any length is read.
    private func skipNumber(_ position: inout Int, limit: Int) throws {
        let start = position
        func malformed() -> Failure { Failure(offset: start, message: "a malformed number") }
        func isDigit(_ at: Int) -> Bool { at < limit && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]) }
        func skipDigits() throws {
            guard isDigit(position) else { throw malformed() }
            while isDigit(position) { position += 1 }
        }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard isDigit(position) else { throw malformed() }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if isDigit(position) { throw malformed() }
        } else {
            try skipDigits()
        }
        if position < limit, bytes[position] == UInt8(ascii: ".") {
            position += 1
            try skipDigits()
        }
        if position < limit, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < limit, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            try skipDigits()
        }
    }

    private func skipLiteral(_ literal: StaticString, _ position: inout Int, limit: Int) throws {
        let count = literal.utf8CodeUnitCount
        guard limit - position >= count,
            literal.withUTF8Buffer({ $0.elementsEqual(bytes[position..<position + count]) })
        else { throw Failure(offset: position, message: "a value expected") }
        position += count
    }

    /// Moves past a string, checking that it is closed and its escapes are well formed.
    private func skipString(_ position: inout Int, limit: Int) throws {
        let start = position
        try expect(UInt8(ascii: "\""), at: &position, limit: limit)
        while position < limit {
            switch bytes[position] {
            case UInt8(ascii: "\""):
                position += 1
                return
            case UInt8(ascii: "\\"):
                // An escape is one of JSON's eight, or `u` and four hex digits: anything else is
                // refused here, where the string is scanned, so reading it later cannot fail.
                guard position + 1 < limit else { break }
                switch bytes[position + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    position += 2
                case UInt8(ascii: "u"):
                    guard position + 6 <= limit,
                        bytes[(position + 2)..<(position + 6)].allSatisfy({ Self.hexValue($0) != nil })
                    else { throw Failure(offset: position, message: "a malformed \\u escape") }
                    position += 6
                default:
                    throw Failure(offset: position, message: "a malformed escape")
                }
            case 0..<0x20:
                throw Failure(offset: position, message: "a control character in a string")
            default:
                position += 1
            }
        }
        throw Failure(offset: start, message: "an unclosed string")
    }

    /// Reads a string, decoding its escapes (`\n`, `\u00e9`, surrogate pairs).
    private func string(at position: inout Int, limit: Int) throws -> String {
        let start = position
        try skipString(&position, limit: limit)
        let body = UnsafeRawBufferPointer(rebasing: bytes[(start + 1)..<(position - 1)])
        guard body.contains(UInt8(ascii: "\\")) else { return String(decoding: body, as: UTF8.self) }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(body.count)
        var index = 0
        while index < body.count {
            let byte = body[index]
            index += 1
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                continue
            }
            guard index < body.count else { throw Failure(offset: start + index, message: "a malformed escape") }
            let escaped = body[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4(body, &index, offset: start)
                if (0xD800..<0xDC00).contains(scalar), index + 1 < body.count, body[index] == UInt8(ascii: "\\"),
                    body[index + 1] == UInt8(ascii: "u")
                {
                    var next = index + 2
                    let low = try hex4(body, &next, offset: start)
                    // Only a low surrogate completes the pair; any other escape is read on its own
                    // next (`\uD800\u0041` is U+FFFD then `A`: nothing is eaten).
                    if (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        index = next
                    }
                }
                // A lone surrogate becomes U+FFFD: a Swift string holds no lone surrogate.
                let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                utf8.append(contentsOf: String(character).utf8)
            default:
                throw Failure(offset: start + index, message: "a malformed escape")
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    private func hex4(_ body: UnsafeRawBufferPointer, _ index: inout Int, offset: Int) throws -> UInt32 {
        guard index + 4 <= body.count else { throw Failure(offset: offset + index, message: "a malformed \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = body[index]
            index += 1
            guard let digit = Self.hexValue(byte) else {
                throw Failure(offset: offset + index, message: "a malformed \\u escape")
            }
            value = value << 4 | digit
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}

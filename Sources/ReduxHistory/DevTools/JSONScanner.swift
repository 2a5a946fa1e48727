import Foundation

/// A JSON reader that finds values without building them: it checks the syntax and hands back byte
/// ranges, so a Redux DevTools file of a million steps is read in place — each action decoded
/// straight from its bytes — instead of as a tree of every value (which took ten times the file).
///
/// All positions are offsets into `bytes`. Every failure is a ``JSONScanner/Failure`` naming the
/// offset and what was expected: a file is input, never a reason to trap.
///
/// **Every read ends in time linear in the input.** Each loop moves forward by at least a byte, a
/// value is normalized in two straight passes (not once per level of nesting), and every loop
/// charges a ``ReadBudget`` sized for the input (``ReadBudget/stepsPerByte`` a byte): a loop
/// that stopped moving — the bug a file cut inside an escape once found, which kept the import
/// busy for minutes — runs out of budget and fails with a ``Failure`` instead of spinning.
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

    /// The steps this read may still take; shared by the scanners of one import (a default
    /// export's payload is read by a second scanner, charged to the file's budget).
    let budget: ReadBudget

    /// The nesting a file may have: deeper input is refused rather than recursed into (a stack
    /// overflow is a crash).
    static let maximumDepth = 512

    /// A scanner over `bytes`, charging `budget` (a new one sized for `bytes` when `nil`).
    init(_ bytes: UnsafeRawBufferPointer, budget: ReadBudget? = nil) {
        self.bytes = bytes
        self.budget = budget ?? ReadBudget(bytes: bytes.count)
    }

    /// Charges `steps` to the budget; throws once the read has taken more than its input warrants.
    private func charge(_ steps: Int, at position: Int) throws {
        budget.used &+= steps
        guard budget.used <= budget.limit else {
            throw Failure(
                offset: position,
                message: "the reader took more than \(budget.limit) steps for \(budget.bytes) bytes (a reader's bug:"
                    + " refused rather than looped)")
        }
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
        var dropped = Set<Int>()
        var position = range.lowerBound
        skipWhitespace(&position, upTo: range.upperBound)
        guard try findNormalizing(&position, limit: range.upperBound, depth: 0, dropped: &dropped) else {
            return Data(UnsafeRawBufferPointer(rebasing: bytes[range]))
        }
        var data = Data()
        data.reserveCapacity(range.count)
        position = range.lowerBound
        skipWhitespace(&position, upTo: range.upperBound)
        try appendNormalized(&position, limit: range.upperBound, depth: 0, dropped: dropped, to: &data)
        return data
    }

    /// Moves past one value, as `skipValue` does, and says whether it needs rewriting: a repeated
    /// key (the offsets of the keys whose values a later one replaces go into `dropped`), or a
    /// surrogate escape in a string or key. One pass, whatever the nesting.
    private func findNormalizing(
        _ position: inout Int, limit: Int, depth: Int, dropped: inout Set<Int>
    ) throws -> Bool {
        guard depth < Self.maximumDepth else { throw Failure(offset: position, message: "nesting deeper than 512") }
        guard position < limit else { throw Failure(offset: position, message: "a value expected, the input ended") }
        switch bytes[position] {
        case UInt8(ascii: "{"):
            var needs = false
            var lastKeyAt: [String: Int] = [:]
            try forEachMember(at: &position, limit: limit) { keyStart, key, position in
                if let earlier = lastKeyAt.updateValue(keyStart, forKey: key) {
                    dropped.insert(earlier)
                    needs = true
                }
                if key.contains("\u{FFFD}") { needs = true }
                if try findNormalizing(&position, limit: limit, depth: depth + 1, dropped: &dropped) { needs = true }
            }
            return needs
        case UInt8(ascii: "["):
            var needs = false
            try forEachElement(at: &position, limit: limit) { position in
                if try findNormalizing(&position, limit: limit, depth: depth + 1, dropped: &dropped) { needs = true }
            }
            return needs
        case UInt8(ascii: "\""):
            let start = position
            try skipString(&position, limit: limit)
            return Self.mayHoldASurrogateEscape(UnsafeRawBufferPointer(rebasing: bytes[start..<position]))
        default:
            try skipValue(&position, limit: limit, depth: depth)
            return false
        }
    }

    /// Writes the value at `position` as `normalized(_:)` gives it, leaving out the members whose
    /// keys start at an offset in `dropped` (a later member of the same object has their key).
    private func appendNormalized(
        _ position: inout Int, limit: Int, depth: Int, dropped: Set<Int>, to data: inout Data
    ) throws {
        guard position < limit else { throw Failure(offset: position, message: "a value expected, the input ended") }
        switch bytes[position] {
        case UInt8(ascii: "{"):
            data.append(UInt8(ascii: "{"))
            var first = true
            try forEachMember(at: &position, limit: limit) { keyStart, key, position in
                if dropped.contains(keyStart) {
                    try skipValue(&position, limit: limit, depth: depth + 1)
                    return
                }
                if !first { data.append(UInt8(ascii: ",")) }
                first = false
                Self.appendQuoted(key, to: &data)
                data.append(UInt8(ascii: ":"))
                try appendNormalized(&position, limit: limit, depth: depth + 1, dropped: dropped, to: &data)
            }
            data.append(UInt8(ascii: "}"))
        case UInt8(ascii: "["):
            data.append(UInt8(ascii: "["))
            var first = true
            try forEachElement(at: &position, limit: limit) { position in
                if !first { data.append(UInt8(ascii: ",")) }
                first = false
                try appendNormalized(&position, limit: limit, depth: depth + 1, dropped: dropped, to: &data)
            }
            data.append(UInt8(ascii: "]"))
        case UInt8(ascii: "\""):
            Self.appendQuoted(try string(at: &position, limit: limit), to: &data)
        default:
            let start = position
            try skipValue(&position, limit: limit, depth: depth)
            data.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<position]))
        }
    }

    /// Moves past the object at `position`, calling `body` with each member's key (where it starts,
    /// and decoded) and the position of its value, which `body` must move past.
    private func forEachMember(
        at position: inout Int, limit: Int, _ body: (Int, String, inout Int) throws -> Void
    ) throws {
        try expect(UInt8(ascii: "{"), at: &position, limit: limit)
        skipWhitespace(&position, upTo: limit)
        if position < limit, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return
        }
        while true {
            skipWhitespace(&position, upTo: limit)
            let keyStart = position
            let key = try string(at: &position, limit: limit)
            skipWhitespace(&position, upTo: limit)
            try expect(UInt8(ascii: ":"), at: &position, limit: limit)
            skipWhitespace(&position, upTo: limit)
            try body(keyStart, key, &position)
            skipWhitespace(&position, upTo: limit)
            guard position < limit else { throw Failure(offset: position, message: "an unclosed object") }
            if bytes[position] == UInt8(ascii: "}") {
                position += 1
                return
            }
            try expect(UInt8(ascii: ","), at: &position, limit: limit)
        }
    }

    /// Moves past the array at `position`, calling `body` with the position of each element, which
    /// `body` must move past.
    private func forEachElement(at position: inout Int, limit: Int, _ body: (inout Int) throws -> Void) throws {
        try expect(UInt8(ascii: "["), at: &position, limit: limit)
        skipWhitespace(&position, upTo: limit)
        if position < limit, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return
        }
        while true {
            skipWhitespace(&position, upTo: limit)
            try body(&position)
            skipWhitespace(&position, upTo: limit)
            guard position < limit else { throw Failure(offset: position, message: "an unclosed array") }
            if bytes[position] == UInt8(ascii: "]") {
                position += 1
                return
            }
            try expect(UInt8(ascii: ","), at: &position, limit: limit)
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

    /// Moves past white space. It always moves forward and runs only between values, which are
    /// charged, so it charges nothing itself.
    private func skipWhitespace(_ position: inout Int, upTo limit: Int) {
        while position < limit, Self.isWhitespace(bytes[position]) { position += 1 }
    }

    private func expect(_ byte: UInt8, at position: inout Int, limit: Int) throws {
        guard position < limit, bytes[position] == byte else {
            throw Failure(offset: position, message: "expected \"\(Character(Unicode.Scalar(byte)))\"")
        }
        position += 1
    }

    /// Moves past one value, checking its syntax. Its object and array loops are those of
    /// `forEachMember(at:limit:_:)` and `forEachElement(at:limit:_:)` without the closures: written
    /// through them (keys moved past, not decoded), the import of 20,000 steps took 2.6% more
    /// instructions (`redux-bench --devtools-import 20000` under callgrind).
    private func skipValue(_ position: inout Int, limit: Int, depth: Int) throws {
        try charge(1, at: position)
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
        defer { budget.used &+= position - start }
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
        defer { budget.used &+= position - start }
        while position < limit {
            switch bytes[position] {
            case UInt8(ascii: "\""):
                position += 1
                return
            case UInt8(ascii: "\\"):
                // An escape is one of JSON's eight, or `u` and four hex digits: anything else is
                // refused here, where the string is scanned, so reading it later cannot fail.
                // A backslash that ends the input leaves the string unclosed. (A `break` here once left
                // the switch, not the loop, without moving: a file cut after a backslash spun forever.)
                guard position + 1 < limit else { throw Failure(offset: start, message: "an unclosed string") }
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
        try charge(body.count, at: start)
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

/// The steps one read of a file may take: ``stepsPerByte`` for each byte of the file, and a few
/// more for a tiny file. A reader that stays linear in its input uses a fraction of it (the import
/// of a Redux DevTools file reads each byte a handful of times: a scan to check it, one to find the
/// members, one to decode each action); one that stops moving, or reads a part again per level of
/// nesting, runs out and fails.
final class ReadBudget {
    /// Steps a byte of input allows.
    static let stepsPerByte = 64

    /// The input's size in bytes.
    let bytes: Int
    /// The steps allowed.
    let limit: Int
    /// The steps taken so far. One import's scanners charge it from one thread, in turn; the
    /// access is left unchecked because the check cost a fifth of the import's time (1,000,000
    /// steps, 8.2 s → 10.4 s with it).
    @exclusivity(unchecked) var used = 0

    /// A budget for reading `bytes` bytes.
    init(bytes: Int) {
        self.bytes = bytes
        self.limit = Self.stepsPerByte * bytes + 1_024
    }
}

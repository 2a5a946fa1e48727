#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A readable, dependency-free diff of two values, built on `Mirror`: one line per changed path,
/// `path: old → new`. Shared with ReduxTesting and ReduxLogging; not public API.
///
/// Structs, classes, tuples, optionals, enums (case and associated values), arrays, dictionaries and
/// sets are walked; anything else is compared by its description. Subtrees whose values are
/// `Equatable` and equal are skipped without walking them, so a large array with one changed element
/// costs one `==` per level plus one walk down the changed path. Long collections are summarised,
/// and the output stops after `maxLines` lines with a count of what was left out.
package enum ValueDiff {
    /// The changed paths between `old` and `new`, one line each; empty when nothing changed.
    ///
    /// - Parameters:
    ///   - old: The value before.
    ///   - new: The value after.
    ///   - rootName: The name of the root in paths (`state` gives `state.count`); empty for none.
    ///   - maxLines: At most this many lines, then one line saying how many more changes there were.
    ///   - maxValueLength: Values longer than this are cut, with an ellipsis.
    package static func lines(
        from old: Any, to new: Any, rootName: String = "", maxLines: Int = 40, maxValueLength: Int = 120
    ) -> [String] {
        lines(
            from: Reflection(old), to: Reflection(new), rootName: rootName, maxLines: maxLines,
            maxValueLength: maxValueLength)
    }

    /// ``lines(from:to:rootName:maxLines:maxValueLength:)`` of values already reflected — the
    /// logging middleware reflects each state once for its description and its diff.
    package static func lines(
        from old: Reflection, to new: Reflection, rootName: String = "", maxLines: Int = 40,
        maxValueLength: Int = 120
    ) -> [String] {
        var collector = Collector(maxLines: maxLines, maxValueLength: maxValueLength)
        collector.diff(rootName, old, new)
        return collector.finish()
    }

    /// A short, single-line description of `value`, cut at `maxLength`: type names unqualified,
    /// strings quoted, long collections elided.
    package static func describe(_ value: Any, maxLength: Int = 120) -> String {
        if let leaf = Leaf.describe(value) {
            return cut(leaf, at: maxLength)
        }
        // A top-level enum value names its type, as a struct's description does:
        // `AppAction.login(email: "a")`, not `.login(email: "a")`.
        let prefix = Mirror(reflecting: value).displayStyle == .enum ? TypeNames.name(of: type(of: value)) : ""
        return prefix + boundedDescription(value, maxElements: 10, maxLength: maxLength - prefix.count)
    }

    /// The case name of an enum value (`login` for `AppAction.login(email:)`), or `nil` for a value
    /// that is not an enum.
    package static func caseName(of value: Any) -> String? {
        caseName(of: Reflection(value))
    }

    /// ``caseName(of:)-(Any)`` of a value already reflected.
    package static func caseName(of node: Reflection) -> String? {
        if Leaf.isLeaf(node.value) { return nil }
        guard node.mirror.displayStyle == .enum else { return nil }
        if let payload = node.children.first { return payload.label }
        return "\(node.value)"
    }

    /// A single-line description whose collections show at most `maxElements` elements followed
    /// by a count of the rest, so a state holding 100,000 elements prints in a line. Walks only
    /// what it prints.
    package static func boundedDescription(_ value: Any, maxElements: Int = 10, maxLength: Int = 2_000) -> String {
        boundedDescription(Reflection(value), maxElements: maxElements, maxLength: maxLength)
    }

    /// ``boundedDescription(_:maxElements:maxLength:)`` of a value already reflected.
    package static func boundedDescription(
        _ value: Reflection, maxElements: Int = 10, maxLength: Int = 2_000
    ) -> String {
        var text = ""
        var bounded = Bounded(maxElements: maxElements)
        bounded.write(value, into: &text, depth: 0)
        return cut(text, at: maxLength)
    }

    /// `text`, or its first `maxLength` characters and "…" when it is longer. Counts no further than
    /// it must: `String.count` walks the whole text (~1,300 instructions for a state's
    /// description, four times a log entry), while the UTF-8 length, which bounds the number of
    /// characters, is stored.
    private static func cut(_ text: String, at maxLength: Int) -> String {
        let maxLength = max(maxLength, 0)
        guard text.utf8.count > maxLength,
            let end = text.index(text.startIndex, offsetBy: maxLength, limitedBy: text.endIndex),
            end < text.endIndex
        else { return text }
        return String(text[..<end]) + "…"
    }

    private struct Bounded {
        let maxElements: Int
        /// The objects on the path from the root: a class graph may point back to an ancestor (a
        /// folder's `parent`). Empty, and so never allocated, for states without classes.
        var ancestors: Set<ObjectIdentifier>? = nil
        /// How many composite values this description wrote.
        var written = 0

        init(maxElements: Int) {
            self.maxElements = maxElements
        }

        /// The most values one description writes: a wide and deep graph (ten children a level,
        /// twelve levels) would otherwise take forever to describe, only to be cut.
        static var maximumValues: Int { 4_000 }

        mutating func write(_ node: Reflection, into text: inout String, depth: Int) {
            if let leaf = Leaf.describe(node.value) {
                text += leaf
                return
            }
            written += 1
            guard written <= Self.maximumValues else {
                text += "…"
                return
            }
            // A composite value's text is kept on its node: a later log entry whose diff found the
            // same subtree equal takes it over (see `Reflection.adoptDescription(from:)`).
            if let shown = node.shown, shown.maxElements == maxElements, shown.depth == depth {
                text += shown.text
                return
            }
            var own = ""
            writeComposite(node, into: &own, depth: depth)
            node.shown = (maxElements, depth, own)
            text += own
        }

        private mutating func writeComposite(_ node: Reflection, into text: inout String, depth: Int) {
            let value = node.value
            if let array = Leaf.describeElements(value, limit: maxElements) {
                writeElements(array.elements, total: array.total, into: &text)
                return
            }
            let mirror = node.mirror
            guard depth < 12 else {
                text += "…"
                return
            }
            switch mirror.displayStyle {
            case .struct?:
                // A URL or a UUID reads as its text (`URL(file:///tmp/a.m4a)`), not as the fields of
                // its storage, which on Linux run to hundreds of characters.
                // One cached look-up per type says which (an element action reads as the docs show
                // it, `todos[id: 2]: Toggle()`, not as its storage).
                switch TypeNames.style(of: mirror.subjectType) {
                case .fields:
                    break
                case .ownTextInName:
                    if let described = value as? any CustomStringConvertible {
                        text +=
                            TypeNames.name(of: mirror.subjectType) + "(" + described.description.replacingNewlines()
                            + ")"
                        return
                    }
                case .ownText:
                    if let described = value as? any CustomStringConvertible {
                        text += described.description.replacingNewlines()
                        return
                    }
                }
                guard !node.children.isEmpty else {
                    // No fields to show (a Foundation `UUID`, `Date`, `URL`): its own description, if
                    // it has one, so that two values that differ read differently.
                    let name = TypeNames.name(of: mirror.subjectType)  // no module prefix, like the others
                    // Not at the top (an empty action struct, in every log entry): a conformance
                    // lookup there cost ~500 instructions an entry.
                    if depth > 0, let described = value as? any CustomStringConvertible {
                        text += name + "(" + String(described.description.prefix(200)).replacingNewlines() + ")"
                    } else {
                        text += name + "()"
                    }
                    return
                }
                text += TypeNames.name(of: mirror.subjectType) + "("
                writeFields(node, into: &text, depth: depth)
                text += ")"
            case .class?:
                guard !node.children.isEmpty else {
                    text += String(reflecting: value).replacingNewlines()
                    return
                }
                let identity = ObjectIdentifier(value as AnyObject)
                guard ancestors?.contains(identity) != true else {
                    // Points back to an object being described: say so instead of recursing.
                    text += "<cycle: \(TypeNames.name(of: mirror.subjectType))>"
                    return
                }
                // Taken out and put back, so the set is not copied (it has one owner while changed).
                var path = ancestors ?? []
                ancestors = nil
                path.insert(identity)
                ancestors = path
                defer { ancestors?.remove(identity) }
                text += TypeNames.name(of: mirror.subjectType) + "("
                writeFields(node, into: &text, depth: depth)
                text += ")"
            case .tuple?:
                text += "("
                writeFields(node, into: &text, depth: depth)
                text += ")"
            case .optional?:
                if let wrapped = node.children.first?.node {
                    write(wrapped, into: &text, depth: depth + 1)
                } else {
                    text += "nil"
                }
            case .enum?:
                guard let payload = node.children.first else {
                    text += ".\(value)"
                    return
                }
                text += ".\(payload.label ?? "")("
                if payload.node.mirror.displayStyle == .tuple {
                    writeFields(payload.node, into: &text, depth: depth + 1)
                } else {
                    write(payload.node, into: &text, depth: depth + 1)
                }
                text += ")"
            case .collection?, .set?:
                writeElements(value, mirror, open: "[", close: "]", into: &text, depth: depth) { this, element, text in
                    this.write(Reflection(element), into: &text, depth: depth + 1)
                }
            case .dictionary?:
                writeElements(value, mirror, open: "[", close: "]", into: &text, depth: depth) { this, pair, text in
                    let parts = Array(Mirror(reflecting: pair).children)
                    guard parts.count == 2 else {
                        return this.write(Reflection(pair), into: &text, depth: depth + 1)
                    }
                    this.write(Reflection(parts[0].value), into: &text, depth: depth + 1)
                    text += ": "
                    this.write(Reflection(parts[1].value), into: &text, depth: depth + 1)
                }
            default:
                text += String(reflecting: value).replacingNewlines()
            }
        }

        mutating func writeFields(_ node: Reflection, into text: inout String, depth: Int) {
            var first = true
            for child in node.children {
                if !first { text += ", " }
                first = false
                if let label = child.label { text += "\(label): " }
                write(child.node, into: &text, depth: depth + 1)
            }
        }

        /// An array of leaves, as ``writeElements(_:_:open:close:into:depth:element:)`` writes it.
        mutating func writeElements(_ described: [String], total: Int, into text: inout String) {
            text += "["
            text += described.joined(separator: ", ")
            writeRest(written: described.count, total: total, into: &text)
            text += "]"
        }

        /// `, … 990 more` after the elements written, when some were left out.
        mutating func writeRest(written: Int, total: Int, into text: inout String) {
            if total > written {
                text += "\(written > 0 ? ", " : "")… \(total - written) more"
            }
        }

        mutating func writeElements(
            _ value: Any, _ mirror: Mirror, open: String, close: String, into text: inout String, depth: Int,
            element: (inout Bounded, Any, inout String) -> Void
        ) {
            text += open
            var written = 0
            let iterator = mirror.children.makeIterator()
            while written < maxElements, let child = iterator.next() {
                if written > 0 { text += ", " }
                element(&self, child.value, &text)
                written += 1
            }
            // `Mirror.children.count` walks the whole collection; the collection knows its count.
            let total = (value as? any Collection)?.count ?? mirror.children.count
            writeRest(written: written, total: total, into: &text)
            text += close
        }
    }

    private struct Collector {
        let maxLines: Int
        let maxValueLength: Int
        var lines: [String] = []
        var omitted = 0
        /// How deep the walk is now, and the pairs of objects compared on the way (a class graph
        /// may point back to its parent: each pair is compared once).
        var depth = 0
        var comparedObjects: Set<[ObjectIdentifier]>? = nil
        /// What the diff did not compare, said once at the end.
        var notes: [String]? = nil

        /// The deepest the diff walks; below, it says it stopped.
        static var maximumDepth: Int { 64 }

        mutating func emit(_ path: String, _ text: String) {
            if lines.count < maxLines {
                lines.append(path.isEmpty ? text : "\(path): \(text)")
            } else {
                omitted += 1
            }
        }

        func finish() -> [String] {
            let result = omitted > 0 ? lines + ["… and \(omitted) more change\(omitted == 1 ? "" : "s")"] : lines
            guard let notes else { return result }
            return result + notes
        }

        mutating func note(_ text: String) {
            if notes?.contains(text) != true { notes = (notes ?? []) + [text] }
        }

        func short(_ value: Any) -> String {
            ValueDiff.describe(value, maxLength: maxValueLength)
        }

        mutating func leaf(_ path: String, _ old: Any, _ new: Any) {
            let before = short(old)
            let after = short(new)
            if before != after {
                emit(path, "\(before) → \(after)")
            }
        }

        mutating func diff(_ path: String, _ old: Any, _ new: Any) {
            diff(path, Reflection(old), Reflection(new))
        }

        mutating func diff(_ path: String, _ oldNode: Reflection, _ newNode: Reflection) {
            guard depth < Self.maximumDepth else {
                note("(not compared below \(Self.maximumDepth) levels, at \(path) and deeper paths)")
                return
            }
            depth += 1
            defer { depth -= 1 }
            let old = oldNode.value
            let new = newNode.value
            if let equal = Leaf.isEqual(old, new) {
                if !equal { leaf(path, old, new) }
                return
            }
            // Arrays of `Equatable` elements first: their own scan answers "equal" too, faster than
            // the generic `==` (which would compare element by element, unspecialised).
            if let fast = old as? any EquatableElements, fast.hasSameType(as: new) {
                if diffEquatableElements(path, fast, new) { newNode.adoptDescription(from: oldNode) }
                return
            }
            if let equal = ValueDiff.equalIfEquatable(old, new), equal {
                newNode.adoptDescription(from: oldNode)
                return
            }
            let oldMirror = oldNode.mirror
            let newMirror = newNode.mirror
            guard oldMirror.displayStyle == newMirror.displayStyle, type(of: old) == type(of: new) else {
                return leaf(path, old, new)
            }
            if oldMirror.displayStyle == .class {
                let pair = [ObjectIdentifier(old as AnyObject), ObjectIdentifier(new as AnyObject)]
                // One object, before and after: changed in place, so nothing can be compared.
                if pair[0] == pair[1] { return }
                // Reached again through a reference back (a parent, a cycle): compared already.
                var compared = comparedObjects ?? []
                comparedObjects = nil  // one owner while changed: no copy
                let isNew = compared.insert(pair).inserted
                comparedObjects = compared
                guard isNew else {
                    note(
                        "(\(TypeNames.name(of: oldMirror.subjectType)) objects reached again through a cycle were compared once)"
                    )
                    return
                }
            }
            switch oldMirror.displayStyle {
            case .struct?, .class?, .tuple?:
                // A URL or a UUID is its text, not its storage's fields; an element action too
                // (`rows[id: 1]: Bumped(by: 2)` → `rows[id: 1]: Bumped(by: 3)`).
                if TypeNames.style(of: oldMirror.subjectType) != .fields { return leaf(path, old, new) }
                let oldChildren = oldNode.children
                let newChildren = newNode.children
                guard oldChildren.count == newChildren.count, !oldChildren.isEmpty else {
                    return leaf(path, old, new)
                }
                let found = lines.count + omitted
                for (index, (before, after)) in zip(oldChildren, newChildren).enumerated() {
                    let name = before.label ?? ".\(index)"
                    diff(join(path, name), before.node, after.node)
                }
                if lines.count + omitted == found { newNode.adoptDescription(from: oldNode) }
            case .optional?:
                let before = oldNode.children.first?.node
                let after = newNode.children.first?.node
                if let before, let after {
                    diff(path, before, after)
                } else if before == nil, after == nil {
                    // Both nil: unchanged (an `(any Error)?`, which is not `Equatable`, reaches here).
                    newNode.adoptDescription(from: oldNode)
                } else {
                    emit(path, "\(before.map { short($0.value) } ?? "nil") → \(after.map { short($0.value) } ?? "nil")")
                }
            case .enum?:
                let oldCase = caseName(old, oldNode)
                let newCase = caseName(new, newNode)
                guard oldCase == newCase, let before = oldNode.children.first, let after = newNode.children.first
                else {
                    return leaf(path, old, new)
                }
                diff(path + "(\(oldCase))", before.node, after.node)
            case .collection?:
                diffCollection(path, Array(oldMirror.children.map(\.value)), Array(newMirror.children.map(\.value)))
            case .dictionary?:
                // Dictionaries of `Equatable` values: one walk beside the other and `==` per entry,
                // instead of reflecting every entry and describing every key (129× an array's cost
                // before). Checked here, not for every value: the cast is a conformance lookup.
                if let fast = old as? any EquatableEntries,
                    let changes = fast.differingEntries(from: new, limit: maxLines + 1)
                {
                    diffEntries(path, changes.entries.map { (key: short($0.key), old: $0.old, new: $0.new) })
                    omitted += changes.more
                } else {
                    diffDictionary(path, oldMirror, newMirror)
                }
            case .set?:
                let before = Set(oldMirror.children.map { short($0.value) })
                let after = Set(newMirror.children.map { short($0.value) })
                for removed in before.subtracting(after).sorted() { emit(path, "removed \(removed)") }
                for added in after.subtracting(before).sorted() { emit(path, "added \(added)") }
            default:
                leaf(path, old, new)
            }
        }

        mutating func diffCollection(_ path: String, _ old: [Any], _ new: [Any]) {
            let shared = min(old.count, new.count)
            for index in 0..<shared {
                diff("\(path)[\(index)]", old[index], new[index])
            }
            if new.count > old.count {
                for index in shared..<new.count { emit("\(path)[\(index)]", "added \(short(new[index]))") }
            } else if old.count > new.count {
                for index in shared..<old.count { emit("\(path)[\(index)]", "removed \(short(old[index]))") }
            }
        }

        /// Arrays of `Equatable` elements: compare elements with `==` and walk only those that
        /// differ, instead of reflecting every element.
        /// Returns whether the two arrays are equal.
        mutating func diffEquatableElements(_ path: String, _ old: any EquatableElements, _ new: Any) -> Bool {
            let changed = old.differingIndices(from: new, limit: maxLines + 1)
            if changed.indices.isEmpty && changed.more == 0 { return true }
            for index in changed.indices {
                if let before = old.element(at: index), let after = old.element(in: new, at: index) {
                    diff("\(path)[\(index)]", before, after)
                } else if let after = old.element(in: new, at: index) {
                    emit("\(path)[\(index)]", "added \(short(after))")
                } else if let before = old.element(at: index) {
                    emit("\(path)[\(index)]", "removed \(short(before))")
                }
            }
            if changed.more > 0 { omitted += changed.more }
            return false
        }

        mutating func diffDictionary(_ path: String, _ old: Mirror, _ new: Mirror) {
            func entries(_ mirror: Mirror) -> [String: Any] {
                var result: [String: Any] = [:]
                for child in mirror.children {
                    let pair = Array(Mirror(reflecting: child.value).children)
                    if pair.count == 2 { result[short(pair[0].value)] = pair[1].value }
                }
                return result
            }
            let before = entries(old)
            let after = entries(new)
            diffEntries(path, Set(before.keys).union(after.keys).map { (key: $0, old: before[$0], new: after[$0]) })
        }

        /// The lines of a dictionary's entries, by described key, sorted: changed entries are walked,
        /// removed and added ones are described.
        mutating func diffEntries(_ path: String, _ entries: [(key: String, old: Any?, new: Any?)]) {
            for entry in entries.sorted(by: { $0.key < $1.key }) {
                let entryPath = "\(path)[\(entry.key)]"
                switch (entry.old, entry.new) {
                case let (old?, new?): diff(entryPath, old, new)
                case let (old?, nil): emit(entryPath, "removed \(short(old))")
                case let (nil, new?): emit(entryPath, "added \(short(new))")
                case (nil, nil): break
                }
            }
        }

        func caseName(_ value: Any, _ node: Reflection) -> String {
            if let label = node.children.first?.label { return label }
            return String(describing: value)
        }

        func join(_ path: String, _ name: String) -> String {
            path.isEmpty ? name : "\(path).\(name)"
        }
    }

    /// `old == new` when both are the same `Equatable` type; `nil` when that cannot be decided.
    static func equalIfEquatable(_ old: Any, _ new: Any) -> Bool? {
        guard let old = old as? any Equatable else { return nil }
        return isEqual(old, new)
    }

    private static func isEqual<T: Equatable>(_ old: T, _ new: Any) -> Bool? {
        guard let new = new as? T else { return nil }
        return old == new
    }
}

/// A value and its reflection, made once: its `Mirror` and its children (the fields of a struct,
/// class or tuple, the payload of an enum or optional) are built on first use and kept, so that a
/// log entry that describes a state and diffs it reflects it once. Extracting a child through
/// `Mirror` costs thousands of instructions (the runtime resolves the field's type by name each
/// time). A collection's elements are not kept: descriptions show a few, and diffs of arrays of
/// `Equatable` elements compare the arrays themselves.
package final class Reflection {
    package let value: Any
    private var cachedMirror: Mirror?
    private var cachedChildren: [(label: String?, node: Reflection)]?

    /// The bounded description written for this value (`ValueDiff.boundedDescription`), with the
    /// element limit and depth it was written at.
    var shown: (maxElements: Int, depth: Int, text: String)?

    package init(_ value: Any) {
        self.value = value
    }

    /// Takes over the description of `other`, a value the diff found equal to this one (`==`, or
    /// every field equal), so that describing this value does not reflect it again. A value whose
    /// `==` ignores some of its fields is then shown as `other` was.
    func adoptDescription(from other: Reflection) {
        if shown == nil { shown = other.shown }
    }

    var mirror: Mirror {
        if let cachedMirror { return cachedMirror }
        let mirror = Mirror(reflecting: value)
        cachedMirror = mirror
        return mirror
    }

    /// The reflected children; not for collections, sets and dictionaries (see the type's note).
    var children: [(label: String?, node: Reflection)] {
        if let cachedChildren { return cachedChildren }
        let children = mirror.children.map { (label: $0.label, node: Reflection($0.value)) }
        cachedChildren = children
        return children
    }
}

extension String {
    fileprivate func replacingNewlines() -> String {
        var result = ""
        result.reserveCapacity(count)
        for character in self {
            result.append(character == "\n" ? " " : character)
        }
        return result
    }
}

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
        var collector = Collector(maxLines: maxLines, maxValueLength: maxValueLength)
        collector.diff(rootName, old, new)
        return collector.finish()
    }

    /// A short, single-line description of `value`, cut at `maxLength`.
    package static func describe(_ value: Any, maxLength: Int = 120) -> String {
        let text = String(reflecting: value).replacingNewlines()
        guard text.count > maxLength else { return text }
        return String(text.prefix(maxLength)) + "…"
    }

    private struct Collector {
        let maxLines: Int
        let maxValueLength: Int
        var lines: [String] = []
        var omitted = 0

        mutating func emit(_ path: String, _ text: String) {
            if lines.count < maxLines {
                lines.append(path.isEmpty ? text : "\(path): \(text)")
            } else {
                omitted += 1
            }
        }

        func finish() -> [String] {
            omitted > 0 ? lines + ["… and \(omitted) more change\(omitted == 1 ? "" : "s")"] : lines
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
            if let equal = ValueDiff.equalIfEquatable(old, new), equal { return }
            let oldMirror = Mirror(reflecting: old)
            let newMirror = Mirror(reflecting: new)
            guard oldMirror.displayStyle == newMirror.displayStyle, type(of: old) == type(of: new) else {
                return leaf(path, old, new)
            }
            switch oldMirror.displayStyle {
            case .struct?, .class?, .tuple?:
                let oldChildren = Array(oldMirror.children)
                let newChildren = Array(newMirror.children)
                guard oldChildren.count == newChildren.count, !oldChildren.isEmpty else {
                    return leaf(path, old, new)
                }
                for (index, (before, after)) in zip(oldChildren, newChildren).enumerated() {
                    let name = before.label ?? ".\(index)"
                    diff(join(path, name), before.value, after.value)
                }
            case .optional?:
                let before = oldMirror.children.first?.value
                let after = newMirror.children.first?.value
                if let before, let after {
                    diff(path, before, after)
                } else {
                    emit(path, "\(before.map(short) ?? "nil") → \(after.map(short) ?? "nil")")
                }
            case .enum?:
                let oldCase = caseName(old, oldMirror)
                let newCase = caseName(new, newMirror)
                guard oldCase == newCase, let before = oldMirror.children.first, let after = newMirror.children.first
                else {
                    return leaf(path, old, new)
                }
                diff(path + "(\(oldCase))", before.value, after.value)
            case .collection?:
                diffCollection(path, Array(oldMirror.children.map(\.value)), Array(newMirror.children.map(\.value)))
            case .dictionary?:
                diffDictionary(path, oldMirror, newMirror)
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
            for key in Set(before.keys).union(after.keys).sorted() {
                switch (before[key], after[key]) {
                case let (old?, new?): diff("\(path)[\(key)]", old, new)
                case let (old?, nil): emit("\(path)[\(key)]", "removed \(short(old))")
                case let (nil, new?): emit("\(path)[\(key)]", "added \(short(new))")
                case (nil, nil): break
                }
            }
        }

        func caseName(_ value: Any, _ mirror: Mirror) -> String {
            if let label = mirror.children.first?.label { return label }
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

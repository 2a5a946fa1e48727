#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

// Dictionaries and arrays whose values are `Equatable`, compared entry by entry and element by
// element without reflecting each (split from ValueDiff.swift, issue 66).

/// Dictionaries whose values are `Equatable`, so the diff can find changed keys with a lookup and
/// `==` per entry.
protocol EquatableEntries {
    /// The entries that differ from `other` (changed, removed: `new` is `nil`, added: `old` is
    /// `nil`), at most `limit` of them, and how many more there were; `nil` when `other` is not a
    /// dictionary of the same type.
    func differingEntries(from other: Any, limit: Int) -> (entries: [(key: Any, old: Any?, new: Any?)], more: Int)?
}

extension Dictionary: EquatableEntries where Value: Equatable {
    func differingEntries(from other: Any, limit: Int) -> (entries: [(key: Any, old: Any?, new: Any?)], more: Int)? {
        guard let other = other as? [Key: Value] else { return nil }
        var entries: [(key: Any, old: Any?, new: Any?)] = []
        var more = 0
        func note(_ key: Key, _ old: Value?, _ new: Value?) {
            if entries.count < limit { entries.append((key, old, new)) } else { more += 1 }
        }
        // Both dictionaries are walked side by side. A state's dictionary after an action is
        // usually a copy of the one before with a few entries changed, and a copy keeps the order
        // of its entries, so most pairs have the same key and are compared without hashing (this
        // runs unspecialised, where a hash costs ~300 instructions). Where the orders part — an
        // entry added or removed — one step of look-ahead on either side finds the pairing again.
        // Whatever stays unpaired is looked up by key: the answer never depends on the order.
        // The views once: each access through `self.keys` would retain the storage.
        let myKeys = keys
        let theirKeys = other.keys
        let myEnd = myKeys.endIndex
        let theirEnd = theirKeys.endIndex
        var i = myKeys.startIndex
        var j = theirKeys.startIndex
        var unpairedLeft: [Key] = []
        var unpairedRight: [Key] = []
        while i != myEnd, j != theirEnd {
            let (mine, myValue) = self[i]
            let (theirs, theirValue) = other[j]
            if mine == theirs {
                if myValue != theirValue { note(mine, myValue, theirValue) }
                formIndex(after: &i)
                other.formIndex(after: &j)
                continue
            }
            let nextJ = theirKeys.index(after: j)
            if nextJ != theirEnd, theirKeys[nextJ] == mine {
                unpairedRight.append(theirs)
                j = nextJ
                continue
            }
            let nextI = myKeys.index(after: i)
            if nextI != myEnd, myKeys[nextI] == theirs {
                unpairedLeft.append(mine)
                i = nextI
                continue
            }
            unpairedLeft.append(mine)
            unpairedRight.append(theirs)
            i = nextI
            j = nextJ
        }
        while i != myEnd {
            unpairedLeft.append(myKeys[i])
            myKeys.formIndex(after: &i)
        }
        while j != theirEnd {
            unpairedRight.append(theirKeys[j])
            theirKeys.formIndex(after: &j)
        }
        for key in unpairedLeft {
            guard let mine = self[key] else { continue }
            if let theirs = other[key] {
                if theirs != mine { note(key, mine, theirs) }
            } else {
                note(key, mine, nil)
            }
        }
        for key in unpairedRight where self[key] == nil {
            if let theirs = other[key] { note(key, nil, theirs) }
        }
        return (entries, more)
    }
}

/// Arrays whose elements are `Equatable`, so the diff can find changed indices with `==`.
protocol EquatableElements {
    func hasSameType(as other: Any) -> Bool
    /// The indices whose elements differ (including added or removed ones), at most `limit` of
    /// them, and how many more there were.
    func differingIndices(from other: Any, limit: Int) -> (indices: [Int], more: Int)
    func element(at index: Int) -> Any?
    func element(in other: Any, at index: Int) -> Any?
}

extension Array: EquatableElements where Element: Equatable {
    func hasSameType(as other: Any) -> Bool { other is [Element] }

    func differingIndices(from other: Any, limit: Int) -> (indices: [Int], more: Int) {
        guard let other = other as? [Element] else { return ([], 0) }
        var indices: [Int] = []
        var more = 0
        let shared = Swift.min(count, other.count)
        func note(_ index: Int) {
            if indices.count < limit { indices.append(index) } else { more += 1 }
        }
        if count == other.count,
            withUnsafeBufferPointer({ $0.baseAddress }) == other.withUnsafeBufferPointer({ $0.baseAddress })
        {
            return ([], 0)  // the same storage: nothing changed
        }
        if _isPOD(Element.self) {
            // Plain data: skip blocks whose bytes are equal (equal bytes are equal values), and
            // confirm the others with `==` (which decides cases like -0.0 and 0.0).
            let stride = MemoryLayout<Element>.stride
            withUnsafeBytes { mine in
                other.withUnsafeBytes { theirs in
                    guard let mine = mine.baseAddress, let theirs = theirs.baseAddress else {
                        for index in 0..<shared where self[index] != other[index] { note(index) }
                        return
                    }
                    var start = 0
                    while start < shared {
                        let end = Swift.min(start + 256, shared)
                        let offset = start * stride
                        if memcmp(mine + offset, theirs + offset, (end - start) * stride) != 0 {
                            for index in start..<end where self[index] != other[index] { note(index) }
                        }
                        start = end
                    }
                }
            }
        } else {
            for index in 0..<shared where self[index] != other[index] { note(index) }
        }
        for index in shared..<Swift.max(count, other.count) { note(index) }
        return (indices, more)
    }

    func element(at index: Int) -> Any? { index >= 0 && index < count ? self[index] : nil }

    func element(in other: Any, at index: Int) -> Any? {
        guard let other = other as? [Element], index >= 0, index < other.count else { return nil }
        return other[index]
    }
}

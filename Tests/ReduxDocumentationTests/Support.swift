import Redux

/// Collects values in order, standing in for `print` in the guides' examples.
@MainActor
final class Log<Element> {
    private(set) var items: [Element] = []
    func append(_ item: Element) { items.append(item) }
}

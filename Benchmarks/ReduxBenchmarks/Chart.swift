import Dispatch
import Foundation
import Redux

/// `redux-bench --chart FILE.svg`: the cost of a dispatch against the number of pass-through
/// middleware (0–20, in an array and listed with a `MiddlewareBuilder`, beside a bare closure chain)
/// and against the size of the state (1,000–100,000 elements), measured in this run, drawn as two
/// line charts in one SVG file (no dependencies): the picture docs/benchmarks.md opens with.
@MainActor
func writeChart(to path: String, configuration: Configuration) -> String {
    func nanoseconds(_ prepare: () -> (Int) -> Void) -> Double {
        let run = prepare()
        let iterations = max(configuration.iterations / 4, 1_000)
        run(configuration.warmup / 4)
        var samples: [Double] = []
        for _ in 0..<max(configuration.samples, 3) {
            let start = DispatchTime.now().uptimeNanoseconds
            run(iterations)
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations))
        }
        return samples.sorted()[samples.count / 2]
    }
    func store(elements: Int, middleware: Int) -> (Int) -> Void {
        let store = Store(
            initialState: BenchState(elements: elements), reducer: makeReducer(),
            middleware: (0..<middleware).map { _ in passThrough() })
        let action: any Action = Increment()
        return { n in
            for _ in 0..<n { store.dispatch(action) }
        }
    }
    func listedStore(middleware: Int) -> (Int) -> Void {
        let store = Store(initialState: BenchState(elements: smallState), reducer: makeReducer()) {
            for _ in 0..<middleware { passThrough() }
        }
        let action: any Action = Increment()
        return { n in
            for _ in 0..<n { store.dispatch(action) }
        }
    }
    let middlewareCounts = Array(0...20)
    let byMiddleware = middlewareCounts.map { count in nanoseconds { store(elements: smallState, middleware: count) } }
    let byListedMiddleware = middlewareCounts.map { count in nanoseconds { listedStore(middleware: count) } }
    // The floor: bare closures, one frame a stage, no store (issue 39).
    let floor = middlewareCounts.map { count in nanoseconds { bareClosureChain(stages: count) } }
    let sizes = [1_000, 3_000, 10_000, 30_000, 100_000]
    let bySize = sizes.map { size in nanoseconds { store(elements: size, middleware: 0) } }

    var svg =
        #"<svg xmlns="http://www.w3.org/2000/svg" width="960" height="400" font-family="sans-serif" font-size="12">"#
    svg += #"<rect width="960" height="400" fill="white"/>"#
    svg += panel(
        x: 60, title: "ns per dispatch against pass-through middleware (0–20)",
        xLabels: middlewareCounts.map(String.init),
        series: [
            Series(values: byMiddleware, color: "#1f6feb", label: "store, middleware in an array"),
            Series(values: byListedMiddleware, color: "#2da44e", label: "store, middleware listed (MiddlewareBuilder)"),
            Series(values: floor, color: "#999999", label: "bare closure chain (floor)"),
        ], labelEvery: 5)
    svg += panel(
        x: 540, title: "ns per dispatch against state size (no middleware)",
        xLabels: sizes.map { $0 >= 1_000 ? "\($0 / 1_000)k" : "\($0)" },
        series: [Series(values: bySize, color: "#1f6feb", label: "store")], labelEvery: 1)
    svg += "</svg>\n"
    do {
        try svg.write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
        return "redux-bench: could not write \(path): \(error)"
    }
    func list(_ values: [Double]) -> String {
        values.enumerated().map { "\($0.offset): \(String(format: "%.1f", $0.element))" }.joined(separator: ", ")
    }
    let perSize = zip(sizes, bySize).map { "\($0): \(String(format: "%.1f", $1))" }
    return "chart written to \(path)\n  ns per dispatch by middleware count: " + list(byMiddleware)
        + "\n  listed middleware by count: " + list(byListedMiddleware)
        + "\n  bare closure chain by stage count: " + list(floor)
        + "\n  ns per dispatch by state size: " + perSize.joined(separator: ", ")
}

/// One line of a chart.
private struct Series {
    var values: [Double]
    var color: String
    var label: String
}

/// One line chart, 360 × 280, at `x`: axes from 0, a polyline through each series' values, labelled
/// points, and a legend when there is more than one series.
private func panel(x: Double, title: String, xLabels: [String], series: [Series], labelEvery: Int) -> String {
    let width = 360.0
    let height = 280.0
    let top = 60.0
    let count = series.map(\.values.count).max() ?? 0
    let maximum = max((series.flatMap(\.values).max() ?? 1) * 1.15, 1)
    func px(_ index: Int) -> Double { x + width * Double(index) / Double(max(count - 1, 1)) }
    func py(_ value: Double) -> Double { top + height - height * value / maximum }
    var svg = #"<text x="\#(x)" y="30" font-size="14">\#(title)</text>"#
    svg += #"<line x1="\#(x)" y1="\#(top + height)" x2="\#(x + width)" y2="\#(top + height)" stroke="black"/>"#
    svg += #"<line x1="\#(x)" y1="\#(top)" x2="\#(x)" y2="\#(top + height)" stroke="black"/>"#
    for step in 0...4 {
        let value = maximum * Double(step) / 4
        svg += #"<text x="\#(x - 8)" y="\#(py(value) + 4)" text-anchor="end">\#(Int(value))</text>"#
        svg += ##"<line x1="\##(x)" y1="\##(py(value))" x2="\##(x + width)" y2="\##(py(value))" stroke="#ddd"/>"##
    }
    for (number, line) in series.enumerated() {
        let values = line.values
        let points = values.indices.map { "\(px($0)),\(py(values[$0]))" }.joined(separator: " ")
        svg += ##"<polyline points="\##(points)" fill="none" stroke="\##(line.color)" stroke-width="2"/>"##
        for index in values.indices {
            svg += ##"<circle cx="\##(px(index))" cy="\##(py(values[index]))" r="3" fill="\##(line.color)"/>"##
        }
        if series.count > 1 {
            let y = top + 14 + 16 * Double(number)
            svg +=
                ##"<line x1="\##(x + 12)" y1="\##(y - 4)" x2="\##(x + 32)" y2="\##(y - 4)" stroke="\##(line.color)" stroke-width="2"/>"##
            svg += #"<text x="\#(x + 38)" y="\#(y)">\#(line.label)</text>"#
        }
    }
    for index in 0..<count where index % labelEvery == 0 || index == count - 1 {
        svg += #"<text x="\#(px(index))" y="\#(top + height + 18)" text-anchor="middle">\#(xLabels[index])</text>"#
    }
    return svg
}

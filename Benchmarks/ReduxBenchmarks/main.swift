import Foundation
import Redux

/// `redux-bench`: dispatch throughput of swift-redux. See docs/benchmarks.md.
let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("--help") || arguments.contains("-h") {
    print(
        """
        usage: redux-bench [--all] [--quick] [--json] [--filter TEXT] [--iterations N] [--samples N] [--warmup N]
                         without --all or --filter, the headline scenarios (the store, middleware in an
                         array and listed, subscribers, state size, rows, one navigation and one history
                         row, the ReSwift-comparable ones)
          --all          every scenario (CI measures them all, with --quick)
          --quick        a short smoke pass (for CI): few iterations, 3 samples
          --json         print the results as JSON instead of a table
          --filter TEXT  run only scenarios whose name contains TEXT (the raw baseline always runs)
          --exact NAME   run only the scenario named NAME, without the raw baseline (for instruction
                         counts; .ci/perf-guard uses it)
          --iterations N dispatches per sample
          --samples N    samples per scenario (the median is reported)
          --warmup N     dispatches before the first sample (0 with --iterations 0 measures setup
                         alone, for instruction counts with valgrind; see docs/benchmarks.md)
          --chart FILE   measure a dispatch against 0–20 pass-through middleware and against state
                         sizes of 1k–100k elements, and draw both as an SVG in FILE
          --list         print every scenario's name and scale (dispatches per timed unit), one a line,
                         tab-separated (.ci/check-docs-figures reads it)
          --devtools-import N
                         only import a Redux DevTools file of N steps and report its throughput and
                         peak memory; exits 1 over 3x the file (.ci/perf-guard uses it)
        """)
    exit(0)
}

func value(after flag: String) -> String? {
    guard let index = arguments.firstIndex(of: flag), arguments.index(after: index) < arguments.endIndex else {
        return nil
    }
    return arguments[arguments.index(after: index)]
}

var configuration = arguments.contains("--quick") ? Configuration.quick : Configuration.full
if let text = value(after: "--iterations"), let number = Int(text), number >= 0 { configuration.iterations = number }
if let text = value(after: "--warmup"), let number = Int(text), number >= 0 { configuration.warmup = number }
if let text = value(after: "--samples"), let number = Int(text), number > 0 { configuration.samples = number }
if let text = value(after: "--devtools-import"), let steps = Int(text), steps > 0 {
    let report = devToolsImportReport(steps: steps)
    print(report.text)
    exit(report.holds ? 0 : 1)
}
let filter = value(after: "--filter")
let exact = value(after: "--exact")
let json = arguments.contains("--json")

let all =
    coreScenarios() + scopeScenarios() + identifiedRowScenarios() + middlewareScenarios() + entityLoggingScenarios()
    + effectsScenarios()
    + navigationScenarios() + scopeDepthScenarios() + sharingScenarios() + featureSharingScenarios()
    + persistedSharingScenarios()
    + persistenceScenarios()
if let path = value(after: "--chart") {
    print(writeChart(to: path, configuration: configuration))
    exit(0)
}
if arguments.contains("--list") {
    for scenario in all { print("\(scenario.name)\t\(scenario.scale)") }
    exit(0)
}
/// What a newcomer's `swift run -c release redux-bench` measures: the headline table, in well under
/// a minute of measuring (`--all` runs every scenario).
let headline: Set<String> = [
    "raw reducer", "store, 0 middleware", "store, 1 middleware", "store, 10 middleware",
    "store, 10 middleware, listed", "store, 1 subscriber", "store, 100 subscribers", "store, state of 1000 elements",
    "store, state of 100000 elements", "rows, 10 observed, one changes",
    "identified rows, 100000, 10 observed, one changes",
    "presentation, sheet shown, an action for the parent", "history, recording", "thunk middleware, plain action",
    "async middleware, plain action", "logging, filtered out",
]
let everything = arguments.contains("--all")
let matches = all.filter { scenario in
    if let exact { return scenario.name == exact }
    if let filter { return scenario.name.localizedCaseInsensitiveContains(filter) }
    return everything || headline.contains(scenario.name)
}
let selected =
    exact != nil
    ? matches
    : all.filter { scenario in
        scenario.name == "raw reducer" || matches.contains { $0.name == scenario.name }
    }
if matches.isEmpty {
    FileHandle.standardError.write(Data("redux-bench: no scenario matches the filter\n".utf8))
    exit(2)
}

// Interleaved, so that the ratios within the run hold on a machine whose speed drifts (`--exact`,
// one scenario, is measured alone).
let results = await measureInterleaved(selected, configuration) { line in
    if !json { FileHandle.standardError.write(Data("  \(line)\n".utf8)) }
}
let baseline = results.first { $0.name == "raw reducer" }?.median ?? 1

if json {
    print(Report.json(results, baseline: baseline, configuration: configuration))
} else {
    print(Report.table(results, baseline: baseline, configuration: configuration))
    if matches.contains(where: { $0.name.hasPrefix("persistence") }) {
        print("")
        let dispatches = configuration.iterations >= 100_000 ? 100_000 : 10_000
        print(await persistenceBurstReport(interval: .seconds(1), dispatches: dispatches))
        print(await persistenceBurstReport(interval: .milliseconds(20), dispatches: dispatches))
    }
    // The DevTools import (a million steps, ~6 s) with every scenario or a filter, not in the headline run.
    if everything || filter != nil, matches.contains(where: { $0.name.hasPrefix("history") }) {
        print("")
        print(devToolsImportReport(steps: configuration.iterations >= 100_000 ? 1_000_000 : 20_000).text)
    }
}

import Dispatch

/// One measured scenario: `prepare` builds the fixture and returns the loop to time.
struct Scenario {
    var name: String
    var note: String = ""
    /// Heavy scenarios run `iterations / scale` dispatches per sample.
    var scale: Int = 1
    /// Returns a closure that performs `n` dispatches.
    var prepare: @MainActor () -> Loop

    init(
        name: String, note: String = "", scale: Int = 1, prepare: @escaping @MainActor () -> (@MainActor (Int) -> Void)
    ) {
        self.name = name
        self.note = note
        self.scale = scale
        self.prepare = { .sync(prepare()) }
    }

    init(
        name: String, note: String = "", scale: Int = 1,
        async prepare: @escaping @MainActor () -> (@MainActor (Int) async -> Void)
    ) {
        self.name = name
        self.note = note
        self.scale = scale
        self.prepare = { .async(prepare()) }
    }
}

/// The timed loop: synchronous for everything but async work, because an `async` loop changes
/// what the compiler inlines and adds retains around each call — it would measure the harness.
enum Loop {
    case sync(@MainActor (Int) -> Void)
    case async(@MainActor (Int) async -> Void)

    @MainActor
    func callAsFunction(_ count: Int) async {
        switch self {
        case .sync(let body): body(count)
        case .async(let body): await body(count)
        }
    }
}

/// Timing of one scenario: nanoseconds per dispatch over several samples.
struct Measurement {
    var name: String
    var note: String
    var samples: [Double]

    var median: Double {
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    var min: Double { samples.min() ?? 0 }
    var max: Double { samples.max() ?? 0 }
}

struct Configuration {
    var warmup: Int
    var iterations: Int
    var samples: Int

    static let full = Configuration(warmup: 50_000, iterations: 200_000, samples: 7)
    static let quick = Configuration(warmup: 1_000, iterations: 5_000, samples: 3)
}

/// Measures `scenarios` interleaved: every fixture is built and warmed up first, then each round
/// takes one sample of every scenario in turn. A stretch when the machine runs slower (another
/// process, the clock) then falls on every scenario's samples alike, and the ratios within one
/// run — what the SPEC §8 goals compare — hold: measured one scenario after another, such a
/// stretch fell on one scenario's samples only, and the goals' ratios of differences (a
/// middleware's cost over a pass-through's, a few nanoseconds each) read "MISSED" in about half
/// of the default runs on a shared 2-core machine.
@MainActor
func measureInterleaved(
    _ scenarios: [Scenario], _ configuration: Configuration, progress: (String) -> Void
) async -> [Measurement] {
    var runs: [(scenario: Scenario, run: Loop, iterations: Int)] = []
    for scenario in scenarios {
        let run = scenario.prepare()
        let iterations = Swift.max(configuration.iterations / scenario.scale, configuration.iterations == 0 ? 0 : 1)
        await run(configuration.warmup / scenario.scale)
        runs.append((scenario, run, iterations))
    }
    var samples = Array(repeating: [Double](), count: runs.count)
    for round in 0..<configuration.samples {
        for (index, entry) in runs.enumerated() {
            let start = DispatchTime.now().uptimeNanoseconds
            await entry.run(entry.iterations)
            let end = DispatchTime.now().uptimeNanoseconds
            samples[index].append(Double(end - start) / Double(Swift.max(entry.iterations, 1)))
        }
        progress("sample \(round + 1) of \(configuration.samples) of \(runs.count) scenarios")
    }
    return runs.enumerated().map { index, entry in
        Measurement(name: entry.scenario.name, note: entry.scenario.note, samples: samples[index])
    }
}

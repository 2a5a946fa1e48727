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

@MainActor
func measure(_ scenario: Scenario, _ configuration: Configuration) async -> Measurement {
    let run = scenario.prepare()
    let iterations = Swift.max(configuration.iterations / scenario.scale, configuration.iterations == 0 ? 0 : 1)
    await run(configuration.warmup / scenario.scale)
    var samples: [Double] = []
    for _ in 0..<configuration.samples {
        let start = DispatchTime.now().uptimeNanoseconds
        await run(iterations)
        let end = DispatchTime.now().uptimeNanoseconds
        samples.append(Double(end - start) / Double(Swift.max(iterations, 1)))
    }
    return Measurement(name: scenario.name, note: scenario.note, samples: samples)
}

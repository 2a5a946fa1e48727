import Dispatch

/// One measured scenario: `prepare` builds the fixture and returns the loop to time.
struct Scenario {
    var name: String
    var note: String = ""
    /// Returns a closure that performs `n` dispatches.
    var prepare: @MainActor () -> (@MainActor (Int) async -> Void)
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
    await run(configuration.warmup)
    var samples: [Double] = []
    for _ in 0..<configuration.samples {
        let start = DispatchTime.now().uptimeNanoseconds
        await run(configuration.iterations)
        let end = DispatchTime.now().uptimeNanoseconds
        samples.append(Double(end - start) / Double(Swift.max(configuration.iterations, 1)))
    }
    return Measurement(name: scenario.name, note: scenario.note, samples: samples)
}

// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "swift-redux",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],
    products: [
        .library(name: "Redux", targets: ["Redux"]),
        .library(name: "ReduxAsync", targets: ["ReduxAsync"]),
        .library(name: "ReduxThunk", targets: ["ReduxThunk"]),
        .library(name: "ReduxLogging", targets: ["ReduxLogging"]),
        .library(name: "ReduxPersistence", targets: ["ReduxPersistence"]),
        .library(name: "ReduxTesting", targets: ["ReduxTesting"]),
        .library(name: "ReduxTestingReporter", targets: ["ReduxTestingReporter"]),
        .library(name: "ReduxEffects", targets: ["ReduxEffects"]),
        .library(name: "ReduxHistory", targets: ["ReduxHistory"]),
        .executable(name: "redux-bench", targets: ["ReduxBenchmarks"]),
    ],
    targets: [
        // One atomic flag for the store's lifetime; C because `Synchronization.Atomic` needs macOS 15.
        .target(name: "CReduxAtomics"),
        // The diff and description engine shared by Redux (action descriptions), ReduxLogging,
        // ReduxTesting and ReduxHistory through `package` access; not a product, not public API.
        .target(name: "ReduxDiff"),
        .target(name: "Redux", dependencies: ["CReduxAtomics", "ReduxDiff"]),
        .target(name: "ReduxAsync", dependencies: ["Redux"]),
        .target(name: "ReduxThunk", dependencies: ["Redux"]),
        .target(name: "ReduxLogging", dependencies: ["Redux", "ReduxDiff"]),
        .target(name: "ReduxPersistence", dependencies: ["Redux"]),
        // Links no test framework, so apps and previews can link it; failures go through
        // ReduxTestingReporter, linked here where test frameworks are ordinary libraries, and added
        // by test targets on Apple platforms (found at run time there).
        .target(
            name: "ReduxTesting",
            dependencies: [
                "Redux", "ReduxDiff",
                .target(
                    name: "ReduxTestingReporter",
                    condition: .when(platforms: [.linux, .windows, .android, .openbsd, .wasi])),
            ]),
        .target(name: "ReduxTestingReporter"),
        .target(name: "ReduxEffects", dependencies: ["Redux", "ReduxDiff"]),
        .target(name: "ReduxHistory", dependencies: ["Redux", "ReduxDiff"]),
        .executableTarget(
            name: "ReduxBenchmarks",
            dependencies: [
                "Redux", "ReduxAsync", "ReduxThunk", "ReduxLogging", "ReduxPersistence", "ReduxEffects", "ReduxHistory",
                "ReduxDiff", "ReduxTestSupport",
            ],
            path: "Benchmarks/ReduxBenchmarks"
        ),
        // Helpers shared by the test targets (a gate, a log) and the benchmark (a seeded generator); not a product.
        .target(name: "ReduxTestSupport", path: "Tests/ReduxTestSupport"),
        .testTarget(name: "ReduxTests", dependencies: ["Redux", "ReduxDiff", "ReduxTestSupport"]),
        .testTarget(
            name: "ReduxAsyncTests",
            dependencies: ["ReduxAsync", "ReduxTesting", "ReduxTestingReporter", "ReduxTestSupport"]),
        .testTarget(
            name: "ReduxThunkTests",
            dependencies: ["ReduxThunk", "ReduxTesting", "ReduxTestingReporter", "ReduxTestSupport"]),
        .testTarget(name: "ReduxLoggingTests", dependencies: ["ReduxLogging", "ReduxDiff"]),
        .testTarget(
            name: "ReduxPersistenceTests",
            dependencies: ["ReduxPersistence", "ReduxTesting", "ReduxTestingReporter", "PersistenceCrashChild"]
        ),
        // Writes continuously so the crash test can kill it with SIGKILL; not a product.
        .executableTarget(
            name: "PersistenceCrashChild", dependencies: ["ReduxPersistence"], path: "Tests/PersistenceCrashChild"),
        .testTarget(
            name: "ReduxEffectsTests",
            dependencies: ["ReduxEffects", "ReduxTesting", "ReduxTestingReporter", "ReduxTestSupport"]),
        .testTarget(
            name: "ReduxTestingTests",
            dependencies: [
                "ReduxTesting", "ReduxTestingReporter", "ReduxAsync", "ReduxThunk", "ReduxEffects", "ReduxTestSupport",
                "ReduxDiff",
            ]),
        // The example app's logic (Examples/PokeMaster): built and tested with the package, not a product.
        .target(
            name: "PokeMaster",
            dependencies: [
                "Redux", "ReduxAsync", "ReduxThunk", "ReduxLogging", "ReduxPersistence", "ReduxEffects",
            ],
            path: "Examples/PokeMaster/Sources/PokeMaster"
        ),
        .testTarget(
            name: "PokeMasterTests",
            dependencies: [
                "PokeMaster", "ReduxTesting", "ReduxTestingReporter", "ReduxPersistence", "ReduxLogging",
                "ReduxHistory",
            ],
            path: "Examples/PokeMaster/Tests/PokeMasterTests"),
        .testTarget(
            name: "ReduxHistoryTests",
            dependencies: [
                "ReduxHistory", "ReduxEffects", "ReduxTesting", "ReduxTestingReporter", "ReduxTestSupport",
                "ReduxPersistence",
            ],
            // Files the real Redux DevTools instrument wrote (../shared/devtools), read by path.
            exclude: ["DevToolsFiles"]),
        // The second example (Examples/SyncUps): the Composable Architecture's SyncUps app's logic —
        // lists, sheets, alerts, a navigation stack and a timed flow.
        .target(
            name: "SyncUps",
            dependencies: ["Redux", "ReduxEffects", "ReduxPersistence"],
            path: "Examples/SyncUps/Sources/SyncUps"
        ),
        .testTarget(
            name: "SyncUpsTests",
            dependencies: ["SyncUps", "ReduxTesting", "ReduxTestingReporter", "ReduxPersistence"],
            path: "Examples/SyncUps/Tests/SyncUpsTests"),
        // The third example (Examples/TicTacToe): the Composable Architecture's modular TicTacToe
        // core — one module per feature, each with its own dependencies type and its own tests.
        .target(
            name: "AuthenticationClient", dependencies: ["ReduxTesting"],
            path: "Examples/TicTacToe/Sources/AuthenticationClient"),
        .target(
            name: "GameCore", dependencies: ["Redux", "ReduxEffects"], path: "Examples/TicTacToe/Sources/GameCore"),
        .target(
            name: "NewGameCore", dependencies: ["GameCore", "Redux"], path: "Examples/TicTacToe/Sources/NewGameCore"),
        .target(
            name: "TwoFactorCore", dependencies: ["AuthenticationClient", "Redux", "ReduxEffects"],
            path: "Examples/TicTacToe/Sources/TwoFactorCore"),
        .target(
            name: "LoginCore", dependencies: ["AuthenticationClient", "TwoFactorCore", "Redux", "ReduxEffects"],
            path: "Examples/TicTacToe/Sources/LoginCore"),
        .target(
            name: "AppCore",
            dependencies: ["AuthenticationClient", "LoginCore", "NewGameCore", "TwoFactorCore", "Redux"],
            path: "Examples/TicTacToe/Sources/AppCore"),
        .testTarget(
            name: "GameCoreTests", dependencies: ["GameCore", "ReduxTesting", "ReduxTestingReporter"],
            path: "Examples/TicTacToe/Tests/GameCoreTests"),
        .testTarget(
            name: "NewGameCoreTests",
            dependencies: ["NewGameCore", "GameCore", "ReduxTesting", "ReduxTestingReporter"],
            path: "Examples/TicTacToe/Tests/NewGameCoreTests"),
        .testTarget(
            name: "TwoFactorCoreTests",
            dependencies: ["TwoFactorCore", "AuthenticationClient", "ReduxTesting", "ReduxTestingReporter"],
            path: "Examples/TicTacToe/Tests/TwoFactorCoreTests"),
        .testTarget(
            name: "LoginCoreTests",
            dependencies: [
                "LoginCore", "TwoFactorCore", "AuthenticationClient", "ReduxTesting", "ReduxTestingReporter",
            ],
            path: "Examples/TicTacToe/Tests/LoginCoreTests"),
        .testTarget(
            name: "AppCoreTests",
            dependencies: [
                "AppCore", "LoginCore", "NewGameCore", "TwoFactorCore", "AuthenticationClient", "ReduxTesting",
                "ReduxTestingReporter",
            ],
            path: "Examples/TicTacToe/Tests/AppCoreTests"),
        // The fourth example (Examples/CaseStudies): the Composable Architecture's case studies,
        // with upstream's tests one for one.
        .target(
            name: "CaseStudies", dependencies: ["Redux", "ReduxEffects", "ReduxPersistence", "ReduxTesting"],
            path: "Examples/CaseStudies/Sources/CaseStudies"),
        .testTarget(
            name: "CaseStudiesTests",
            dependencies: [
                "CaseStudies", "Redux", "ReduxEffects", "ReduxPersistence", "ReduxTesting", "ReduxTestingReporter",
            ],
            path: "Examples/CaseStudies/Tests/CaseStudiesTests"),
        // The Swift code of README.md and docs/*.md, one test per guide (see CONTRIBUTING.md).
        // Issue 45: the whole promise (replay, files, time travel, undo, persistence) over one app
        // with every part, for seeded random sessions.
        .testTarget(
            name: "ReduxWholePromiseTests",
            dependencies: ["Redux", "ReduxDiff", "ReduxEffects", "ReduxHistory", "ReduxPersistence"]),
        .testTarget(
            name: "ReduxDocumentationTests",
            dependencies: [
                "Redux", "ReduxAsync", "ReduxThunk", "ReduxTesting", "ReduxTestingReporter", "ReduxLogging",
                "ReduxPersistence",
                "ReduxEffects", "ReduxHistory", "ReduxTestSupport",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

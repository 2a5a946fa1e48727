import Foundation
import Testing

/// `ReduxTesting` must link into an app or preview target on Apple platforms, where the test
/// frameworks are not available outside test bundles: it imports neither; only
/// `ReduxTestingReporter` does.
struct LinkabilityTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    static func imports(in target: String) throws -> [String] {
        let directory = sources.appendingPathComponent(target)
        let files =
            FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        #expect(!files.isEmpty)
        return try files.flatMap { file in
            try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { $0.hasPrefix("import ") || $0.hasPrefix("@testable import ") }
        }
    }

    @Test func reduxTestingImportsNoTestFramework() throws {
        let imports = try Self.imports(in: "ReduxTesting")
        #expect(!imports.contains { $0.hasSuffix(" Testing") || $0.hasSuffix(" XCTest") }, "\(imports)")
        let reporter = try Self.imports(in: "ReduxTestingReporter")
        #expect(reporter.contains("import Testing"))
    }
}

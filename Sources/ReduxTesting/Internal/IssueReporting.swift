#if os(Linux) || os(Windows) || os(Android) || os(OpenBSD) || os(WASI)
    import ReduxTestingReporter
#else
    import Foundation
#endif

/// Where a failed expectation is reported: the caller's source location.
struct SourceLocationInfo {
    var fileID: StaticString
    var filePath: StaticString
    var line: UInt
    var column: UInt
}

/// Reports a test failure in the running test (Swift Testing, else XCTest).
///
/// `ReduxTesting` links no test framework, so that apps and previews can link it (for `TestClock`,
/// say). The reporting lives in `ReduxTestingReporter`, the one module that links them: a
/// dependency of this module where test frameworks are ordinary libraries (Linux, Windows), and a
/// product that test targets on Apple platforms add, found here at run time by its C name. Without
/// it, each failure is printed as an error naming the fix, and debug builds stop at it — a failure
/// never passes silently.
func reportFailure(_ message: String, at location: SourceLocationInfo) {
    let fileID = String(describing: location.fileID)
    let filePath = String(describing: location.filePath)
    #if os(Linux) || os(Windows) || os(Android) || os(OpenBSD) || os(WASI)
        swiftReduxTestingRecordIssue(message, fileID, filePath, Int(location.line), Int(location.column))
    #else
        if let record = RuntimeReporter.recordIssue {
            record(message, fileID, filePath, Int(location.line), Int(location.column))
            return
        }
        let line =
            "error: \(filePath):\(location.line): \(message)\n"
            + "error: swift-redux: TestStore found no test framework to report this failure to: add the "
            + "ReduxTestingReporter product to this test target's dependencies.\n"
        FileHandle.standardError.write(Data(line.utf8))
        assertionFailure("TestStore failure with no ReduxTestingReporter linked (see standard error)")
    #endif
}

#if !(os(Linux) || os(Windows) || os(Android) || os(OpenBSD) || os(WASI))
    /// Finds `ReduxTestingReporter`'s C function in the process, once.
    enum RuntimeReporter {
        typealias RecordIssue =
            @convention(c) (
                UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafePointer<CChar>, Int, Int
            ) -> Void

        static let recordIssue: RecordIssue? = {
            // RTLD_DEFAULT: every image loaded in the process, the test bundle included.
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: -2), "swift_redux_testing_record_issue")
            else { return nil }
            // `unsafeBitCast` is needed here: `dlsym` returns an untyped pointer, and a C function
            // pointer is typed only by a cast (no sanctioned API converts one). Safe because the
            // symbol is `ReduxTestingReporter`'s own `@_cdecl` function, whose C signature is
            // `RecordIssue` by construction (ReduxTestingReporter/RecordIssue.swift). The only
            // other `unsafeBitCast` is `ActionCast`'s, after a metatype comparison proves the types
            // identical (docs/architecture.md, "Unchecked and unsafe, listed").
            return unsafeBitCast(symbol, to: RecordIssue.self)
        }()
    }
#endif

// The one module of the package that links a test framework. `ReduxTesting` links none, so that
// an app or preview target can use `TestClock` or `RecordingMiddleware`; it reports `TestStore`'s
// failures through the C function below. On Linux (and other platforms without a separate test
// bundle), `ReduxTesting` depends on this module and calls it directly; on Apple platforms, add
// the `ReduxTestingReporter` product to the test target and `ReduxTesting` finds the function at
// run time by its C name.

import Testing

#if canImport(XCTest)
    import XCTest
#endif

// `@_cdecl` below: the only way in Swift 6.3 to give a function a C name that `dlsym` can find from
// a module that does not link this one (Apple platforms); its arguments are C types only.

/// Records a failed expectation in the running test: through Swift Testing when a Swift Testing
/// test is running, otherwise through XCTest. Called by `ReduxTesting`'s `TestStore`; not for
/// direct use.
///
/// - Parameters:
///   - message: The failure, as UTF-8.
///   - fileID: The file of the failing assertion (`#fileID`).
///   - filePath: Its path (`#filePath`).
///   - line: Its line.
///   - column: Its column.
@_cdecl("swift_redux_testing_record_issue")
public func swiftReduxTestingRecordIssue(
    _ message: UnsafePointer<CChar>,
    _ fileID: UnsafePointer<CChar>,
    _ filePath: UnsafePointer<CChar>,
    _ line: Int,
    _ column: Int
) {
    let text = String(cString: message)
    let file = String(cString: fileID)
    let path = String(cString: filePath)
    if Test.current != nil {
        Issue.record(
            Comment(rawValue: text),
            sourceLocation: SourceLocation(fileID: file, filePath: path, line: line, column: column))
        return
    }
    #if canImport(XCTest)
        // XCTest takes the location as a `StaticString`, which a run-time string cannot become:
        // the location leads the message instead.
        XCTFail("\(path):\(line): \(text)")
    #else
        print("error: \(path):\(line): \(text)")
    #endif
}

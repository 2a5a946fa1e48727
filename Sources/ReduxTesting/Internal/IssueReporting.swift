import Testing

#if canImport(XCTest)
    import XCTest
#endif

/// Where a failed expectation is reported: the caller's source location.
struct SourceLocationInfo {
    var fileID: StaticString
    var filePath: StaticString
    var line: UInt
    var column: UInt
}

/// Reports a test failure through Swift Testing when a Swift Testing test is running, otherwise
/// through XCTest when it is available.
func reportFailure(_ message: String, at location: SourceLocationInfo) {
    if Test.current != nil {
        Issue.record(
            Comment(rawValue: message),
            sourceLocation: SourceLocation(
                fileID: String(describing: location.fileID), filePath: String(describing: location.filePath),
                line: Int(location.line), column: Int(location.column)))
        return
    }
    #if canImport(XCTest)
        XCTFail(message, file: location.filePath, line: location.line)
    #else
        print("error: \(location.filePath):\(location.line): \(message)")
    #endif
}

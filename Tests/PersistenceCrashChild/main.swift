// Used by the persistence crash test: writes numbered states to a FileStorage as fast as it can,
// printing "committed N" after each write returns, until it is killed.
//
//   PersistenceCrashChild <directory> <key>
import Foundation
import ReduxPersistence

struct Payload: Codable {
    var counter: Int
    /// Derived from the counter, so a torn or mixed write is detectable.
    var check: String
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: PersistenceCrashChild <directory> <key>\n".utf8))
    exit(2)
}
let storage = FileStorage(directory: URL(fileURLWithPath: arguments[1], isDirectory: true))
let coder = JSONPersistenceCoder()
var counter = 0
while true {
    counter += 1
    let payload = Payload(counter: counter, check: String(repeating: String(counter), count: 2_000))
    do {
        try storage.write(coder.encode(PersistedEnvelope(version: 1, state: payload)), for: arguments[2])
    } catch {
        FileHandle.standardError.write(Data("write failed: \(error)\n".utf8))
        exit(1)
    }
    // Unbuffered, straight to the pipe: the parent must see each line as soon as it is true.
    FileHandle.standardOutput.write(Data("committed \(counter)\n".utf8))
}

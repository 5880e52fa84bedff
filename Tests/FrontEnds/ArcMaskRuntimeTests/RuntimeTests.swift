import ArcMaskRuntime
import ArcMaskValues
import Foundation
import Testing

@Suite("Runtime")
struct RuntimeTests {
    @Test("an output path can be locked by one holder at a time, and again once released")
    func outputLock() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lock-\(UUID().uuidString)")
        var first: OutputLock? = try OutputLock(for: url)
        let error = #expect(throws: OutputError.self) { _ = try OutputLock(for: url) }
        #expect(error?.problem.contains("another arcmask run") == true)
        withExtendedLifetime(first) {}
        first = nil
        _ = try OutputLock(for: url)
    }

}

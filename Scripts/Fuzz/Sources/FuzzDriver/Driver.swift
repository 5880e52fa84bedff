import ArcMaskFrames

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// A harness's test: libFuzzer's LLVMFuzzerTestOneInput.
public typealias FuzzTest = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

/// Runs libFuzzer's driver on `test`. A harness calls it from its entry point (SwiftPM names it
/// `<Target>_main`); the harness also exports `test` as LLVMFuzzerTestOneInput, so libFuzzer's
/// own `main`, should the linker pick it, runs the same test.
public func runFuzzer(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ test: FuzzTest
) -> Int32 {
    var count = argc
    var vector = argv
    return LLVMFuzzerRunDriver(&count, &vector, test)
}

/// The input as a buffer (empty inputs have no base address).
public func input(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}

/// Decodes every frame in order, then one backwards (random access after a full play).
public func readEveryFrame(_ source: FrameSource) {
    for i in 0..<source.frameCount { _ = try? source.frame(at: i) }
    if source.frameCount > 1 { _ = try? source.frame(at: source.frameCount / 2) }
}

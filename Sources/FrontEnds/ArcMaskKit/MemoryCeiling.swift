import Foundation

#if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
import os
#endif

/// How much memory one of `prepare`'s pixel buffers may take, asked of the phone before each
/// is allocated. iOS ends an app that goes past its memory limit without a word, so a canvas
/// that does not fit must be refused (`PrepareError.Code.tooLarge`) before it is made, not
/// found out by the app being killed.
///
/// The figure is `os_proc_available_memory()`: "the number of bytes the app may allocate before
/// it hits its memory limit", to be read as advice and never cached, as it changes with the
/// app's footprint; 0 when the caller is not an app or is already past its limit
/// (developer.apple.com/documentation/os/os_proc_available_memory; iOS 13 and later, not
/// macOS). Of it, `marginBytes` are left to the rest of the app; nothing more is allowed, however
/// small the buffer, since the figure is all the phone will give (0: the app is past its limit).
/// Buffers that exist at once (a decoded picture and the layer it is drawn into) are checked
/// together, against one reading of the figure (`check(_:what:place:)`). Where the function does
/// not exist (macOS, Linux) there is no figure, and only the fixed caps apply
/// (`ImageIOFrames.fixedCanvasPixels`).
enum MemoryCeiling {
    /// Bytes left to the rest of the app (its views, ImageIO's and AVFoundation's own buffers,
    /// the encoder's output) beside the buffer being allocated.
    static let marginBytes = 96 << 20

    /// The bytes the app may still allocate, in place of the system's figure: for tests, which
    /// drive the ceiling down with `withValue` (nil: the system's). A task-local value, not a
    /// wrapped static var, which Swift 6 refuses with older SDKs' concurrency library.
    static let availableForTesting = TaskLocal<Int?>(wrappedValue: nil)

    /// The bytes the app may still allocate now, or nil where the system gives no figure.
    static var availableBytes: Int? {
        if let testing = availableForTesting.get() { return testing }
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        return Int(os_proc_available_memory())
        #else
        return nil
        #endif
    }

    /// The most bytes the buffers about to be made may take now: the figure less the margin
    /// (0 when the figure is under the margin); nil where there is no figure.
    static var bufferBytes: Int? {
        availableBytes.map { max(0, $0 - marginBytes) }
    }

    /// The most RGBA pixels one buffer may hold now, no more than `cap`.
    static func pixels(cap: Int) -> Int {
        guard let bytes = bufferBytes else { return cap }
        return min(cap, bytes / 4)
    }

    /// Refuses, as `.tooLarge` at `place`, a buffer of `width`×`height` RGBA pixels that the
    /// app cannot take now; `what` names it in the sentence ("its 9000×9000 px canvas").
    static func check(width: Int, height: Int, what: String, place: PrepareError.Place) throws {
        try check([(width, height)], what: what, place: place)
    }

    /// Refuses, as `.tooLarge` at `place`, RGBA buffers of these sizes that will exist at once
    /// when together they need more than the app may take now: one budget for all of them, not
    /// each alone.
    static func check(_ buffers: [(width: Int, height: Int)], what: String, place: PrepareError.Place) throws {
        guard let bytes = bufferBytes else { return }
        var needed = 0, overflow = false
        for b in buffers {
            let (pixels, o1) = b.width.multipliedReportingOverflow(by: b.height)
            let (size, o2) = pixels.multipliedReportingOverflow(by: 4)
            let (sum, o3) = needed.addingReportingOverflow(size)
            overflow = overflow || o1 || o2 || o3 || b.width < 0 || b.height < 0
            needed = sum
        }
        guard overflow || needed > bytes else { return }
        throw PrepareError(
            place,
            "\(what) needs \(megabytes(overflow ? Int.max : needed)) of memory, and this app may take \(megabytes(bytes)) more now (os_proc_available_memory, less \(megabytes(marginBytes)) kept for the app)",
            code: .tooLarge)
    }

    static func megabytes(_ bytes: Int) -> String {
        bytes == Int.max ? "more than the address space" : "\((bytes + (1 << 19)) >> 20) MB"
    }
}

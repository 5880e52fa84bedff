import ArcMaskLayerExport
import ArcMaskRuntime
import ArcMaskTimerFont
import ArcMaskTimerFontPlan
import ArcMaskValues
import ArgumentParser
import Foundation

/// `arcmask check DIR`: a folder written by `export` (or prepared by ArcMaskKit) checked as a widget
/// project ships it. The checks themselves are `emulate`'s folder checks; this command takes
/// folders only, so `emulate` is left with animations.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a widget folder written by export (or prepared by ArcMaskKit) before it ships.",
        discussion: """
            A rotation folder: manifest.json key by key, each image by its size, digest and pixel size, the \
            limit figures recomputed from the files on disk, the plan recomputed and emulated, and the \
            generated code compared with what the manifest generates. A timer-mask folder (and a rotation \
            folder's timer masks): the same, its mask font listed by size and digest and shaped by HarfBuzz at \
            every refresh of two hours and around the wraps into hours, the lanes judged against the \
            animation's own frames and pace. A timer-font folder: its fonts held to their sizes and digests \
            and shaped by HarfBuzz for every timer string the refreshes see over two hours and around the \
            wraps into hours. Anything over a limit, changed since the export or played wrongly fails.

            Exit status: 0 when the folder passes; \(ExitStatus.defectsFound.rawValue) when it does not; \
            1 bad input; 64 bad arguments.
            """)

    @Argument(help: "A folder written by `arcmask export` or ArcMaskKit's prepare.")
    var folder: String

    @Option(
        name: .customLong("refresh"), help: "Display refresh rates in Hz, comma-separated.",
        transform: Hertz.parseList)
    var refresh = DisplayRefresh.rates.map { Hertz(Double($0)) }

    @OptionGroup var reporting: ReportOptions

    func validate() throws {
        try requirePath(folder, "DIR")
        guard TimerFontOutput.isExport(folder) else {
            throw ValidationError(
                "\(folder): not a folder written by export (no manifest.json in it); "
                    + "to check an animation, use arcmask emulate FILE --view WxH")
        }
    }

    func run() throws {
        try EmulateExport.run(ExportCheckRequest(folder: folder, rates: refresh.map(\.value), reporting: reporting))
    }
}

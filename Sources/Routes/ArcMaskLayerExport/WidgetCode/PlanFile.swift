import ArcMaskGeometry
import ArcMaskManifest
import ArcMaskTimerMaskPlan
import ArcMaskValues
import Foundation

/// Writes `<Name>Plan.swift`: the export's numbers as an `ArcMaskAnimationPlan` (plain Swift,
/// equal to manifest.json), its tinting and rotation route, and the view that plays its frames
/// from the extension's bundle. The view itself is `ArcMaskAnimation.swift`, the file ArcMaskKit
/// compiles, written beside it unchanged (`AnimationSource`).
public enum PlanFile {
    /// - Parameter v: how the code's comments name the settings (the command line's options).
    public static func generate(
        manifest m: ExportManifest, names n: CodeNames = .standard, route: RotationAccess = .runtime,
        accented: AccentedRendering = .fullColor, vocabulary v: SettingNames = .plain
    ) -> String {
        let layerLines = m.plan.layers.map {
            "            .init(frame: \($0.frame), startDegrees: \(num($0.startAngle)), endDegrees: \(num($0.endAngle)), curves: \($0.curves.count)),"
        }.joined(separator: "\n")
        let cells = m.frames.map {
            "            .init(x: \($0.x), y: \($0.y), width: \($0.width), height: \($0.height), file: \"\($0.file)\"),"
        }.joined(separator: "\n")
        let routeNotes = route.notes(timerMasks: m.timerMask != nil).map { "// \($0)" }.joined(separator: "\n")
        let trailing = trailingArguments(m, v)
        let imports = (["SwiftUI"] + route.imports).sorted().map { "import \($0)" }.joined(separator: "\n")
        return """
            // \(n.planFile), written by `arcmask export` for \(CodeText.fileName(m.source)).
            // Every number here equals manifest.json. The view that plays it is ArcMaskAnimation.swift,
            // written beside this file (the same file ArcMaskKit compiles; one copy serves every export
            // in an extension).
            //
            \(routeNotes)

            import Foundation

            /// The mask plan: view size in points, arcs in degrees (0° = 3 o'clock, growing clockwise).
            public enum \(n.plan) {
                public static let preset = "\(m.preset)"
                /// Bytes of the layer images (the archive's main part; kept under \(m.limits.archiveLimit)).
                public static let imageBytes = \(m.images.reduce(0) { $0 + $1.bytes })
                /// How the frames draw on tinted and clear home screens (iOS 18 or later).
                public static let accented = ArcMaskAccentedRendering.\(accented.member)

                public static let plan = ArcMaskAnimationPlan(
                    viewWidth: \(num(m.viewWidth)), viewHeight: \(num(m.viewHeight)), scale: \(num(m.scale)),
                    radius: \(num(m.plan.radius)), lineWidth: \(num(m.plan.lineWidth)), centerOffset: \(num(m.plan.centerOffset)),
                    periodSeconds: \(num(m.plan.periodSeconds)), squareCaps: \(m.plan.cap == .square),
                    strip: \(m.strip.map { "\"\($0)\"" } ?? "nil"),
                    // ZStack order: later layers are drawn on top; each arc is drawn as `curves` cubic
                    // curves of equal sweep, as the plan computed them.
                    layers: [
            \(layerLines)
                    ],
                    // Where each frame's image lies, in pixels (its own file, or a cell of the strip).
                    cells: [
            \(cells)
                    ]\(trailing))
            }

            #if canImport(SwiftUI) && canImport(WidgetKit) && canImport(ImageIO)
            \(imports)

            \(route.support(n))

            extension \(n.plan) {
                /// The export's animation, its frames read from `bundle`; nil when one is missing.
                @available(iOS 15.0, *)
                @MainActor
                public static func view(bundle: Bundle = .main) -> ArcMaskAnimation? {
                    ArcMaskAnimation(plan: plan, bundle: bundle, accented: accented, rotation: rotation)
                }
            }
            #endif

            """
    }

    /// A number as Swift source: whole numbers with one decimal (`2.0`), others as Swift prints them.
    private static func num(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(format: "%.1f", x) : "\(x)"
    }

    /// The plan's arguments after `cells`, each after a comma and a comment of its own: the
    /// timer-mask lanes, the poster cell and the label, where the export has them.
    private static func trailingArguments(_ m: ExportManifest, _ v: SettingNames) -> String {
        // The timer-mask lanes over the same images, where the export carries them.
        var arguments = m.timerMask.map { timerMaskArguments($0, m) } ?? ""
        // The poster frame's cell, where the export names one (its poster setting).
        if let frame = m.posterFrame, let cell = m.frames.firstIndex(where: { $0.sourceFrames.contains(frame) }) {
            arguments +=
                ",\n" + """
                            // Shown still where the view holds still (Always-On; \(v.tinted) poster): frame \(frame).
                            posterCell: \(cell)
                    """
        }
        // What VoiceOver reads for the animation (its label setting).
        if let label = m.label {
            arguments +=
                ",\n" + """
                            // What VoiceOver reads: the view is one image with this label (\(v.label)).
                            label: "\(WidgetCodeParts.swiftString(label))"
                    """
        }
        return arguments
    }

    /// The timer-mask lanes over the same images (`timerMasks:`), and whether the export
    /// prefers them (`prefersTimerMasks:`).
    private static func timerMaskArguments(_ t: TimerMaskSection, _ m: ExportManifest) -> String {
        let cellOf = Dictionary(m.frames.enumerated().map { ($1.file, $0) }, uniquingKeysWith: { a, _ in a })
        let fonts = Dictionary(t.fonts.map { ($0.file, $0) }, uniquingKeysWith: { a, _ in a })
        let lanes = t.lanes.map { lane in
            let masks = lane.masks.compactMap { mask in
                fonts[mask.font].map {
                    ".init(font: \"\($0.postScriptName)\", periodSeconds: \($0.periodSeconds), leadSeconds: \(num(mask.leadSeconds)))"
                }
            }
            return
                "                .init(cell: \(cellOf[lane.image] ?? 0), masks: [\(masks.joined(separator: ", "))]),"
        }.joined(separator: "\n")
        return "," + """

                    // The same images under live timer masks (public API): lanes bottom to top.
                    timerMasks: .init(
                        loopSeconds: \(t.loopSeconds),
                        lanes: [
            \(lanes)
                        ]),
                    prefersTimerMasks: \(m.route == .timerMask)
            """
    }
}

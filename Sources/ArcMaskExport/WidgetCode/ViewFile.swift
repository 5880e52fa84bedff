import ArcMaskGeometry
import ArcMaskValues
import Foundation

/// Writes `<Name>View.swift`: the plan's numbers as Swift constants (plain Swift, compiles
/// anywhere) and a SwiftUI view that draws the same masks in a widget and turns them through
/// the chosen rotation route (compiled only where SwiftUI, WidgetKit and UIKit exist).
public enum ViewFile {
    public static func generate(
        manifest m: ExportManifest, layers: [ArcLayer], names n: CodeNames = .standard, route: RotationRoute = .runtime,
        accented: AccentedRendering = .fullColor
    ) -> String {
        func num(_ x: Double) -> String {
            x == x.rounded() && abs(x) < 1e15 ? String(format: "%.1f", x) : "\(x)"
        }
        let layerLines = layers.map {
            "        Layer(frame: \($0.frame), startDegrees: \(num($0.startAngle)), endDegrees: \(num($0.endAngle))),"
        }.joined(separator: "\n")
        let cells = m.frames.map {
            "        Cell(x: \($0.x), y: \($0.y), width: \($0.width), height: \($0.height), file: \"\($0.file)\"),"
        }
        .joined(separator: "\n")
        let routeNotes = route.notes.map { "// \($0)" }.joined(separator: "\n")
        let imports = (["SwiftUI", "UIKit", "WidgetKit"] + route.imports).sorted().map { "import \($0)" }
            .joined(separator: "\n")
        // The runtime route can tell when the rotation is missing: then it shows the first frame still.
        let body =
            route == .runtime
            ? """
                public var body: some View {
                    if \(n.rotation).effect != nil {
                        masks
                    } else {
                        Image(uiImage: images[0])
                            .resizable()
                            .\(n.accented)()
                            .frame(width: \(n.plan).viewWidth, height: \(n.plan).viewHeight)
                    }
                }
            """
            : """
                public var body: some View {
                    masks
                }
            """
        return """
            // \(n.viewFile), written by `arcmask export` for \(CodeText.fileName(m.source)).
            // Every number here equals manifest.json.
            //
            // How it plays: one image per frame in a ZStack, each masked by a thick stroked arc; all arcs
            // turn together with WidgetKit's clock-hand rotation, so the view lies under one arc at a time.
            //
            \(routeNotes)
            //
            // Every route rests on private API: WidgetKit may change or remove the rotation in any iOS
            // release, and App Review may object to it.

            import Foundation

            /// The mask plan: view size in points, arcs in degrees (0° = 3 o'clock, growing clockwise).
            public enum \(n.plan) {
                public static let preset = "\(m.preset)"
                public static let viewWidth: Double = \(num(m.viewWidth))
                public static let viewHeight: Double = \(num(m.viewHeight))
                public static let scale: Double = \(num(m.scale))
                public static let radius: Double = \(num(m.plan.radius))
                public static let lineWidth: Double = \(num(m.plan.lineWidth))
                public static let centerOffset: Double = \(num(m.plan.centerOffset))
                public static let periodSeconds: Double = \(num(m.plan.periodSeconds))
                public static let squareCaps = \(m.plan.cap == .square)
                /// The image resource holding every frame (nil: each layer is its own file, handed
                /// to SwiftUI as encoded bytes and decoded by the system, not by the extension).
                public static let stripResource: String? = \(m.strip.map { "\"\(($0 as NSString).deletingPathExtension)\"" } ?? "nil")
                /// Bytes of the layer images (the archive's main part; kept under \(m.limits.archiveLimit)).
                public static let imageBytes = \(m.images.reduce(0) { $0 + $1.bytes })

                public struct Layer: Sendable {
                    public let frame: Int
                    public let startDegrees: Double
                    public let endDegrees: Double
                }

                /// ZStack order: later layers are drawn on top.
                public static let layers: [Layer] = [
            \(layerLines)
                ]

                public struct Cell: Sendable {
                    public let x: Int, y: Int, width: Int, height: Int
                    public let file: String
                }

                /// Where each frame's image lies in the strip, in pixels (or its own file).
                public static let cells: [Cell] = [
            \(cells)
                ]

                /// The rotation at `seconds` after the epoch, degrees.
                public static func rotation(at seconds: Double) -> Double {
                    let turns = seconds / periodSeconds
                    return 360 * (turns - turns.rounded(.down))
                }
            }

            #if canImport(SwiftUI) && canImport(WidgetKit) && canImport(UIKit)
            \(imports)

            /// An open arc around the view's centre; stroked, it becomes one layer's mask.
            struct \(n.arc): Shape {
                let startDegrees: Double
                let endDegrees: Double

                nonisolated func path(in rect: CGRect) -> Path {
                    var path = Path()
                    path.addArc(
                        center: CGPoint(x: rect.midX, y: rect.midY), radius: \(n.plan).radius,
                        startAngle: .degrees(startDegrees), endAngle: .degrees(endDegrees), clockwise: false)
                    return path
                }
            }

            \(route.support(n))

            extension Image {
                /// On tinted and clear home screens (iOS 18 or later): \(accented == .fullColor ? "the frames keep their colours instead of\n    /// turning into a tinted silhouette" : "the frames are tinted with the\n    /// rest of the home screen") (only an `Image` can choose). The iOS 18 SDK
                /// (Xcode 16, Swift 6 compilers) declares it; older Xcodes build the view without it.
                @ViewBuilder
                func \(n.accented)() -> some View {
                    #if compiler(>=6.0)
                    if #available(iOS 18.0, *) {
                        widgetAccentedRenderingMode(.\(accented.member))
                    } else {
                        self
                    }
                    #else
                    self
                    #endif
                }
            }

            /// Plays the exported animation inside a widget (iOS 15 or later).
            @available(iOS 15.0, *)
            public struct \(n.view): View {
                private let images: [UIImage]

                /// Loads the frames from `bundle`; nil when a resource is missing.
                public init?(bundle: Bundle = .main) {
                    var images: [UIImage] = []
                    if let strip = \(n.plan).stripResource {
                        guard let url = bundle.url(forResource: strip, withExtension: "png"),
                            let sheet = UIImage(contentsOfFile: url.path)?.cgImage
                        else { return nil }
                        for c in \(n.plan).cells {
                            guard let cell = sheet.cropping(to: CGRect(x: c.x, y: c.y, width: c.width, height: c.height))
                            else { return nil }
                            images.append(UIImage(cgImage: cell, scale: \(n.plan).scale, orientation: .up))
                        }
                    } else {
                        // Encoded bytes: the system process that draws the widget decodes them.
                        for c in \(n.plan).cells {
                            guard let url = bundle.url(forResource: c.file, withExtension: nil),
                                let data = try? Data(contentsOf: url),
                                let image = UIImage(data: data, scale: \(n.plan).scale)
                            else { return nil }
                            images.append(image)
                        }
                    }
                    guard !images.isEmpty else { return nil }
                    self.images = images
                }

            \(body)

                /// Every frame, each masked by its arc; the arcs turn together.
                private var masks: some View {
                    ZStack {
                        ForEach(0..<\(n.plan).layers.count, id: \\.self) { i in
                            let layer = \(n.plan).layers[i]
                            Image(uiImage: images[layer.frame])
                                .resizable()
                                .\(n.accented)()
                                .frame(width: \(n.plan).viewWidth, height: \(n.plan).viewHeight)
                                .mask(alignment: .center) {
                                    \(n.arc)(startDegrees: layer.startDegrees, endDegrees: layer.endDegrees)
                                        .stroke(style: StrokeStyle(
                                            lineWidth: \(n.plan).lineWidth, lineCap: \(n.plan).squareCaps ? .square : .butt))
                                        .frame(width: \(n.plan).viewWidth, height: \(n.plan).viewHeight)
                                        .\(n.turning)()
                                        .offset(y: \(n.plan).centerOffset)
                                }
                        }
                    }
                    .frame(width: \(n.plan).viewWidth, height: \(n.plan).viewHeight)
                    .clipped()
                }
            }
            #endif

            """
    }
}

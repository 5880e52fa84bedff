import ArcMaskGeometry
import ArcMaskValues
import Foundation

/// Writes `ArcMaskView.swift`: the plan's numbers as Swift constants (plain Swift, compiles
/// anywhere) and a SwiftUI view that draws the same masks in a widget (compiled only where
/// SwiftUI, WidgetKit and UIKit exist).
public enum SwiftUICode {
    public static func generate(manifest m: ExportManifest, layers: [ArcLayer]) -> String {
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
        return """
            // ArcMaskView.swift, written by `arcmask export` for \((m.source as NSString).lastPathComponent).
            // Every number here equals manifest.json.
            //
            // How it plays: one image per frame in a ZStack, each masked by a thick stroked arc; all arcs
            // turn together with WidgetKit's clock-hand rotation, so the view lies under one arc at a time.
            // The rotation is reached the way the public widget projects reach it: the underscored
            // `_clockHandRotationEffect(_:in:anchor:)` modifier, which WidgetKit exposes but does not
            // document. It is private API: it may change or go away in any iOS release.

            import Foundation

            /// The mask plan: view size in points, arcs in degrees (0° = 3 o'clock, growing clockwise).
            public enum ArcMaskPlan {
                public static let preset = "\(m.preset)"
                public static let viewWidth: Double = \(num(m.viewWidth))
                public static let viewHeight: Double = \(num(m.viewHeight))
                public static let scale: Double = \(num(m.scale))
                public static let radius: Double = \(num(m.plan.radius))
                public static let lineWidth: Double = \(num(m.plan.lineWidth))
                public static let centerOffset: Double = \(num(m.plan.centerOffset))
                public static let periodSeconds: Double = \(num(m.plan.periodSeconds))
                public static let squareCaps = \(m.plan.cap == .square)
                /// The image resource holding every frame (nil: one file per frame).
                public static let stripResource: String? = \(m.strip.map { "\"\(($0 as NSString).deletingPathExtension)\"" } ?? "nil")
                public static let decodedBytes = \(m.decodedBytes)

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
            import SwiftUI
            import UIKit
            import WidgetKit

            /// An open arc around the view's centre; stroked, it becomes one layer's mask.
            struct ArcMaskArc: Shape {
                let startDegrees: Double
                let endDegrees: Double

                func path(in rect: CGRect) -> Path {
                    var path = Path()
                    path.addArc(center: CGPoint(x: rect.midX, y: rect.midY), radius: ArcMaskPlan.radius,
                                startAngle: .degrees(startDegrees), endAngle: .degrees(endDegrees), clockwise: false)
                    return path
                }
            }

            /// Plays the exported animation inside a widget.
            public struct ArcMaskView: View {
                private let images: [UIImage]

                /// Loads the frames from `bundle`; nil when a resource is missing.
                public init?(bundle: Bundle = .main) {
                    var images: [UIImage] = []
                    if let strip = ArcMaskPlan.stripResource {
                        guard let url = bundle.url(forResource: strip, withExtension: "png"),
                              let sheet = UIImage(contentsOfFile: url.path)?.cgImage else { return nil }
                        for c in ArcMaskPlan.cells {
                            guard let cell = sheet.cropping(to: CGRect(x: c.x, y: c.y, width: c.width, height: c.height)) else { return nil }
                            images.append(UIImage(cgImage: cell, scale: ArcMaskPlan.scale, orientation: .up))
                        }
                    } else {
                        for c in ArcMaskPlan.cells {
                            guard let url = bundle.url(forResource: (c.file as NSString).deletingPathExtension, withExtension: "png"),
                                  let image = UIImage(contentsOfFile: url.path) else { return nil }
                            images.append(image)
                        }
                    }
                    self.images = images
                }

                public var body: some View {
                    ZStack {
                        ForEach(0..<ArcMaskPlan.layers.count, id: \\.self) { i in
                            let layer = ArcMaskPlan.layers[i]
                            Image(uiImage: images[layer.frame])
                                .resizable()
                                .frame(width: ArcMaskPlan.viewWidth, height: ArcMaskPlan.viewHeight)
                                .mask(
                                    ArcMaskArc(startDegrees: layer.startDegrees, endDegrees: layer.endDegrees)
                                        .stroke(style: StrokeStyle(lineWidth: ArcMaskPlan.lineWidth,
                                                                   lineCap: ArcMaskPlan.squareCaps ? .square : .butt))
                                        .frame(width: ArcMaskPlan.viewWidth, height: ArcMaskPlan.viewHeight)
                                        ._clockHandRotationEffect(.custom(ArcMaskPlan.periodSeconds), in: .current, anchor: .center)
                                        .offset(y: ArcMaskPlan.centerOffset)
                                )
                        }
                    }
                    .frame(width: ArcMaskPlan.viewWidth, height: ArcMaskPlan.viewHeight)
                    .clipped()
                }
            }
            #endif

            """
    }
}

import ArcMaskFrames
import ArcMaskManifest
import ArcMaskValues
import Foundation

/// How the system draws a widget's picture on each surface, as documented approximations:
/// Apple publishes the rules in words, not formulas. The picture is straight RGBA.
///
/// - `fullColor`: as it is (the Home Screen, StandBy).
/// - `tinted`: the Home Screen's tinted and clear appearances (iOS 18), WidgetKit's accented
///   mode. With `.widgetAccentedRenderingMode(.fullColor)` (`--tinted full-color`) the image is
///   "rendered at full color with no other color modifications"; with `.accented` the system
///   "replaces the view's color … while preserving the view's alpha channel"
///   (WidgetRenderingMode.accented), so an opaque photo becomes a white block
///   (komadorirobin/Softcover PR #6: "blank white"); with `.desaturated` (`--tinted alpha` and
///   `poster`) it "maps the luminance of the Image in to the alpha channel, replacing color
///   channels with the color applied to the default group" (WidgetAccentedRenderingMode),
///   which the guidelines say is tinted white.
/// - `vibrant`: the Lock Screen (and StandBy in low light). "The system desaturates the widget,
///   making a monochrome version" (WidgetRenderingMode.vibrant); "the brightness of pixels
///   determines how vibrant they appear" and their opacity how much background material shows
///   (Human Interface Guidelines, Widgets). Drawn here as white whose opacity is the pixel's
///   luminance times its alpha: no colour survives, whatever the widget asks.
/// - `alwaysOn`: the Lock Screen at reduced luminance (`isLuminanceReduced`), where "the system
///   doesn't perform animations": the poster frame, vibrant, at half brightness (the dimming
///   factor is not published; half is this drawing's choice).
///
/// Luminance is Rec. 709's weighting of the stored (gamma-encoded) channels; Apple publishes none.
public enum WidgetLook: String, CaseIterable, Sendable {
    case fullColor = "full colour", tinted, vibrant, alwaysOn = "Always-On"
}

extension WidgetLook {
    /// Rec. 709 luminance of straight 8-bit RGB, 0–255.
    @inlinable
    public static func luminance(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Double {
        0.2126 * Double(r) + 0.7152 * Double(g) + 0.0722 * Double(b)
    }

    /// `picture` (straight RGBA) as this look draws it, for a widget that chose `tinted`
    /// (`--tinted`: how its frames draw where colours are not kept).
    public func apply(_ picture: PixelBuffer, tinted: AccentedRendering) -> PixelBuffer {
        var out = picture
        switch (self, tinted) {
        case (.fullColor, _), (.tinted, .fullColor): return out
        case (.tinted, .accented): Self.whiteKeepingAlpha(&out.bytes)
        case (.tinted, _), (.vibrant, _): Self.luminanceAsAlpha(&out.bytes, brightness: 1)
        case (.alwaysOn, _): Self.luminanceAsAlpha(&out.bytes, brightness: 0.5)
        }
        return out
    }

    /// White, each pixel's alpha kept: a template image, as the accented mode draws one.
    static func whiteKeepingAlpha(_ rgba: inout [UInt8]) {
        var p = 0
        while p + 3 < rgba.count {
            rgba[p] = 255
            rgba[p + 1] = 255
            rgba[p + 2] = 255
            p += 4
        }
    }

    /// White whose alpha is each pixel's luminance × its alpha × `brightness`.
    static func luminanceAsAlpha(_ rgba: inout [UInt8], brightness: Double) {
        var p = 0
        while p + 3 < rgba.count {
            let y = luminance(rgba[p], rgba[p + 1], rgba[p + 2])
            let a = y * Double(rgba[p + 3]) / 255 * brightness
            rgba[p] = 255
            rgba[p + 1] = 255
            rgba[p + 2] = 255
            rgba[p + 3] = UInt8(min(255, a.rounded()))
            p += 4
        }
    }

    /// Whether this look plays the animation (false: a still poster frame) for `tinted`.
    public func animates(tinted: AccentedRendering) -> Bool {
        switch self {
        case .fullColor: true
        case .tinted, .vibrant: tinted != .poster
        case .alwaysOn: false
        }
    }

    /// The background this look is drawn on in the pictures: a light wallpaper, a tinted one,
    /// a dark neutral Lock Screen (so that no colour seen there is the wallpaper's), and the
    /// dimmed screen.
    public var background: Color {
        switch self {
        case .fullColor: Color(0.85, 0.86, 0.89)
        case .tinted: Color(0.12, 0.17, 0.27)
        case .vibrant: Color(0.16, 0.16, 0.16)
        case .alwaysOn: Color(0, 0, 0)
        }
    }
}

extension Preview {
    // MARK: looks.png

    /// The widget in each look side by side: the frame it shows (the poster frame where a look
    /// holds still), as each look draws it, on that look's background.
    public func looksSheet(tinted: AccentedRendering, poster: Int, family: String) throws -> PixelBuffer {
        let (tw, th) = Preview.fitted(plan.viewWidth, plan.viewHeight, in: 200, least: 24)
        let pad = 24.0, top = 70.0, panel = max(tw, 200) + pad
        let width = Int(pad + Double(WidgetLook.allCases.count) * panel)
        let height = Int(top + th + 70)
        let d = try Chart(width: width, height: height)
        d.text(
            "\((source.name as NSString).lastPathComponent), \(family), in each look (tinted: \(tinted.rawValue), poster frame \(poster))",
            x: pad, y: 28, size: 16, bold: true)
        d.text(
            "Approximations of Apple's documented rules (docs/limits.md): colour kept, luminance as opacity, dimmed.",
            x: pad, y: 50, size: 12)
        let moving = try images.image(min(max(0, poster), plan.frameCount - 1))
        for (k, look) in WidgetLook.allCases.enumerated() {
            let x = pad + Double(k) * panel
            d.fill(x: x - 8, y: top - 8, w: panel - pad + 16, h: th + 16, look.background)
            let shown = look.apply(moving, tinted: tinted)
            let left = x + (panel - pad - tw) / 2
            try d.image(shown, x: left, y: top, w: tw, h: th)
            d.text(look.rawValue, x: x + (panel - pad) / 2, y: top + th + 30, size: 13, bold: true, align: .center)
            d.text(
                look.animates(tinted: tinted) ? "plays the animation" : "shows the poster frame still",
                x: x + (panel - pad) / 2, y: top + th + 48, size: 11, align: .center)
        }
        return try d.pixels()
    }
}

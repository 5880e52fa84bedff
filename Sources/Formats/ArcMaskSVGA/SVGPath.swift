import ArcMaskValues
import Foundation

/// A path in absolute coordinates, reduced to moves, lines, cubic curves and closes.
public struct SVGPath: Sendable, Equatable {
    /// Moves, lines, cubics and closes: the canvas's own path elements, so paths draw as parsed.
    public typealias Element = PathElement

    public var elements: [Element]

    public init(_ elements: [Element] = []) { self.elements = elements }
    public var isEmpty: Bool { elements.isEmpty }
}

/// Bad SVG path data: what and where (character offset).
public struct SVGPathError: Error, Sendable, Equatable, CustomStringConvertible {
    public var offset: Int
    public var problem: String
    public var description: String { "path data, character \(offset): \(problem)" }
}

/// Parses SVG path data (`d`): every command (M L H V C S Q T A Z, absolute and relative),
/// implicit repetition, numbers with exponents, commas or no separator ("1-2", ".5.5").
/// Quadratic curves and arcs become cubics. Empty data is an empty path.
public enum SVGPathParser {
    public static func parse(_ text: String, maxCommands: Int = 1_000_000) throws(SVGPathError) -> SVGPath {
        var p = Scanner(Array(text.utf8))
        var out: [SVGPath.Element] = []
        var x = 0.0, y = 0.0, startX = 0.0, startY = 0.0
        var lastControl: (Double, Double)? = nil  // for S/T reflection
        var lastWasCubic = false, lastWasQuad = false
        var command: UInt8 = 0
        var count = 0
        p.skipSeparators()
        while !p.atEnd {
            if let c = p.peekCommand() {
                command = c
                p.advance()
            } else if command == 0 {
                throw SVGPathError(offset: p.offset, problem: "expected a command letter")
            } else if command == UInt8(ascii: "M") || command == UInt8(ascii: "m") {
                // Coordinates after a move are implicit lines.
                command = command == UInt8(ascii: "M") ? UInt8(ascii: "L") : UInt8(ascii: "l")
            }
            count += 1
            if count > maxCommands {
                throw SVGPathError(offset: p.offset, problem: "more than \(maxCommands) commands")
            }
            let relative = command >= UInt8(ascii: "a")
            let ox = relative ? x : 0, oy = relative ? y : 0
            var cubic = false, quad = false
            switch command | 0x20 {
            case UInt8(ascii: "m"):
                x = try p.number() + ox; y = try p.number() + oy
                startX = x; startY = y
                out.append(.move(x, y))
            case UInt8(ascii: "l"):
                x = try p.number() + ox; y = try p.number() + oy
                out.append(.line(x, y))
            case UInt8(ascii: "h"):
                x = try p.number() + ox
                out.append(.line(x, y))
            case UInt8(ascii: "v"):
                y = try p.number() + oy
                out.append(.line(x, y))
            case UInt8(ascii: "c"):
                let x1 = try p.number() + ox, y1 = try p.number() + oy
                let x2 = try p.number() + ox, y2 = try p.number() + oy
                x = try p.number() + ox; y = try p.number() + oy
                out.append(.cubic(x1, y1, x2, y2, x, y))
                lastControl = (x2, y2); cubic = true
            case UInt8(ascii: "s"):
                let (x1, y1) =
                    lastWasCubic && lastControl != nil ? (2 * x - lastControl!.0, 2 * y - lastControl!.1) : (x, y)
                let x2 = try p.number() + ox, y2 = try p.number() + oy
                x = try p.number() + ox; y = try p.number() + oy
                out.append(.cubic(x1, y1, x2, y2, x, y))
                lastControl = (x2, y2); cubic = true
            case UInt8(ascii: "q"):
                let qx = try p.number() + ox, qy = try p.number() + oy
                let nx = try p.number() + ox, ny = try p.number() + oy
                out.append(quadratic(x, y, qx, qy, nx, ny))
                x = nx; y = ny
                lastControl = (qx, qy); quad = true
            case UInt8(ascii: "t"):
                let (qx, qy) =
                    lastWasQuad && lastControl != nil ? (2 * x - lastControl!.0, 2 * y - lastControl!.1) : (x, y)
                let nx = try p.number() + ox, ny = try p.number() + oy
                out.append(quadratic(x, y, qx, qy, nx, ny))
                x = nx; y = ny
                lastControl = (qx, qy); quad = true
            case UInt8(ascii: "a"):
                let rx = try p.number(), ry = try p.number(), rotation = try p.number()
                let large = try p.flag(), sweep = try p.flag()
                let nx = try p.number() + ox, ny = try p.number() + oy
                out.append(contentsOf: arc(x, y, rx, ry, rotation, large, sweep, nx, ny))
                x = nx; y = ny
            case UInt8(ascii: "z"):
                out.append(.close)
                x = startX; y = startY
            default:
                throw SVGPathError(
                    offset: p.offset - 1, problem: "unknown command '\(Character(UnicodeScalar(command)))'")
            }
            lastWasCubic = cubic
            lastWasQuad = quad
            p.skipSeparators()
            if command | 0x20 == UInt8(ascii: "z"), !p.atEnd, p.peekCommand() == nil {
                throw SVGPathError(offset: p.offset, problem: "numbers after Z")
            }
        }
        return SVGPath(out)
    }

    static func quadratic(
        _ x0: Double, _ y0: Double, _ qx: Double, _ qy: Double, _ x: Double, _ y: Double
    ) -> SVGPath.Element {
        .cubic(x0 + 2 / 3 * (qx - x0), y0 + 2 / 3 * (qy - y0), x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), x, y)
    }

    /// An elliptical arc as cubic curves (SVG 1.1, appendix F.6).
    static func arc(
        _ x1: Double, _ y1: Double, _ rxIn: Double, _ ryIn: Double, _ angle: Double, _ large: Bool, _ sweep: Bool,
        _ x2: Double, _ y2: Double
    ) -> [SVGPath.Element] {
        if x1 == x2 && y1 == y2 { return [] }
        var rx = abs(rxIn), ry = abs(ryIn)
        if rx == 0 || ry == 0 { return [.line(x2, y2)] }
        let phi = angle * .pi / 180, cp = cos(phi), sp = sin(phi)
        let dx = (x1 - x2) / 2, dy = (y1 - y2) / 2
        let x1p = cp * dx + sp * dy, y1p = -sp * dx + cp * dy
        let lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry)
        if lambda > 1 { rx *= lambda.squareRoot(); ry *= lambda.squareRoot() }
        let num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
        let den = rx * rx * y1p * y1p + ry * ry * x1p * x1p
        var coef = (max(0, num / den)).squareRoot()
        if large == sweep { coef = -coef }
        let cxp = coef * rx * y1p / ry, cyp = -coef * ry * x1p / rx
        let cx = cp * cxp - sp * cyp + (x1 + x2) / 2, cy = sp * cxp + cp * cyp + (y1 + y2) / 2
        func angleOf(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
            let a = atan2(ux * vy - uy * vx, ux * vx + uy * vy)
            return a
        }
        let theta1 = angleOf(1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry)
        var dtheta = angleOf((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry)
        if !sweep && dtheta > 0 { dtheta -= 2 * .pi } else if sweep && dtheta < 0 { dtheta += 2 * .pi }
        // Coordinates so large that the arithmetic overflows: draw the chord.
        guard dtheta.isFinite, theta1.isFinite, cx.isFinite, cy.isFinite, rx.isFinite, ry.isFinite else {
            return [.line(x2, y2)]
        }
        let segments = max(1, min(4, Int((abs(dtheta) / (.pi / 2)).rounded(.up))))
        let delta = dtheta / Double(segments)
        let t = 4 / 3 * tan(delta / 4)
        var out: [SVGPath.Element] = []
        var a = theta1
        func point(_ a: Double) -> (Double, Double) {
            let ex = rx * cos(a), ey = ry * sin(a)
            return (cp * ex - sp * ey + cx, sp * ex + cp * ey + cy)
        }
        func derivative(_ a: Double) -> (Double, Double) {
            let ex = -rx * sin(a), ey = ry * cos(a)
            return (cp * ex - sp * ey, sp * ex + cp * ey)
        }
        for k in 0..<segments {
            let b = a + delta
            let p0 = point(a), p3 = k == segments - 1 ? (x2, y2) : point(b)
            let d0 = derivative(a), d3 = derivative(b)
            out.append(.cubic(p0.0 + t * d0.0, p0.1 + t * d0.1, p3.0 - t * d3.0, p3.1 - t * d3.1, p3.0, p3.1))
            a = b
        }
        return out
    }

    /// Reads numbers and flags from path data.
    struct Scanner {
        let bytes: [UInt8]
        var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { offset >= bytes.count }

        mutating func advance() { offset += 1 }

        mutating func skipSeparators() {
            while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0x0C, UInt8(ascii: ",")].contains(bytes[offset]) {
                offset += 1
            }
        }

        func peekCommand() -> UInt8? {
            guard offset < bytes.count else { return nil }
            let c = bytes[offset]
            return "MmLlHhVvCcSsQqTtAaZz".utf8.contains(c) ? c : nil
        }

        mutating func flag() throws(SVGPathError) -> Bool {
            skipSeparators()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "0") || bytes[offset] == UInt8(ascii: "1") else {
                throw SVGPathError(offset: offset, problem: "expected an arc flag (0 or 1)")
            }
            offset += 1
            return bytes[offset - 1] == UInt8(ascii: "1")
        }

        mutating func number() throws(SVGPathError) -> Double {
            skipSeparators()
            let start = offset
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                offset += 1
            }
            var digits = 0, dot = false
            while offset < bytes.count {
                let c = bytes[offset]
                if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") {
                    digits += 1; offset += 1
                } else if c == UInt8(ascii: ".") && !dot {
                    dot = true; offset += 1
                } else {
                    break
                }
            }
            guard digits > 0 else {
                throw SVGPathError(
                    offset: start,
                    problem: start < bytes.count
                        ? "expected a number, found '\(Character(UnicodeScalar(bytes[start])))'"
                        : "expected a number, found the end")
            }
            if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
                var k = offset + 1
                if k < bytes.count, bytes[k] == UInt8(ascii: "+") || bytes[k] == UInt8(ascii: "-") { k += 1 }
                if k < bytes.count, bytes[k] >= UInt8(ascii: "0") && bytes[k] <= UInt8(ascii: "9") {
                    offset = k
                    while offset < bytes.count, bytes[offset] >= UInt8(ascii: "0") && bytes[offset] <= UInt8(ascii: "9")
                    { offset += 1 }
                }
            }
            let text = String(decoding: bytes[start..<offset], as: UTF8.self)
            guard let v = Double(text), v.isFinite else {
                throw SVGPathError(offset: start, problem: "bad number '\(text)'")
            }
            return v
        }
    }
}

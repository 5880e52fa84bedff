import ArcMaskFrames
import ArcMaskZIP
import Foundation

/// An embedded ICC profile of the matrix/TRC kind (ICC.1:2010 §F.3: three tone curves and
/// three colourant XYZ values, to the D50 connection space) and the conversion of pixels from
/// it to sRGB, as a browser draws such an image. That is what every RGB camera, design and
/// After Effects profile is (sRGB, Display P3, Adobe RGB, Apple RGB, ProPhoto …); a profile of
/// another kind (lookup tables) is reported, not applied.
///
/// Found in a PNG's `iCCP` chunk and a JPEG's `APP2 ICC_PROFILE` segments.
public struct ColorProfile: Sendable, Equatable {
    /// Each channel's tone curve, 0…1 → linear 0…1.
    public enum Curve: Sendable, Equatable {
        case gamma(Double)
        case table([Double])
        /// ICC parametric curve (`para`, types 0–4): g, a, b, c, d, e, f.
        case parametric(type: Int, [Double])

        func linear(_ x: Double) -> Double {
            switch self {
            case .gamma(let g): return pow(x, g)
            case .table(let t):
                guard t.count > 1 else { return x }
                let p = x * Double(t.count - 1), i = min(t.count - 2, Int(p)), f = p - Double(i)
                return t[i] + (t[i + 1] - t[i]) * f
            case .parametric(let type, let v):
                let g = v[0], a = v.count > 1 ? v[1] : 1, b = v.count > 2 ? v[2] : 0, c = v.count > 3 ? v[3] : 0
                let d = v.count > 4 ? v[4] : 0, e = v.count > 5 ? v[5] : 0, f = v.count > 6 ? v[6] : 0
                switch type {
                case 0: return pow(x, g)
                case 1: return x >= -b / a ? pow(a * x + b, g) : 0
                case 2: return x >= -b / a ? pow(a * x + b, g) + c : c
                case 3: return x >= d ? pow(a * x + b, g) : c * x
                default: return x >= d ? pow(a * x + b, g) + e : c * x + f
                }
            }
        }
    }

    public var curves: [Curve]
    /// Columns: the red, green and blue colourants' XYZ (D50).
    public var colorants: [[Double]]

    /// The profile in `data`, when it is an RGB matrix/TRC profile; nil otherwise.
    public init?(_ data: [UInt8]) {
        guard data.count >= 132, data.count <= 4 << 20 else { return nil }
        func u32(_ o: Int) -> Int? {
            guard o >= 0, o + 4 <= data.count else { return nil }
            return Int(data[o]) << 24 | Int(data[o + 1]) << 16 | Int(data[o + 2]) << 8 | Int(data[o + 3])
        }
        func s15(_ o: Int) -> Double? { u32(o).map { Double(Int32(truncatingIfNeeded: UInt32($0))) / 65536 } }
        func tag(_ sig: String) -> (offset: Int, size: Int)? {
            guard let count = u32(128), count < 1000 else { return nil }
            let want = Array(sig.utf8)
            for k in 0..<count {
                let o = 132 + 12 * k
                guard o + 12 <= data.count else { return nil }
                if Array(data[o..<(o + 4)]) == want, let off = u32(o + 4), let size = u32(o + 8),
                    off + size <= data.count, size >= 8
                {
                    return (off, size)
                }
            }
            return nil
        }
        guard Array(data[16..<20]) == Array("RGB ".utf8), Array(data[20..<24]) == Array("XYZ ".utf8) else {
            return nil
        }
        var colorants: [[Double]] = []
        for sig in ["rXYZ", "gXYZ", "bXYZ"] {
            guard let t = tag(sig), t.size >= 20, let x = s15(t.offset + 8), let y = s15(t.offset + 12),
                let z = s15(t.offset + 16)
            else { return nil }
            colorants.append([x, y, z])
        }
        var curves: [Curve] = []
        for sig in ["rTRC", "gTRC", "bTRC"] {
            guard let t = tag(sig) else { return nil }
            let kind = String(decoding: data[t.offset..<(t.offset + 4)], as: UTF8.self)
            if kind == "curv" {
                guard let n = u32(t.offset + 8), 12 + 2 * n <= t.size else { return nil }
                func entry(_ i: Int) -> Int { Int(data[t.offset + 12 + 2 * i]) << 8 | Int(data[t.offset + 13 + 2 * i]) }
                switch n {
                case 0: curves.append(.gamma(1))
                case 1: curves.append(.gamma(Double(entry(0)) / 256))
                default: curves.append(.table((0..<n).map { Double(entry($0)) / 65535 }))
                }
            } else if kind == "para" {
                guard t.size >= 12 else { return nil }
                let type = Int(data[t.offset + 8]) << 8 | Int(data[t.offset + 9])
                let counts = [1, 3, 4, 5, 7]
                guard type < counts.count, 12 + 4 * counts[type] <= t.size else { return nil }
                var v: [Double] = []
                for i in 0..<counts[type] { guard let x = s15(t.offset + 12 + 4 * i) else { return nil }; v.append(x) }
                guard v[0].isFinite, v.count < 2 || v[1] != 0 else { return nil }
                curves.append(.parametric(type: type, v))
            } else {
                return nil
            }
        }
        self.curves = curves
        self.colorants = colorants
    }

    /// sRGB's colourants adapted to D50 (the sRGB ICC profile's rXYZ, gXYZ, bXYZ).
    static let sRGB: [[Double]] = [
        [0.4360747, 0.2225045, 0.0139322], [0.3850649, 0.7168786, 0.0971045], [0.1430804, 0.0606169, 0.7141733],
    ]

    /// Whether converting changes nothing (an sRGB profile, within rounding).
    public var isSRGB: Bool {
        let close = zip(colorants, Self.sRGB).allSatisfy { a, b in zip(a, b).allSatisfy { abs($0 - $1) < 0.002 } }
        let srgbLike = curves.allSatisfy { c in
            [0.04, 0.2, 0.5, 0.8].allSatisfy { x in abs(c.linear(x) - Self.srgbLinear(x)) < 0.002 }
        }
        return close && srgbLike
    }

    static func srgbLinear(_ x: Double) -> Double { x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4) }
    static func srgbEncode(_ x: Double) -> Double { x <= 0.0031308 ? 12.92 * x : 1.055 * pow(x, 1 / 2.4) - 0.055 }

    /// `image` (straight RGBA in this profile) in sRGB; alpha unchanged.
    public func toSRGB(_ image: PixelBuffer) -> PixelBuffer {
        if isSRGB { return image }
        // profile RGB → XYZ (D50) → linear sRGB: one matrix, applied between two lookups.
        let m = Self.multiply(Self.inverse(Self.sRGB), colorants)
        let lut = curves.map { c in (0..<256).map { c.linear(Double($0) / 255) } }
        let encode = (0...4096).map { UInt8((Self.srgbEncode(Double($0) / 4096) * 255).rounded()) }
        var out = image
        out.bytes.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i + 3 < p.count {
                let r = lut[0][Int(p[i])], g = lut[1][Int(p[i + 1])], b = lut[2][Int(p[i + 2])]
                for c in 0..<3 {
                    let v = m[c][0] * r + m[c][1] * g + m[c][2] * b
                    p[i + c] = encode[Int((min(1, max(0, v)) * 4096).rounded())]
                }
                i += 4
            }
        }
        return out
    }

    /// Rows of `a` times `b`, where `b`'s columns are given as its arrays (colourants): the
    /// matrix taking profile RGB to `a`'s space.
    static func multiply(_ a: [[Double]], _ columns: [[Double]]) -> [[Double]] {
        (0..<3).map { r in (0..<3).map { c in (0..<3).reduce(0) { $0 + a[r][$1] * columns[c][$1] } } }
    }

    /// The inverse of the matrix whose columns are `columns`, as rows.
    static func inverse(_ columns: [[Double]]) -> [[Double]] {
        // m[r][c] = columns[c][r]
        let m = (0..<3).map { r in (0..<3).map { c in columns[c][r] } }
        let det =
            m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        let inv: [[Double]] = [
            [
                m[1][1] * m[2][2] - m[1][2] * m[2][1], m[0][2] * m[2][1] - m[0][1] * m[2][2],
                m[0][1] * m[1][2] - m[0][2] * m[1][1],
            ],
            [
                m[1][2] * m[2][0] - m[1][0] * m[2][2], m[0][0] * m[2][2] - m[0][2] * m[2][0],
                m[0][2] * m[1][0] - m[0][0] * m[1][2],
            ],
            [
                m[1][0] * m[2][1] - m[1][1] * m[2][0], m[0][1] * m[2][0] - m[0][0] * m[2][1],
                m[0][0] * m[1][1] - m[0][1] * m[1][0],
            ],
        ]
        return inv.map { $0.map { $0 / det } }
    }

    /// The profile embedded in a PNG (`iCCP`, zlib-compressed) or a JPEG (`APP2 ICC_PROFILE`
    /// segments, in order); nil when there is none or it cannot be read.
    public static func embedded(in bytes: [UInt8]) -> [UInt8]? {
        if bytes.starts(with: PNG.signature) {
            var i = 8
            while i + 12 <= bytes.count {
                let n = Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
                let type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
                guard n >= 0, i + 12 + n <= bytes.count else { return nil }
                if type == "iCCP" {
                    let body = bytes[(i + 8)..<(i + 8 + n)]
                    guard let zero = body.firstIndex(of: 0), zero + 2 <= body.endIndex else { return nil }
                    return try? Inflate.zlib(Array(body[(zero + 2)...]), limit: 4 << 20)
                }
                if type == "IDAT" || type == "IEND" { return nil }
                i += 12 + n
            }
            return nil
        }
        if JPEG.matches(bytes) {
            var parts: [(Int, [UInt8])] = []
            var i = 2
            while i + 4 <= bytes.count, bytes[i] == 0xFF {
                let marker = bytes[i + 1]
                if marker == 0xDA || marker == 0xD9 { break }
                let n = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
                guard n >= 2, i + 2 + n <= bytes.count else { break }
                let body = bytes[(i + 4)..<(i + 2 + n)]
                if marker == 0xE2, body.count > 14, body.starts(with: Array("ICC_PROFILE\0".utf8)) {
                    parts.append((Int(body[body.startIndex + 12]), Array(body[(body.startIndex + 14)...])))
                }
                i += 2 + n
            }
            return parts.isEmpty ? nil : parts.sorted { $0.0 < $1.0 }.flatMap(\.1)
        }
        return nil
    }
}

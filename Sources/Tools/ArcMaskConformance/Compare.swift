import ArcMaskFrames
import ArcMaskValues
import Foundation

/// Compares two RGBA images: exact, except that two fully transparent pixels are equal
/// whatever their colour. Returns nil when equal, else where and how they differ.
func difference(_ got: PixelBuffer, _ expected: PixelBuffer, tolerance: Int = 0) -> String? {
    guard got.size == expected.size else { return "size \(got.size), expected \(expected.size)" }
    var mismatches = 0
    var first: String? = nil
    got.bytes.withUnsafeBufferPointer { a in
        expected.bytes.withUnsafeBufferPointer { b in
            for i in stride(from: 0, to: a.count, by: 4) {
                if a[i + 3] == 0 && b[i + 3] == 0 { continue }
                if abs(Int(a[i]) - Int(b[i])) > tolerance || abs(Int(a[i + 1]) - Int(b[i + 1])) > tolerance
                    || abs(Int(a[i + 2]) - Int(b[i + 2])) > tolerance || abs(Int(a[i + 3]) - Int(b[i + 3])) > tolerance
                {
                    mismatches += 1
                    if first == nil {
                        let p = i / 4
                        first =
                            "pixel (\(p % got.width),\(p / got.width)) is \(Array(a[i..<i + 4])), expected \(Array(b[i..<i + 4]))"
                    }
                }
            }
        }
    }
    return first.map { "\($0) (\(mismatches) pixels differ)" }
}

/// Reads a canvas-sized raw RGBA file.
func readRaw(_ path: String, size: PixelSize) throws -> PixelBuffer {
    let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    guard data.count == size.pixelCount * 4 else {
        throw Failure("\(path): \(data.count) bytes, expected \(size.pixelCount * 4)")
    }
    return PixelBuffer(width: size.width, height: size.height, bytes: data)
}

/// Reads a NIE still image (wuffs): 16-byte header, then BGRA, non-premultiplied, 4 bytes a pixel.
func readNIE(_ path: String) throws -> PixelBuffer {
    let d = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    guard d.count >= 16, d[0] == 0x6E, d[1] == 0xC3, d[2] == 0xAF, d[3] == 0x45, d[5] == 0x62, d[6] == 0x6E,
        d[7] == 0x34
    else {
        throw Failure("\(path): not a 4-byte non-premultiplied NIE file")
    }
    func u32(_ o: Int) -> Int { Int(d[o]) | Int(d[o + 1]) << 8 | Int(d[o + 2]) << 16 | Int(d[o + 3]) << 24 }
    let w = u32(8), h = u32(12)
    guard d.count == 16 + w * h * 4 else { throw Failure("\(path): payload size does not match \(w)×\(h)") }
    var rgba = [UInt8](repeating: 0, count: w * h * 4)
    for i in stride(from: 0, to: w * h * 4, by: 4) {
        rgba[i] = d[16 + i + 2]; rgba[i + 1] = d[16 + i + 1]; rgba[i + 2] = d[16 + i]; rgba[i + 3] = d[16 + i + 3]
    }
    return PixelBuffer(width: w, height: h, bytes: rgba)
}

struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

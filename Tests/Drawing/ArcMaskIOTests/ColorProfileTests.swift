import ArcMaskFrames
import ArcMaskZIP
import Foundation
import Testing

@testable import ArcMaskIO

/// Profiles built here from ICC.1's layout: a header, a tag table, XYZ and curve tags.
@Suite("Embedded colour profiles")
struct ColorProfileTests {
    static func be32(_ v: Int) -> [UInt8] {
        [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]
    }
    static func s15(_ x: Double) -> [UInt8] { be32(Int((x * 65536).rounded()) & 0xFFFF_FFFF) }

    /// An RGB matrix/TRC profile with `colorants` (XYZ, D50) and one curve for every channel.
    static func profile(colorants: [[Double]], curve: [UInt8]) -> [UInt8] {
        var tags: [(String, [UInt8])] = []
        for (sig, xyz) in zip(["rXYZ", "gXYZ", "bXYZ"], colorants) {
            tags.append((sig, Array("XYZ ".utf8) + [0, 0, 0, 0] + xyz.flatMap(s15)))
        }
        for sig in ["rTRC", "gTRC", "bTRC"] { tags.append((sig, curve)) }
        var header = [UInt8](repeating: 0, count: 128)
        header.replaceSubrange(12..<16, with: Array("mntr".utf8))
        header.replaceSubrange(16..<20, with: Array("RGB ".utf8))
        header.replaceSubrange(20..<24, with: Array("XYZ ".utf8))
        header.replaceSubrange(36..<40, with: Array("acsp".utf8))
        var table = be32(tags.count), body: [UInt8] = []
        let start = 128 + 4 + 12 * tags.count
        for (sig, data) in tags {
            table += Array(sig.utf8) + be32(start + body.count) + be32(data.count)
            body += data + [UInt8](repeating: 0, count: (4 - data.count % 4) % 4)
        }
        var out = header + table + body
        out.replaceSubrange(0..<4, with: be32(out.count))
        return out
    }

    static let appleRGB = profile(
        colorants: [[0.4755, 0.2552, 0.0184], [0.3396, 0.6726, 0.1133], [0.1492, 0.0723, 0.6933]],
        curve: Array("curv".utf8) + [0, 0, 0, 0] + be32(1) + [0x01, 0xCD])
    /// sRGB's colourants with its curve as `para` type 3.
    static let sRGB = profile(
        colorants: [
            [0.4360747, 0.2225045, 0.0139322], [0.3850649, 0.7168786, 0.0971045], [0.1430804, 0.0606169, 0.7141733],
        ],
        curve: Array("para".utf8) + [0, 0, 0, 0] + [0, 3, 0, 0]
            + [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045].flatMap(s15))

    /// A PNG of `image` with `profile` in an `iCCP` chunk after its header.
    static func png(_ image: PixelBuffer, profile: [UInt8]) throws -> [UInt8] {
        let plain = try PNG.encode(image)
        let body = Array("After Effects ICC Profile".utf8) + [0, 0] + Deflate.zlib(profile)
        let chunk = be32(body.count) + Array("iCCP".utf8) + body + be32(Int(crc32(Array("iCCP".utf8) + body)))
        return Array(plain[0..<33]) + chunk + Array(plain[33...])
    }

    @Test("an Apple RGB image is converted to sRGB as browsers convert it: neutrals stay neutral")
    func appleRGB() throws {
        let profile = try #require(ColorProfile(Self.appleRGB))
        #expect(!profile.isSRGB)
        var image = PixelBuffer(width: 3, height: 1)
        image.bytes = [128, 128, 128, 255, 255, 255, 255, 200, 0, 217, 255, 255]
        let out = profile.toSRGB(image)
        // Grey 128 at gamma 1.8 is 0.289 linear, which sRGB encodes as 146 or 147.
        #expect(out.bytes[0] == out.bytes[1] && out.bytes[1] == out.bytes[2])
        #expect(abs(Int(out.bytes[0]) - 147) <= 1)
        #expect(Array(out.bytes[4..<8]) == [255, 255, 255, 200])
        // A saturated cyan moves (the colour the player shows), alpha untouched.
        #expect(out.bytes[8..<11] != image.bytes[8..<11] && out.bytes[11] == 255)
    }

    @Test("an sRGB profile changes nothing; a profile that is not RGB matrix/TRC is not read")
    func sRGBAndOthers() {
        let profile = ColorProfile(Self.sRGB)
        #expect(profile?.isSRGB == true)
        var lut = Self.appleRGB
        lut.replaceSubrange(16..<20, with: Array("CMYK".utf8))
        #expect(ColorProfile(lut) == nil)
        #expect(ColorProfile(Array(Self.appleRGB.prefix(100))) == nil)
    }

    @Test("the profile is found in a PNG's iCCP chunk and in a JPEG's APP2 segments")
    func embedded() throws {
        var image = PixelBuffer(width: 2, height: 2)
        image.bytes = [UInt8](repeating: 200, count: 16)
        let png = try Self.png(image, profile: Self.appleRGB)
        #expect(ColorProfile.embedded(in: png) == Self.appleRGB)
        #expect(try PNG.decode(png).bytes == image.bytes)
        #expect(ColorProfile.embedded(in: try PNG.encode(image)) == nil)
        // A JPEG whose profile is split over two APP2 segments, given out of order.
        let jpeg = try JPEG.encode(image, quality: 90)
        let half = Self.appleRGB.count / 2
        func app2(_ seq: UInt8, _ part: ArraySlice<UInt8>) -> [UInt8] {
            let body = Array("ICC_PROFILE".utf8) + [0, seq, 2] + part
            return [0xFF, 0xE2, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 255)] + body
        }
        let tagged =
            [0xFF, 0xD8] + app2(2, Self.appleRGB[half...]) + app2(1, Self.appleRGB[..<half]) + Array(jpeg[2...])
        #expect(ColorProfile.embedded(in: tagged) == Self.appleRGB)
    }
}

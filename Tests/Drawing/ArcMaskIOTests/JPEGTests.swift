import ArcMaskFrames
import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskIO

@Suite("JPEG encoding and SSIM")
struct JPEGTests {
    /// A smooth RGBA test picture with a little texture.
    static func picture(_ width: Int, _ height: Int, alpha: UInt8 = 255) -> PixelBuffer {
        var image = PixelBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let o = (y * width + x) * 4
                image.bytes[o] = UInt8((x * 255) / max(1, width - 1))
                image.bytes[o + 1] = UInt8((y * 255) / max(1, height - 1))
                image.bytes[o + 2] = UInt8(((x / 4 + y / 4) % 2) * 60 + 90)
                image.bytes[o + 3] = alpha
            }
        }
        return image
    }

    @Test("encodes a baseline JPEG whose header states the size and that decodes close to the picture")
    func roundTrip() throws {
        let image = Self.picture(97, 61)
        let bytes = try JPEG.encode(image, quality: 90)
        #expect(JPEG.matches(Array(bytes.prefix(3))))
        #expect(JPEG.size(of: bytes) == PixelSize(width: 97, height: 61))
        let decoded = try JPEG.decode(bytes).image
        #expect(decoded.width == 97 && decoded.height == 61)
        let ssim = SSIM.mean(image, decoded)
        #expect(ssim > 0.97 && ssim < 1)
        // The same pixels give the same bytes.
        #expect(try JPEG.encode(image, quality: 90) == bytes)
    }

    @Test("lower quality: fewer bytes and a lower SSIM")
    func quality() throws {
        let image = Self.picture(128, 128)
        let q90 = try JPEG.encode(image, quality: 90), q40 = try JPEG.encode(image, quality: 40)
        #expect(q40.count < q90.count)
        #expect(SSIM.mean(image, try JPEG.decode(q40).image) < SSIM.mean(image, try JPEG.decode(q90).image))
    }

    @Test("an empty image is refused with a message")
    func empty() {
        do {
            _ = try JPEG.encode(PixelBuffer(width: 0, height: 0), quality: 90)
            Issue.record("an empty image was encoded")
        } catch let error as JPEGError {
            #expect(error.message == "cannot encode an empty image")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("SSIM: 1 for the same picture, transparent colour ignored, lower for noise")
    func ssim() {
        let a = Self.picture(40, 30)
        #expect(SSIM.mean(a, a) == 1)
        // Fully transparent pixels composite to black whatever their colour.
        let clearA = Self.picture(40, 30, alpha: 0)
        var clearB = clearA
        for i in stride(from: 0, to: clearB.bytes.count, by: 4) { clearB.bytes[i] = 255 - clearB.bytes[i] }
        #expect(SSIM.mean(clearA, clearB) == 1)
        var noisy = a
        for i in stride(from: 0, to: noisy.bytes.count, by: 12) { noisy.bytes[i] ^= 0x5A }
        let s = SSIM.mean(a, noisy)
        #expect(s < 0.95 && s > 0)
        // Images smaller than a window compare as one window.
        let tiny = Self.picture(3, 2)
        #expect(SSIM.mean(tiny, tiny) == 1)
    }
}

@Suite("SSIM against a direct computation")
struct SSIMReferenceTests {
    /// Window by window, every sum computed afresh.
    static func reference(_ a: PixelBuffer, _ b: PixelBuffer) -> Double {
        let w = a.width, h = a.height, ya = SSIM.luma(a.bytes, count: w * h), yb = SSIM.luma(b.bytes, count: w * h)
        let win = min(SSIM.window, w, h)
        var total = 0.0, count = 0
        for y in SSIM.origins(h, win) {
            for x in SSIM.origins(w, win) {
                var sa = 0.0, sb = 0.0, saa = 0.0, sbb = 0.0, sab = 0.0
                for j in y..<(y + win) {
                    for i in x..<(x + win) {
                        let p = Double(ya[j * w + i]), q = Double(yb[j * w + i])
                        sa += p; sb += q; saa += p * p; sbb += q * q; sab += p * q
                    }
                }
                let n = Double(win * win), ma = sa / n, mb = sb / n
                let va = saa / n - ma * ma, vb = sbb / n - mb * mb, cov = sab / n - ma * mb
                total +=
                    ((2 * ma * mb + 6.5025) * (2 * cov + 58.5225))
                    / ((ma * ma + mb * mb + 6.5025) * (va + vb + 58.5225))
                count += 1
            }
        }
        return total / Double(count)
    }

    @Test("summed-area tables give the windows' SSIM to 1e-9", arguments: [(97, 61), (8, 8), (5, 30), (130, 9)])
    func agrees(_ width: Int, _ height: Int) throws {
        let a = JPEGTests.picture(width, height)
        let b = try JPEG.decode(try JPEG.encode(a, quality: 30)).image
        #expect(abs(SSIM.mean(a, b) - Self.reference(a, b)) < 1e-9)
        #expect(SSIM.origins(10, 8) == [0, 2] && SSIM.origins(17, 8) == [0, 4, 8, 9] && SSIM.origins(8, 8) == [0])
    }
}

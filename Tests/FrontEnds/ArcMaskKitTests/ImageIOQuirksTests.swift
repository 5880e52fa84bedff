import ArcMaskIO
import Testing

@testable import ArcMaskKit

/// The ImageIO faults `prepare` works around, decided from bytes and from what ImageIO reports.
@Suite("ArcMaskKit's rules for ImageIO's known faults")
struct ImageIOQuirksTests {
    @Test("the probe is a valid 1×1 indexed PNG of red at alpha 128, and tells a mislabelled decode")
    func paletteProbe() throws {
        let probe = ImageIOQuirks.probePNG
        #expect(ImageIOQuirks.isPalettePNG(probe))
        let decoded = try PNG.decode(probe)
        #expect(decoded.width == 1 && decoded.height == 1 && decoded.bytes == [255, 0, 0, 128])
        // Drawn premultiplied: right (128, 0, 0, 128); premultiplied twice, as iOS 17.0–17.2 does: dark.
        #expect(!ImageIOQuirks.alphaMislabelled(probe: [128, 0, 0, 128]))
        #expect(ImageIOQuirks.alphaMislabelled(probe: [64, 0, 0, 128]))
        #expect(!ImageIOQuirks.alphaMislabelled(probe: [0, 0, 0, 0]) && !ImageIOQuirks.alphaMislabelled(probe: []))
        // A truecolour PNG with alpha (colour type 6) is not indexed.
        var rgba = probe
        rgba[25] = 6
        #expect(!ImageIOQuirks.isPalettePNG(rgba) && !ImageIOQuirks.isPalettePNG(Array(probe.prefix(20))))
    }

    func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
        let size = 16 + 4 * compatible.count
        return [0, 0, 0, UInt8(size)] + Array("ftyp".utf8) + Array(major.utf8) + [0, 0, 0, 0]
            + compatible.flatMap { Array($0.utf8) } + Array("\u{0}\u{0}\u{0}\u{8}meta".utf8)
    }

    @Test("an AVIF sequence read as one picture is refused where ImageIO cannot play it, and only there")
    func avif() {
        let sequence = ftyp("avis", ["avif", "msf1", "miaf"])
        let compatible = ftyp("avif", ["mif1", "avis"])
        let still = ftyp("avif", ["mif1", "miaf"])
        #expect(ImageIOQuirks.isAVIFSequence(sequence) && ImageIOQuirks.isAVIFSequence(compatible))
        #expect(
            !ImageIOQuirks.isAVIFSequence(still)
                && !ImageIOQuirks.isAVIFSequence(ftyp("qt  ", ["avis"]).prefix(12).map { $0 }))
        #expect(
            ImageIOQuirks.avifSequenceRefusal(head: sequence, frameCount: 1, readsSequences: false)?
                .contains("iOS 16.4") == true)
        #expect(ImageIOQuirks.avifSequenceRefusal(head: sequence, frameCount: 1, readsSequences: true) == nil)
        #expect(ImageIOQuirks.avifSequenceRefusal(head: sequence, frameCount: 12, readsSequences: false) == nil)
        #expect(ImageIOQuirks.avifSequenceRefusal(head: still, frameCount: 1, readsSequences: false) == nil)
    }
}

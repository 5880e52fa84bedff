import ArcMaskFiles
import ArcMaskFrames
import ArcMaskIO
import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskVideo

/// The clips in Fixtures/ (made by Scripts/make-video-fixtures).
private func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
}

private func open(_ name: String, _ options: VideoOptions = VideoOptions()) throws -> VideoFrameSource {
    try VideoFrameSource(reader: FileReader(path: fixture(name)), name: name, options: options)
}

/// The grey level frame `k` of gray.mp4 holds: luma 16 + 20k in limited range, as RGB.
private func grey(_ k: Int) -> Double { Double(20 * k) * 255 / 219 }

@Suite struct VideoSourceTests {
    @Test func framesComeInPresentationOrderWhateverOrderTheyAreAskedIn() throws {
        let s = try open("gray.mp4")
        #expect(s.frameCount == 10 && s.canvasSize == PixelSize(width: 32, height: 16))
        #expect(s.durations == Array(repeating: 100, count: 10))
        #expect(s.info.codec == "h264" && !s.info.isVariableRate)
        // In order, backwards, and jumping about: each frame is its own level (seeks to key frames).
        for k in [0, 1, 2, 9, 3, 8, 5, 4, 0, 7, 6] {
            let level = Double(try s.frame(at: k).bytes[0])
            #expect(abs(level - grey(k)) <= 1.5, "frame \(k): \(level), expected \(grey(k))")
        }
        #expect(s.colorDescription == "BT.601, limited range")
        #expect(s.warnings.isEmpty)
    }

    /// An HLG clip as iPhones record it comes out as FFmpeg's tone map draws it (Hable through zimg),
    /// far nearer that than the plain conversion, which draws BT.2100 signals as BT.709 ones.
    @Test func hdrClipsAreToneMappedToSDR() throws {
        let s = try open("hlg.mov")
        let frame = try s.frame(at: 0)
        #expect(s.hdr == .hlg)
        #expect(s.colorDescription == "HLG HDR, tone-mapped to SDR BT.709")
        func meanDifference(_ png: String) throws -> Double {
            let reference = try PNG.decode(Array(try Data(contentsOf: URL(fileURLWithPath: fixture(png)))))
            #expect(reference.width == frame.width && reference.height == frame.height)
            var sum = 0
            for i in 0..<frame.bytes.count where i & 3 != 3 {
                sum += abs(Int(frame.bytes[i]) - Int(reference.bytes[i]))
            }
            return Double(sum) / Double(frame.width * frame.height * 3)
        }
        let toneMapped = try meanDifference("hlg-tonemap.png"), plain = try meanDifference("hlg-plain.png")
        #expect(toneMapped < 0.5, "mean difference from FFmpeg's tone map: \(toneMapped)")
        #expect(plain > 10 * toneMapped, "the plain conversion is \(plain) away")
        // SDR clips are converted as before, and say nothing of HDR.
        let sdr = try open("gray.mp4")
        _ = try sdr.frame(at: 0)
        #expect(sdr.hdr == nil)
    }

    @Test func aCutAndAConstantRateChooseWhatIsOnScreen() throws {
        let cut = try open("gray.mp4", VideoOptions(start: 0.25, duration: 0.5))
        #expect((0..<cut.frameCount).map(cut.sourceFrame) == [2, 3, 4, 5, 6, 7])
        #expect(cut.durations.map { $0.rounded() } == [50, 100, 100, 100, 100, 50])
        #expect(abs(Double(try cut.frame(at: 0).bytes[0]) - grey(2)) <= 1.5)
        let slow = try open("gray.mp4", VideoOptions(fps: 4))
        #expect((0..<slow.frameCount).map(slow.sourceFrame) == [0, 2, 5, 7])
        #expect(throws: InputError.self) { try open("gray.mp4", VideoOptions(start: 1.5)) }
    }

    @Test func theDisplayMatrixTurnsTheFrames() throws {
        let s = try open("turned.mov")
        #expect(s.info.orientation == .anticlockwise)
        #expect(s.canvasSize == PixelSize(width: 16, height: 32))
        #expect(s.info.codec == "hevc")
        let f = try s.frame(at: 3)
        #expect(f.width == 16 && f.height == 32)
        #expect(abs(Double(f.bytes[0]) - grey(3)) <= 2)
    }

    @Test func widePixelsAreStretchedToSquareOnes() throws {
        let s = try open("wide.mp4")
        #expect(s.info.pixelAspect == 2)
        #expect(s.canvasSize == PixelSize(width: 64, height: 16))
        let f = try s.frame(at: 1)
        #expect(f.width == 64 && abs(Double(f.bytes[(8 * 64 + 63) * 4]) - grey(1)) <= 1.5)
    }

    @Test func variableRatesKeepTheirTimestamps() throws {
        let s = try open("vfr.mp4")
        #expect(s.info.isVariableRate)
        // Frames 1/30 s apart, with a pause after the sixth: each lasts until the next one.
        for k in 0..<11 {
            #expect(abs(s.duration(at: k) - (k == 5 ? 200 : 1000.0 / 30)) < 1e-9, "frame \(k)")
        }
        #expect(abs(s.info.times[6] - 11.0 / 30) < 1e-9)
    }

    @Test func alphaInWebMIsRead() throws {
        let s = try open("alpha.webm")
        #expect(s.info.decoder == "libvpx-vp9")
        let f = try s.frame(at: 1)
        let left = f.bytes[(8 * 16 + 2) * 4 + 3], right = f.bytes[(8 * 16 + 13) * 4 + 3]
        #expect(left >= 250 && right <= 5)
    }

    @Test func aCutOffFileKeepsTheFramesThatDecode() throws {
        let whole = try [UInt8](Data(contentsOf: URL(fileURLWithPath: fixture("gray.mp4"))))
        // The index comes first: a copy cut at 90 % keeps some frames, says so, and gives them all.
        let cut = Array(whole.prefix(whole.count * 9 / 10))
        let s = try VideoFrameSource(reader: FileReader(bytes: cut, name: "cut.mp4"), name: "cut.mp4")
        #expect(s.frameCount > 0 && s.frameCount < 10)
        #expect(s.warnings.contains { $0.hasPrefix("the file is cut off or damaged") })
        for k in 0..<s.frameCount {
            let level = Double(try s.frame(at: k).bytes[0])
            #expect(abs(level - grey(s.sourceFrame(k))) <= 1.5)
        }
        // Cut before any frame's data: an error naming the file.
        #expect(throws: InputError.self) {
            try VideoFrameSource(reader: FileReader(bytes: Array(whole.prefix(64)), name: "stub.mp4"), name: "stub.mp4")
        }
        // Garbage in the frame data: each frame is decoded, or an error names the frame; never a crash.
        var damaged = whole
        if let mdat = findBox("mdat", in: whole) {
            let at = mdat + (whole.count - mdat) / 2
            for i in at..<min(at + 40, damaged.count) { damaged[i] = 0x55 }
        }
        let d = try VideoFrameSource(reader: FileReader(bytes: damaged, name: "damaged.mp4"), name: "damaged.mp4")
        for k in 0..<d.frameCount {
            do { _ = try d.frame(at: k) } catch let e as InputError { #expect(e.file == "damaged.mp4") }
        }
    }

    @Test func anythingElseIsRefusedNamingTheFile() throws {
        let notVideo = FileReader(bytes: Array("this is plain text, not a clip".utf8), name: "notes.txt")
        #expect(throws: InputError.self) { try VideoFrameSource(reader: notVideo, name: "notes.txt") }
        #expect(throws: InputError.self) {
            try VideoFrameSource(
                reader: FileReader(path: fixture("gray.mp4")), name: "gray.mp4",
                limits: DecodeLimits(maxCanvasPixels: 100))
        }
        #expect(throws: InputError.self) {
            try VideoFrameSource(
                reader: FileReader(path: fixture("gray.mp4")), name: "gray.mp4", limits: DecodeLimits(maxFrames: 5))
        }
        // A 12 KB file whose header asks the demuxer for a 1.15 GB table (found by the fuzzer):
        // the allocation is refused (FFmpeg's allocations are capped at 256 MB), the file named.
        let huge = try #require(throws: InputError.self) {
            try VideoFrameSource(reader: FileReader(path: fixture("huge-table.mp4")), name: "huge-table.mp4")
        }
        #expect(huge.file == "huge-table.mp4")
        #expect(VideoProbe.containerName(Array("plain text".utf8)) == nil)
        #expect(
            VideoProbe.containerName(
                try [UInt8](Data(contentsOf: URL(fileURLWithPath: fixture("gray.mp4")))).prefix(4096).map { $0 }) != nil
        )
    }

    private func findBox(_ type: String, in bytes: [UInt8]) -> Int? {
        let t = Array(type.utf8)
        var i = 0
        while i + 8 <= bytes.count {
            let size = Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            if Array(bytes[i + 4..<i + 8]) == t { return i + 8 }
            guard size >= 8 else { return nil }
            i += size
        }
        return nil
    }
}

@Suite struct AVIFSourceTests {
    @Test func sequencesTimeAndAlphaComeFromTheFile() throws {
        let s = try AVIFFrameSource(reader: FileReader(path: fixture("two.avif")), name: "two.avif")
        #expect(s.frameCount == 2 && s.canvasSize == PixelSize(width: 8, height: 8))
        #expect(s.durations == [200, 200])
        let a = try s.frame(at: 0), b = try s.frame(at: 1)
        // Lossless: frame 0 blue at alpha 128, frame 1 magenta-ish at alpha 255.
        #expect(Array(a.bytes[0..<4]) == [0, 0, 255, 128])
        #expect(Array(b.bytes[0..<4]) == [200, 0, 255, 255])
        #expect(
            AVIFFrameSource.matches(
                try [UInt8](Data(contentsOf: URL(fileURLWithPath: fixture("two.avif")))).prefix(64).map { $0 }))
        #expect(
            !AVIFFrameSource.matches(
                try [UInt8](Data(contentsOf: URL(fileURLWithPath: fixture("gray.mp4")))).prefix(64).map { $0 }))
    }

    @Test func aDamagedFileIsAnErrorNamingIt() throws {
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: fixture("two.avif"))))
        bytes = Array(bytes.prefix(bytes.count / 2))
        #expect(throws: InputError.self) {
            let s = try AVIFFrameSource(reader: FileReader(bytes: bytes, name: "cut.avif"), name: "cut.avif")
            for k in 0..<s.frameCount { _ = try s.frame(at: k) }
        }
    }
}

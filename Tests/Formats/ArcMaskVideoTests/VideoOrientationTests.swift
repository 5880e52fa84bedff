import ArcMaskFrames
import Testing

@testable import ArcMaskVideo

@Suite struct VideoOrientationTests {
    @Test func orientationFollowsFFmpegsAutorotateRules() {
        // av_display_rotation_set(m, 90) (a clockwise matrix): FFmpeg reads −90, turns it clockwise.
        let clockwise: [Int32] = [0, 65536, 0, -65536, 0, 0, 0, 0, 1 << 30]
        #expect(VideoOrientation(matrix: clockwise, anticlockwiseDegrees: -90) == .clockwise)
        let anticlockwise: [Int32] = [0, -65536, 0, 65536, 0, 0, 0, 0, 1 << 30]
        #expect(VideoOrientation(matrix: anticlockwise, anticlockwiseDegrees: 90) == .anticlockwise)
        let half: [Int32] = [-65536, 0, 0, 0, -65536, 0, 0, 0, 1 << 30]
        #expect(VideoOrientation(matrix: half, anticlockwiseDegrees: 180) == .halfTurn)
        // A 2×1 image: red, green.
        let image = PixelBuffer(width: 2, height: 1, bytes: [255, 0, 0, 255, 0, 255, 0, 255])
        let turned = VideoOrientation.clockwise.apply(image)
        #expect(turned.width == 1 && turned.height == 2)
        #expect(turned.bytes == [255, 0, 0, 255, 0, 255, 0, 255])
        let back = VideoOrientation.anticlockwise.apply(image)
        #expect(back.bytes == [0, 255, 0, 255, 255, 0, 0, 255])
        #expect(VideoOrientation.halfTurn.apply(image).bytes == [0, 255, 0, 255, 255, 0, 0, 255])
    }
}

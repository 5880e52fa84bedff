import Foundation
import Testing

@testable import ArcMaskLottieRender

/// What lottie-web's canvas renderer does that a specification reading would not.
@Suite("lottie-web's canvas quirks")
struct PlayerQuirksTests {
    static func square(_ rgb: String) -> String {
        #"{"ty":"gr","it":[{"ty":"rc","d":1,"p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[60,60]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[\#(rgb),1]},"o":{"a":0,"k":100}},{"ty":"tr"}]}"#
    }

    static func layer(_ ind: Int, bm: Int, _ rgb: String) -> String {
        #"{"ty":4,"ind":\#(ind),"bm":\#(bm),"ip":0,"op":10,"st":0,"ks":{},"shapes":[\#(square(rgb))]}"#
    }

    func centre(_ layers: [String]) throws -> [UInt8] {
        let json = #"{"v":"5.7.0","fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":[\#(layers.joined(separator: ","))]}"#
        let image = try LottieFrameSource(bytes: Array(json.utf8), name: "t.json").frame(at: 0)
        let o = (50 * image.width + 50) * 4
        return Array(image.bytes[o..<o + 4])
    }

    @Test("a layer in a mode the canvas lacks (add) draws with the operation set before it")
    func addTakesThePreviousOperation() throws {
        // Drawn bottom to top: yellow, then cyan multiplied (green), then white "add".
        let multiplied = try centre([
            Self.layer(3, bm: 16, "1,1,1"), Self.layer(2, bm: 1, "0,1,1"), Self.layer(1, bm: 0, "1,1,0"),
        ])
        // White multiplied changes nothing: the green of the layers below shows.
        #expect(multiplied == [0, 255, 0, 255])
        // After a normal layer, "add" draws as normal: white covers.
        let normal = try centre([Self.layer(2, bm: 16, "1,1,1"), Self.layer(1, bm: 0, "1,1,0")])
        #expect(normal == [255, 255, 255, 255])
    }
}

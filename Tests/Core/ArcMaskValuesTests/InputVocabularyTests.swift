import ArcMaskValues
import Testing

@Suite("A refusal's setting, in each front end's words")
struct InputVocabularyTests {
    let options = InputVocabulary([.durations: "--durations", .maxFrames: "--max-frames", .allowGaps: "--allow-gaps"])
    let properties = InputVocabulary([.durations: "sequence.durations"])

    @Test("a named setting reads as the front end's name; an unnamed one in plain words")
    func words() {
        let gives = "gives 2 durations for 3 frames"
        #expect(options.words(gives, .subject(.durations)) == "--durations gives 2 durations for 3 frames")
        #expect(properties.words(gives, .subject(.durations)) == "sequence.durations gives 2 durations for 3 frames")
        #expect(InputVocabulary.plain.words(gives, .subject(.durations)) == "frame durations: \(gives)")
        #expect(options.words("9 frames", .raise(.maxFrames)) == "9 frames (raise it with --max-frames)")
        #expect(properties.words("9 frames", .raise(.maxFrames)) == "9 frames (raise the frame limit)")
        #expect(options.words("gaps", .give(.allowGaps)) == "gaps; give --allow-gaps to skip them")
        #expect(InputVocabulary.plain.words("gaps", .give(.allowGaps)) == "gaps; allow gaps to skip them")
        #expect(options.words("as it is", nil) == "as it is")
    }

    @Test("every setting has plain words of its own")
    func plainNames() {
        let names = InputSetting.allCases.map { InputVocabulary.plain.name($0) }
        #expect(Set(names).count == InputSetting.allCases.count)
        #expect(!names.contains { $0.contains("--") })
    }
}

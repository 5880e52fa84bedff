import ArcMaskKit
import Foundation
import Testing

/// The view's second engine, read from a folder's manifest: pictures under live timer masks
/// where WidgetKit's rotation does not turn. The choice and the reading are plain Swift, tested
/// here; the SwiftUI that draws them is type-checked against the stubs (KitTypecheckTests).
@Suite struct TimerMaskEngineTests {
    /// A manifest of three frames over a 2 s loop: lanes 0, 1, 2 on top at 0, 2/3 and 4/3 s.
    static func manifest(route: String = "rotation", lanes: [[String: Any]]? = nil) -> [String: Any] {
        let files = ["frame-0000.png", "frame-0001.png", "frame-0002.png"]
        let defaultLanes: [[String: Any]] = files.indices.map { i in
            let a = 2.0 * Double(i) / 3
            var masks: [[String: Any]] = i == 0 ? [] : [["font": "Mask2.ttf", "leadSeconds": 2 - a]]
            if a > 1 { masks.append(["font": "Mask2.ttf", "leadSeconds": 1.0]) }
            return [
                "image": files[i], "frame": i, "onTopFromSeconds": a, "onTopToSeconds": 2.0 * Double(i + 1) / 3,
                "masks": masks,
            ]
        }
        return [
            "route": route, "viewWidth": 40, "viewHeight": 30, "scale": 2,
            "plan": [
                "radius": 20, "lineWidth": 40, "centerOffset": 0, "periodSeconds": 2, "cap": "butt",
                "layers": files.indices.map {
                    ["frame": $0, "startAngle": Double($0) * 120, "endAngle": Double($0 + 1) * 120]
                },
            ],
            "frames": files.map { ["x": 0, "y": 0, "width": 80, "height": 60, "file": $0] },
            "timerMask": [
                "loopSeconds": 2,
                "fonts": [["file": "Mask2.ttf", "postScriptName": "ArcMaskMask2-Regular", "periodSeconds": 2]],
                "lanes": lanes ?? defaultLanes,
            ],
        ]
    }

    static func plan(_ json: [String: Any]) throws -> ArcMaskAnimationPlan {
        try ArcMaskAnimationPlan(manifest: JSONSerialization.data(withJSONObject: json))
    }

    @Test("a rotation export whose view finds no rotation plays the timer masks; with the rotation, it turns")
    func fallback() throws {
        let plan = try Self.plan(Self.manifest())
        #expect(plan.engine(.automatic, rotationResolves: false) == .timerMasks)
        #expect(plan.engine(.automatic, rotationResolves: true) == .rotation)
        #expect(plan.engine(.rotation, rotationResolves: false) == .still)
        #expect(plan.engine(.timerMasks, rotationResolves: true) == .timerMasks)
        // An export made for the masks plays them first; one without lanes can only turn or stand still.
        #expect(
            try Self.plan(Self.manifest(route: "timer-mask")).engine(.automatic, rotationResolves: true) == .timerMasks)
        var bare = Self.manifest()
        bare["timerMask"] = nil
        let still = try Self.plan(bare)
        #expect(still.timerMasks == nil && still.engine(.automatic, rotationResolves: false) == .still)
        #expect(still.engine(.timerMasks, rotationResolves: true) == .still)
    }

    @Test("the lanes read from the manifest show each frame in its turn, across a minute and an hour")
    func lanes() throws {
        let masks = try #require(try Self.plan(Self.manifest()).timerMasks)
        #expect(masks.loopSeconds == 2 && masks.lanes.map(\.cell) == [0, 1, 2])
        #expect(
            masks.lanes[1].masks == [.init(font: "ArcMaskMask2-Regular", periodSeconds: 2, leadSeconds: 2 - 2.0 / 3)])
        for base in [0.0, 58.0, 3_598.0] {
            for (t, lane) in [(0.1, 0), (0.7, 1), (1.3, 1), (1.4, 2), (1.99, 2), (2.05, 0), (2.8, 1), (3.5, 2)] {
                #expect(masks.topLane(at: base + t) == lane, "at \(base + t) s")
            }
        }
        // The reference is a whole number of loops since 2001, whatever the entry's date.
        let reference = masks.referenceDate(for: Date(timeIntervalSinceReferenceDate: 1_000_001.3))
        #expect(reference.timeIntervalSinceReferenceDate == 1_000_000)
    }

    @Test("damaged lanes are refused with their JSON path, never indexed past the images")
    func damaged() throws {
        func path(_ change: (inout [String: Any]) -> Void) -> String? {
            var json = Self.manifest()
            var section = json["timerMask"] as! [String: Any]
            change(&section)
            json["timerMask"] = section
            do {
                _ = try Self.plan(json)
                return nil
            } catch let error as ArcMaskAnimationPlan.Invalid {
                return error.path
            } catch {
                return "\(error)"
            }
        }
        #expect(path { $0["loopSeconds"] = 7 } == "$.timerMask.loopSeconds")
        #expect(
            path { $0["fonts"] = [["file": "Mask2.ttf", "postScriptName": "M", "periodSeconds": 7]] }
                == "$.timerMask.fonts[0]")
        #expect(
            path {
                var lanes = $0["lanes"] as! [[String: Any]]
                lanes[1]["image"] = "elsewhere.png"
                $0["lanes"] = lanes
            } == "$.timerMask.lanes[1].image")
        #expect(
            path {
                var lanes = $0["lanes"] as! [[String: Any]]
                lanes[2]["masks"] = [["font": "Other.ttf", "leadSeconds": 1]]
                $0["lanes"] = lanes
            } == "$.timerMask.lanes[2].masks[0]")
        #expect(path { $0["lanes"] = [] } == "$.timerMask.lanes")
        #expect(path { $0["lanes"] = "none" } == "$.timerMask.lanes")
    }
}

import ArcMaskScript
import Testing

@testable import ArcMaskLottie

/// The script language and lottie-web's expression library, run without a document.
@Suite struct ScriptTests {
    /// Runs `source` and gives `$bm_rt` (or the failure's text).
    private func run(_ source: String, budget: Int = 100_000) -> String {
        do {
            let program = try ScriptParser.parse(source)
            let interpreter = ScriptInterpreter(budget: budget, globals: ExpressionLibrary.globals())
            let scope = ScriptScope(parent: nil)
            try interpreter.run(program, in: scope)
            return (scope.variables["$bm_rt"] ?? .undefined).toText()
        } catch let error as ScriptFailure {
            return "failed: \(error.message)"
        } catch {
            return "syntax: \((error as? ScriptSyntaxError)?.message ?? "")"
        }
    }

    @Test func statementsAndOperatorsAsJavaScript() {
        #expect(run("var $bm_rt; var a = 2, b = 3; $bm_rt = a * b + 1;") == "7")
        #expect(run("var $bm_rt = 0; for (var i = 0; i < 5; i++) { if (i == 3) continue; $bm_rt += i; }") == "7")
        #expect(run("var $bm_rt; function f(x) { return x > 1 ? x * f(x - 1) : 1; } $bm_rt = f(5);") == "120")
        #expect(run("var $bm_rt; try { throw 'no'; } catch (e) { $bm_rt = e + '!'; }") == "no!")
        #expect(run("var $bm_rt = [1, 2] + 'px';") == "1,2px")
        #expect(
            run("var $bm_rt = (0.1 + 0.2).toFixed(2) + ' ' + 1e21 + ' ' + 1e-7 + ' ' + (7 % -3);")
                == "0.30 1e+21 1e-7 1")
        #expect(
            run(
                "var $bm_rt; switch (2) { case 1: $bm_rt = 'a'; break; case 2: $bm_rt = 'b'; break; default: $bm_rt = 'c'; }"
            ) == "b")
        #expect(run("var $bm_rt = typeof nothing + ' ' + ('5' == 5) + ' ' + ('5' === 5);") == "undefined true false")
        #expect(run("var $bm_rt = Math.round(-2.5) + ',' + Math.max(1, 7, 3) + ',' + [3, 4].length;") == "-2,7,2")
        #expect(
            run("var a = [1,2,3]; a.push(4); var $bm_rt = a.slice(1).join('-') + ' ' + 'Hello'.substring(1, 3);")
                == "2-3-4 el")
    }

    @Test func bodymovinArithmeticFollowsLottieWeb() {
        // An array and a number: only the first element changes.
        #expect(run("var $bm_rt = $bm_sum([1, 2], 10);") == "11,2")
        #expect(run("var $bm_rt = $bm_sub([5, 5, 5], [1, 2]);") == "4,3,5")
        // Two arrays neither multiply nor divide.
        #expect(run("var $bm_rt = $bm_mul([1, 2], [3, 4]);") == "0")
        #expect(run("var $bm_rt = $bm_mul([1, 2], 3);") == "3,6")
        #expect(run("var $bm_rt = $bm_div(9, [3, 9]);") == "3,1")
        #expect(
            run("var $bm_rt = clamp(150, 100, 0) + ' ' + linear(5, 0, 10, 0, 100) + ' ' + linear(0.25, 20, 40);")
                == "100 50 25")
        #expect(
            run("var $bm_rt = [ease(-1, 0, 10, 0, 100), ease(10, 0, 10, 0, 100), ease(5, 0, 10, 0, 100).toFixed(3)];")
                == "0,100,50.168")
        #expect(run("var $bm_rt = length([0, 0], [3, 4]);") == "5")
        #expect(
            run(
                "var p = createPath([[0, 0], [10, 0]], [], [[1, 1]], true); var $bm_rt = [p.points()[1], p.outTangents()[0], p.isClosed()].join('|');"
            )
                == "10,0|1,1|true")
    }

    @Test func errorsAndRunawayScriptsFail() {
        #expect(run("var $bm_rt = nothing + 1;").hasPrefix("failed: ReferenceError"))
        #expect(
            run("var $bm_rt; while (true) {}", budget: 10_000).hasPrefix(
                "failed: the expression needs more than its budget"))
        #expect(run("var $bm_rt; function f() { return f(); } $bm_rt = f();").hasPrefix("failed:"))
        #expect(run("var $bm_rt = wiggle(2, 5);").hasPrefix("failed: random numbers"))
        #expect(run("var $bm_rt = (1 + ;").hasPrefix("syntax: unexpected"))
        #expect(run(String(repeating: "(", count: 5_000)).hasPrefix("syntax: nested more than"))
        // Hostile scripts: an array holding itself, a string doubling, indexes far out of range.
        #expect(run("var a = [1]; a.push(a); var $bm_rt = a + '|' + (+a);") == "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,|NaN")
        #expect(
            run("var s = 'xx'; for (var i = 0; i < 40; i++) s = s + s; var $bm_rt = s;").hasPrefix("failed: RangeError")
        )
        #expect(run("var $bm_rt = 'abc'.charAt(1e300) + 'abc'.substr(1, NaN) + [1, 2][1e300] + 'x';") == "undefinedx")
    }
}

/// Expressions in documents: what they read (other layers, effects, contents, keyframes) and
/// what the property then holds while a frame is drawn.
@Suite struct ExpressionTests {
    private func layer(_ ind: Int, name: String, ks: String, shapes: String = "", extra: String = "") -> String {
        #"{"ty":4,"nm":"\#(name)","ind":\#(ind),"ip":0,"op":10,"st":0,"ks":{\#(ks)},"shapes":[\#(shapes)]\#(extra)}"#
    }

    /// The value of `property` of the document's layer `k` at frame `time`, expressions run.
    private func value(
        _ a: LottieAnimation, at time: Double, _ property: (Layer) -> Animatable<[Double]>, layer k: Int = 0
    ) -> [Double] {
        ExpressionFrame.run(a) { property(a.layers[k]).position(at: time) }.0
    }

    @Test func readsOtherLayersEffectsAndContents() throws {
        let effect =
            #","ef":[{"ty":5,"nm":"Controls","mn":"ADBE Slider Control","ef":[{"ty":0,"nm":"Slider","mn":"ADBE Slider Control-0001","ix":1,"v":{"a":0,"k":40}}]}]"#
        let group = #"{"ty":"gr","nm":"Group 1","it":[{"ty":"tr","s":{"a":0,"k":[150,50]},"p":{"a":0,"k":[0,0]}}]}"#
        let a = try Documents.decode(
            Documents.animation(
                layers: [
                    layer(
                        1, name: "Follower",
                        ks:
                            #""p":{"a":0,"k":[0,0],"x":"var $bm_rt;\n$bm_rt = $bm_sum(thisComp.layer('Leader').transform.position, [10, 0]);"},"#
                            + #""r":{"a":0,"k":0,"x":"var $bm_rt;\n$bm_rt = $bm_mul(time, 90);"},"#
                            + #""o":{"a":0,"k":100,"x":"var $bm_rt;\n$bm_rt = effect('Controls')('Slider');"},"#
                            + #""s":{"a":0,"k":[100,100],"x":"var $bm_rt;\n$bm_rt = content('Group 1').transform.scale;"}"#,
                        shapes: group, extra: effect),
                    layer(
                        2, name: "Leader",
                        ks:
                            #""p":{"a":1,"k":[{"t":0,"s":[0,20],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":10,"s":[100,20]}]}"#
                    ),
                ].joined(separator: ",")))
        #expect(value(a, at: 5, { $0.transform.position }) == [60, 20])
        #expect(value(a, at: 5, { $0.transform.rotation }) == [45])
        #expect(value(a, at: 5, { $0.transform.opacity }) == [40])
        #expect(value(a, at: 5, { $0.transform.scale }) == [150, 50])
        // Outside a frame being drawn, the value underneath.
        #expect(a.layers[0].transform.position.value(at: 5) == [0, 0])
        // Expressions run, and a slider (an expression control) draws nothing: nothing to warn about.
        #expect(LottieFeatures.warnings(a).isEmpty)
    }

    @Test("propertyGroup climbs shape items, groups, contents and the layer, as rigs read them")
    func propertyGroupLevels() throws {
        let size =
            #"var $bm_rt;\nvar g = thisProperty.propertyGroup;\n$bm_rt = [g(1).propertyIndex * 100 + g(3).propertyIndex * 10 + g(5).propertyIndex, g(6).numProperties * 10 + g(7).index];"#
        let turn =
            #"var $bm_rt;\n$bm_rt = thisProperty.propertyGroup(2).propertyIndex * 10 + thisProperty.propertyGroup(1).rotation.value + thisProperty.propertyIndex * 100;"#
        let inner =
            #"{"ty":"gr","nm":"Inner","ix":2,"it":[{"ty":"el","nm":"Dot","ix":4,"p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[1,1],"x":"\#(size)"}},{"ty":"tr","nm":"T","r":{"a":0,"k":5,"ix":6,"x":"\#(turn)"}}]}"#
        let outer = #"{"ty":"gr","nm":"Outer","ix":3,"it":[\#(inner),{"ty":"tr"}]}"#
        let position =
            #"var $bm_rt;\n$bm_rt = [thisProperty.propertyGroup(2).index, thisProperty.propertyGroup(1).scale[0]];"#
        let a = try Documents.decode(
            Documents.animation(
                layers: layer(
                    7, name: "Rig", ks: #""p":{"a":0,"k":[0,0],"x":"\#(position)"},"s":{"a":0,"k":[40,40]}"#,
                    shapes: outer)))
        let dot = a.layers[0].contents[0].children[0].children[0]
        guard case .vector(let dotSize)? = dot.properties["s"],
            case .vector(let rotation)? = a.layers[0].contents[0].children[0].children[1].properties["r"]
        else {
            Issue.record("the ellipse and the transform are not reachable")
            return
        }
        // The ellipse (ix 4), its group Inner (ix 2), the group above, Outer (ix 3); the layer's
        // contents (one item) and the layer (ind 7).
        #expect(value(a, at: 0, { _ in dotSize }) == [423, 17])
        // A group's transform climbs to its group; the property's own index is its ix.
        #expect(value(a, at: 0, { _ in rotation }) == [625])
        // A layer's transform property: the transform, then the layer.
        #expect(value(a, at: 0, { $0.transform.position }) == [7, 40])
        #expect(LottieFeatures.warnings(a).isEmpty)
    }

    @Test("space transforms take After Effects' time argument; the Vec forms leave out the move")
    func spaceTransformsAtATime() throws {
        let follower =
            #""p":{"a":0,"k":[0,0],"x":"var $bm_rt;\n$bm_rt = thisComp.layer('Leader').toComp([0, 0], 0.5);"},"#
            + #""a":{"a":0,"k":[0,0],"x":"var $bm_rt;\n$bm_rt = thisComp.layer('Leader').toCompVec([10, 0]);"},"#
            + #""s":{"a":0,"k":[100,100],"x":"var $bm_rt;\n$bm_rt = thisComp.layer('Leader').fromCompVec([20, 0]);"}"#
        let a = try Documents.decode(
            Documents.animation(
                layers: [
                    layer(1, name: "Follower", ks: follower),
                    layer(
                        2, name: "Leader",
                        ks:
                            #""s":{"a":0,"k":[200,200]},"p":{"a":1,"k":[{"t":0,"s":[0,20],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":10,"s":[100,20]}]}"#
                    ),
                ].joined(separator: ",")))
        // At frame 8 the leader is at x = 80, but the expression asks for 0.5 s (frame 5).
        #expect(value(a, at: 8, { $0.transform.position }) == [50, 20])
        #expect(value(a, at: 8, { $0.transform.anchor }) == [20, 0])
        #expect(value(a, at: 8, { $0.transform.scale }) == [10, 0])
    }

    @Test func loopsKeysAndIndexAsLottieWeb() throws {
        let keys = #"[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":4,"s":[40]}]"#
        let a = try Documents.decode(
            Documents.animation(
                layers: layer(
                    3, name: "L",
                    ks: #""r":{"a":1,"k":\#(keys),"x":"var $bm_rt;\n$bm_rt = loopOut('offset');"},"#
                        + #""o":{"a":0,"k":0,"x":"var $bm_rt;\n$bm_rt = $bm_mul(index, 10);"},"#
                        + #""sk":{"a":1,"k":\#(keys),"x":"var $bm_rt;\nvar n = nearestKey(time).index;\n$bm_rt = key(n).value[0] + numKeys;"}"#
                )))
        // Offset: each cycle adds the change over one cycle (40 at frame 4, +40 per 4 frames).
        #expect(value(a, at: 6, { $0.transform.rotation }) == [60])
        #expect(value(a, at: 3, { $0.transform.opacity }) == [30])
        // Frame 3 is nearer key 2 (time 4): its value 40, plus 2 keys.
        #expect(value(a, at: 3, { $0.transform.skew }) == [42])
    }

    @Test("posterizeTime holds time and value to steps of 1/fps from where it is called")
    func posterizeTime() throws {
        let keys = #"[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[100]}]"#
        let a = try Documents.decode(
            Documents.animation(
                layers: layer(
                    1, name: "P",
                    ks: #""r":{"a":1,"k":\#(keys),"x":"var $bm_rt;\nposterizeTime(2);\n$bm_rt = value;"},"#
                        + #""o":{"a":0,"k":0,"x":"var $bm_rt;\nvar before = time;\nposterizeTime(4);\n$bm_rt = $bm_sum($bm_mul(before, 100), time);"}"#
                )))
        // 10 fps: frame 7 is 0.7 s; at 2 fps that is 0.5 s, frame 5, where the keys give 50.
        #expect(value(a, at: 7, { $0.transform.rotation }) == [50])
        // The time read before the call is the real one; after it, held to 0.5 s (4 fps).
        #expect(value(a, at: 7, { $0.transform.opacity }) == [70.5])
    }

    @Test("comp(name) finds the main composition and extra compositions (xt), as the canvas player registers them")
    func compByName() throws {
        let inner = layer(1, name: "Inner", ks: #""r":{"a":0,"k":33}"#)
        let reader = layer(
            1, name: "Reader",
            ks: #""r":{"a":0,"k":0,"x":"var $bm_rt;\n$bm_rt = comp('Extra').layer('Inner').transform.rotation;"},"#
                + #""o":{"a":0,"k":9,"x":"var $bm_rt;\n$bm_rt = comp('Plain').layer(1).transform.rotation;"}"#)
        let assets =
            #""assets":[{"id":"x","nm":"Extra","xt":1,"layers":[\#(inner)]},{"id":"p","nm":"Plain","layers":[\#(inner)]}]"#
        let a = try Documents.decode(Documents.animation(layers: reader, extra: assets))
        #expect(value(a, at: 0, { $0.transform.rotation }) == [33])
        // A precomposition that is not an extra composition is not found: the expression fails.
        #expect(value(a, at: 0, { $0.transform.opacity }) == [9])
    }

    @Test("a Source Text expression gives the text shown, made a string as JavaScript makes it")
    func sourceText() throws {
        let text =
            #"{"ty":5,"nm":"Count","ind":1,"ip":0,"op":10,"st":0,"ks":{},"t":{"d":{"x":"var $bm_rt;\n$bm_rt = Math.round(time * 10) + value;","k":[{"t":0,"s":{"s":20,"f":"F","t":" pts","j":0,"tr":0,"lh":24,"ls":0,"fc":[0,0,0]}}]},"p":{},"m":{"g":1,"a":{"a":0,"k":[0,0]}},"a":[]}}"#
        let a = try Documents.decode(Documents.animation(layers: text))
        let (commands, failures) = ExpressionFrame.run(a) { try? LottieEvaluator(a).commands(at: 7) }
        #expect(failures.isEmpty)
        guard case .text(let run)? = commands?.first else {
            Issue.record("no text drawn")
            return
        }
        #expect(run.lines == ["7 pts"])
    }

    @Test func failuresLeaveTheValueUnderneathAndAreReported() throws {
        let a = try Documents.decode(
            Documents.animation(
                layers: layer(
                    1, name: "Bad",
                    ks: #""r":{"a":0,"k":7,"x":"var $bm_rt;\n$bm_rt = thisComp.layer('Nobody').transform.rotation;"},"#
                        + #""o":{"a":0,"k":50,"x":"var $bm_rt;\n$bm_rt = thisLayer.transform.opacity + 1;"},"#
                        + #""sk":{"a":0,"k":3,"x":"var $bm_rt = (;"}"#)))
        #expect(value(a, at: 0, { $0.transform.rotation }) == [7])
        // Reading itself gives the value underneath: 50 + 1.
        #expect(value(a, at: 0, { $0.transform.opacity }) == [51])
        #expect(value(a, at: 0, { $0.transform.skew }) == [3])
        let warnings = LottieFeatures.warnings(a)
        #expect(
            warnings.contains {
                $0.hasPrefix(#"layer "Bad": expression on rotation fails (TypeError: cannot read 'transform' of null)"#)
            })
        #expect(warnings.contains { $0.hasPrefix(#"layer "Bad": expression on skew not evaluated: unexpected"#) })
    }
}

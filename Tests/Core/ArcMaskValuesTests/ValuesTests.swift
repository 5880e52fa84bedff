import ArcMaskValues
import Testing

@Suite("Affine transforms")
struct AffineTests {
    @Test("concatenating applies the receiver first, then the argument")
    func order() {
        let m = Affine.scale(2, 3).concatenating(.translate(10, 20))
        let p = m.apply(1, 1)
        #expect(p.x == 12 && p.y == 23)
        let n = Affine.translate(10, 20).concatenating(.scale(2, 3))
        let q = n.apply(1, 1)
        #expect(q.x == 22 && q.y == 63)
    }

    @Test("singular and non-finite transforms are not invertible")
    func invertible() {
        #expect(Affine.identity.isInvertible)
        #expect(!Affine.scale(0, 1).isInvertible)
        #expect(!Affine(a: 1, b: 0, c: 0, d: 1, tx: .nan, ty: 0).isInvertible)
    }
}

@Suite("Fit modes")
struct FitModeTests {
    @Test("fill covers the target and crops; fit shows all and leaves bars", arguments: [FitMode.fill, .fit])
    func placement(_ mode: FitMode) {
        let m = mode.placement(of: (200, 100), in: (100, 100))
        let topLeft = m.apply(0, 0), bottomRight = m.apply(200, 100)
        if mode == .fill {
            #expect(m.a == 1 && topLeft.x == -50 && topLeft.y == 0 && bottomRight.y == 100)
        } else {
            #expect(m.a == 0.5 && topLeft.x == 0 && topLeft.y == 25 && bottomRight.x == 100)
        }
    }
}

@Suite("Numbers for people")
struct NumberFormatTests {
    @Test("whole numbers print as integers, others to three significant digits")
    func readable() {
        #expect(fmt(170) == "170")
        #expect(fmt(1.0416667) == "1.04")
        #expect(fmt(170.25) == "170.2")  // one decimal from 100 up; 170.25 is exact, printf ties to even
        #expect(fmt(-0.125) == "-0.125")
    }

    @Test("colours from #RRGGBB and #RRGGBBAA; anything else is nil")
    func hexColours() {
        #expect(Color(hex: "#FF8000") == Color(1, 128.0 / 255, 0, 1))
        #expect(Color(hex: "00000080") == Color(0, 0, 0, 128.0 / 255))
        for bad in ["", "#", "red", "#FFF", "#+FFFFF", "#GG0000", "#FF00000", "#FF0000000"] {
            #expect(Color(hex: bad) == nil, "\(bad)")
        }
    }
}

@Suite("Numbers for people")
struct NumberWordsTests {
    @Test("durations keep the millisecond hundredths would hide; NTSC rates are said as such")
    func ntsc() {
        #expect(formatDuration(ms: 3003) == "3.003 s" && formatDuration(ms: 3000) == "3.00 s")
        #expect(formatDuration(ms: 2560) == "2.56 s" && formatDuration(ms: 40) == "40 ms")
        #expect(formatRate(30000.0 / 1001) == "29.97" && formatRate(24000.0 / 1001) == "23.976")
        #expect(formatRate(60000.0 / 1001) == "59.94" && formatRate(30) == "30" && formatRate(25.0000001) == "25")
    }

    @Test("resampling: auto takes the nearest pixel from 4× enlargement on")
    func resample() {
        #expect(ResampleMode.auto.nearest(atScale: 31.9) && ResampleMode.auto.nearest(atScale: 4))
        #expect(!ResampleMode.auto.nearest(atScale: 3.9) && !ResampleMode.smooth.nearest(atScale: 32))
        #expect(ResampleMode.nearest.nearest(atScale: 1.5))
    }
}

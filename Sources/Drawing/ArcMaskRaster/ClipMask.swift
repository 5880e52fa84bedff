/// Where drawing may reach: a box of whole pixels and, unless the box is all of it, the runs
/// of equal coverage (1…255) in each of its rows. A shape's runs drawn through it are cut at
/// the clip's runs and take the product of both coverages, so the interior of a clip costs
/// nothing per pixel. Nested clips multiply.
public final class ClipMask {
    public let x0: Int
    public let y0: Int
    public let x1: Int
    public let y1: Int
    /// Runs of row y are `runs[rowStart[y - y0] ..< rowStart[y - y0 + 1]]`; nil when every
    /// pixel of the box is covered.
    private let rowStart: [Int32]?
    private let runs: [Run]

    struct Run {
        var x0: Int32
        var x1: Int32
        var alpha: UInt32
    }

    init(rect: (x0: Int, y0: Int, x1: Int, y1: Int), within parent: ClipMask?, width: Int, height: Int) {
        x0 = max(rect.x0, parent?.x0 ?? 0, 0)
        y0 = max(rect.y0, parent?.y0 ?? 0, 0)
        x1 = max(x0, min(rect.x1, parent?.x1 ?? width, width))
        y1 = max(y0, min(rect.y1, parent?.y1 ?? height, height))
        rowStart = nil
        runs = []
    }

    init(scanning converter: ScanConverter, within parent: ClipMask?, width: Int, height: Int) {
        let rows = converter.rows.clamped(to: (parent?.y0 ?? 0)..<(parent?.y1 ?? height))
        var starts = [Int32](repeating: 0, count: rows.count + 1)
        var found: [Run] = []
        found.reserveCapacity(rows.count * 3)
        var lo = Int.max, hi = Int.min
        var row = rows.lowerBound
        converter.scan(evenOdd: false, limit: rows) { y, a, b, alpha in
            while row < y {
                row += 1
                starts[row - rows.lowerBound] = Int32(found.count)
            }
            if let parent {
                parent.forEachRun(y, a, b) { pa, pb, p in
                    let k = Pixel.mul(alpha, p)
                    guard k > 0 else { return }
                    found.append(Run(x0: Int32(pa), x1: Int32(pb), alpha: k))
                    lo = min(lo, pa)
                    hi = max(hi, pb)
                }
            } else {
                let pa = max(a, 0), pb = min(b, width)
                guard pa < pb else { return }
                found.append(Run(x0: Int32(pa), x1: Int32(pb), alpha: alpha))
                lo = min(lo, pa)
                hi = max(hi, pb)
            }
        }
        while row < rows.upperBound {
            row += 1
            starts[row - rows.lowerBound] = Int32(found.count)
        }
        if found.isEmpty {
            (x0, y0, x1, y1) = (0, 0, 0, 0)
        } else {
            (x0, x1, y0, y1) = (lo, hi, rows.lowerBound, rows.upperBound)
        }
        rowStart = starts
        runs = found
    }

    public var isEmpty: Bool { x0 >= x1 || y0 >= y1 }

    /// Every pixel of the box covered.
    var isRectangle: Bool { rowStart == nil }

    /// The parts of columns a..<b of row y the clip reaches, each with the clip's coverage.
    @inline(__always)
    func forEachRun(_ y: Int, _ a: Int, _ b: Int, _ body: (Int, Int, UInt32) -> Void) {
        guard y >= y0, y < y1 else { return }
        guard let rowStart else {
            let lo = max(a, x0), hi = min(b, x1)
            if lo < hi { body(lo, hi, 255) }
            return
        }
        let r = y - y0
        var k = Int(rowStart[r])
        let end = Int(rowStart[r + 1])
        while k < end {
            let run = runs[k]
            k += 1
            if Int(run.x1) <= a { continue }
            if Int(run.x0) >= b { break }
            body(max(a, Int(run.x0)), min(b, Int(run.x1)), run.alpha)
        }
    }
}

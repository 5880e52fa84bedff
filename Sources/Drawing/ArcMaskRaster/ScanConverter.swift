/// Turns polygons into exact pixel coverage by signed-area accumulation, the method of font
/// rasterisers: each edge, row by row, adds to every cell the area it leaves to its right
/// (signed by its direction), as deltas; summed along a row, the deltas give each pixel's
/// winding-weighted coverage. No sorting, no sampling: the cost is the edges' length in rows
/// plus the pixels covered.
///
/// Coverage is exact where no two parts of the shape overlap inside one pixel. Where they do
/// (a fill whose contours overlap, the inside corner of a stroke) the sum is clamped to 1 for
/// non-zero winding and folded for even-odd, which is exact inside the overlap and close at
/// its border.
final class ScanConverter {
    struct Edge {
        var x0, y0, x1, y1: Double
        var dxdy: Double
        var dir: Double
    }

    let width: Int
    let height: Int
    @exclusivity(unchecked) private(set) var edges: [Edge] = []
    @exclusivity(unchecked) private var minY = Double.infinity, maxY = -Double.infinity
    @exclusivity(unchecked) private(set) var minX = Double.infinity, maxX = -Double.infinity

    /// Deltas for the rows being scanned, `width + 2` cells a row.
    @exclusivity(unchecked) private var cells = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private var cellRows = 0
    /// The first and last cell each row touched.
    @exclusivity(unchecked) private var rowMin = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    @exclusivity(unchecked) private var rowMax = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    /// Which cells each row touched, a bit each: a row is summed from touched cell to touched
    /// cell, so a wide interior costs nothing per pixel.
    @exclusivity(unchecked) private var marks = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
    private var markWords: Int { (width + 2 + 63) >> 6 }

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    deinit {
        cells.deallocate()
        rowMin.deallocate()
        rowMax.deallocate()
        marks.deallocate()
    }

    func reset() {
        edges.removeAll(keepingCapacity: true)
        minY = .infinity
        maxY = -.infinity
        minX = .infinity
        maxX = -.infinity
    }

    var isEmpty: Bool { edges.isEmpty }

    /// One edge of a polygon, in device pixels; its direction gives its winding.
    @inline(__always)
    func addEdge(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
        // A transform can carry finite points past the range of a Double: such an edge is left out.
        guard ay != by, ax.isFinite, ay.isFinite, bx.isFinite, by.isFinite else { return }
        if ay < by {
            edges.append(Edge(x0: ax, y0: ay, x1: bx, y1: by, dxdy: (bx - ax) / (by - ay), dir: 1))
        } else {
            edges.append(Edge(x0: bx, y0: by, x1: ax, y1: ay, dxdy: (ax - bx) / (ay - by), dir: -1))
        }
        minY = min(minY, ay, by)
        maxY = max(maxY, ay, by)
        minX = min(minX, ax, bx)
        maxX = max(maxX, ax, bx)
    }

    /// The rows the edges touch, clipped to the raster.
    var rows: Range<Int> {
        guard !edges.isEmpty, minY.isFinite, maxY.isFinite else { return 0..<0 }
        let lo = max(0, Int(min(max(minY, -1), Double(height) + 1).rounded(.down)))
        let hi = min(height, Int(min(max(maxY, -1), Double(height) + 1).rounded(.up)))
        return lo < hi ? lo..<hi : 0..<0
    }

    private func reserve(rows n: Int) {
        guard n > cellRows else { return }
        cells.deallocate()
        rowMin.deallocate()
        rowMax.deallocate()
        marks.deallocate()
        cellRows = n
        let count = n * (width + 2)
        cells = .allocate(capacity: count)
        cells.initialize(repeating: 0, count: count)
        rowMin = .allocate(capacity: n)
        rowMax = .allocate(capacity: n)
        marks = .allocate(capacity: n * markWords)
        marks.initialize(repeating: 0, count: n * markWords)
    }

    /// Scans rows `limit` ∩ the edges' rows, handing each covered run to `emit(y, x0, x1,
    /// alpha)`: columns x0..<x1 of row y all have coverage `alpha` (1…255).
    func scan(evenOdd: Bool, limit: Range<Int>? = nil, _ emit: (Int, Int, Int, UInt32) -> Void) {
        var span = rows
        if let limit { span = span.clamped(to: limit) }
        guard !span.isEmpty else { return }
        if span.count <= Self.bandRows {
            scanBand(span, edges: 0..<edges.count, evenOdd, emit)
            return
        }
        // A tall shape goes in bands, so the deltas never take more than `bandRows` rows:
        // edges in order of their tops, those reaching each band kept while they last.
        edges.sort { $0.y0 < $1.y0 }
        var next = 0
        var active: [Int] = []
        var band = span.lowerBound
        while band < span.upperBound {
            let rows = band..<min(band + Self.bandRows, span.upperBound)
            while next < edges.count && edges[next].y0 < Double(rows.upperBound) {
                active.append(next)
                next += 1
            }
            active.removeAll { edges[$0].y1 <= Double(rows.lowerBound) }
            scanBand(rows, edges: active, evenOdd, emit)
            band = rows.upperBound
        }
    }

    /// Rows a band of deltas holds at most (2 MB for a 1,000-pixel-wide raster).
    static let bandRows = 512

    /// Rows `span` (at most `bandRows`) of the edges listed.
    private func scanBand<Edges: Sequence<Int>>(
        _ span: Range<Int>, edges list: Edges, _ evenOdd: Bool, _ emit: (Int, Int, Int, UInt32) -> Void
    ) {
        reserve(rows: span.count)
        let stride = width + 2
        for r in 0..<span.count {
            rowMin[r] = Int32.max
            rowMax[r] = -1
        }
        let top = Double(span.lowerBound), bottom = Double(span.upperBound)
        let words = markWords
        edges.withUnsafeBufferPointer { all in
            for i in list {
                let edge = all[i]
                let ya = max(edge.y0, top), yb = min(edge.y1, bottom)
                guard ya < yb else { continue }
                var y = ya
                var row = Int(ya.rounded(.down))
                var x = edge.x0 + (ya - edge.y0) * edge.dxdy
                while y < yb {
                    let next = min(Double(row + 1), yb)
                    let xNext = next == edge.y1 ? edge.x1 : edge.x0 + (next - edge.y0) * edge.dxdy
                    let r = row - span.lowerBound
                    add(cells + r * stride, marks + r * words, r, x, xNext, edge.dir * (next - y))
                    x = xNext
                    y = next
                    row += 1
                }
            }
        }
        for r in 0..<span.count where rowMax[r] >= rowMin[r] {
            emitRow(
                cells + r * stride, marks + r * markWords, span.lowerBound + r, Int(rowMin[r]), Int(rowMax[r]),
                evenOdd, emit)
        }
    }

    /// The area an edge from x = `a` to x = `b` (linear across a band of height |h| of one
    /// row) leaves to its right in each pixel of the row, added as deltas: pixels wholly right
    /// of it get h.
    @inline(__always)
    private func add(
        _ acc: UnsafeMutablePointer<Float>, _ marks: UnsafeMutablePointer<UInt64>, _ r: Int, _ a: Double, _ b: Double,
        _ h: Double
    ) {
        let u = min(a, b), v = max(a, b)
        let w = width
        guard u < Double(w) else { return }
        let first: Int
        let last: Int
        if v - u < 1e-9 {
            // Vertical within the row.
            if u < 0 {
                acc[0] += Float(h)
                first = 0
                last = 0
            } else {
                let c = Int(u)
                let f = u - Double(c)
                acc[c] += Float(h * (1 - f))
                acc[c + 1] += Float(h * f)
                first = c
                last = c + 1
            }
        } else if u >= 0 && v < Double(w - 1) {
            // Wholly inside the row: the first and last cells take their parts of the area,
            // every cell between takes the same share.
            let density = h / (v - u)
            let c0 = Int(u), c1 = Int(v)
            let e0 = Double(c0 + 1) - u
            if c0 == c1 {
                let f = h * (Double(c0 + 1) - (u + v) / 2)
                acc[c0] += Float(f)
                acc[c0 + 1] += Float(h - f)
            } else {
                let f0 = density * e0 * e0 / 2
                acc[c0] += Float(f0)
                // F(c) = density × (c − u + ½) for the cells between.
                var previous = f0
                if c1 > c0 + 1 {
                    let f1 = density * (e0 + 0.5)
                    acc[c0 + 1] += Float(f1 - previous)
                    let step = Float(density)
                    var c = c0 + 2
                    while c < c1 {
                        acc[c] += step
                        c += 1
                    }
                    previous = density * (Double(c1 - 1) - u + 0.5)
                }
                let tail = v - Double(c1)
                let fl = density * (Double(c1) - u + tail * (1 - tail / 2))
                acc[c1] += Float(fl - previous)
                acc[c1 + 1] += Float(h - fl)
            }
            first = c0
            last = c1 + 1
        } else {
            let density = h / (v - u)
            let cu = u < 0 ? -1 : Int(u)
            let cv = v >= Double(w) ? w : v < 0 ? -1 : Int(v)
            let start = max(cu, 0)
            let end = min(cv, w - 1)
            var previous = 0.0
            if start <= end {
                for c in start...end {
                    let cd = Double(c)
                    // The edge's length left of the pixel, plus the part inside it weighted
                    // by how much of the pixel lies right of each point.
                    var f = max(0, min(v, cd) - u)
                    let lo = max(u, cd), hi = min(v, cd + 1)
                    if hi > lo { f += (hi - lo) * (cd + 1 - (lo + hi) / 2) }
                    let value = f * density
                    acc[c] += Float(value - previous)
                    previous = value
                }
            }
            if cv < 0 {
                acc[0] += Float(h)
                first = 0
                last = 0
            } else {
                let tail = min(cv + 1, w)
                acc[tail] += Float(h - previous)
                first = start
                last = tail
            }
        }
        if Int32(first) < rowMin[r] { rowMin[r] = Int32(first) }
        if Int32(last) > rowMax[r] { rowMax[r] = Int32(last) }
        // Every cell from first to last may have changed.
        var c = first
        while c <= last {
            let bit = c & 63
            let n = min(64 - bit, last - c + 1)
            marks[c >> 6] |= (n == 64 ? ~0 : ((1 &<< UInt64(n)) &- 1)) &<< UInt64(bit)
            c += n
        }
    }

    /// Sums a row's deltas at its touched cells into coverage, hands over runs of equal
    /// coverage and clears what it read.
    @inline(__always)
    private func emitRow(
        _ acc: UnsafeMutablePointer<Float>, _ marks: UnsafeMutablePointer<UInt64>, _ y: Int, _ minX: Int, _ maxX: Int,
        _ evenOdd: Bool, _ emit: (Int, Int, Int, UInt32) -> Void
    ) {
        let w = width
        var sum: Float = 0
        var runStart = minX
        var runAlpha: UInt32 = 0
        for word in (minX >> 6)...(maxX >> 6) {
            var bits = marks[word]
            marks[word] = 0
            while bits != 0 {
                let x = word << 6 + bits.trailingZeroBitCount
                bits &= bits &- 1
                let delta = acc[x]
                acc[x] = 0
                guard x < w, delta != 0 else { continue }
                sum += delta
                var c = abs(sum)
                if evenOdd {
                    c -= 2 * (c * 0.5).rounded(.down)
                    if c > 1 { c = 2 - c }
                } else if c > 1 {
                    c = 1
                }
                // Rounded to the nearest of 0…255 by the float unit itself (2²³ leaves no
                // fraction bits), which also cannot trap.
                let alpha = (c * 255 + 8_388_608).bitPattern & 0x7F_FFFF
                if alpha != runAlpha {
                    if runAlpha > 0 { emit(y, runStart, x, runAlpha) }
                    runStart = x
                    runAlpha = alpha
                }
            }
        }
        // Past the last touched cell the coverage holds to the right edge (a span whose right
        // side lies beyond the raster touched no cell there).
        if runAlpha > 0 { emit(y, runStart, w, runAlpha) }
    }
}

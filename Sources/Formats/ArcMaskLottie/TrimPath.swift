import Foundation

/// Paths cut to a part of their length as lottie-web's trim paths cut them: start, end and
/// offset resolved and rounded as the player does, lengths measured over 150 samples per
/// segment, cut points found in that table (and rounded to thousandths), a cut that wraps
/// past the end of a closed path continued through its start.
enum TrimPath {
    static let samples = 150

    /// The trim's range in fractions of the length: `.all` leaves paths as they are, `.none`
    /// empties them.
    enum Range: Equatable {
        case all, none
        case part(Double, Double)
    }

    static func range(start s: Double, end e: Double, offsetDegrees o: Double) -> Range {
        var off = o.truncatingRemainder(dividingBy: 360) / 360
        if off < 0 { off += 1 }
        var a = off + min(max(s, 0), 1)
        var b = off + min(max(e, 0), 1)
        if a > b { swap(&a, &b) }
        a = (a * 10_000).rounded() * 0.0001
        b = (b * 10_000).rounded() * 0.0001
        if a == b { return .none }
        if a == 0 && b == 1 { return .all }
        return .part(a, b)
    }

    /// Each shape (a path item's contours) trimmed on its own.
    static func simultaneously(_ shape: [BezierPath], _ range: Range) -> [BezierPath] {
        switch range {
        case .all: return shape
        case .none: return []
        case .part(let a, let b): return cut(MeasuredShape(shape), a, b)
        }
    }

    /// Shapes laid end to end in declaration order and trimmed as one line.
    static func individually(_ shapes: [[BezierPath]], _ range: Range) -> [[BezierPath]] {
        if shapes.count <= 1 { return shapes.map { simultaneously($0, range) } }
        switch range {
        case .all: return shapes
        case .none: return shapes.map { _ in [] }
        case .part(let s, let e):
            let measured = shapes.map(MeasuredShape.init)
            let total = measured.reduce(0) { $0 + $1.total }
            var pieces: [(Double, Double)] = []
            if e <= 1 {
                pieces = [(s, e)]
            } else if s >= 1 {
                pieces = [(s - 1, e - 1)]
            } else {
                pieces = [(s, 1), (0, e - 1)]
            }
            var before = 0.0
            var out: [[BezierPath]] = []
            for m in measured {
                var kept: [BezierPath] = []
                for (ps, pe) in pieces {
                    if pe * total < before || ps * total > before + m.total { continue }
                    guard m.total > 0 else { continue }
                    let a = ps * total <= before ? 0 : (ps * total - before) / m.total
                    let b = pe * total >= before + m.total ? 1 : (pe * total - before) / m.total
                    kept += cut(m, a, b)
                }
                out.append(kept)
                before += m.total
            }
            return out
        }
    }

    /// One shape cut for the fractions [a, b] (b may pass 1: the cut wraps).
    static func cut(_ shape: MeasuredShape, _ a: Double, _ b: Double) -> [BezierPath] {
        let ls = shape.total
        var ranges: [(Double, Double)]
        if b <= 1 {
            ranges = [(a * ls, b * ls)]
        } else if a >= 1 {
            ranges = [((a - 1) * ls, (b - 1) * ls)]
        } else {
            ranges = [(a * ls, ls), (0, (b - 1) * ls)]
        }
        guard ranges[0].1 - ranges[0].0 > 0 else { return [] }
        var out = shape.pieces(ranges[0].0, ranges[0].1)
        if ranges.count == 2 {
            var second = shape.pieces(ranges[1].0, ranges[1].1)
            if shape.contours.last?.path.closed == true, !out.isEmpty, !second.isEmpty {
                var joined = out.removeLast()
                let next = second.removeFirst()
                for k in 0..<next.count {
                    joined.append(next.vertices[k], in: next.inPoints[k], out: next.outPoints[k])
                }
                joined.closed = false
                out.append(joined)
            }
            out += second
        }
        return out
    }
}

/// A shape's contours with each segment's length table, for cutting by length.
struct MeasuredShape {
    struct Contour {
        let path: BezierPath
        let segments: [CubicSegment]
        /// Per segment: cumulative lengths at t = k/149, k = 0…149 (kept as Float, as the player keeps them).
        let tables: [[Float]]
        let lengths: [Double]
        let total: Double
    }

    let contours: [Contour]
    let total: Double

    init(_ paths: [BezierPath]) {
        var contours: [Contour] = []
        for path in paths {
            let segments = path.segments
            var tables: [[Float]] = []
            var lengths: [Double] = []
            for seg in segments {
                var table: [Float] = [0]
                table.reserveCapacity(TrimPath.samples)
                var acc = 0.0
                var prev = seg.p0
                for k in 1..<TrimPath.samples {
                    let p = seg.point(at: Double(k) / Double(TrimPath.samples - 1))
                    acc += prev.distance(to: p)
                    table.append(Float(acc))
                    prev = p
                }
                tables.append(table)
                lengths.append(acc)
            }
            contours.append(
                Contour(path: path, segments: segments, tables: tables, lengths: lengths, total: lengths.reduce(0, +)))
        }
        self.contours = contours
        total = contours.reduce(0) { $0 + $1.total }
    }

    /// The bezier parameter at fraction `f` of a segment's length (the player's lookup: a cut
    /// in the first 1/149 of a segment snaps to its start).
    static func parameter(_ table: [Float], _ segLen: Double, _ f: Double) -> Double {
        let last = TrimPath.samples - 1
        var j = Int((Double(last) * f).rounded(.down))
        if j <= 0 { return 0 }
        if j >= last { return 1 }
        let target = f * segLen
        if Double(table[j]) == target { return Double(j) / Double(last) }
        while j > 0 && Double(table[j]) > target { j -= 1 }
        while j < last - 1 && Double(table[j + 1]) <= target { j += 1 }
        if j >= last - 1 && Double(table[last]) <= target { return 1 }
        let l0 = Double(table[j]), l1 = Double(table[j + 1])
        let t0 = Double(j) / Double(last), t1 = Double(j + 1) / Double(last)
        return l1 > l0 ? t0 + (t1 - t0) * (target - l0) / (l1 - l0) : t0
    }

    /// The pieces of the contours between lengths `start` and `end` of the whole shape.
    func pieces(_ start: Double, _ end: Double) -> [BezierPath] {
        var out: [BezierPath] = []
        var acc = 0.0
        for contour in contours {
            if acc > end { break }
            var piece = BezierPath()
            var whole = true
            var a = acc
            for (k, seg) in contour.segments.enumerated() {
                let len = contour.lengths[k]
                if a + len < start { a += len; whole = false; continue }
                if a > end { whole = false; break }
                var part = seg
                if !(start <= a && end >= a + len) {
                    whole = false
                    let t0 = len > 0 ? Self.parameter(contour.tables[k], len, min(max((start - a) / len, 0), 1)) : 0
                    let t1 = len > 0 ? Self.parameter(contour.tables[k], len, min(1, max((end - a) / len, 0))) : 1
                    part = Self.rounded(seg.part(t0, max(t0, t1)))
                }
                if piece.isEmpty {
                    piece.append(part.p0, in: part.p0, out: part.p1)
                } else {
                    piece.outPoints[piece.count - 1] = part.p1
                }
                piece.append(part.p3, in: part.p2, out: part.p3)
                a += len
            }
            acc += contour.total
            guard piece.count > 1 else { continue }
            piece.closed = whole && contour.path.closed
            if piece.closed {
                // The closing segment was copied: its end is the first vertex again.
                piece.vertices.removeLast()
                let lastIn = piece.inPoints.removeLast()
                piece.outPoints.removeLast()
                piece.inPoints[0] = lastIn
            } else {
                piece.inPoints[0] = piece.vertices[0]
                piece.outPoints[piece.count - 1] = piece.vertices[piece.count - 1]
            }
            out.append(piece)
        }
        return out
    }

    private static func rounded(_ s: CubicSegment) -> CubicSegment {
        func r(_ p: Vec2) -> Vec2 { Vec2((p.x * 1000).rounded() / 1000, (p.y * 1000).rounded() / 1000) }
        return CubicSegment(r(s.p0), r(s.p1), r(s.p2), r(s.p3))
    }
}

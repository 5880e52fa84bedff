import ArcMaskValues
import Foundation

extension Transform {
    /// The matrix at `time`: anchor to the origin, scale, skew along its axis, rotate, then
    /// move to the position, applied to points in that order.
    func matrix(at time: Double, autoOrient: Bool = false) -> Affine {
        let a = anchor.value(at: time)
        let s = scale.value(at: time)
        let r = rotation.value(at: time).first ?? 0
        var m = Affine.translate(-(a.first ?? 0), -(a.count > 1 ? a[1] : 0))
        m = m.concatenating(.scale((s.first ?? 100) / 100, (s.count > 1 ? s[1] : s.first ?? 100) / 100))
        let sk = skew.value(at: time).first ?? 0
        if sk != 0 {
            let axis = (skewAxis.value(at: time).first ?? 0) * Double.pi / 180
            let shear = Affine(a: 1, b: 0, c: tan(-sk * Double.pi / 180), d: 1, tx: 0, ty: 0)
            m = m.concatenating(.rotate(axis)).concatenating(shear).concatenating(.rotate(-axis))
        }
        var angle = r
        if autoOrient, let heading = heading(at: time) { angle += heading }
        m = m.concatenating(.rotate(angle * Double.pi / 180))
        let p = positionValue(at: time)
        return m.concatenating(.translate(p.x, p.y))
    }

    func positionValue(at time: Double) -> Vec2 {
        if let positionX, let positionY {
            return Vec2(positionX.value(at: time).first ?? 0, positionY.value(at: time).first ?? 0)
        }
        let p = position.position(at: time)
        return Vec2(p.first ?? 0, p.count > 1 ? p[1] : 0)
    }

    /// The direction of travel in degrees (auto-orient), sampled as lottie-web samples it:
    /// from now back 0.01 frame; before the first keyframe from it forward 0.01; from the last
    /// keyframe on, back 0.05 (0.01 for split positions). A fixed position does not turn.
    private func heading(at time: Double) -> Double? {
        let split = positionX != nil && positionY != nil
        let property = split ? positionX! : position
        let times = property.keyTimes
        guard let first = times.first, let last = times.last, times.count > 1 else { return nil }
        let a: Vec2, b: Vec2
        if time <= first {
            a = positionValue(at: first + 0.01)
            b = positionValue(at: first)
        } else if time >= last {
            a = positionValue(at: last)
            b = positionValue(at: last - (split ? 0.01 : 0.05))
        } else {
            a = positionValue(at: time)
            b = positionValue(at: time - 0.01)
        }
        return atan2(a.y - b.y, a.x - b.x) * 180 / Double.pi
    }

    func opacity(at time: Double) -> Double { (opacity.value(at: time).first ?? 100) / 100 }
}

/// A 4×4 matrix as lottie-web keeps a layer's transform (row vectors: a point is multiplied
/// on the left, so `a.then(b)` applies `a` first). Used only for layers that turn in 3-D and
/// their children: the canvas renderer flattens the product to the screen by dropping z
/// (`ctx.setTransform(m[0], m[1], m[4], m[5], m[12], m[13])`), an orthographic view.
struct Matrix4: Equatable {
    var m: [Double]

    static let identity = Matrix4(m: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

    init(m: [Double]) { self.m = m }

    init(_ a: Affine) {
        m = [a.a, a.b, 0, 0, a.c, a.d, 0, 0, 0, 0, 1, 0, a.tx, a.ty, 0, 1]
    }

    func then(_ o: Matrix4) -> Matrix4 {
        var r = [Double](repeating: 0, count: 16)
        for i in 0..<4 {
            for j in 0..<4 {
                var s = 0.0
                for k in 0..<4 { s += m[i * 4 + k] * o.m[k * 4 + j] }
                r[i * 4 + j] = s
            }
        }
        return Matrix4(m: r)
    }

    static func translate(_ x: Double, _ y: Double, _ z: Double) -> Matrix4 {
        Matrix4(m: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1])
    }
    static func scale(_ x: Double, _ y: Double, _ z: Double) -> Matrix4 {
        Matrix4(m: [x, 0, 0, 0, 0, y, 0, 0, 0, 0, z, 0, 0, 0, 0, 1])
    }
    /// The rotations as lottie-web's transformation-matrix.js writes them (radians).
    static func rotateX(_ t: Double) -> Matrix4 {
        let c = cos(t), s = sin(t)
        return Matrix4(m: [1, 0, 0, 0, 0, c, -s, 0, 0, s, c, 0, 0, 0, 0, 1])
    }
    static func rotateY(_ t: Double) -> Matrix4 {
        let c = cos(t), s = sin(t)
        return Matrix4(m: [c, 0, s, 0, 0, 1, 0, 0, -s, 0, c, 0, 0, 0, 0, 1])
    }
    static func rotateZ(_ t: Double) -> Matrix4 {
        let c = cos(t), s = sin(t)
        return Matrix4(m: [c, -s, 0, 0, s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
    }

    /// The screen's part: x and y of the image of the plane z = 0.
    var flattened: Affine { Affine(a: m[0], b: m[1], c: m[4], d: m[5], tx: m[12], ty: m[13]) }
}

extension Transform {
    /// The layer's transform in 3-D, in lottie-web's order (`TransformProperty.processKeys`):
    /// anchor (its z with the sign lottie-web gives it), scale, skew, rotations about z, y and
    /// x, orientation (z, y, x), the auto-orient turn, then position (z negated). For a layer
    /// without 3-D rotations the x and y of the result are those of `matrix(at:)`.
    func matrix3D(at time: Double, autoOrient: Bool = false) -> Matrix4 {
        let rad = Double.pi / 180
        let a = anchor.value(at: time)
        let s = scale.value(at: time)
        func z(_ v: [Double], _ fallback: Double) -> Double { v.count > 2 ? v[2] : fallback }
        var m = Matrix4.translate(-(a.first ?? 0), -(a.count > 1 ? a[1] : 0), z(a, 0))
        m = m.then(
            .scale((s.first ?? 100) / 100, (s.count > 1 ? s[1] : s.first ?? 100) / 100, z(s, 100) / 100))
        let sk = skew.value(at: time).first ?? 0
        if sk != 0 {
            let axis = (skewAxis.value(at: time).first ?? 0) * rad
            let shear = Affine(a: 1, b: 0, c: tan(-sk * rad), d: 1, tx: 0, ty: 0)
            m = m.then(Matrix4(Affine.rotate(axis).concatenating(shear).concatenating(.rotate(-axis))))
        }
        let rz = (rotation.value(at: time).first ?? 0) * rad
        if let rotationX {
            let rx = (rotationX.value(at: time).first ?? 0) * rad
            let ry = (rotationY?.value(at: time).first ?? 0) * rad
            let or = orientation?.value(at: time) ?? []
            m = m.then(.rotateZ(-rz)).then(.rotateY(ry)).then(.rotateX(rx))
            m = m.then(.rotateZ(-z(or, 0) * rad)).then(.rotateY((or.count > 1 ? or[1] : 0) * rad))
            m = m.then(.rotateX((or.first ?? 0) * rad))
        } else {
            m = m.then(.rotateZ(-rz))
        }
        if autoOrient, let heading = heading(at: time) { m = m.then(.rotateZ(-heading * rad)) }
        if let positionX, let positionY {
            m = m.then(
                .translate(positionX.value(at: time).first ?? 0, positionY.value(at: time).first ?? 0, 0))
        } else {
            let p = position.position(at: time)
            m = m.then(.translate(p.first ?? 0, p.count > 1 ? p[1] : 0, -z(p, 0)))
        }
        return m
    }

    /// A layer's matrix with its parents' (`chain`: the layer first, then each parent), into
    /// its composition's space. When any of them turns in 3-D the product is taken in 3-D,
    /// as lottie-web multiplies the hierarchy's 4×4 matrices, and flattened once at the end;
    /// otherwise in 2-D.
    static func chainMatrix(_ chain: [(transform: Transform, autoOrient: Bool)], at time: Double) -> Affine {
        if chain.contains(where: { $0.transform.has3D }) {
            var m = Matrix4.identity
            for link in chain { m = m.then(link.transform.matrix3D(at: time, autoOrient: link.autoOrient)) }
            return m.flattened
        }
        var m = Affine.identity
        for link in chain { m = m.concatenating(link.transform.matrix(at: time, autoOrient: link.autoOrient)) }
        return m
    }
}

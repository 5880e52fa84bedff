import Foundation

extension Transform {
    /// The matrix at `time`: anchor to the origin, scale, skew along its axis, rotate, then
    /// move to the position, applied to points in that order.
    func matrix(at time: Double, autoOrient: Bool = false) -> Matrix {
        let a = anchor.value(at: time)
        let s = scale.value(at: time)
        let r = rotation.value(at: time).first ?? 0
        var m = Matrix.translation(-(a.first ?? 0), -(a.count > 1 ? a[1] : 0))
        m = m.then(.scaling((s.first ?? 100) / 100, (s.count > 1 ? s[1] : s.first ?? 100) / 100))
        let sk = skew.value(at: time).first ?? 0
        if sk != 0 {
            let axis = (skewAxis.value(at: time).first ?? 0) * Double.pi / 180
            let shear = Matrix(a: 1, b: 0, c: tan(-sk * Double.pi / 180), d: 1, tx: 0, ty: 0)
            m = m.then(.rotation(axis)).then(shear).then(.rotation(-axis))
        }
        var angle = r
        if autoOrient, let heading = heading(at: time) { angle += heading }
        m = m.then(.rotation(angle * Double.pi / 180))
        let p = positionValue(at: time)
        return m.then(.translation(p.x, p.y))
    }

    func positionValue(at time: Double) -> Vec2 {
        if let positionX, let positionY {
            return Vec2(positionX.value(at: time).first ?? 0, positionY.value(at: time).first ?? 0)
        }
        let p = position.position(at: time)
        return Vec2(p.first ?? 0, p.count > 1 ? p[1] : 0)
    }

    /// The direction of travel in degrees (auto-orient), from a moment before to now.
    private func heading(at time: Double) -> Double? {
        guard position.isAnimated || positionX?.isAnimated == true else { return nil }
        let a = positionValue(at: time - 0.01), b = positionValue(at: time + 0.01)
        guard a != b else { return nil }
        return atan2(b.y - a.y, b.x - a.x) * 180 / Double.pi
    }

    func opacity(at time: Double) -> Double { (opacity.value(at: time).first ?? 100) / 100 }
}

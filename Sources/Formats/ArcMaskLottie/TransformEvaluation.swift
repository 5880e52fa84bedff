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

/// The opacity state of lottie-web's canvas renderer (5.12 and later, `clearCanvas` on), kept
/// exactly so that the same opacities reach the same pixels: a stack of accumulated products,
/// and the value last given to the canvas, which an opacity change sets to its own factor
/// (not the product) and a restore sets back to the product it returns to. A 50 % layer's
/// 80 % fill therefore draws at 80 %, as the reference player draws it.
struct CanvasAlpha {
    private var stack: [Double] = [1]
    /// The value the renderer last wrote (`currentOpacity`).
    private var written = 1.0
    /// What drawing uses: a written value outside 0…1 is ignored by a canvas.
    private(set) var current = 1.0

    mutating func save() { stack.append(stack[stack.count - 1]) }

    mutating func opacity(_ op: Double) {
        let p = stack[stack.count - 1]
        let next = p * max(op, 0)
        guard next != p else { return }
        if written != op { write(op) }
        stack[stack.count - 1] = next
    }

    /// `force`: a native restore as well (precomps and masks), which always rewrites the product.
    mutating func restore(force: Bool = false) {
        if stack.count > 1 { stack.removeLast() }
        let p = stack[stack.count - 1]
        if force || written != p { write(p) }
    }

    private mutating func write(_ value: Double) {
        written = value
        if value >= 0 && value <= 1 { current = value }
    }
}

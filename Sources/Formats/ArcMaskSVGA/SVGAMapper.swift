import ArcMaskValues
import Foundation

/// The format's content before validation: the protobuf and the JSON map into this, and one
/// function turns it into the model.
struct RawShape {
    var type: Int  // 0 SHAPE, 1 RECT, 2 ELLIPSE, 3 KEEP
    var d: String?
    var rect: (Double, Double, Double, Double, Double)?
    var ellipse: (Double, Double, Double, Double)?
    var style: RawStyle?
    var transform: Affine?
}

struct RawStyle {
    var fill: [Double]?
    var stroke: [Double]?
    var strokeWidth = 0.0
    var lineCap = LineCap.butt
    var lineJoin = LineJoin.miter
    var miterLimit = 0.0
    var dash: [Double] = []
}

struct RawFrame {
    var alpha = 0.0
    var layout: Rect?
    var transform: Affine?
    var clipPath: String?
    var shapes: [RawShape] = []
}

struct RawSprite {
    var imageKey: String
    var matteKey: String?
    var frames: [RawFrame]
}

struct Mapper {
    let name: String
    let limits: SVGALimits

    // MARK: protobuf (2.x and 1.5)

    func map(
        _ e: SVGAProtoMovieEntity, container: SVGAContainer,
        image: (String, [UInt8]) throws -> [UInt8]?
    ) throws -> SVGAMovie {
        guard e.hasParams else {
            throw InputError(file: name, location: "MovieEntity", "has no params (viewBox, fps, frames)")
        }
        let p = e.params
        try checkCounts(sprites: e.sprites.count, frames: Int(p.frames))
        let sprites = e.sprites.map { s in
            RawSprite(
                imageKey: s.imageKey, matteKey: s.matteKey.isEmpty ? nil : s.matteKey, frames: s.frames.map(frame))
        }
        var images: [String: [UInt8]] = [:]
        for (key, value) in e.images.sorted(by: { $0.key < $1.key }) {
            if let bytes = try image(key, [UInt8](value)) { images[key] = bytes }
        }
        let audios = e.audios.map {
            SVGAAudio(
                key: $0.audioKey, startFrame: Int($0.startFrame), endFrame: Int($0.endFrame),
                startTimeMs: Int($0.startTime), totalTimeMs: Int($0.totalTime),
                byteCount: images[$0.audioKey]?.count ?? 0)
        }
        return try finish(
            version: e.version, container: container, width: Double(p.viewBoxWidth), height: Double(p.viewBoxHeight),
            fps: Int(p.fps), frames: Int(p.frames), images: images, sprites: sprites, audios: audios)
    }

    private func frame(_ f: SVGAProtoFrameEntity) -> RawFrame {
        RawFrame(
            alpha: Double(f.alpha),
            layout: f.hasLayout
                ? Rect(
                    x: Double(f.layout.x), y: Double(f.layout.y), width: Double(f.layout.width),
                    height: Double(f.layout.height)) : nil,
            transform: f.hasTransform ? matrix(f.transform) : nil,
            clipPath: f.clipPath.isEmpty ? nil : f.clipPath,
            shapes: f.shapes.map(shape))
    }

    private func matrix(_ t: SVGAProtoTransform) -> Affine {
        Affine(a: Double(t.a), b: Double(t.b), c: Double(t.c), d: Double(t.d), tx: Double(t.tx), ty: Double(t.ty))
    }

    private func shape(_ s: SVGAProtoShapeEntity) -> RawShape {
        var raw = RawShape(type: s.type.rawValue, transform: s.hasTransform ? matrix(s.transform) : nil)
        switch s.args {
        case .shape(let a)?: raw.d = a.d
        case .rect(let r)?:
            raw.rect = (Double(r.x), Double(r.y), Double(r.width), Double(r.height), Double(r.cornerRadius))
        case .ellipse(let e)?: raw.ellipse = (Double(e.x), Double(e.y), Double(e.radiusX), Double(e.radiusY))
        case nil: break
        }
        if s.hasStyles {
            let st = s.styles
            func color(_ c: SVGAProtoShapeEntity.ShapeStyle.RGBAColor) -> [Double] {
                [Double(c.r), Double(c.g), Double(c.b), Double(c.a)]
            }
            raw.style = RawStyle(
                fill: st.hasFill ? color(st.fill) : nil, stroke: st.hasStroke ? color(st.stroke) : nil,
                strokeWidth: Double(st.strokeWidth),
                lineCap: [.butt, .round, .square][max(0, min(2, st.lineCap.rawValue))],
                lineJoin: [.miter, .round, .bevel][max(0, min(2, st.lineJoin.rawValue))],
                miterLimit: Double(st.miterLimit),
                dash: [Double(st.lineDashI), Double(st.lineDashIi), Double(st.lineDashIii)])
        }
        return raw
    }

    // MARK: JSON (1.x)

    func map(json: Any, image: (String, [UInt8]) throws -> [UInt8]?) throws -> SVGAMovie {
        guard let root = json as? [String: Any], let movie = root["movie"] as? [String: Any] else {
            throw InputError(file: name, location: "movie.spec", "has no \"movie\" object")
        }
        let box = movie["viewBox"] as? [String: Any] ?? [:]
        let frames = int(movie["frames"])
        let spritesJSON = root["sprites"] as? [[String: Any]] ?? []
        try checkCounts(sprites: spritesJSON.count, frames: frames)
        let sprites = spritesJSON.map { s -> RawSprite in
            let matte = s["matteKey"] as? String
            return RawSprite(
                imageKey: s["imageKey"] as? String ?? "", matteKey: matte?.isEmpty == false ? matte : nil,
                frames: (s["frames"] as? [[String: Any]] ?? []).map(frame))
        }
        var images: [String: [UInt8]] = [:]
        for (key, value) in (root["images"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }) {
            if let file = value as? String, let bytes = try image(key, Array(file.utf8)) { images[key] = bytes }
        }
        let audios = (root["audios"] as? [[String: Any]] ?? []).map { a -> SVGAAudio in
            let key = a["audioKey"] as? String ?? ""
            return SVGAAudio(
                key: key, startFrame: int(a["startFrame"]), endFrame: int(a["endFrame"]),
                startTimeMs: int(a["startTime"]), totalTimeMs: int(a["totalTime"]), byteCount: images[key]?.count ?? 0)
        }
        return try finish(
            version: root["ver"] as? String ?? "", container: .zipJSON, width: double(box["width"]),
            height: double(box["height"]), fps: int(movie["fps"]), frames: frames, images: images,
            sprites: sprites, audios: audios)
    }

    private func frame(_ f: [String: Any]) -> RawFrame {
        var raw = RawFrame(alpha: double(f["alpha"]))
        if let l = f["layout"] as? [String: Any] {
            raw.layout = Rect(
                x: double(l["x"]), y: double(l["y"]), width: double(l["width"]), height: double(l["height"]))
        }
        if let t = f["transform"] as? [String: Any] { raw.transform = matrix(t) }
        if let c = f["clipPath"] as? String, !c.isEmpty { raw.clipPath = c }
        raw.shapes = (f["shapes"] as? [[String: Any]] ?? []).map(shape)
        return raw
    }

    private func matrix(_ t: [String: Any]) -> Affine {
        Affine(
            a: double(t["a"]), b: double(t["b"]), c: double(t["c"]), d: double(t["d"]), tx: double(t["tx"]),
            ty: double(t["ty"]))
    }

    private func shape(_ s: [String: Any]) -> RawShape {
        let type: Int
        switch (s["type"] as? String)?.lowercased() {
        case "rect"?: type = 1
        case "ellipse"?: type = 2
        case "keep"?: type = 3
        default: type = int(s["type"])  // a number, or SHAPE when absent
        }
        var raw = RawShape(type: type, transform: (s["transform"] as? [String: Any]).map(matrix))
        let args = s["args"] as? [String: Any] ?? [:]
        switch type {
        case 1:
            raw.rect = (
                double(args["x"]), double(args["y"]), double(args["width"]), double(args["height"]),
                double(args["cornerRadius"])
            )
        case 2: raw.ellipse = (double(args["x"]), double(args["y"]), double(args["radiusX"]), double(args["radiusY"]))
        default: raw.d = args["d"] as? String
        }
        if let st = s["styles"] as? [String: Any] {
            func color(_ v: Any?) -> [Double]? { (v as? [Any]).map { $0.map(double) } }
            func cap(_ v: Any?) -> LineCap { LineCap(rawValue: (v as? String) ?? "") ?? .butt }
            func join(_ v: Any?) -> LineJoin { LineJoin(rawValue: (v as? String) ?? "") ?? .miter }
            raw.style = RawStyle(
                fill: color(st["fill"]), stroke: color(st["stroke"]), strokeWidth: double(st["strokeWidth"]),
                lineCap: cap(st["lineCap"]), lineJoin: join(st["lineJoin"]), miterLimit: double(st["miterLimit"]),
                dash: (st["lineDash"] as? [Any])?.map(double) ?? [])
        }
        return raw
    }

    private func double(_ v: Any?) -> Double {
        switch v {
        case let n as NSNumber: return n.doubleValue
        case let s as String: return Double(s) ?? 0
        default: return 0
        }
    }

    private func int(_ v: Any?) -> Int { Int(exactly: double(v).rounded()) ?? 0 }

    // MARK: validation and the model

    private func checkCounts(sprites: Int, frames: Int) throws {
        if sprites > limits.maxSprites {
            throw InputError(file: name, "has \(sprites) sprites, over the limit of \(limits.maxSprites)")
        }
        if frames > limits.maxFrames {
            throw InputError(
                file: name, "has \(frames) frames, over the limit of \(limits.maxFrames)", mention: .raise(.maxFrames))
        }
    }

    func finish(
        version: String, container: SVGAContainer, width: Double, height: Double, fps: Int, frames: Int,
        images rawImages: [String: [UInt8]], sprites raw: [RawSprite], audios: [SVGAAudio]
    ) throws -> SVGAMovie {
        guard width.isFinite, height.isFinite, width > 0, height > 0 else {
            throw InputError(file: name, location: "params", "the viewBox is \(width)×\(height): it must be positive")
        }
        guard width * height <= Double(limits.maxViewBoxPixels), width <= 65_536, height <= 65_536 else {
            throw InputError(
                file: name, location: "params",
                "the viewBox \(width)×\(height) is over the limit of \(limits.maxViewBoxPixels) pixels")
        }
        guard fps > 0, fps <= 240 else {
            throw InputError(file: name, location: "params", "fps is \(fps): it must be 1 to 240")
        }
        guard frames > 0 else { throw InputError(file: name, location: "params", "has no frames (frames = \(frames))") }
        var images: [String: SVGAImage] = [:]
        let audioKeys = Set(audios.map(\.key))
        for (key, bytes) in rawImages where !audioKeys.contains(key) {
            // MP3 and others are not images.
            guard bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { continue }
            func be32(_ o: Int) -> Int {
                Int(bytes[o]) << 24 | Int(bytes[o + 1]) << 16 | Int(bytes[o + 2]) << 8 | Int(bytes[o + 3])
            }
            let w = be32(16), h = be32(20)
            guard w > 0, h > 0, w * h <= limits.maxImagePixels else {
                throw InputError(
                    file: name, location: "image '\(key)'",
                    "is \(w)×\(h), over the limit of \(limits.maxImagePixels) pixels")
            }
            images[key] = SVGAImage(png: bytes, width: w, height: h)
        }
        var sprites: [SVGASprite] = []
        for (index, s) in raw.enumerated() {
            var resolved: [SVGAFrame] = []
            resolved.reserveCapacity(frames)
            var previousShapes: [SVGAShape] = []
            for k in 0..<frames {
                guard k < s.frames.count else { resolved.append(.hidden); previousShapes = []; continue }
                let f = s.frames[k]
                let place = "sprite \(index) '\(s.imageKey)', frame \(k)"
                var shapes: [SVGAShape]
                if f.shapes.first?.type == 3 {
                    shapes = previousShapes  // KEEP: the previous frame's resolved shapes
                } else {
                    shapes = try f.shapes.compactMap { try shape($0, place: place) }
                }
                previousShapes = shapes
                var clip: SVGPath? = nil
                if let c = f.clipPath {
                    do { clip = try SVGPathParser.parse(c, maxCommands: limits.maxPathCommands) } catch {
                        throw InputError(file: name, location: place, "clipPath: \(error)")
                    }
                }
                resolved.append(
                    SVGAFrame(
                        alpha: f.alpha, layout: f.layout, transform: f.transform ?? .identity,
                        clipPath: clip, shapes: shapes))
            }
            sprites.append(SVGASprite(imageKey: s.imageKey, matteKey: s.matteKey, frames: resolved))
        }
        return SVGAMovie(
            version: version, container: container, viewBoxWidth: width, viewBoxHeight: height, fps: fps,
            frameCount: frames, images: images, sprites: sprites, audios: audios)
    }

    private func shape(_ s: RawShape, place: String) throws -> SVGAShape? {
        let geometry: SVGAShape.Geometry
        switch s.type {
        case 1:
            guard let r = s.rect else { return nil }
            geometry = .rect(x: r.0, y: r.1, width: r.2, height: r.3, cornerRadius: r.4)
        case 2:
            guard let e = s.ellipse else { return nil }
            geometry = .ellipse(cx: e.0, cy: e.1, rx: e.2, ry: e.3)
        case 3:
            return nil  // a KEEP after other shapes adds nothing
        default:
            do { geometry = .path(try SVGPathParser.parse(s.d ?? "", maxCommands: limits.maxPathCommands)) } catch {
                throw InputError(file: name, location: place, "shape path: \(error)")
            }
        }
        var style: SVGAStyle? = nil
        if let st = s.style {
            func color(_ c: [Double]?) -> Color? {
                guard let c, c.count >= 3 else { return nil }
                // Some exporters wrote 0…255.
                let k = c[0] > 1 || c[1] > 1 || c[2] > 1 ? 255.0 : 1.0
                return Color(r: c[0] / k, g: c[1] / k, b: c[2] / k, a: c.count > 3 ? min(1, max(0, c[3])) : 1)
            }
            let dash =
                st.dash.count >= 2 && (st.dash[0] > 0 || st.dash[1] > 0)
                ? (st.dash[0], st.dash[1], st.dash.count > 2 ? st.dash[2] : 0) : nil
            style = SVGAStyle(
                fill: color(st.fill), stroke: color(st.stroke), strokeWidth: st.strokeWidth, lineCap: st.lineCap,
                lineJoin: st.lineJoin, miterLimit: st.miterLimit, dash: dash)
        }
        return SVGAShape(geometry: geometry, style: style, transform: s.transform ?? .identity)
    }
}

import ArcMaskFrames
import ArcMaskSVGA
import ArcMaskText
import ArcMaskValues
import Foundation

// Dynamic content on the players' classic sample, kingset_2x.svga: the official demos put an
// avatar into key "99" and a line of text into key "banner". Checked on pixels:
// - a set image shows inside the sprite's transformed layout, and nowhere else;
// - on a sprite with a clip path ("02"), the image shows only inside the clip;
// - the text's ink lies inside "banner"'s layout and every character has a glyph;
// - hiding "99" gives exactly the movie without that sprite.

/// The four corners of `layout` under `t` (then `placement`), as a convex quad.
private func quad(_ layout: Rect, _ t: Affine, _ placement: Affine) -> [(Double, Double)] {
    let m = t.concatenating(placement)
    return [(0.0, 0.0), (layout.width, 0), (layout.width, layout.height), (0, layout.height)].map { p in
        (m.a * p.0 + m.c * p.1 + m.tx, m.b * p.0 + m.d * p.1 + m.ty)
    }
}

/// Whether pixel (x, y)'s centre lies within `margin` pixels of the convex quad `q` (a
/// negative margin: at least that far inside).
private func inside(_ q: [(Double, Double)], _ x: Int, _ y: Int, margin: Double) -> Bool {
    let px = Double(x) + 0.5, py = Double(y) + 0.5
    let area = (0..<4).reduce(0.0) { s, i in s + q[i].0 * q[(i + 1) % 4].1 - q[(i + 1) % 4].0 * q[i].1 }
    let orientation = area >= 0 ? 1.0 : -1.0
    for i in 0..<4 {
        let (ax, ay) = q[i], (bx, by) = q[(i + 1) % 4]
        let cross = (bx - ax) * (py - ay) - (by - ay) * (px - ax)
        // Signed distance to the edge's line, positive on the inside.
        if orientation * cross / max(1e-9, hypot(bx - ax, by - ay)) < -margin { return false }
    }
    return true
}

private func solid(_ w: Int, _ h: Int, _ p: (UInt8, UInt8, UInt8, UInt8)) -> PixelBuffer {
    var b = PixelBuffer(width: w, height: h)
    for y in 0..<h { for x in 0..<w { b.setPixel(x: x, y: y, p) } }
    return b
}

private func changed(_ a: PixelBuffer, _ b: PixelBuffer) -> [(Int, Int)] {
    var out: [(Int, Int)] = []
    for y in 0..<a.height {
        for x in 0..<a.width {
            let i = (y * a.width + x) * 4
            if a.bytes[i..<i + 4] != b.bytes[i..<i + 4] { out.append((x, y)) }
        }
    }
    return out
}

/// kingset_2x.svga, read once and rendered at its viewBox size with dynamic content.
private struct Kingset {
    let path: String
    let movie: SVGAMovie
    let size: PixelSize
    /// The movie's viewBox to the rendered picture's pixels.
    let placement: Affine

    init(path: String) throws {
        self.path = path
        movie = try SVGAReader.read(path: path)
        size = PixelSize(width: Int(movie.viewBoxWidth), height: Int(movie.viewBoxHeight))
        placement = FitMode.fit.placement(
            of: (movie.viewBoxWidth, movie.viewBoxHeight), in: (Double(size.width), Double(size.height)))
    }

    /// Frame `frame` of `m` (by default the file's movie) with content `c`.
    func render(_ c: SVGADynamicContent, _ frame: Int, _ m: SVGAMovie? = nil) throws -> PixelBuffer {
        let r = SVGARenderer(movie: m ?? movie)
        r.content = c
        return try r.render(frame: frame, size: size)
    }

    /// The sprite showing image key `key`.
    func sprite(_ key: String) throws -> SVGASprite {
        guard let s = movie.sprites.first(where: { $0.imageKey == key }) else {
            throw InputError(file: path, "has no sprite '\(key)'")
        }
        return s
    }

    /// The layout quad, in picture pixels, of `sprite`'s frame `frame`.
    func layoutQuad(_ layout: Rect, of sprite: SVGASprite, frame: Int) -> [(Double, Double)] {
        quad(layout, sprite.frames[frame].transform, placement)
    }
}

func runSVGADynamicSuite(_ dir: String) -> SuiteResult? {
    let path = dir + "/kingset_2x.svga"
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    var result = SuiteResult(name: "SVGA dynamic content on kingset_2x (keys 99, banner, 02)", bar: 5)
    do {
        let kingset = try Kingset(path: path)
        // A frame where "99" shows fully opaque, and its layout quad there.
        let avatarSprite = try kingset.sprite("99")
        guard let n = avatarSprite.frames.indices.last(where: { avatarSprite.frames[$0].alpha >= 1 }),
            let layout = avatarSprite.frames[n].layout
        else { throw InputError(file: path, "sprite '99' is never opaque") }
        let avatarQuad = kingset.layoutQuad(layout, of: avatarSprite, frame: n)
        let plain = try kingset.render(SVGADynamicContent(), n)
        let avatar = try checkAvatar(kingset, frame: n, quad: avatarQuad, plain: plain, into: &result)
        let clip = try checkClippedImage(kingset, into: &result)
        let banner = try checkBannerText(kingset, into: &result)
        result.note =
            "avatar: \(avatar.inner) layout pixels checked, \(avatar.changed) changed; 02: \(clip.shown) of \(clip.layoutArea) layout pixels inside the clip; banner: \(banner.ink) ink pixels"
        result.record(
            "every character of the banner text has a glyph",
            banner.notes.isEmpty ? nil : banner.notes.joined(separator: "; "))
        try checkHidden(kingset, frame: n, plain: plain, into: &result)
    } catch {
        result.record("kingset_2x.svga", "\(error)")
    }
    return result
}

/// 1. The avatar in "99" at frame `n`: its colour fills the layout (away from the edges), and
/// nothing changes outside it. Returns how many layout pixels were checked and how many changed.
private func checkAvatar(
    _ kingset: Kingset, frame n: Int, quad avatarQuad: [(Double, Double)], plain: PixelBuffer,
    into result: inout SuiteResult
) throws -> (inner: Int, changed: Int) {
    let size = kingset.size
    var avatar = SVGADynamicContent()
    avatar.setImage(solid(64, 64, (255, 0, 255, 255)), forKey: "99")
    let withAvatar = try kingset.render(avatar, n)
    let diff = changed(plain, withAvatar)
    let outside = diff.filter { !inside(avatarQuad, $0.0, $0.1, margin: 1.5) }
    var innerWrong = 0, innerCount = 0
    for y in 0..<size.height {
        for x in 0..<size.width where inside(avatarQuad, x, y, margin: -2) {
            innerCount += 1
            let p = withAvatar.pixel(x: x, y: y)
            if (p.r, p.g, p.b, p.a) != (255, 0, 255, 255) { innerWrong += 1 }
        }
    }
    result.record(
        "avatar in 99's layout (frame \(n))",
        outside.isEmpty && innerWrong == 0 && innerCount > 1000
            ? nil
            : "\(outside.count) changed pixels outside the layout, \(innerWrong) of \(innerCount) inside not the avatar"
    )
    return (innerCount, diff.count)
}

/// 2. A clipped sprite ("02"): the image shows only inside the clip path and the layout.
/// Returns how many pixels it showed, and the layout's area.
private func checkClippedImage(
    _ kingset: Kingset, into result: inout SuiteResult
) throws -> (shown: Int, layoutArea: Int) {
    let size = kingset.size
    let clipped = try kingset.sprite("02")
    guard
        let k = clipped.frames.indices.first(where: {
            clipped.frames[$0].alpha > 0.5 && clipped.frames[$0].clipPath != nil
        }),
        let clipLayout = clipped.frames[k].layout, let clipPath = clipped.frames[k].clipPath
    else { throw InputError(file: kingset.path, "sprite '02' has no clipped frame") }
    var red = SVGADynamicContent(), blue = SVGADynamicContent()
    red.setImage(solid(8, 8, (255, 0, 0, 255)), forKey: "02")
    blue.setImage(solid(8, 8, (0, 0, 255, 255)), forKey: "02")
    let shown = changed(try kingset.render(red, k), try kingset.render(blue, k))
    let canvas = try VectorCanvas(width: size.width, height: size.height)
    canvas.concat(kingset.placement)
    canvas.concat(clipped.frames[k].transform)
    canvas.setPath(clipPath.elements)
    canvas.fill(.black)
    let clipMask = try canvas.pixels()
    let clipQuad = kingset.layoutQuad(clipLayout, of: clipped, frame: k)
    let strays = shown.filter { p in
        clipMask.pixel(x: p.0, y: p.1).a == 0 || !inside(clipQuad, p.0, p.1, margin: 1.5)
    }
    var layoutArea = 0
    for y in 0..<size.height { for x in 0..<size.width where inside(clipQuad, x, y, margin: 0) { layoutArea += 1 } }
    result.record(
        "02's image clipped (frame \(k))",
        strays.isEmpty && shown.count > 100 && shown.count < layoutArea
            ? nil
            : "\(strays.count) pixels outside the clip or layout; \(shown.count) shown of a \(layoutArea)-pixel layout"
    )
    return (shown.count, layoutArea)
}

/// 3. Text in "banner": its ink lies inside the layout. Returns how many ink pixels it drew,
/// and what the content notes about the text (a character without a glyph).
private func checkBannerText(
    _ kingset: Kingset, into result: inout SuiteResult
) throws -> (ink: Int, notes: [String]) {
    let banner = try kingset.sprite("banner")
    guard let b = banner.frames.indices.last(where: { banner.frames[$0].alpha >= 1 }),
        let bannerLayout = banner.frames[b].layout
    else { throw InputError(file: kingset.path, "sprite 'banner' is never opaque") }
    var text = SVGADynamicContent()
    text.setText("Pony 送了一打风油精给主播", style: TextStyle(font: "Noto Sans CJK SC", size: 28), forKey: "banner")
    let ink = changed(try kingset.render(SVGADynamicContent(), b), try kingset.render(text, b))
    let bannerQuad = kingset.layoutQuad(bannerLayout, of: banner, frame: b)
    let strayInk = ink.filter { !inside(bannerQuad, $0.0, $0.1, margin: 1.5) }
    result.record(
        "text inside banner's layout (frame \(b))",
        strayInk.isEmpty && ink.count > 500
            ? nil : "\(strayInk.count) of \(ink.count) ink pixels outside the layout")
    return (ink.count, text.notes(for: kingset.movie))
}

/// 4. Hidden "99": exactly the movie without that sprite.
private func checkHidden(_ kingset: Kingset, frame n: Int, plain: PixelBuffer, into result: inout SuiteResult) throws {
    var hidden = SVGADynamicContent()
    hidden.setHidden(true, forKey: "99")
    var without = kingset.movie
    without.sprites.removeAll { $0.imageKey == "99" }
    let hiddenPicture = try kingset.render(hidden, n)
    let hiddenDiff = changed(hiddenPicture, try kingset.render(SVGADynamicContent(), n, without))
    result.record(
        "hide 99 = the movie without it",
        hiddenDiff.isEmpty && !changed(plain, hiddenPicture).isEmpty
            ? nil : "\(hiddenDiff.count) pixels differ from the movie without '99'")
}

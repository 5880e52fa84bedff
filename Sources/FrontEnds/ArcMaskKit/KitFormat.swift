/// Which reader `prepare` hands a file to, decided by its first bytes, not its name: a Lottie
/// file (drawn here), a movie (AVFoundation), or an image ImageIO decodes. HEIF and AVIF share
/// the ISO base media file format with movies; their brands tell them apart. Plain Swift.
enum KitFormat: Equatable {
    case lottie
    case movie
    case image

    /// ISO base media brands of still and sequence images (HEIF: ISO/IEC 23008-12; AVIF: AV1
    /// Image File Format), which ImageIO reads; other `ftyp` brands are movies.
    static let imageBrands: Set<String> = [
        "heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1", "avif", "avis",
    ]

    /// QuickTime's top-level atoms a movie may start with instead of `ftyp`.
    static let quickTimeAtoms: Set<String> = ["moov", "mdat", "wide", "free", "skip", "pnot"]

    static func decide(_ head: [UInt8]) -> KitFormat {
        if LottieSupply.matches(head) { return .lottie }
        guard head.count >= 12 else { return .image }
        let atom = String(decoding: head[4..<8], as: UTF8.self)
        if atom == "ftyp" {
            let brand = String(decoding: head[8..<12], as: UTF8.self)
            return imageBrands.contains(brand) ? .image : .movie
        }
        return quickTimeAtoms.contains(atom) ? .movie : .image
    }
}

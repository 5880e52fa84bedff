import ArcMaskFiles
import ArcMaskValues
internal import CGIF

/// A giflib failure: its error code and giflib's own message.
struct GIFLibError: Error {
    let code: Int32
    var message: String {
        guard let text = GifErrorString(code) else { return "giflib error \(code)" }
        return String(cString: text)
    }
    /// The data holds a block type GIF does not define.
    var isUnknownBlock: Bool { code == D_GIF_ERR_WRONG_RECORD }
}

/// The kinds of record a GIF holds, in giflib's reading.
enum GIFRecord: Equatable {
    case image, `extension`, end, other
}

/// The extensions arcmask reads.
enum GIFExtensionKind: Equatable {
    case graphicControl, application, other
}

/// A Graphic Control Extension: delay, disposal and transparent index.
struct GraphicControl: Equatable {
    var delayCentiseconds: Int
    var disposal: Int
    var transparentIndex: Int?

    /// The extension's 4-byte data block, as giflib decodes it; nil when malformed.
    init?(block: [UInt8]) {
        guard block.count == 4 else { return nil }
        var gcb = GraphicsControlBlock()
        guard DGifExtensionToGCB(4, block, &gcb) == GIF_OK else { return nil }
        delayCentiseconds = Int(gcb.DelayTime)
        disposal = Int(gcb.DisposalMode)
        transparentIndex = gcb.TransparentColor == NO_TRANSPARENT_COLOR ? nil : Int(gcb.TransparentColor)
    }
}

/// Maps a giflib status to success or a typed error (the one place that reads `Error`).
@inline(__always)
func check(_ status: Int32, _ gif: UnsafeMutablePointer<GifFileType>) throws(GIFLibError) {
    if status != GIF_OK { throw GIFLibError(code: gif.pointee.Error) }
}

/// giflib's read callback: copies from the `FileReader` in `UserData`.
/// A short read (end of file) returns fewer bytes, which giflib reports as an error.
private func readFromFileReader(
    _ gif: UnsafeMutablePointer<GifFileType>?,
    _ bytes: UnsafeMutablePointer<GifByteType>?,
    _ count: Int32
) -> Int32 {
    guard let gif, let bytes, count > 0, let user = gif.pointee.UserData else { return 0 }
    let reader = Unmanaged<FileReader>.fromOpaque(user).takeUnretainedValue()
    return Int32(reader.read(into: bytes, count: Int(count)))
}

/// Owns one giflib decoder reading from a `FileReader`.
final class GIFDecoderHandle {
    let gif: UnsafeMutablePointer<GifFileType>
    let reader: FileReader

    init(reader: FileReader) throws(GIFLibError) {
        var error: Int32 = 0
        guard let gif = DGifOpen(Unmanaged.passUnretained(reader).toOpaque(), readFromFileReader, &error) else {
            throw GIFLibError(code: error)
        }
        self.gif = gif
        self.reader = reader
    }

    deinit {
        var error: Int32 = 0
        DGifCloseFile(gif, &error)
    }

    /// Reads the next record's type at the reader's position.
    func nextRecord() throws(GIFLibError) -> GIFRecord {
        var type = UNDEFINED_RECORD_TYPE
        try check(DGifGetRecordType(gif, &type), gif)
        switch type {
        case IMAGE_DESC_RECORD_TYPE: return .image
        case EXTENSION_RECORD_TYPE: return .extension
        case TERMINATE_RECORD_TYPE: return .end
        default: return .other
        }
    }

    /// Reads an image descriptor (and its local palette). giflib keeps a copy of every
    /// descriptor it reads; those copies are dropped at once so memory stays flat.
    func readImageDescriptor() throws(GIFLibError) {
        let status = DGifGetImageDesc(gif)
        GifFreeSavedImages(gif)
        gif.pointee.ImageCount = 0
        try check(status, gif)
    }

    /// Skips the LZW data of the image just described, without decoding it.
    func skipImageData() throws(GIFLibError) {
        var codeSize: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>? = nil
        try check(DGifGetCode(gif, &codeSize, &block), gif)
        while block != nil {
            try check(DGifGetCodeNext(gif, &block), gif)
        }
    }

    /// Reads an extension: its code and the payload of every sub-block.
    func readExtension() throws(GIFLibError) -> (kind: GIFExtensionKind, blocks: [[UInt8]]) {
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>? = nil
        try check(DGifGetExtension(gif, &code, &block), gif)
        var blocks: [[UInt8]] = []
        while let b = block {
            let n = Int(b[0])
            blocks.append(Array(UnsafeBufferPointer(start: b + 1, count: n)))
            try check(DGifGetExtensionNext(gif, &block), gif)
        }
        let kind: GIFExtensionKind =
            code == GRAPHICS_EXT_FUNC_CODE
            ? .graphicControl
            : code == APPLICATION_EXT_FUNC_CODE ? .application : .other
        return (kind, blocks)
    }

    /// Decodes the next `count` pixels of the current image (one row) as palette indexes.
    @inline(__always)
    func decodeLine(into row: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        DGifGetLine(gif, row, Int32(count)) == GIF_OK
    }

    var lastErrorMessage: String { GIFLibError(code: gif.pointee.Error).message }

    var screenSize: PixelSize { PixelSize(width: Int(gif.pointee.SWidth), height: Int(gif.pointee.SHeight)) }

    var globalPalette: [RGB]? { Self.palette(gif.pointee.SColorMap) }

    /// The descriptor most recently read.
    var image: (rect: PixelRect, interlaced: Bool, localPalette: [RGB]?) {
        let d = gif.pointee.Image
        return (
            PixelRect(x: Int(d.Left), y: Int(d.Top), width: Int(d.Width), height: Int(d.Height)),
            d.Interlace, Self.palette(d.ColorMap)
        )
    }

    private static func palette(_ map: UnsafeMutablePointer<ColorMapObject>?) -> [RGB]? {
        guard let map, let colors = map.pointee.Colors else { return nil }
        return (0..<Int(map.pointee.ColorCount)).map {
            RGB(r: colors[$0].Red, g: colors[$0].Green, b: colors[$0].Blue)
        }
    }
}

/// A palette colour.
public struct RGB: Equatable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8
    public init(r: UInt8, g: UInt8, b: UInt8) { self.r = r; self.g = g; self.b = b }
}

import ArcMaskFiles
import ArcMaskFrames
import ArcMaskValues

/// What one pass over a GIF's blocks finds, without decoding any pixel.
struct GIFScan {
    var version: String
    var screen: PixelSize
    var frames: [GIFFrameInfo] = []
    var loopCount: Int? = nil
    var damaged = false
    var warnings: [String] = []
    var loopMode: LoopMode {
        switch loopCount {
        case nil: .once
        case 0?: .forever
        case let n?: .finite(repeats: n)
        }
    }
}

/// Reads every block of a GIF with giflib, skipping the LZW data, and records each
/// image's descriptor, Graphic Control Extension and byte offset.
enum GIFScanner {
    static func scan(_ decoder: GIFDecoderHandle, name: String, limits: DecodeLimits) throws -> GIFScan {
        let reader = decoder.reader
        let signature = reader.bytes(at: 0, count: 6)
        var scan = GIFScan(version: String(decoding: signature, as: UTF8.self), screen: decoder.screenSize)
        var pendingGCE: GraphicControl? = nil

        func stop(_ problem: String, at offset: Int) {
            scan.damaged = true
            scan.warnings.append("byte \(offset): \(problem); keeping the \(scan.frames.count) frame(s) before it")
        }

        while true {
            let recordOffset = reader.position
            let type: GIFRecord
            do {
                type = try decoder.nextRecord()
            } catch {
                if recordOffset >= reader.size {
                    scan.warnings.append("the file has no trailer byte (0x3B); all images are complete")
                } else if error.isUnknownBlock {
                    let byte = reader.bytes(at: recordOffset, count: 1).first ?? 0
                    stop("unknown block type 0x\(String(byte, radix: 16, uppercase: true))", at: recordOffset)
                } else {
                    stop(error.message, at: recordOffset)
                }
                break
            }
            if type == .end { break }

            if type == .extension {
                let ext: (kind: GIFExtensionKind, blocks: [[UInt8]])
                do { ext = try decoder.readExtension() } catch {
                    stop("extension block cut short (\(error.message))", at: recordOffset)
                    break
                }
                if ext.kind == .graphicControl {
                    if let first = ext.blocks.first, let gce = GraphicControl(block: first) {
                        pendingGCE = gce  // several GCEs before one image: the last one counts
                    } else {
                        scan.warnings.append("byte \(recordOffset): malformed Graphic Control Extension ignored")
                    }
                } else if ext.kind == .application, scan.loopCount == nil,
                    let id = ext.blocks.first, id.count == 11,
                    id.elementsEqual("NETSCAPE2.0".utf8) || id.elementsEqual("ANIMEXTS1.0".utf8),
                    ext.blocks.count > 1, ext.blocks[1].count >= 3, ext.blocks[1][0] == 1
                {
                    scan.loopCount = Int(ext.blocks[1][1]) | Int(ext.blocks[1][2]) << 8
                }
                continue
            }

            // An image.
            if scan.frames.count >= limits.maxFrames {
                throw InputError(
                    file: name, location: "frame \(scan.frames.count)",
                    "more than \(limits.maxFrames) frames, the limit", mention: .raise(.maxFrames))
            }
            do {
                try decoder.readImageDescriptor()
            } catch {
                stop(
                    "image of frame \(scan.frames.count) unreadable (\(describeImageFailure(reader, at: recordOffset, error)))",
                    at: recordOffset)
                break
            }
            let image = decoder.image
            let gce = pendingGCE
            pendingGCE = nil
            var info = GIFFrameInfo(
                index: scan.frames.count,
                rect: image.rect,
                delayCentiseconds: gce?.delayCentiseconds ?? 0,
                disposal: Disposal(gifValue: gce?.disposal ?? 0),
                transparentIndex: gce?.transparentIndex,
                hasLocalPalette: image.localPalette != nil,
                interlaced: image.interlaced,
                truncated: false,
                descriptorOffset: recordOffset)
            if image.rect.clipped(to: scan.screen) != image.rect {
                scan.warnings.append(
                    "frame \(info.index): rectangle \(image.rect) reaches outside the \(scan.screen) canvas; clipped")
            }
            do {
                try decoder.skipImageData()
            } catch {
                info.truncated = true
                scan.frames.append(info)
                stop(
                    "image data of frame \(info.index) cut short (\(error.message)); it is drawn as far as it decodes",
                    at: recordOffset)
                break
            }
            scan.frames.append(info)
        }
        return scan
    }
}

/// Says why giflib could not read an image descriptor, in the file's terms where it can.
private func describeImageFailure(_ reader: FileReader, at offset: Int, _ error: GIFLibError) -> String {
    let head = reader.bytes(at: offset, count: 10)
    guard head.count == 10 else { return "the descriptor is cut short" }
    let flags = head[9]
    let palette = flags & 0x80 != 0 ? 3 * (2 << Int(flags & 7)) : 0
    let codeSizeOffset = offset + 10 + palette
    guard let codeSize = reader.bytes(at: codeSizeOffset, count: 1).first else {
        return "the file ends before the image data"
    }
    if codeSize > 8 {
        return "LZW minimum code size \(codeSize) at byte \(codeSizeOffset) is over 8, giflib's limit"
    }
    return error.message
}

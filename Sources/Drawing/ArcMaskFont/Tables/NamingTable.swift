/// `name` format 0: family, style, unique, full, version and PostScript names, in UTF-16 for
/// Windows/Unicode (platform 3, encoding 1, US English), which every platform reads.
struct NamingTable: FontTable {
    static let tag = "name"
    let names: FontNames

    func encoded() -> [UInt8] {
        let records: [(id: Int, text: String)] = [
            (1, names.family), (2, names.style), (3, names.uniqueID), (4, names.fullName), (5, names.version),
            (6, names.postScript),
        ]
        var strings: [UInt8] = []
        var b = FontBytes()
        b.u16(0)  // format
        b.u16(records.count)
        b.u16(6 + 12 * records.count)  // storage offset
        // Sorted by platform, encoding, language, then name ID (all the same but the ID).
        for r in records {
            let utf16 = Array(r.text.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            b.u16(3); b.u16(1); b.u16(0x0409); b.u16(r.id)
            b.u16(utf16.count); b.u16(strings.count)
            strings += utf16
        }
        b.append(strings)
        return b.bytes
    }
}

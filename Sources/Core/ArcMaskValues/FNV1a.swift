/// FNV-1a, 64 bits: a fast, stable hash for naming things by their bytes (cache keys, lock
/// files, pictures). Not a defence against crafted collisions.
public enum FNV1a {
    public static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return h
    }
}

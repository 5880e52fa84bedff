/// A cache bounded in bytes: each value is stored with its size; inserting past the capacity
/// evicts the least recently used values first. A value larger than the whole capacity is
/// not kept. Not thread-safe: one owner at a time.
public struct ByteLRU<Key: Hashable, Value> {
    public let capacityBytes: Int
    public private(set) var usedBytes = 0
    private var entries: [Key: (value: Value, bytes: Int, stamp: UInt64)] = [:]
    private var clock: UInt64 = 0

    public init(capacityBytes: Int) { self.capacityBytes = capacityBytes }

    /// The value for `key`, marked as just used.
    public mutating func value(for key: Key) -> Value? {
        guard let i = entries.index(forKey: key) else { return nil }
        clock += 1
        entries.values[i].stamp = clock  // one hash lookup, updated in place
        return entries.values[i].value
    }

    /// Keeps `value` (of `bytes` bytes) for `key`, evicting the least recently used as needed.
    public mutating func insert(_ value: Value, bytes: Int, for key: Key) {
        if let old = entries.removeValue(forKey: key) { usedBytes -= old.bytes }
        guard bytes <= capacityBytes else { return }
        while usedBytes + bytes > capacityBytes, let oldest = entries.min(by: { $0.value.stamp < $1.value.stamp }) {
            usedBytes -= oldest.value.bytes
            entries[oldest.key] = nil
        }
        clock += 1
        entries[key] = (value, bytes, clock)
        usedBytes += bytes
    }

    public var count: Int { entries.count }

    /// Keys from least to most recently used.
    public var keys: [Key] { entries.sorted { $0.value.stamp < $1.value.stamp }.map(\.key) }
}

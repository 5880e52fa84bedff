/// One OpenType table: its tag and its bytes.
protocol FontTable {
    static var tag: String { get }
    func encoded() -> [UInt8]
}

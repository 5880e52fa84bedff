/// The refresh rates a widget is judged at: 60 Hz, every iPhone's, and 120 Hz, ProMotion's
/// (iPhone 13 Pro and later Pro models; Apple's "Optimizing ProMotion refresh rates for iPhone
/// 13 Pro and iPad Pro"). Emulations, proofs and folder checks all take them from here.
public enum DisplayRefresh {
    public static let rates: [Int] = [60, 120]
    public static var ratesHz: [Double] { rates.map(Double.init) }
}

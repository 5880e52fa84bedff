/// Widget families, as WidgetKit names them.
public enum WidgetFamily: String, Codable, Sendable, CaseIterable {
    case small, medium, large, extraLarge
}

/// Widget sizes in points per device screen class, with the phones and iPads of each class.
///
/// Sources, per row (`Device.source`):
/// - `.guidelines`: Apple Human Interface Guidelines, "Widgets", Specifications (the iOS and iPadOS
///   dimension tables): screen sizes in portrait points and the widget sizes beside them.
/// - `.measured`: screen classes newer than the guidelines' table as read (402×874 pt of iPhone 16 Pro,
///   17 and 17 Pro; 440×956 pt of iPhone 16 Pro Max and 17 Pro Max). Their widget sizes are the ones most
///   published per-screen tables give (widget scripts for Scriptable that size their drawings per screen,
///   in the manner of simonbs/ios-widget-sizes, which measured with `GeometryReader`); the tables disagree at
///   the edges (one marks them approximate, one measured 183-pt small widgets on a 17 Pro Max under iOS 26),
///   so these rows say `measured`, not `guidelines`. Replace them when Apple's table lists them.
///
/// `scale` is the screen's pixels per point (Apple's "iOS device screen sizes" in the guidelines' Layout page):
/// 3 for iPhones since the X except the 2× iPhone XR and 11; 2 for every iPad. A class with
/// phones of both scales takes the larger, and a phone's own name (`--device iphone-11`) takes its own.
/// `extraLarge` exists on iPad only.
public struct WidgetSizeTable: Sendable {
    /// Where a row's sizes come from.
    public enum Source: String, Sendable, Codable {
        case guidelines, measured
    }

    /// A phone or iPad by name: `iphone-16-pro`, `ipad-mini-6`.
    public struct Model: Sendable, Equatable, Codable {
        public let name: String
        public let scale: Double
    }

    public struct Device: Sendable, Equatable {
        /// The class's name for `--device` (`iphone-430`); each model's name is accepted too.
        public let id: String
        public let screen: String
        public let source: Source
        public let models: [Model]
        public let small: (Double, Double)
        public let medium: (Double, Double)
        public let large: (Double, Double)
        public let extraLarge: (Double, Double)?

        /// The screen's pixels per point (the largest of the class's models).
        public var scale: Double { models.map(\.scale).max() ?? 3 }

        /// The models, as people name them: "iPhone 16 Pro, 17, 17 Pro".
        public var examples: String { models.map(\.name).joined(separator: ", ") }

        public func size(_ family: WidgetFamily) -> (width: Double, height: Double)? {
            switch family {
            case .small: small
            case .medium: medium
            case .large: large
            case .extraLarge: extraLarge
            }
        }

        public static func == (a: Device, b: Device) -> Bool { a.id == b.id }
    }

    /// A device as a user named it: the class, and the scale of the model named (or the class's).
    public struct Choice: Sendable, Equatable {
        public let device: Device
        public let scale: Double
    }

    private static func row(
        _ id: String, _ screen: String, _ source: Source, _ models: [(String, Double)],
        small: Double, medium: (Double, Double), large: (Double, Double), extraLarge: (Double, Double)? = nil
    ) -> Device {
        Device(
            id: id, screen: screen, source: source, models: models.map { Model(name: $0.0, scale: $0.1) },
            small: (small, small), medium: medium, large: large, extraLarge: extraLarge)
    }

    public static let devices: [Device] = [
        row(
            "iphone-430", "430×932", .guidelines,
            [("iPhone 14 Pro Max", 3), ("iPhone 15 Plus", 3), ("iPhone 15 Pro Max", 3), ("iPhone 16 Plus", 3)],
            small: 170, medium: (364, 170), large: (364, 382)),
        row(
            "iphone-440", "440×956", .measured, [("iPhone 16 Pro Max", 3), ("iPhone 17 Pro Max", 3)],
            small: 170, medium: (364, 170), large: (364, 382)),
        row(
            "iphone-428", "428×926", .guidelines,
            [("iPhone 12 Pro Max", 3), ("iPhone 13 Pro Max", 3), ("iPhone 14 Plus", 3)],
            small: 170, medium: (364, 170), large: (364, 382)),
        row(
            "iphone-414", "414×896", .guidelines,
            [("iPhone 11", 2), ("iPhone XR", 2), ("iPhone 11 Pro Max", 3), ("iPhone XS Max", 3)],
            small: 169, medium: (360, 169), large: (360, 379)),
        row(
            "iphone-402", "402×874", .measured, [("iPhone 16 Pro", 3), ("iPhone 17", 3), ("iPhone 17 Pro", 3)],
            small: 162, medium: (344, 162), large: (344, 366)),
        row(
            "iphone-393", "393×852", .guidelines,
            [("iPhone 14 Pro", 3), ("iPhone 15", 3), ("iPhone 15 Pro", 3), ("iPhone 16", 3)],
            small: 158, medium: (338, 158), large: (338, 354)),
        row(
            "iphone-390", "390×844", .guidelines,
            [
                ("iPhone 12", 3), ("iPhone 12 Pro", 3), ("iPhone 13", 3), ("iPhone 13 Pro", 3), ("iPhone 14", 3),
                ("iPhone 16e", 3),
            ],
            small: 158, medium: (338, 158), large: (338, 354)),
        row(
            "iphone-375", "375×812", .guidelines,
            [("iPhone X", 3), ("iPhone XS", 3), ("iPhone 11 Pro", 3), ("iPhone 12 mini", 3), ("iPhone 13 mini", 3)],
            small: 155, medium: (329, 155), large: (329, 345)),
        row(
            "iphone-414-plus", "414×736", .guidelines,
            [("iPhone 6s Plus", 3), ("iPhone 7 Plus", 3), ("iPhone 8 Plus", 3)],
            small: 159, medium: (348, 157), large: (348, 357)),
        row(
            "iphone-375-se", "375×667", .guidelines,
            [("iPhone SE 2", 2), ("iPhone SE 3", 2), ("iPhone 6s", 2), ("iPhone 7", 2), ("iPhone 8", 2)],
            small: 148, medium: (321, 148), large: (321, 324)),
        row(
            "iphone-320", "320×568", .guidelines, [("iPhone SE", 2), ("iPod touch 7", 2)],
            small: 141, medium: (292, 141), large: (292, 311)),
        row(
            "ipad-1024", "1024×1366", .guidelines, [("iPad Pro 12.9", 2)],
            small: 170, medium: (379, 170), large: (379, 379), extraLarge: (795, 379)),
        row(
            "ipad-834", "834×1194", .guidelines, [("iPad Pro 11", 2), ("iPad Air 11", 2)],
            small: 155, medium: (342, 155), large: (342, 342), extraLarge: (715, 342)),
        row(
            "ipad-820", "820×1180", .guidelines, [("iPad Air 4", 2), ("iPad Air 5", 2), ("iPad 10", 2)],
            small: 155, medium: (342, 155), large: (342, 342), extraLarge: (715, 342)),
        row(
            "ipad-768", "768×1024", .guidelines, [("iPad mini 5", 2), ("iPad 9.7", 2)],
            small: 141, medium: (305.5, 141), large: (305.5, 305.5), extraLarge: (634.5, 305.5)),
        row(
            "ipad-744", "744×1133", .guidelines, [("iPad mini 6", 2)],
            small: 141, medium: (305.5, 141), large: (305.5, 305.5), extraLarge: (634.5, 305.5)),
    ]

    /// The default device: the largest iPhones (the 430-pt class; the 440-pt class measures the same),
    /// and the largest iPad for extraLarge.
    public static func defaultDevice(for family: WidgetFamily) -> Device {
        family == .extraLarge ? devices.first { $0.id == "ipad-1024" }! : devices[0]
    }

    /// A model's name as `--device` takes it: lower case, words joined by "-" ("iPhone 16 Pro" → iphone-16-pro).
    public static func slug(_ name: String) -> String {
        name.lowercased().split(separator: " ").joined(separator: "-")
    }

    /// The device a user named, by class (`iphone-402`) or by model (`iphone-17-pro`, `iPhone 17 Pro`).
    public static func choice(_ name: String) -> Choice? {
        let key = slug(name)
        for device in devices {
            if device.id == key { return Choice(device: device, scale: device.scale) }
            if let model = device.models.first(where: { slug($0.name) == key }) {
                return Choice(device: device, scale: model.scale)
            }
        }
        return nil
    }

    public static func device(_ name: String) -> Device? { choice(name)?.device }

    /// The scale of the device a user named (a model's own), or 3, the current iPhones', when none is named.
    public static func scale(ofDevice name: String?) -> Double { name.flatMap(choice)?.scale ?? 3 }

    /// Every name `--device` takes, classes first.
    public static var names: [String] { devices.map(\.id) + devices.flatMap { $0.models.map { slug($0.name) } } }
}

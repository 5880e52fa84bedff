/// The release of arcmask these modules belong to (CHANGELOG.md lists what each release holds);
/// `arcmask --version` prints it.
public enum ArcMaskVersion {
    public static let string = "0.10.0-dev"
}

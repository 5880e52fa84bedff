import ArcMaskKit
import SwiftUI
import UniformTypeIdentifiers
import WidgetKit

@main
struct ArcMaskDemoApp: App {
    var body: some Scene {
        WindowGroup {
            PickerView()
        }
    }
}

/// Pick an animation; it is prepared into the App Group folder and the widget reloads.
struct PickerView: View {
    @State private var picking = false
    @State private var status = "Choose a GIF, APNG, WebP, HEICS or AVIF animation."
    @State private var work: Task<Void, Never>?

    /// What ImageIO decodes as animations (AVIF has no UTType constant before iOS 18's SDK).
    private var types: [UTType] {
        [.gif, .png, .webP, .heic] + ["public.avif", "public.avis", "public.heics"].compactMap { UTType($0) }
    }

    var body: some View {
        VStack(spacing: 16) {
            Text(status)
                .multilineTextAlignment(.center)
            Button("Choose an animation") { picking = true }
                .disabled(work != nil)
            // A fresh simulator's Files app is empty: the app carries one sample.
            if let sample = Bundle.main.url(forResource: "orbit", withExtension: "gif") {
                Button("Use the sample (orbit.gif)") { prepare(sample) }
                    .disabled(work != nil)
            }
            if work != nil {
                Button("Cancel") { work?.cancel() }
            }
        }
        .padding()
        .fileImporter(isPresented: $picking, allowedContentTypes: types, allowsMultipleSelection: false) { result in
            guard case .success(let urls) = result, let url = urls.first else { return }
            prepare(url)
        }
    }

    private func prepare(_ url: URL) {
        guard let folder = AppGroup.animationFolder else {
            status = "The App Group \(AppGroup.identifier) is not in this app's entitlements."
            return
        }
        let name = url.lastPathComponent
        work = Task {
            defer { work = nil }
            do {
                let scoped = url.startAccessingSecurityScopedResource()
                defer { if scoped { url.stopAccessingSecurityScopedResource() } }
                let data = try Data(contentsOf: url)
                let prepared = try await ArcMaskPreparer.prepare(
                    data, name: name, into: folder, options: PrepareOptions(size: .family(.small)), replacing: true
                ) { progress in
                    let text = "Preparing… \(Int(progress.fractionCompleted * 100)) %"
                    Task { @MainActor in status = text }
                }
                WidgetCenter.shared.reloadTimelines(ofKind: AppGroup.widgetKind)
                status = "\(name): \(prepared.layerCount) layers, \(prepared.passed ? "seamless" : "check failed"). Add the widget to the home screen."
            } catch is CancellationError {
                status = "Cancelled; the widget keeps its animation."
            } catch {
                status = "\(name): \(error.localizedDescription)"
            }
        }
    }
}

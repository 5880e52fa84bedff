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
    @State private var status = "Choose an animation: GIF, APNG, WebP, HEICS, AVIF, a video or a Lottie file."
    @State private var work: Task<Void, Never>?

    /// What ImageIO decodes as animations (AVIF has no UTType constant before iOS 18's SDK), the
    /// movies AVFoundation reads, and Lottie files (JSON, dotLottie, Telegram stickers).
    private var types: [UTType] {
        [.gif, .png, .webP, .heic, .movie, .json]
            + ["public.avif", "public.avis", "public.heics", "io.dotlottie.lottie", "org.telegram.tgs"].compactMap {
                UTType($0)
            }
    }

    var body: some View {
        VStack(spacing: 16) {
            Text(status)
                .multilineTextAlignment(.center)
            Button("Choose an animation") { picking = true }
                .disabled(work != nil)
            // A fresh simulator's Files app is empty: the app carries an animation and a clip.
            ForEach(["orbit.gif", "orbit.mp4"], id: \.self) { file in
                if let sample = Bundle.main.url(forResource: file, withExtension: nil) {
                    Button("Use the sample (\(file))") { prepare(sample) }
                        .disabled(work != nil)
                }
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
                // From the file: ImageIO and AVFoundation read what each frame needs, never the
                // whole file. Progress arrives on the main actor.
                let prepared = try await ArcMaskPreparer.prepare(
                    contentsOf: url, into: folder, options: PrepareOptions(size: .family(.small)), replacing: true
                ) { progress in
                    status = "Preparing… \(Int(progress.fractionCompleted * 100)) %"
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

import ArcMaskKit
import Photos
import PhotosUI
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

/// Pick an animation or a Live Photo; it is prepared into the App Group folder and the widget
/// reloads. Below, what the widget plays and why, as the widget itself recorded it.
struct PickerView: View {
    @State private var picking = false
    @State private var livePhoto: PhotosPickerItem?
    @State private var status = "Choose an animation: GIF, APNG, WebP, HEICS, AVIF, a video, a Live Photo or a Lottie file."
    @State private var plays = ""
    @State private var work: Task<Void, Never>?

    /// What ImageIO decodes as animations, the movies AVFoundation reads, and Lottie files.
    /// AVIF has no UTType constant before iOS 18's SDK; dotLottie and Telegram stickers are
    /// types iOS does not know, so the app declares them (`UTImportedTypeDeclarations` in
    /// Info.plist) and names them with `UTType(importedAs:)`, or the picker greys them out.
    private var types: [UTType] {
        [.gif, .png, .webP, .heic, .movie, .json]
            + ["public.avif", "public.avis", "public.heics"].compactMap { UTType($0) }
            + [UTType(importedAs: "io.dotlottie.lottie"), UTType(importedAs: "org.telegram.tgs")]
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
            // A Live Photo's motion, as the user edited it in Photos.
            PhotosPicker("Choose a Live Photo", selection: $livePhoto, matching: .livePhotos)
                .disabled(work != nil)
            if work != nil {
                Button("Cancel") { work?.cancel() }
            }
            if !plays.isEmpty {
                Text(plays)
                    .font(.footnote)
                    .multilineTextAlignment(.center)
            }
        }
        .padding()
        .fileImporter(isPresented: $picking, allowedContentTypes: types, allowsMultipleSelection: false) { result in
            guard case .success(let urls) = result, let url = urls.first else { return }
            prepare(url)
        }
        .onChange(of: livePhoto) { item in
            guard let item else { return }
            prepareLivePhoto(item)
        }
        .onAppear { showWhatPlays() }
    }

    /// What the widget plays, from the record it keeps beside the manifest once it has drawn
    /// the folder (otherwise this app's own answer, which says so).
    @MainActor private func showWhatPlays() {
        guard let folder = AppGroup.animationFolder, let d = ArcMaskAnimation.diagnosis(folder: folder) else {
            plays = ""
            return
        }
        let who =
            d.origin == .widget
            ? "the widget, on \(d.system ?? "this phone")" : "this app, until the widget draws it"
        plays = "The widget plays \(d.engine.rawValue): \(d.reason). (Answered by \(who).)"
    }

    @MainActor private func prepareLivePhoto(_ item: PhotosPickerItem) {
        preparing("Live Photo", then: { livePhoto = nil }) { folder in
            guard let photo = try await item.loadTransferable(type: PHLivePhoto.self) else {
                status = "That is not a Live Photo."
                return nil
            }
            let prepared = try await ArcMaskPreparer.prepare(
                livePhoto: photo, into: folder, options: PrepareOptions(size: .family(.small)), replacing: true
            ) { progress in
                status = "Preparing… \(Int(progress.fractionCompleted * 100)) %"
            }
            let video = prepared.livePhotoVideo == .edited ? "as you edited it" : "as it was taken"
            return "Live Photo (\(video)): \(prepared.layerCount) layers, \(prepared.passed ? "seamless" : "check failed")."
        }
    }

    @MainActor private func prepare(_ url: URL) {
        let name = url.lastPathComponent
        preparing(name) { folder in
            let scoped = url.startAccessingSecurityScopedResource()
            defer { if scoped { url.stopAccessingSecurityScopedResource() } }
            // From the file: ImageIO and AVFoundation read what each frame needs, never the
            // whole file. Progress arrives on the main actor.
            let prepared = try await ArcMaskPreparer.prepare(
                contentsOf: url, into: folder, options: PrepareOptions(size: .family(.small)), replacing: true
            ) { progress in
                status = "Preparing… \(Int(progress.fractionCompleted * 100)) %"
            }
            return "\(name): \(prepared.layerCount) layers, \(prepared.passed ? "seamless" : "check failed"). Add the widget to the home screen."
        }
    }

    /// One preparation into the App Group's folder, cancellable: `body` prepares and says what
    /// it made (the widget then reloads and the record of what it plays is shown) or returns nil
    /// when it made nothing, having said why. `what` names the input in an error's line.
    @MainActor private func preparing(
        _ what: String, then cleanup: @escaping @MainActor () -> Void = {},
        _ body: @escaping @MainActor (URL) async throws -> String?
    ) {
        guard let folder = AppGroup.animationFolder else {
            status = "The App Group \(AppGroup.identifier) is not in this app's entitlements."
            return
        }
        work = Task {
            defer {
                work = nil
                cleanup()
            }
            do {
                guard let said = try await body(folder) else { return }
                status = said
                WidgetCenter.shared.reloadTimelines(ofKind: AppGroup.widgetKind)
                showWhatPlays()
            } catch is CancellationError {
                status = "Cancelled; the widget keeps its animation."
            } catch {
                status = "\(what): \(error.localizedDescription)"
            }
        }
    }
}

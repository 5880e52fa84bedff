import ArcMaskKit
import SwiftUI
import WidgetKit

struct AnimationEntry: TimelineEntry {
    let date: Date
}

/// One entry that never needs reloading: the masks turn by themselves. The app reloads the
/// timeline when it prepares a new animation.
struct AnimationProvider: TimelineProvider {
    func placeholder(in context: Context) -> AnimationEntry { AnimationEntry(date: Date()) }

    func getSnapshot(in context: Context, completion: @escaping (AnimationEntry) -> Void) {
        completion(AnimationEntry(date: Date()))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<AnimationEntry>) -> Void) {
        completion(Timeline(entries: [AnimationEntry(date: Date())], policy: .never))
    }
}

struct AnimationWidgetView: View {
    var body: some View {
        if #available(iOS 17.0, *) {
            content.containerBackground(for: .widget) { Color.clear }
        } else {
            content
        }
    }

    @MainActor @ViewBuilder private var content: some View {
        if let folder = AppGroup.animationFolder, let animation = ArcMaskAnimation(folder: folder) {
            animation
        } else {
            Text("Choose an animation in the app.")
        }
    }
}

@main
struct AnimationWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: AppGroup.widgetKind, provider: AnimationProvider()) { _ in
            AnimationWidgetView()
        }
        .configurationDisplayName("Animation")
        .description("The animation you chose in the app.")
        .supportedFamilies([.systemSmall])
        .contentMarginsDisabled()
    }
}

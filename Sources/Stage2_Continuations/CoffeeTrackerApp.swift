import WatchKitSim

/// The app's entry point: the runtime launches this type, as watchOS launches `@main`.
public enum CoffeeTrackerApp: WatchApp {
    @MainActor
    public static func makeScene(for watchExtension: WKExtension) -> WatchScene {
        let model = CoffeeData(device: watchExtension.device)
        return WatchScene(
            delegate: ExtensionDelegate(model: model),
            complicationDataSource: ComplicationController(model: model),
            rootView: ContentView(model: model)
        )
    }
}

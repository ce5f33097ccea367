import WatchKitSim

/// The app's entry point: the runtime launches this type, as watchOS launches `@main`.
public enum CoffeeTrackerApp: WatchApp {
    @MainActor
    public static func makeScene(for watchExtension: WKExtension) -> WatchScene {
        let model = CoffeeData(device: watchExtension.device)
        CoffeeData.shared = model
        return WatchScene(
            delegate: ExtensionDelegate(model: model),
            complicationDataSourceClass: ComplicationController.self,
            rootView: ContentView(model: model)
        )
    }
}

extension CoffeeData {
    /// The running app's model, set at each launch: ClockKit makes the complication
    /// controller itself, from its class, so the controller finds the model here.
    /// Weak: the launch owns its model, which goes when the launch ends.
    static weak var shared: CoffeeData?
}

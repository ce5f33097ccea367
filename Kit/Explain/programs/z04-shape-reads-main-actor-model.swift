// source: https://developer.apple.com/documentation/swiftui/shape/path(in:)
// flags: -swift-version 6
// expect: isolated-ref-nonisolated shape-path
// wrong: MAIN_ACTOR_METHOD MAIN_ACTOR_TYPE ISOLATED
// stand-in: SwiftUI's Shape as Apple's documentation declares it: it refines `Sendable`, and its requirement is `nonisolated func path(in rect: CGRect) -> Path`; Path and the view are small stand-ins
// shape: (round 7, input 22) a Shape holds a main-actor model and reads it in `path(in:)`; the compiler's note offers `@MainActor` for the method, which (MAIN_ACTOR_METHOD), like `@MainActor` on the shape (MAIN_ACTOR_TYPE) or an isolated conformance (ISOLATED), is refused; the fix passes the value in
import Foundation

struct Path {
    var points: [CGPoint] = []
    mutating func move(to point: CGPoint) { points.append(point) }
}
protocol Shape: Sendable {
    nonisolated func path(in rect: CGRect) -> Path
}
@MainActor final class BreathingModel {
    var amplitude: CGFloat = 12
}

#if FIXED
struct WaveShape: Shape {
    var amplitude: CGFloat
    func path(in rect: CGRect) -> Path {
        var path = Path()
        path.move(to: CGPoint(x: 0, y: rect.midY + amplitude))
        return path
    }
}
@MainActor struct BreathingView {
    let model: BreathingModel
    var body: WaveShape { WaveShape(amplitude: model.amplitude) }
}
#elseif MAIN_ACTOR_METHOD
struct WaveShape: Shape {
    let model: BreathingModel
    @MainActor func path(in rect: CGRect) -> Path {
        var path = Path()
        path.move(to: CGPoint(x: 0, y: rect.midY + model.amplitude))
        return path
    }
}
#elseif MAIN_ACTOR_TYPE
@MainActor struct WaveShape: Shape {
    let model: BreathingModel
    func path(in rect: CGRect) -> Path {
        var path = Path()
        path.move(to: CGPoint(x: 0, y: rect.midY + model.amplitude))
        return path
    }
}
#elseif ISOLATED
@MainActor struct WaveShape: @MainActor Shape {
    let model: BreathingModel
    func path(in rect: CGRect) -> Path {
        var path = Path()
        path.move(to: CGPoint(x: 0, y: rect.midY + model.amplitude))
        return path
    }
}
#else
struct WaveShape: Shape {
    let model: BreathingModel
    func path(in rect: CGRect) -> Path {
        var path = Path()
        let height = rect.midY + model.amplitude
        path.move(to: CGPoint(x: 0, y: height))
        return path
    }
}
#endif

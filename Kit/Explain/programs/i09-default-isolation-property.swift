// source: https://github.com/sceneview/sceneview/issues/1054
// flags: -swift-version 6 -default-isolation MainActor
// expect: isolated-ref-nonisolated default-main-actor
// shape: a property main-actor by the default isolation, read from nonisolated code
#if FIXED
final class SceneModel { var root = "scene" }
func describe(_ m: SceneModel) -> String { m.root }
#else
final class SceneModel { var root = "scene" }
nonisolated func describe(_ m: SceneModel) -> String { m.root }
#endif

// source: https://fatbobman.com/en/posts/letting-swift-closures-automatically-inherit-isolation
// flags: -swift-version 6
// expect: isolated-outside-actor off-actor
// shape: a detached task reading a main-actor property
#if FIXED
@MainActor final class Editor {
    var noteID = 1
    func save() { Task.detached { [noteID] in print(noteID) } }
}
#else
@MainActor final class Editor {
    var noteID = 1
    func save() { Task.detached { print(self.noteID) } }
}
#endif

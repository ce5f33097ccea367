// source: https://github.com/apple/swift-distributed-actors/pull/1161
// flags: -swift-version 6
// expect: sending-value actor-state
// wrong: SENDING
// shape: (round 7, input 10b) a local read from a main-actor model's property (`let doc = model.draft`) is sent to an actor and changed after; its note reads like a parameter's ('sending main actor-isolated 'doc' to …'). The fix sends a Sendable copy; a `sending` parameter on the callee (SENDING) is refused the same
final class DraftDocument { var text = "" }
struct DraftSnapshot: Sendable { let text: String }
@MainActor final class EditorModel { var draft = DraftDocument() }
#if FIXED
actor Uploader { func upload(_ doc: DraftSnapshot) async {} }
@MainActor final class ShareController {
    let uploader = Uploader()
    let model = EditorModel()
    func share() async {
        let doc = model.draft
        await uploader.upload(DraftSnapshot(text: doc.text))
        doc.text += "\n-- sent from my iPhone"
    }
}
#elseif SENDING
actor Uploader { func upload(_ doc: sending DraftDocument) async {} }
@MainActor final class ShareController {
    let uploader = Uploader()
    let model = EditorModel()
    func share() async {
        let doc = model.draft
        await uploader.upload(doc)
        doc.text += "\n-- sent from my iPhone"
    }
}
#else
actor Uploader { func upload(_ doc: DraftDocument) async {} }
@MainActor final class ShareController {
    let uploader = Uploader()
    let model = EditorModel()
    func share() async {
        let doc = model.draft
        await uploader.upload(doc)
        doc.text += "\n-- sent from my iPhone"
    }
}
#endif

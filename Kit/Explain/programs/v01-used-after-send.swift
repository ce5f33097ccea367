// source: https://www.donnywals.com/author/donnywals/page/5
// flags: -swift-version 6
// expect: sending-value used-after
// shape: a value read again after it was handed to an actor
#if FIXED
final class Draft { var title = "" }
actor Outbox { var drafts: [Draft] = []; func put(_ d: Draft) { drafts.append(d) } }
func queueDraft(_ outbox: Outbox) async {
    let draft = Draft()
    print(draft.title)
    await outbox.put(draft)
}
#else
final class Draft { var title = "" }
actor Outbox { var drafts: [Draft] = []; func put(_ d: Draft) { drafts.append(d) } }
func queueDraft(_ outbox: Outbox) async {
    let draft = Draft()
    await outbox.put(draft)
    print(draft.title)
}
#endif

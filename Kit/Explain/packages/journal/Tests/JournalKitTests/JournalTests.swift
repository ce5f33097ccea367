import JournalKit
import Testing

@Test func anEntryIsCounted() async {
    let journal = Journal()
    await journal.add(Entry(text: "a"))
    #expect(await journal.count == 1)
}

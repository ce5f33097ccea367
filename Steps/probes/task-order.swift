// probe: -swift-version 6
// Top-level code in a program's main file runs on the main actor.

print("1. main actor: before Task { }")
let later = Task {
    print("4. Task { }: its body runs once the main actor is free")
}
print("2. main actor: Task { } was created, its body has not run")
let now = Task.immediate {
    print("3. Task.immediate: its body runs at once, before the next line")
}
print("3b. main actor: the current job goes on; the next await frees the main actor")
await later.value
await now.value

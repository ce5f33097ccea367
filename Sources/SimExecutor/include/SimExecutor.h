// Which executor the calling code runs on, as the Swift concurrency runtime knows it.
//
// The simulators ask at the SDK boundary (through TrackerSpec's `Executors`), so that
// `tracker --timeline` can put a call made from an actor on that actor's lane. Swift offers no public way to ask: the runtime's own
// entry point is called here with its calling convention (`swiftcall`), which a Swift
// declaration of a runtime symbol may not name. Measured, never inferred from the app.
#ifndef SIM_EXECUTOR_H
#define SIM_EXECUTOR_H

#include <stdbool.h>
#include <stdint.h>

/// The current executor: `identity` is NULL on the global executor (the cooperative pool,
/// or code outside any task); for a default actor it is the actor object itself and
/// `implementation` is 0.
typedef struct {
    const void *identity;
    uintptr_t implementation;
} sim_executor;

sim_executor sim_current_executor(void);

/// The main actor's executor, to compare with the current one.
sim_executor sim_main_executor(void);

/// Whether the runtime exports both entry points (part of the self-check: see `Executors`).
bool sim_executor_available(void);

/// Whether a thread of its own, outside any task, is told it runs on the generic executor
/// ({NULL, 0}), as the runtime's header says (part of the self-check).
bool sim_executor_generic_on_plain_thread(void);

#endif

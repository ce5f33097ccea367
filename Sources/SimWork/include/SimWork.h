// What the process has left to do, counted where the Swift runtime and the kernel can say.
//
// Jobs: every job enqueued to the global executor (the pool) or to the main actor's, from
// its enqueue until it has run, through the runtime's public enqueue hooks. Counted with
// relaxed atomics only, so ThreadSanitizer sees no synchronisation the app did not make.
// Threads: which of the process's threads are ready to run, on Darwin from the Mach thread
// APIs (Linux reads /proc in Swift: `RunnableThreads`).
#ifndef SIM_WORK_H
#define SIM_WORK_H

#include <stdbool.h>
#include <stdint.h>

/// Installs the enqueue hooks, once per process; false where the runtime has none. Jobs
/// enqueued before the first call are not counted.
bool sim_work_install(void);

/// Jobs enqueued and not yet finished, other than the one the calling thread is running.
long sim_work_pending_global(void);
long sim_work_pending_main(void);

/// Around a wait at a simulator's gate: a counted job blocked there is not work left to do.
void sim_work_block_begin(void);
void sim_work_block_end(void);

/// Whether the calling thread runs a job that went through the hooks (the self-check).
bool sim_work_runs_counted_job(void);

/// Pool jobs enqueued and not yet started (those running show in the thread states).
long sim_work_queued_global(void);

/// Holds the pool: pool jobs enqueued from now on wait, in order, until the release sends
/// them to the pool (a check's way to make work land after events it sends first). Jobs
/// already queued or running are not held. Held jobs count as pending, not as queued.
void sim_work_hold_pool(void);
void sim_work_release_pool(void);
long sim_work_held_pool_jobs(void);

/// Bumped at every enqueue and every finished job (the self-check sees its job through it).
uint64_t sim_work_epoch(void);

/// Darwin: threads of this process, other than the calling one and those whose name is
/// one of `ignored`, that the kernel says are running or ready to run; -1 where it cannot
/// say (not Darwin, or a Mach call failed).
int sim_work_runnable_threads(const char *const *ignored, int ignored_count);

#endif

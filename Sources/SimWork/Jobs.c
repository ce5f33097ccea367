#include "SimWork.h"
#include <stddef.h>
#include <pthread.h>
#if defined(__APPLE__)
#include <dispatch/dispatch.h>
#else
// libdispatch's C entry points, declared here: the toolchain's headers for them are not on
// a C target's include path on Linux.
typedef struct dispatch_queue_s *dispatch_queue_t;
extern struct dispatch_queue_s _dispatch_main_q;
dispatch_queue_t dispatch_get_global_queue(intptr_t identifier, uintptr_t flags);
void dispatch_async_f(dispatch_queue_t queue, void *context, void (*work)(void *));
#define dispatch_get_main_queue() (&_dispatch_main_q)
#endif

// The runtime's hook variables and entry points (its public ABI: ConcurrencyHooks, Job).
typedef struct SimJob SimJob;
typedef struct { const void *identity; uintptr_t implementation; } sim_serial_executor;
typedef __attribute__((swiftcall)) void (*sim_enqueue_original)(SimJob *);
typedef __attribute__((swiftcall)) void (*sim_enqueue_hook)(SimJob *, sim_enqueue_original);
extern sim_enqueue_hook swift_task_enqueueGlobal_hook __attribute__((weak));
extern sim_enqueue_hook swift_task_enqueueMainExecutor_hook __attribute__((weak));
extern __attribute__((swiftcall)) void swift_job_run(SimJob *, sim_serial_executor) __attribute__((weak));
extern __attribute__((swiftcall)) sim_serial_executor swift_task_getMainExecutor(void) __attribute__((weak));

static long pending_global, pending_main;
// Pool jobs enqueued and not yet started: work waiting for a thread.
static long queued_global;
// Counted jobs now blocked at one of the simulators' gates (a held SDK event): not work.
static long blocked_global, blocked_main;
static uint32_t epoch;
// Which counted job this thread runs now (0: none, 1: a pool job, 2: a main-actor job).
static __thread int running_kind;

static void changed(void) {
    __atomic_add_fetch(&epoch, 1, __ATOMIC_RELAXED);
}

static void run(SimJob *job, sim_serial_executor executor, int kind, long *pending) {
    int outer = running_kind;
    running_kind = kind;
    swift_job_run(job, executor);
    running_kind = outer;
    __atomic_sub_fetch(pending, 1, __ATOMIC_RELAXED);
    changed();
}

static void run_global(void *job) {
    __atomic_sub_fetch(&queued_global, 1, __ATOMIC_RELAXED);
    sim_serial_executor generic = { NULL, 0 };
    run(job, generic, 1, &pending_global);
}

static void run_main(void *job) { run(job, swift_task_getMainExecutor(), 2, &pending_main); }

// A job's priority is the second byte of its flags, after the heap header and two words of
// scheduler data (the runtime's `Job` layout, part of its ABI); 0 means unspecified.
static long priority_of(SimJob *job) {
    uint32_t flags = *(const uint32_t *)((const char *)job + 4 * sizeof(void *));
    long priority = (flags >> 8) & 0xff;
    return priority ? priority : 0x15;  // default
}

// Each job goes where the runtime itself would send it on Linux and Darwin alike: a global
// dispatch queue of its priority, or the main queue, and is run as the runtime runs it.
static void dispatch_global(SimJob *job) {
    __atomic_add_fetch(&queued_global, 1, __ATOMIC_RELAXED);
    changed();
    dispatch_async_f(dispatch_get_global_queue(priority_of(job), 0), job, run_global);
}

// The pool held by a check (`sim_work_hold_pool`): jobs enqueued meanwhile wait here, in
// order, until it is released. The lock is taken only while a hold may be on, so a run that
// never holds the pool sees no synchronisation of the kit's.
#define SIM_HELD_JOBS_MAX 256
static pthread_mutex_t held_lock = PTHREAD_MUTEX_INITIALIZER;
static int pool_held;  // read without the lock only as a hint
static SimJob *held_jobs[SIM_HELD_JOBS_MAX];
static long held_count;

static bool hold_job(SimJob *job) {
    if (!__atomic_load_n(&pool_held, __ATOMIC_RELAXED)) return false;
    pthread_mutex_lock(&held_lock);
    bool held = pool_held && held_count < SIM_HELD_JOBS_MAX;
    if (held) held_jobs[held_count++] = job;
    pthread_mutex_unlock(&held_lock);
    return held;
}

static __attribute__((swiftcall)) void enqueue_global(SimJob *job, sim_enqueue_original original) {
    (void)original;
    __atomic_add_fetch(&pending_global, 1, __ATOMIC_RELAXED);
    if (hold_job(job)) { changed(); return; }
    dispatch_global(job);
}

void sim_work_hold_pool(void) {
    pthread_mutex_lock(&held_lock);
    __atomic_store_n(&pool_held, 1, __ATOMIC_RELAXED);
    pthread_mutex_unlock(&held_lock);
}

void sim_work_release_pool(void) {
    SimJob *jobs[SIM_HELD_JOBS_MAX];
    pthread_mutex_lock(&held_lock);
    __atomic_store_n(&pool_held, 0, __ATOMIC_RELAXED);
    long count = held_count;
    for (long i = 0; i < count; i++) jobs[i] = held_jobs[i];
    held_count = 0;
    pthread_mutex_unlock(&held_lock);
    for (long i = 0; i < count; i++) dispatch_global(jobs[i]);
}

long sim_work_held_pool_jobs(void) {
    pthread_mutex_lock(&held_lock);
    long count = held_count;
    pthread_mutex_unlock(&held_lock);
    return count;
}

static __attribute__((swiftcall)) void enqueue_main(SimJob *job, sim_enqueue_original original) {
    (void)original;
    __atomic_add_fetch(&pending_main, 1, __ATOMIC_RELAXED);
    changed();
    dispatch_async_f(dispatch_get_main_queue(), job, run_main);
}

bool sim_work_install(void) {
    static int installed;  // 0 not yet, 1 yes, 2 impossible
    int state = __atomic_load_n(&installed, __ATOMIC_ACQUIRE);
    if (state) return state == 1;
    bool possible = &swift_task_enqueueGlobal_hook != NULL && &swift_task_enqueueMainExecutor_hook != NULL
        && swift_job_run != NULL && swift_task_getMainExecutor != NULL;
    int expected = 0;
    if (__atomic_compare_exchange_n(&installed, &expected, possible ? 1 : 2, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE) && possible) {
        swift_task_enqueueGlobal_hook = enqueue_global;
        swift_task_enqueueMainExecutor_hook = enqueue_main;
    }
    return __atomic_load_n(&installed, __ATOMIC_ACQUIRE) == 1;
}

long sim_work_pending_global(void) {
    return __atomic_load_n(&pending_global, __ATOMIC_RELAXED) - __atomic_load_n(&blocked_global, __ATOMIC_RELAXED)
        - (running_kind == 1);
}

long sim_work_pending_main(void) {
    return __atomic_load_n(&pending_main, __ATOMIC_RELAXED) - __atomic_load_n(&blocked_main, __ATOMIC_RELAXED)
        - (running_kind == 2);
}

static long *blocked_counter(void) {
    return running_kind == 1 ? &blocked_global : running_kind == 2 ? &blocked_main : NULL;
}

void sim_work_block_begin(void) {
    long *blocked = blocked_counter();
    if (blocked) { __atomic_add_fetch(blocked, 1, __ATOMIC_RELAXED); changed(); }
}

void sim_work_block_end(void) {
    long *blocked = blocked_counter();
    if (blocked) { __atomic_sub_fetch(blocked, 1, __ATOMIC_RELAXED); changed(); }
}

long sim_work_queued_global(void) { return __atomic_load_n(&queued_global, __ATOMIC_RELAXED); }

bool sim_work_runs_counted_job(void) { return running_kind != 0; }

uint64_t sim_work_epoch(void) { return __atomic_load_n(&epoch, __ATOMIC_RELAXED); }

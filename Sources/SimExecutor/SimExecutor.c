#include "SimExecutor.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct { const void *identity; uintptr_t implementation; } swift_executor_ref;

// The runtime's `swift_task_getCurrentExecutor` and `swift_task_getMainExecutor`, looked up
// when the process runs: the two words come back in registers under the Swift calling
// convention.
typedef __attribute__((swiftcall)) swift_executor_ref (*get_executor_fn)(void);

static sim_executor call(const char *name, get_executor_fn *cache) {
    // Atomic, so that two threads looking it up at once are no race (TSan would say so).
    get_executor_fn get = __atomic_load_n(cache, __ATOMIC_RELAXED);
    if (get == NULL) {
        get = (get_executor_fn)dlsym(RTLD_DEFAULT, name);
        __atomic_store_n(cache, get, __ATOMIC_RELAXED);
    }
    sim_executor result = { NULL, 0 };
    if (get == NULL) return result;
    swift_executor_ref ref = get();
    result.identity = ref.identity;
    result.implementation = ref.implementation;
    return result;
}

sim_executor sim_current_executor(void) {
    static get_executor_fn cached = NULL;
    return call("swift_task_getCurrentExecutor", &cached);
}

sim_executor sim_main_executor(void) {
    static get_executor_fn cached = NULL;
    return call("swift_task_getMainExecutor", &cached);
}

bool sim_executor_available(void) {
    return dlsym(RTLD_DEFAULT, "swift_task_getCurrentExecutor") != NULL
        && dlsym(RTLD_DEFAULT, "swift_task_getMainExecutor") != NULL;
}

static void *current_on_plain_thread(void *into) {
    *(sim_executor *)into = sim_current_executor();
    return NULL;
}

bool sim_executor_generic_on_plain_thread(void) {
    sim_executor seen = { (const void *)1, 1 };
    pthread_t thread;
    if (pthread_create(&thread, NULL, current_on_plain_thread, &seen) != 0) return false;
    pthread_join(thread, NULL);
    return seen.identity == NULL && seen.implementation == 0;
}

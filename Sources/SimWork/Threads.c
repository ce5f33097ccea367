#include "SimWork.h"
#include <string.h>
#if defined(__APPLE__)
#include <mach/mach.h>

static bool ignored_name(const char *name, const char *const *ignored, int count) {
    for (int i = 0; i < count; i++) if (strcmp(name, ignored[i]) == 0) return true;
    return false;
}

int sim_work_runnable_threads(const char *const *ignored, int ignored_count) {
    thread_act_array_t threads = NULL;
    mach_msg_type_number_t count = 0;
    if (task_threads(mach_task_self(), &threads, &count) != KERN_SUCCESS) return -1;
    thread_t me = mach_thread_self();
    int runnable = 0;
    for (mach_msg_type_number_t i = 0; i < count; i++) {
        if (threads[i] != me) {
            thread_extended_info_data_t info;
            mach_msg_type_number_t size = THREAD_EXTENDED_INFO_COUNT;
            // A thread that ended since the list was made is not asked again: it runs nothing.
            if (thread_info(threads[i], THREAD_EXTENDED_INFO, (thread_info_t)&info, &size) == KERN_SUCCESS
                && info.pth_run_state == TH_STATE_RUNNING && !ignored_name(info.pth_name, ignored, ignored_count)) {
                // TH_STATE_RUNNING covers a thread on a core and one waiting for a core.
                runnable += 1;
            }
        }
        mach_port_deallocate(mach_task_self(), threads[i]);
    }
    mach_port_deallocate(mach_task_self(), me);
    vm_deallocate(mach_task_self(), (vm_address_t)threads, count * sizeof(thread_t));
    return runnable;
}
#else
int sim_work_runnable_threads(const char *const *ignored, int ignored_count) {
    (void)ignored; (void)ignored_count;
    return -1;
}
#endif

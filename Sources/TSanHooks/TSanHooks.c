#include "TSanHooks.h"

#if defined(__linux__)

// The runtime's debugging interface (compiler-rt's tsan_interface.h and the sanitizers'
// common interface). Linked in only under -sanitize=thread, and not exported to dlsym, so
// these are weak references: null in a build without TSan.
extern int __tsan_get_report_data(void *report, const char **description, int *count, int *stack_count,
    int *mop_count, int *loc_count, int *mutex_count, int *thread_count, int *unique_tid_count,
    void **sleep_trace, uintptr_t trace_size) __attribute__((weak));
extern int __tsan_get_report_mop(void *report, uintptr_t idx, int *tid, void **addr, int *size, int *write,
    int *atomic, void **trace, uintptr_t trace_size) __attribute__((weak));
extern void __sanitizer_symbolize_pc(void *pc, const char *fmt, char *out_buf, size_t out_buf_size)
    __attribute__((weak));

// Inside the hook TSan holds the lock it takes to switch a thread's trace: code that TSan
// instruments (even a function entry it records) could need that lock and wait forever. So
// nothing here is instrumented, calls no intercepted function, and allocates nothing.
#define UNSEEN __attribute__((disable_sanitizer_instrumentation))

static int mode;
static int noted;  // reports in the table, published with release order
static int dropped;
static tsan_hooks_report table[TSAN_HOOKS_CAPACITY];

UNSEEN bool tsan_hooks_available(void) {
    return __tsan_get_report_data && __tsan_get_report_mop && __sanitizer_symbolize_pc;
}

UNSEEN void tsan_hooks_set_mode(tsan_hooks_mode new_mode) {
    __atomic_store_n(&mode, (int)new_mode, __ATOMIC_RELEASE);
}

UNSEEN bool tsan_hooks_report_at(int index, tsan_hooks_report *report) {
    if (index < 0 || index >= __atomic_load_n(&noted, __ATOMIC_ACQUIRE)) return false;
    *report = table[index];
    return true;
}

UNSEEN int tsan_hooks_dropped(void) { return __atomic_load_n(&dropped, __ATOMIC_RELAXED); }

UNSEEN bool tsan_hooks_symbolize(uintptr_t pc, char *buffer, size_t size) {
    if (!__sanitizer_symbolize_pc || size < 2) return false;
    buffer[0] = buffer[1] = 0;
    __sanitizer_symbolize_pc((void *)pc, "%f\x1f%s\x1f%l\x1f%c\x1f%m", buffer, size);
    return true;
}

// Whether the innermost frame at `pc` is in a file under a "/Sources/Stage" folder.
UNSEEN static bool in_stage_code(uintptr_t pc) {
    char frames[1024];
    if (!pc || !tsan_hooks_symbolize(pc, frames, sizeof frames)) return false;
    const char *field = frames;
    while (*field && *field != '\x1f') field++;  // past the function, to the file
    if (!*field) return false;
    static const char folder[] = "/Sources/Stage";
    for (const char *start = field + 1; *start && *start != '\x1f'; start++) {
        size_t matched = 0;
        while (folder[matched] && start[matched] == folder[matched]) matched++;
        if (!folder[matched]) return true;
    }
    return false;
}

// The runtime calls `__tsan::OnReport(const ReportDesc *, bool suppressed)` before it prints
// a report (a suppression file's verdict in `suppressed`), and drops the report when it
// returns true. Its own definition is weak and returns `suppressed`; this one, under the
// same C++ name, takes its place in the test binary.
bool tsan_hooks_on_report(void *report, bool suppressed) __asm__("_ZN6__tsan8OnReportEPKNS_10ReportDescEb");

UNSEEN bool tsan_hooks_on_report(void *report, bool suppressed) {
    int current = __atomic_load_n(&mode, __ATOMIC_ACQUIRE);
    if (suppressed || current == TSAN_HOOKS_OFF || !tsan_hooks_available()) return suppressed;
    // TSan reports one at a time (under its report lock): only this hook writes the table.
    int index = __atomic_load_n(&noted, __ATOMIC_RELAXED);
    if (index >= TSAN_HOOKS_CAPACITY) {
        __atomic_fetch_add(&dropped, 1, __ATOMIC_RELAXED);
        return false;
    }
    tsan_hooks_report *entry = &table[index];
    const char *kind = "";
    int count = 0, stacks = 0, mops = 0, locations = 0, mutexes = 0, threads = 0, tids = 0;
    void *sleep[1] = {0};
    __tsan_get_report_data(report, &kind, &count, &stacks, &mops, &locations, &mutexes, &threads, &tids, sleep, 1);
    size_t length = 0;
    while (kind && kind[length] && length + 1 < sizeof entry->kind) {
        entry->kind[length] = kind[length];
        length++;
    }
    entry->kind[length] = 0;
    entry->count = mops < 2 ? mops : 2;
    for (int access = 0; access < 2; access++) {
        tsan_hooks_access *into = &entry->accesses[access];
        into->thread = into->write = into->depth = 0;
        if (access >= entry->count) continue;
        // Cleared by a loop, not an initialiser: the compiler turns a large one into a call
        // to memset, which TSan intercepts.
        void *address = 0, *trace[TSAN_HOOKS_DEPTH];
        for (int slot = 0; slot < TSAN_HOOKS_DEPTH; slot++) trace[slot] = 0;
        int size = 0, atomic = 0;
        __tsan_get_report_mop(report, access, &into->thread, &address, &size, &into->write, &atomic, trace,
            TSAN_HOOKS_DEPTH);
        while (into->depth < TSAN_HOOKS_DEPTH && trace[into->depth]) {
            into->pcs[into->depth] = (uintptr_t)trace[into->depth];
            into->depth++;
        }
    }
    entry->held = current == TSAN_HOOKS_NOTE_AND_HOLD_STAGE_RACES && entry->count == 2
        && in_stage_code(entry->accesses[0].pcs[0]) && in_stage_code(entry->accesses[1].pcs[0]);
    __atomic_store_n(&noted, index + 1, __ATOMIC_RELEASE);
    return entry->held;
}

#else

// Elsewhere (macOS links the runtime as a library of its own) the hook is not measured:
// the suite counts nothing there.
bool tsan_hooks_available(void) { return false; }
void tsan_hooks_set_mode(tsan_hooks_mode mode) { (void)mode; }
bool tsan_hooks_report_at(int index, tsan_hooks_report *report) { (void)index; (void)report; return false; }
int tsan_hooks_dropped(void) { return 0; }
bool tsan_hooks_symbolize(uintptr_t pc, char *buffer, size_t size) { (void)pc; (void)buffer; (void)size; return false; }

#endif

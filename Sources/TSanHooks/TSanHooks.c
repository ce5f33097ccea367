#include "TSanHooks.h"

#if defined(__linux__) || defined(__APPLE__)

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__APPLE__)
#include <crt_externs.h>
#include <mach-o/dyld.h>
#endif

// The runtime's public interface (compiler-rt's tsan_interface.h and the sanitizers'
// common_interface_defs.h), present only under -sanitize=thread. On Linux the runtime is
// linked into the test binary and does not export these to dlsym: weak references, null
// without TSan. On macOS it is a library of its own, which exports them: looked up with
// dlsym when the binary is loaded (a weak reference there would not link without TSan).
typedef int (*report_data_fn)(void *report, const char **description, int *count, int *stack_count,
    int *mop_count, int *loc_count, int *mutex_count, int *thread_count, int *unique_tid_count,
    void **sleep_trace, uintptr_t trace_size);
typedef int (*report_mop_fn)(void *report, uintptr_t idx, int *tid, void **addr, int *size, int *write,
    int *atomic, void **trace, uintptr_t trace_size);
typedef void (*symbolize_fn)(void *pc, const char *fmt, char *out_buf, size_t out_buf_size);
typedef void (*report_path_fn)(const char *path);
typedef void (*access_fn)(void *addr);

#if defined(__linux__)
extern int __tsan_get_report_data(void *report, const char **description, int *count, int *stack_count,
    int *mop_count, int *loc_count, int *mutex_count, int *thread_count, int *unique_tid_count,
    void **sleep_trace, uintptr_t trace_size) __attribute__((weak));
extern int __tsan_get_report_mop(void *report, uintptr_t idx, int *tid, void **addr, int *size, int *write,
    int *atomic, void **trace, uintptr_t trace_size) __attribute__((weak));
extern void __sanitizer_symbolize_pc(void *pc, const char *fmt, char *out_buf, size_t out_buf_size)
    __attribute__((weak));
extern void __sanitizer_set_report_path(const char *path) __attribute__((weak));
extern void __tsan_write4(void *addr) __attribute__((weak));
extern void __tsan_read4(void *addr) __attribute__((weak));
#endif

static report_data_fn get_report_data;
static report_mop_fn get_report_mop;
static symbolize_fn symbolize_pc;
static report_path_fn set_report_path;
static access_fn write4, read4;

// Inside the hooks TSan holds the lock it takes to switch a thread's trace: code that TSan
// instruments (even a function entry it records) could need that lock and wait forever. So
// nothing the hooks reach is instrumented, calls an intercepted function, or allocates.
#define UNSEEN __attribute__((disable_sanitizer_instrumentation))

static int mode;
static int noted;  // reports in the table, published with release order
static int dropped;
static tsan_hooks_report table[TSAN_HOOKS_CAPACITY];
// Which hooks the runtime called (the probe's evidence).
static int public_called, internal_called;
// The word the probe races on: its reports are the probe's, never noted in the table.
static int planted;

static void probe_in_child(void);
static int run_probe(char *const argv[]);
static int probe_result = -1;

// When the binary is loaded: the runtime's interface, then the probe: in a probe's child,
// the planted race; otherwise, under TSan, the child that plants it. At load the process
// has one thread, so no test's thread waits for the child (glibc and dyld both hand an
// initialiser the program's arguments).
__attribute__((constructor)) static void load(int argc, char **argv, char **envp) {
    (void)argc;
    (void)envp;
#if defined(__linux__)
    get_report_data = __tsan_get_report_data;
    get_report_mop = __tsan_get_report_mop;
    symbolize_pc = __sanitizer_symbolize_pc;
    set_report_path = __sanitizer_set_report_path;
    write4 = __tsan_write4;
    read4 = __tsan_read4;
#else
    get_report_data = (report_data_fn)dlsym(RTLD_DEFAULT, "__tsan_get_report_data");
    get_report_mop = (report_mop_fn)dlsym(RTLD_DEFAULT, "__tsan_get_report_mop");
    symbolize_pc = (symbolize_fn)dlsym(RTLD_DEFAULT, "__sanitizer_symbolize_pc");
    set_report_path = (report_path_fn)dlsym(RTLD_DEFAULT, "__sanitizer_set_report_path");
    write4 = (access_fn)dlsym(RTLD_DEFAULT, "__tsan_write4");
    read4 = (access_fn)dlsym(RTLD_DEFAULT, "__tsan_read4");
#endif
    const char *probe = getenv(TSAN_HOOKS_PROBE_VARIABLE);
    if (probe && probe[0] == '1') probe_in_child();
#if defined(__APPLE__)
    argv = *_NSGetArgv();
#endif
    if (!probe && tsan_hooks_available() && argv) probe_result = run_probe(argv);
}

int tsan_hooks_probe_result(void) { return probe_result; }

UNSEEN bool tsan_hooks_available(void) { return get_report_data && get_report_mop && symbolize_pc; }

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
    if (!symbolize_pc || size < 2) return false;
    buffer[0] = buffer[1] = 0;
    symbolize_pc((void *)pc, "%f\x1f%s\x1f%l\x1f%c\x1f%m", buffer, size);
    return true;
}

bool tsan_hooks_set_report_path(const char *path) {
    if (!set_report_path) return false;
    set_report_path(path);
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

// Copies the report's kind and first two accesses into `entry`; false for the probe's report.
UNSEEN static bool copy_report(void *report, tsan_hooks_report *entry) {
    const char *kind = "";
    int count = 0, stacks = 0, mops = 0, locations = 0, mutexes = 0, threads = 0, tids = 0;
    void *sleep[1] = {0};
    get_report_data(report, &kind, &count, &stacks, &mops, &locations, &mutexes, &threads, &tids, sleep, 1);
    size_t length = 0;
    while (kind && kind[length] && length + 1 < sizeof entry->kind) {
        entry->kind[length] = kind[length];
        length++;
    }
    entry->kind[length] = 0;
    entry->count = mops < 2 ? mops : 2;
    entry->held = false;
    for (int access = 0; access < 2; access++) {
        tsan_hooks_access *into = &entry->accesses[access];
        into->thread = into->write = into->depth = 0;
        if (access >= entry->count) continue;
        // Cleared by a loop, not an initialiser: the compiler turns a large one into a call
        // to memset, which TSan intercepts.
        void *address = 0, *trace[TSAN_HOOKS_DEPTH];
        for (int slot = 0; slot < TSAN_HOOKS_DEPTH; slot++) trace[slot] = 0;
        int size = 0, atomic = 0;
        get_report_mop(report, access, &into->thread, &address, &size, &into->write, &atomic, trace, TSAN_HOOKS_DEPTH);
        if (address == (void *)&planted) return false;
        while (into->depth < TSAN_HOOKS_DEPTH && trace[into->depth]) {
            into->pcs[into->depth] = (uintptr_t)trace[into->depth];
            into->depth++;
        }
    }
    return true;
}

// Notes a report in the table; TSan reports one at a time (under its report lock), and
// only the hooks write the table.
UNSEEN static void note(void *report, bool hold_stage_races) {
    int index = __atomic_load_n(&noted, __ATOMIC_RELAXED);
    if (index >= TSAN_HOOKS_CAPACITY) {
        __atomic_fetch_add(&dropped, 1, __ATOMIC_RELAXED);
        return;
    }
    tsan_hooks_report *entry = &table[index];
    if (!copy_report(report, entry)) return;
    if (hold_stage_races) {
        entry->held = entry->count == 2 && in_stage_code(entry->accesses[0].pcs[0])
            && in_stage_code(entry->accesses[1].pcs[0]);
        if (!entry->held) return;  // printed, then noted by the public callback
    }
    __atomic_store_n(&noted, index + 1, __ATOMIC_RELEASE);
}

// On macOS 12 and later dyld lets a definition in another image replace the runtime's
// only when that definition is itself weak (compiler-rt's test/tsan/debugging.cpp says so
// and does so); on Linux a strong definition in the binary wins at link time.
#if defined(__APPLE__)
#define REPLACES_RUNTIME __attribute__((weak))
#else
#define REPLACES_RUNTIME
#endif

// The public callback (tsan_interface.h: "User may provide function that would be called
// right when TSan detects an error"): the runtime calls it after printing a report. What
// counts the reports TSan printed, on both systems, where the probe shows it is called.
void __tsan_on_report(void *report);

REPLACES_RUNTIME UNSEEN void __tsan_on_report(void *report) {
    __atomic_store_n(&public_called, 1, __ATOMIC_RELAXED);
    int current = __atomic_load_n(&mode, __ATOMIC_ACQUIRE);
    if (current == TSAN_HOOKS_OFF || !tsan_hooks_available()) return;
    note(report, false);
}

// The runtime's internal hook `__tsan::OnReport(const ReportDesc *, bool suppressed)`, asked
// before a report is printed (a suppression file's verdict in `suppressed`): a report is
// dropped, neither printed nor counted, when it returns true. Its own definition is weak
// and returns `suppressed`; this one, under the same C++ name, takes its place where the
// runtime is linked into the binary (Linux). Used only to keep a stage's catalogue race
// from being printed again while the checks run; the probe says whether it is called.
#if defined(__APPLE__)
#define ON_REPORT_NAME "__ZN6__tsan8OnReportEPKNS_10ReportDescEb"
#else
#define ON_REPORT_NAME "_ZN6__tsan8OnReportEPKNS_10ReportDescEb"
#endif
bool tsan_hooks_on_report(void *report, bool suppressed) __asm__(ON_REPORT_NAME);

REPLACES_RUNTIME UNSEEN bool tsan_hooks_on_report(void *report, bool suppressed) {
    __atomic_store_n(&internal_called, 1, __ATOMIC_RELAXED);
    int current = __atomic_load_n(&mode, __ATOMIC_ACQUIRE);
    if (suppressed || current != TSAN_HOOKS_NOTE_AND_HOLD_STAGE_RACES || !tsan_hooks_available()) return suppressed;
    int before = __atomic_load_n(&noted, __ATOMIC_RELAXED);
    note(report, true);
    return __atomic_load_n(&noted, __ATOMIC_RELAXED) > before;
}

// ---- The probe: does the runtime call these hooks in a binary built and loaded as this one?

static int flag;

// The accesses are told to TSan through its interface (`__tsan_write4`, `__tsan_read4`), so
// the race is there whether or not this file is compiled with TSan's instrumentation.
static void *write_planted(void *unused) {
    (void)unused;
    write4(&planted);
    planted = 1;
    __atomic_store_n(&flag, 1, __ATOMIC_RELAXED);  // relaxed: no order TSan could see
    return 0;
}

// In the child only: one race on `planted`, between a thread's write and this thread's read,
// ordered in time by a relaxed flag that TSan does not count as synchronisation. The report
// goes to the child's standard error (never to a `log_path` file another tool reads), and
// the exit status says which hooks the runtime called. `_exit`: nothing else of the test
// binary runs, and TSan's own exit status and summary are skipped.
static void probe_in_child(void) {
    if (!tsan_hooks_available() || !write4 || !read4) _exit(TSAN_HOOKS_PROBE_RAN);
    if (set_report_path) set_report_path("stderr");
    tsan_hooks_set_mode(TSAN_HOOKS_NOTE);
    pthread_t writer;
    if (pthread_create(&writer, 0, write_planted, 0) != 0) _exit(TSAN_HOOKS_PROBE_RAN);
    while (!__atomic_load_n(&flag, __ATOMIC_RELAXED)) usleep(100);
    read4(&planted);
    volatile int seen = planted;
    (void)seen;
    pthread_join(writer, 0);
    int status = TSAN_HOOKS_PROBE_RAN;
    if (__atomic_load_n(&public_called, __ATOMIC_RELAXED)) status |= TSAN_HOOKS_PROBE_PUBLIC;
    if (__atomic_load_n(&internal_called, __ATOMIC_RELAXED)) status |= TSAN_HOOKS_PROBE_INTERNAL;
    _exit(status);
}

#if defined(__APPLE__)
// A bundle has no `environ` of its own on Apple platforms; the C library hands it over.
#define ENVIRONMENT (*_NSGetEnviron())
#else
extern char **environ;
#define ENVIRONMENT environ
#endif

static int run_probe(char *const argv[]) {
    char path[4096];
#if defined(__APPLE__)
    uint32_t size = sizeof path;
    if (_NSGetExecutablePath(path, &size) != 0) return -1;
#else
    ssize_t length = readlink("/proc/self/exe", path, sizeof path - 1);
    if (length <= 0) return -1;
    path[length] = 0;
#endif
    char **environ_now = ENVIRONMENT;
    int count = 0;
    while (environ_now[count]) count++;
    char **env = calloc((size_t)count + 2, sizeof *env);
    if (!env) return -1;
    int kept = 0;
    for (int index = 0; index < count; index++) {
        if (strncmp(environ_now[index], TSAN_HOOKS_PROBE_VARIABLE "=", sizeof TSAN_HOOKS_PROBE_VARIABLE) != 0) {
            env[kept++] = environ_now[index];
        }
    }
    env[kept] = TSAN_HOOKS_PROBE_VARIABLE "=1";
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    pid_t child;
    int spawned = posix_spawn(&child, path, &actions, 0, argv, env);
    posix_spawn_file_actions_destroy(&actions);
    free(env);
    if (spawned != 0) return -1;
    // A child that never finishes (a loader that deadlocks, say) must not hang the tests: after
    // a minute it is stopped and the probe has failed, which only chooses the other correct
    // path, the log file; no verdict depends on this bound.
    int status = 0;
    for (int waited = 0;; waited++) {
        pid_t done = waitpid(child, &status, WNOHANG);
        if (done == child) break;
        if (done < 0 && errno != EINTR) return -1;
        if (waited >= 6000) {
            kill(child, SIGKILL);
            waitpid(child, &status, 0);
            return -1;
        }
        usleep(10000);
    }
    if (!WIFEXITED(status)) return -1;
    int code = WEXITSTATUS(status);
    return (code & TSAN_HOOKS_PROBE_RAN) ? code : -1;
}

#else

// Elsewhere the hooks are not measured: the suite counts nothing there.
bool tsan_hooks_available(void) { return false; }
void tsan_hooks_set_mode(tsan_hooks_mode mode) { (void)mode; }
bool tsan_hooks_report_at(int index, tsan_hooks_report *report) { (void)index; (void)report; return false; }
int tsan_hooks_dropped(void) { return 0; }
bool tsan_hooks_symbolize(uintptr_t pc, char *buffer, size_t size) { (void)pc; (void)buffer; (void)size; return false; }
bool tsan_hooks_set_report_path(const char *path) { (void)path; return false; }
int tsan_hooks_probe_result(void) { return -1; }

#endif

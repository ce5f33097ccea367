// What the ThreadSanitizer runtime in a test process reports, handed to Swift.
//
// Under `swift test --sanitize=thread` the runtime calls its public report callback,
// `__tsan_on_report`, after it prints each report, and its debugging interface tells what
// the report is. Where the runtime is linked into the test binary (Linux) it also asks an
// internal hook before printing, and prints nothing when the hook says so. The hooks run
// inside TSan, which holds its own locks there: they only copy the report's addresses into
// a table and, in the checks' mode, keep a race between two accesses in the stages' code
// from being printed. Swift reads the table later (SpecTesting's RaceLedger). Whether the
// runtime calls the hooks at all in this binary is measured at start (`tsan_hooks_probe`).
// Without TSan none of this runs.
#ifndef TSAN_HOOKS_H
#define TSAN_HOOKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { TSAN_HOOKS_DEPTH = 48, TSAN_HOOKS_CAPACITY = 256 };

/// What the hook does with a report: nothing, note it, or also keep a race between two
/// accesses in the stages' own code (`Sources/Stage…`) from being printed.
typedef enum { TSAN_HOOKS_OFF = 0, TSAN_HOOKS_NOTE = 1, TSAN_HOOKS_NOTE_AND_HOLD_STAGE_RACES = 2 } tsan_hooks_mode;

/// One of a report's memory accesses: TSan's thread number (0 is the main thread), and the
/// stack as return addresses, innermost first.
typedef struct {
    int thread;
    int write;
    int depth;
    uintptr_t pcs[TSAN_HOOKS_DEPTH];
} tsan_hooks_access;

typedef struct {
    char kind[32];
    int count;
    bool held;
    tsan_hooks_access accesses[2];
} tsan_hooks_report;

/// Whether the TSan runtime is in this process, with what the hook needs.
bool tsan_hooks_available(void);
void tsan_hooks_set_mode(tsan_hooks_mode mode);

/// Copies the report noted `index`-th (from 0) into `report`; false when there is none yet.
bool tsan_hooks_report_at(int index, tsan_hooks_report *report);
/// Reports the table had no room for.
int tsan_hooks_dropped(void);

/// Writes the frames at `pc` (more than one where code was inlined) into `buffer`, each as
/// "function\x1Ffile\x1Fline\x1Fcolumn\x1Fmodule" followed by a NUL, the last by two.
bool tsan_hooks_symbolize(uintptr_t pc, char *buffer, size_t size);

/// Where TSan writes its reports from now on: a path prefix (the file is "<path>.<pid>"), or
/// "stderr"; false where the runtime's `__sanitizer_set_report_path` is absent.
bool tsan_hooks_set_report_path(const char *path);

/// The probe's environment variable and the bits of its result.
#define TSAN_HOOKS_PROBE_VARIABLE "TSAN_HOOKS_PROBE"
enum { TSAN_HOOKS_PROBE_RAN = 0x40, TSAN_HOOKS_PROBE_PUBLIC = 0x01, TSAN_HOOKS_PROBE_INTERNAL = 0x02 };

/// The probe run when this binary was loaded under TSan: the binary again, with the same
/// arguments, as a child that makes one planted race of its own, on a word of this file's,
/// and exits at once, so that its reports never reach this process's output, exit status or
/// log files. TSAN_HOOKS_PROBE_RAN with a bit for each hook the runtime called, or -1 when
/// there is no TSan, or the child could not run or did not finish its probe.
int tsan_hooks_probe_result(void);

#endif

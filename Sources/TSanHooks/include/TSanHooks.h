// What the ThreadSanitizer runtime linked into a test process reports, handed to Swift.
//
// Under `swift test --sanitize=thread` on Linux the runtime is linked into the test binary.
// It asks a hook before it prints each report, and prints nothing when the hook says so;
// its debugging interface tells what the report is. The hook runs inside TSan, which holds
// its own locks there: it only copies the report's addresses into a table and, in the checks'
// mode, lets TSan print a report only when a racing access is outside the stages' code.
// Swift reads the table later (SpecTesting's RaceLedger). Without TSan none of this runs.
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

#endif

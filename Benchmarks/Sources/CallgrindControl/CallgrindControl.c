#include "CallgrindControl.h"

// Callgrind's client requests are a few no-op instructions when the program runs natively.
#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define ORION_BENCH_HAS_CALLGRIND 1
#endif
#endif

void orion_bench_callgrind_zero(void) {
#ifdef ORION_BENCH_HAS_CALLGRIND
    CALLGRIND_ZERO_STATS;
#endif
}

void orion_bench_callgrind_dump(const char *label) {
#ifdef ORION_BENCH_HAS_CALLGRIND
    CALLGRIND_DUMP_STATS_AT(label);
#else
    (void)label;
#endif
}

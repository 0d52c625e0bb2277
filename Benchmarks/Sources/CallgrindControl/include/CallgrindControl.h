#ifndef CALLGRIND_CONTROL_H
#define CALLGRIND_CONTROL_H

/// Zeroes callgrind's counts: the next dump counts from here. Does nothing outside callgrind,
/// or where valgrind's headers are not installed.
void orion_bench_callgrind_zero(void);

/// Writes callgrind's counts since the last zero or dump to a file of their own, described by
/// `label`. Does nothing outside callgrind, or where valgrind's headers are not installed.
void orion_bench_callgrind_dump(const char *label);

#endif

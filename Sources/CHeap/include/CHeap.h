#ifndef CHEAP_H
#define CHEAP_H

#include <stddef.h>

/// Sets glibc's allocator up for a run that builds its data, writes it and
/// exits: one arena, no memory given back to the system before the end, and
/// the heap reserved ahead in `reserve` bytes backed by transparent huge
/// pages where the kernel allows them. Returns 0, or -1 when glibc refused a
/// setting (the run is then only slower).
int cheap_prepare_for_batch_run(size_t reserve);

#endif

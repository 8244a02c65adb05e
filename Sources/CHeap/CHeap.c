#include "CHeap.h"

#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

// A year-long trip is a few hundred thousand small objects and some large
// arrays. With glibc's defaults every fresh 4 KiB page costs a page fault
// (about a quarter of such a run went to the kernel), each large array is
// its own mmap and munmap, and a second thread gets an arena of its own,
// grown page by page.
int cheap_prepare_for_batch_run(size_t reserve) {
    int ok = 1;
    // Both threads allocate from the main heap, the one reserved below.
    ok &= mallopt(M_ARENA_MAX, 1);
    // Arrays of up to 32 MiB come from the heap, not from mmap.
    ok &= mallopt(M_MMAP_THRESHOLD, 32 << 20);
    // Freed memory stays for reuse: the process returns all of it at exit.
    ok &= mallopt(M_TRIM_THRESHOLD, 1 << 30);
    // Each time the heap grows, it grows by this much more.
    ok &= mallopt(M_TOP_PAD, (int)reserve);

    // Grow the heap now, then ask for huge pages over it: a 2 MiB page is one
    // fault where 512 small ones were. Only touched pages are ever backed.
    const uintptr_t huge = 2u << 20;
    uintptr_t start = (uintptr_t)sbrk(0);
    // volatile: a compiler may drop a malloc whose block is only freed.
    void *volatile first = malloc(1 << 18);
    free(first);
    uintptr_t end = (uintptr_t)sbrk(0);
    uintptr_t aligned = (start + huge - 1) & ~(huge - 1);
    if (start != (uintptr_t)-1 && end > aligned) {
        // Refused where the kernel has transparent huge pages off; harmless.
        (void)madvise((void *)aligned, end - aligned, MADV_HUGEPAGE);
    }
    return ok ? 0 : -1;
}

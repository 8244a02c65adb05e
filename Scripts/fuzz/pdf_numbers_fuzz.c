// libFuzzer harness for Sources/CPDFNumbers: the program's __snprintf_chk against glibc's
// snprintf for every format it writes itself ("%f", "%.18f", "%.*f", "%d", "%u", "%ld", "%lu")
// and two it leaves to glibc ("%.3f", "%g|%x"), for any value and buffer size: the same bytes,
// the same length.
// `make fuzz-numbers` builds and runs it (part of `make fuzz`).
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pdf_numbers.h"

int __snprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *format, ...);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    // The harness must test this program's __snprintf_chk, not a sanitizer's or glibc's.
    if (!itinerary_fast_numbers_bound()) abort();
    if (size < 11) return 0;
    double value;
    int64_t whole;
    memcpy(&value, data, 8);
    memcpy(&whole, data, 8);
    const size_t room = (size_t)data[8] % 64;
    const int precision = data[9] % 21 - 1;
    char ours[64], theirs[64];
    memset(ours, 'x', sizeof ours);
    memset(theirs, 'x', sizeof theirs);
    int a, b;
    switch (data[10] % 9) {
    case 0:
        a = __snprintf_chk(ours, room, 1, sizeof ours, "%f", value);
        b = snprintf(theirs, room, "%f", value);
        break;
    case 1:
        a = __snprintf_chk(ours, room, 1, sizeof ours, "%.18f", value);
        b = snprintf(theirs, room, "%.18f", value);
        break;
    case 2:
        a = __snprintf_chk(ours, room, 1, sizeof ours, "%.*f", precision, value);
        b = snprintf(theirs, room, "%.*f", precision, value);
        break;
    case 3:
        a = __snprintf_chk(ours, room, 1, sizeof ours, "%.3f", value);
        b = snprintf(theirs, room, "%.3f", value);
        break;
    case 4:
        a = __snprintf_chk(ours, room, 1, sizeof ours, "%d", (int)whole);
        b = snprintf(theirs, room, "%d", (int)whole);
        break;
    case 5:
        a = __snprintf_chk(ours, room, 1, sizeof ours, "%u", (unsigned)whole);
        b = snprintf(theirs, room, "%u", (unsigned)whole);
        break;
    case 6:
        a = __snprintf_chk(ours, room, 1, sizeof ours, "%ld", (long)whole);
        b = snprintf(theirs, room, "%ld", (long)whole);
        break;
    case 7:
        a = __snprintf_chk(ours, room, 1, sizeof ours, "%lu", (unsigned long)whole);
        b = snprintf(theirs, room, "%lu", (unsigned long)whole);
        break;
    default:
        a = __snprintf_chk(ours, room, 1, sizeof ours, "%g|%x", value, (unsigned)whole);
        b = snprintf(theirs, room, "%g|%x", value, (unsigned)whole);
        break;
    }
    if (a != b || memcmp(ours, theirs, sizeof ours) != 0) {
        fprintf(stderr, "format %d, value %.17g, room %zu: ours %d \"%.64s\", glibc %d \"%.64s\"\n", data[10] % 9,
                value, room, a, ours, b, theirs);
        abort();
    }
    return 0;
}

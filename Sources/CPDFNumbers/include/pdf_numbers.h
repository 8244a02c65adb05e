#ifndef ITINERARY_PDF_NUMBERS_H
#define ITINERARY_PDF_NUMBERS_H

#include <stddef.h>

/// Writes `value` as printf's "%.<precision>f" does in the C locale (rounded to nearest,
/// ties to even, from the double's exact value) into `out`, which holds at least 48 bytes,
/// and returns the length; or returns -1, writing nothing, when the value or precision is
/// outside what this takes (not finite, 2^53 or more in magnitude, precision beyond 0–18),
/// which printf then formats.
int itinerary_format_fixed(char *out, double value, int precision);

/// Whether the dynamic linker binds `__snprintf_chk`, as Cairo calls it, to the one in
/// pdf_numbers.c (linked into the program) rather than libc's.
int itinerary_fast_numbers_bound(void);

#endif

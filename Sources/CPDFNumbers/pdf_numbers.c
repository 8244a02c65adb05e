// Cairo 1.16 writes every number of a PDF (positions, matrices, colours, lengths) with
// snprintf: "%f", "%.18f" and "%.*f" for decimals, "%d", "%ld", "%u" and "%lu" for whole numbers,
// about 24,000 calls for the 14-day book, 12 % of all its instructions (issue #36,
// docs/performance.md). glibc takes about 900 instructions a number; this about 180.
// The program defines __snprintf_chk, to which the dynamic linker binds every
// library's call (Cairo is built with _FORTIFY_SOURCE, so its snprintf is this one).
// The formats above are written here, exactly as glibc writes them in a locale whose
// decimal point is "."; every other call, and every value outside the range handled,
// goes on to glibc's __vsnprintf_chk untouched. Checked against glibc's output in the
// tests (PDFNumbersTests) and by libFuzzer (make fuzz-numbers).
// It replaces libc's function for the whole process, so only the project's own executables
// link it (Package.swift), never the library: a program embedding ItineraryKit keeps glibc's.
// It needs glibc (its __vsnprintf_chk and __chk_fail); elsewhere this file is empty.
#define _GNU_SOURCE
#include "pdf_numbers.h"

#include <string.h>  // a C library header first: glibc's defines __GLIBC__

#if defined(__GLIBC__)

#include <dlfcn.h>
#include <fenv.h>
#include <langinfo.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>

extern int __vsnprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *format, va_list ap);
extern void __chk_fail(void) __attribute__((noreturn));

/// Writes `value`'s decimal digits backwards from `end`; returns where they start.
static char *digits_before(char *end, uint64_t value) {
    do {
        *--end = (char)('0' + value % 10);
        value /= 10;
    } while (value != 0);
    return end;
}

// clang-format off
/// 10^p for p from 0 to 18 (a table, kept as written: clang-format would put it one number a line).
static const uint64_t powers_of_ten[19] = {
    UINT64_C(1), UINT64_C(10), UINT64_C(100), UINT64_C(1000), UINT64_C(10000), UINT64_C(100000),
    UINT64_C(1000000), UINT64_C(10000000), UINT64_C(100000000), UINT64_C(1000000000),
    UINT64_C(10000000000), UINT64_C(100000000000), UINT64_C(1000000000000), UINT64_C(10000000000000),
    UINT64_C(100000000000000), UINT64_C(1000000000000000), UINT64_C(10000000000000000),
    UINT64_C(100000000000000000), UINT64_C(1000000000000000000)};
// clang-format on

int itinerary_format_fixed(char *out, double value, int precision) {
    if (precision < 0 || precision > 18) return -1;
    uint64_t bits;
    memcpy(&bits, &value, sizeof bits);
    const int negative = (int)(bits >> 63);
    const int biased = (int)((bits >> 52) & 0x7ff);
    // Only |value| < 2^53 (NaN and the infinities have biased 2047): the whole part
    // fits 64 bits, and the value is mantissa / 2^shift with shift >= 0.
    if (biased > 1075) return -1;
    uint64_t mantissa = bits & ((UINT64_C(1) << 52) - 1);
    int shift;
    if (biased == 0) {
        shift = 1074;  // zero and subnormals: mantissa / 2^1074
    } else {
        mantissa |= UINT64_C(1) << 52;
        shift = 1075 - biased;
    }
    uint64_t whole = 0, scaled_fraction = 0;
    const uint64_t unit = powers_of_ten[precision];
    if (shift == 0) {
        whole = mantissa;
    } else if (shift < 64) {
        whole = mantissa >> shift;
        const uint64_t fraction = mantissa & ((UINT64_C(1) << shift) - 1);
        // fraction × 10^precision / 2^shift, rounded to nearest, ties to even, exactly:
        // fraction < 2^53 and 10^18 < 2^60, so the product fits 128 bits.
        const unsigned __int128 scaled = (unsigned __int128)fraction * unit;
        scaled_fraction = (uint64_t)(scaled >> shift);
        const unsigned __int128 rest = scaled - ((unsigned __int128)scaled_fraction << shift);
        const unsigned __int128 half = (unsigned __int128)1 << (shift - 1);
        if (rest > half || (rest == half && (precision > 0 ? (scaled_fraction & 1) : (whole & 1)))) {
            scaled_fraction += 1;
        }
    } else if (shift < 120) {
        const unsigned __int128 scaled = (unsigned __int128)mantissa * unit;  // < 2^113
        scaled_fraction = (uint64_t)(scaled >> shift);
        const unsigned __int128 rest = scaled - ((unsigned __int128)scaled_fraction << shift);
        const unsigned __int128 half = (unsigned __int128)1 << (shift - 1);
        if (rest > half || (rest == half && (precision > 0 ? (scaled_fraction & 1) : (whole & 1)))) {
            scaled_fraction += 1;
        }
    }
    // From shift 120 on, value × 10^18 < 2^113 / 2^120: below half a unit, so zero.
    if (scaled_fraction == unit) {
        scaled_fraction = 0;
        whole += 1;
    }
    char buffer[48];
    char *end = buffer + sizeof buffer;
    char *start = end;
    if (precision > 0) {
        start -= precision;
        for (int place = precision - 1; place >= 0; place--) {
            start[place] = (char)('0' + scaled_fraction % 10);
            scaled_fraction /= 10;
        }
        *--start = '.';
    }
    start = digits_before(start, whole);
    if (negative) *--start = '-';
    const int length = (int)(end - start);
    memcpy(out, start, (size_t)length);
    out[length] = '\0';
    return length;
}

/// A whole number as "%d" or "%ld" writes it.
static int format_whole(char *out, long long value) {
    char buffer[24];
    char *end = buffer + sizeof buffer;
    uint64_t magnitude = value < 0 ? (uint64_t)0 - (uint64_t)value : (uint64_t)value;
    char *start = digits_before(end, magnitude);
    if (value < 0) *--start = '-';
    const int length = (int)(end - start);
    memcpy(out, start, (size_t)length);
    out[length] = '\0';
    return length;
}

/// An unsigned whole number as "%u" or "%lu" writes it.
static int format_unsigned(char *out, unsigned long long value) {
    char buffer[24];
    char *end = buffer + sizeof buffer;
    char *start = digits_before(end, value);
    const int length = (int)(end - start);
    memcpy(out, start, (size_t)length);
    out[length] = '\0';
    return length;
}

/// snprintf's contract: at most maxlen - 1 characters and a NUL; the full length returned.
static int deliver(char *s, size_t maxlen, const char *formatted, int length) {
    if (maxlen > 0) {
        size_t copied = (size_t)length < maxlen - 1 ? (size_t)length : maxlen - 1;
        memcpy(s, formatted, copied);
        s[copied] = '\0';
    }
    return length;
}

int __snprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *format, ...) {
    if (slen < maxlen) __chk_fail();
    va_list arguments;
    va_start(arguments, format);
    char formatted[48];
    int length = -1;
    // A decimal is written here only in a locale whose decimal point is "." (the C locale,
    // which this program never leaves); glibc writes the others' ("0,5"). The list of
    // decimals is read from a copy, so that glibc gets the arguments whole if it must.
    int precision = -1;
    const int given = strcmp(format, "%.*f") == 0;  // the precision is the first argument
    if (strcmp(format, "%f") == 0) precision = 6;
    else if (strcmp(format, "%.18f") == 0) precision = 18;
    if (precision >= 0 || given) {
        // Rounded to nearest as glibc does in the default rounding mode; under another
        // (fesetround), glibc writes it.
        if (fegetround() == FE_TONEAREST && strcmp(nl_langinfo(RADIXCHAR), ".") == 0) {
            va_list copy;
            va_copy(copy, arguments);
            if (given) precision = va_arg(copy, int);
            length = itinerary_format_fixed(formatted, va_arg(copy, double), precision);
            va_end(copy);
        }
    } else if (strcmp(format, "%d") == 0) {
        length = format_whole(formatted, va_arg(arguments, int));
    } else if (strcmp(format, "%ld") == 0) {
        length = format_whole(formatted, va_arg(arguments, long));
    } else if (strcmp(format, "%u") == 0) {
        length = format_unsigned(formatted, va_arg(arguments, unsigned int));
    } else if (strcmp(format, "%lu") == 0) {
        length = format_unsigned(formatted, va_arg(arguments, unsigned long));
    }
    // A whole number is always written here, so only a list nothing was read from goes to glibc.
    int result =
        length >= 0 ? deliver(s, maxlen, formatted, length) : __vsnprintf_chk(s, maxlen, flag, slen, format, arguments);
    va_end(arguments);
    return result;
}

int itinerary_fast_numbers_bound(void) {
    return dlsym(RTLD_DEFAULT, "__snprintf_chk") == (void *)__snprintf_chk;
}

#endif

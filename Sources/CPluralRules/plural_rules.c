#include "plural_rules.h"

#include <string.h>
#include <unicode/uchar.h>
#include <unicode/uenum.h>
#include <unicode/upluralrules.h>
#include <unicode/ustring.h>

int itinerary_plural_category(const char *locale, double number, char *out, int capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UPluralRules *rules = uplrules_open(locale, &status);
    if (U_FAILURE(status)) return -1;
    UChar keyword[32];
    int32_t length = uplrules_select(rules, number, keyword, 32, &status);
    uplrules_close(rules);
    if (U_FAILURE(status) || length >= capacity) return -1;
    u_UCharsToChars(keyword, out, length);
    out[length] = 0;
    return length;
}

int itinerary_plural_categories(const char *locale, char *out, int capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UPluralRules *rules = uplrules_open(locale, &status);
    if (U_FAILURE(status)) return -1;
    UEnumeration *keywords = uplrules_getKeywords(rules, &status);
    int written = 0;
    int32_t length = 0;
    const char *keyword;
    while (U_SUCCESS(status) && (keyword = uenum_next(keywords, &length, &status)) != NULL) {
        if (written + length + 2 > capacity) {
            status = U_BUFFER_OVERFLOW_ERROR;
            break;
        }
        if (written > 0) out[written++] = ' ';
        memcpy(out + written, keyword, (size_t)length);
        written += length;
    }
    uenum_close(keywords);
    uplrules_close(rules);
    if (U_FAILURE(status)) return -1;
    out[written] = 0;
    return written;
}

int itinerary_is_east_asian_wide(unsigned int code_point) {
    int width = u_getIntPropertyValue((UChar32)code_point, UCHAR_EAST_ASIAN_WIDTH);
    return width == U_EA_WIDE || width == U_EA_FULLWIDTH;
}

#ifndef ITINERARY_PLURAL_RULES_H
#define ITINERARY_PLURAL_RULES_H

/// What Foundation does not offer on Linux, through Debian's ICU (libicu):
/// CLDR's plural rules, which the catalogues need, and Unicode's East Asian
/// Width, which lines terminal text up.

/// Writes the plural category of `number` in `locale` ("one", "few", "other", …)
/// into `out`, NUL-terminated; returns its length, or -1 when ICU fails.
int itinerary_plural_category(const char *locale, double number, char *out, int capacity);

/// Writes the locale's plural categories into `out`, separated by spaces; returns the length, or -1.
int itinerary_plural_categories(const char *locale, char *out, int capacity);

/// Whether a code point takes two terminal cells by Unicode's East Asian Width
/// (UAX #11): 1 for Wide or Fullwidth, else 0.
int itinerary_is_east_asian_wide(unsigned int code_point);

#endif

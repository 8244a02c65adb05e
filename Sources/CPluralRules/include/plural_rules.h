#ifndef ITINERARY_PLURAL_RULES_H
#define ITINERARY_PLURAL_RULES_H

/// CLDR's plural rules through Debian's ICU (libicu): the one thing the
/// catalogues need that Foundation does not offer on Linux.

/// Writes the plural category of `number` in `locale` ("one", "few", "other", …)
/// into `out`, NUL-terminated; returns its length, or -1 when ICU fails.
int itinerary_plural_category(const char *locale, double number, char *out, int capacity);

/// Writes the locale's plural categories into `out`, separated by spaces; returns the length, or -1.
int itinerary_plural_categories(const char *locale, char *out, int capacity);

#endif

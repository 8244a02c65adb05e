#ifndef ITINERARY_PDF_READ_H
#define ITINERARY_PDF_READ_H

/// Reads back the trip a PDF carries (issue #45): the embedded file whose relationship to the document is
/// /Source and whose media type is application/json, as the finisher attaches it. Read with qpdf (Debian's
/// libqpdf), which reads any PDF, the finished ones (cross-reference and object streams) and encrypted ones
/// alike: unlike the finisher's own reader, made for Cairo's files alone. Plain C: the implementation is C++.

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The attached trip's bytes, malloc'ed into `*out` (free them with free()), and 0; or -1 with one sentence
/// in `error` (not a PDF, damaged, locked with another password, no attached trip). `password` may be NULL.
int itinerary_pdf_attached_trip(const unsigned char *pdf, size_t size, const char *password, unsigned char **out,
                                size_t *out_size, char *error, size_t error_capacity);

#ifdef __cplusplus
}
#endif

#endif

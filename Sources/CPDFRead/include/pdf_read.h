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

/// Why the trip could not be read (besides the sentence in `error`).
enum {
    ITINERARY_PDF_READ_FAILED = -1,          // not a PDF, or damaged
    ITINERARY_PDF_READ_NO_TRIP = -2,         // no attached trip
    ITINERARY_PDF_READ_LOCKED = -3,          // locked, and no password given
    ITINERARY_PDF_READ_WRONG_PASSWORD = -4,  // locked with another password
    ITINERARY_PDF_READ_TOO_LARGE = -5,       // the trip inflates past `limit` bytes (decoding stopped there)
};

/// The attached trip's bytes, malloc'ed into `*out` (free them with free()), and 0; or one of the codes above
/// with one sentence in `error`. `password` may be NULL. The trip is decoded a block at a time and refused
/// as soon as it passes `limit` bytes, so memory stays within the limit whatever the stream inflates to.
int itinerary_pdf_attached_trip(const unsigned char *pdf, size_t size, const char *password, size_t limit,
                                unsigned char **out, size_t *out_size, char *error, size_t error_capacity);

#ifdef __cplusplus
}
#endif

#endif

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

/// A signature field's value as the PDF has it (issue #51): read to check the signature, never trusted before.
typedef struct itinerary_pdf_signature {
    long long byte_range[4];   /* /ByteRange's first four numbers */
    size_t byte_range_count;   /* how many numbers it has (4 for a signature of one gap) */
    long long contents_offset; /* where qpdf read /Contents in the file, its '<'; -1 when it cannot say */
    int contents_is_string;    /* /Contents is a string */
    char sub_filter[64];       /* /SubFilter without its '/', cut */
    char signing_time[64];     /* /M as text ("D:20260306120000Z"), cut; empty without one */
} itinerary_pdf_signature;

/// The signature fields' values (/FT /Sig with a /V), in the form's order, malloc'ed into `*out` (free them with
/// free()), and their count; or with one sentence in `error`, ITINERARY_PDF_READ_LOCKED (locked, no password given),
/// ITINERARY_PDF_READ_WRONG_PASSWORD or ITINERARY_PDF_READ_FAILED (not a PDF, damaged).
/// `password` may be NULL.
int itinerary_pdf_signatures(const unsigned char *pdf, size_t size, const char *password, itinerary_pdf_signature **out,
                             size_t *count, char *error, size_t error_capacity);

#ifdef __cplusplus
}
#endif

#endif

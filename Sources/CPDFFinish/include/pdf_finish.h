#ifndef ITINERARY_PDF_FINISH_H
#define ITINERARY_PDF_FINISH_H

/// What Cairo 1.16 cannot write for PDF/UA-1 (and PDF/A-2a), added to its PDF: the catalog's
/// /Lang, /ViewerPreferences and XMP /Metadata, /Alt on figures, /Scope on table headers,
/// artifacts around everything painted outside a structure tag, /CIDToGIDMap, /Tabs, link
/// /Contents and Print flags; for PDF/A also the output intent, no /Interpolate, /CharSet on
/// Type 1 subsets. Everything Cairo drew outside a structure tag becomes an artifact, real text
/// included: text a reader must hear has to be drawn inside a leaf element (P, H1…, Span, Link, TD…).
///
/// A small reader and writer made for the files Cairo 1.16 writes (a classic cross-reference
/// table, `N 0 obj … endobj`, page content uncompressed under CAIRO_DEBUG_PDF or /FlateDecode),
/// in C++17 with libdeflate and zlib only. Anything else (a cross-reference stream, encryption, a table that
/// does not match the objects) is refused with one sentence, never repaired. The finished file is
/// a full rewrite: unchanged objects copied byte for byte, streams deflated, every other object
/// packed into object streams behind a cross-reference stream (PDF 1.7). Plain C: the
/// implementation is C++, this header is not.

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A finished PDF, owned by the caller until itinerary_pdf_finish_free.
typedef struct itinerary_pdf_finish itinerary_pdf_finish;

/// Finishes Cairo's PDF for PDF/UA-1 (and PDF/A-2a when pdfa != 0). NULL on failure, with a one-sentence reason in `error`;
/// any input, however damaged or hostile, gives one or the other. The same input always gives the same bytes: no clock
/// is read, dates come from the Info dictionary, /ID from the bytes written.
itinerary_pdf_finish *itinerary_pdf_finish_run(const unsigned char *pdf, size_t size,
    const char *language,          /* BCP 47, e.g. "de-CH": catalog /Lang, dc:language */
    const char *title,             /* UTF-8: dc:title and Info /Title */
    const char *const *alternatives, size_t alternative_count, /* /Alt text (UTF-8) for each /Figure StructElem, in depth-first structure-tree order */
    int pdfa,                      /* also PDF/A-2a */
    const char *icc_profile_path,  /* sRGB ICC profile file for the PDF/A output intent; may be NULL when pdfa == 0 */
    char *error, size_t error_capacity);

/// The same, with the alternative texts one after another in `alternatives_size` bytes, text i being the next
/// `alternative_sizes[i]` bytes: a text may hold U+0000 (written to its /Alt as such) and no text is cut at a NUL.
/// The sizes must add up to `alternatives_size`, and none may be 0. What Swift passes: the texts' UTF-8, with no
/// array of C strings to build.
itinerary_pdf_finish *itinerary_pdf_finish_run_sized(const unsigned char *pdf, size_t size, const char *language,
    const char *title, const char *alternatives, size_t alternatives_size, const size_t *alternative_sizes,
    size_t alternative_count, int pdfa, const char *icc_profile_path, char *error, size_t error_capacity);

/// The finished PDF's length in bytes.
size_t itinerary_pdf_finish_size(const itinerary_pdf_finish *result);

/// Copies the finished PDF's itinerary_pdf_finish_size bytes to `out`.
void itinerary_pdf_finish_copy(const itinerary_pdf_finish *result, unsigned char *out);

/// Frees a result; NULL is allowed.
void itinerary_pdf_finish_free(itinerary_pdf_finish *result);

#ifdef __cplusplus
}
#endif

#endif

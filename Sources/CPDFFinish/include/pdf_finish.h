#ifndef ITINERARY_PDF_FINISH_H
#define ITINERARY_PDF_FINISH_H

/// What Cairo 1.16 cannot write for PDF/UA-1 (and PDF/A-2a), added to its PDF: the catalog's
/// /Lang, /ViewerPreferences and XMP /Metadata, /Alt on figures, /Scope on table headers,
/// artifacts around everything painted outside a structure tag, /CIDToGIDMap, /Tabs, link
/// /Contents and Print flags; for PDF/A also the output intent, no /Interpolate, /CharSet on
/// Type 1 subsets. Everything Cairo drew outside a structure tag becomes an artifact, real text
/// included: text a reader must hear has to be drawn inside a leaf element (P, H1…, Span, Link, TD…).
/// On request (itinerary_pdf_extras) also a file attached to the document, the trip it was made from, and
/// encryption with AES-256 (PDF 2.0's standard security handler).
///
/// A small reader and writer made for the files Cairo 1.16 writes (a classic cross-reference
/// table, `N 0 obj … endobj`, page content uncompressed under CAIRO_DEBUG_PDF or /FlateDecode),
/// in C++17 with libdeflate, zlib and OpenSSL's libcrypto only. Anything else (a cross-reference stream, encryption,
/// a table that does not match the objects) is refused with one sentence, never repaired. The finished file is
/// a full rewrite: unchanged objects copied byte for byte, streams deflated, every other object
/// packed into object streams behind a cross-reference stream (PDF 1.7). Plain C: the
/// implementation is C++, this header is not.

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A finished PDF, owned by the caller until itinerary_pdf_finish_free.
typedef struct itinerary_pdf_finish itinerary_pdf_finish;

/// Finishes Cairo's PDF for PDF/UA-1 (and PDF/A-2a when pdfa != 0). NULL on failure, with a one-sentence reason in
/// `error`; any input, however damaged or hostile, gives one or the other. The same input always gives the same bytes:
/// no clock is read, dates come from the Info dictionary, /ID from the bytes written.
itinerary_pdf_finish *itinerary_pdf_finish_run(
    const unsigned char *pdf, size_t size,                     /* Cairo's PDF, `size` bytes */
    const char *language,                                      /* BCP 47, e.g. "de-CH": catalog /Lang, dc:language */
    const char *title,                                         /* UTF-8: dc:title and Info /Title */
    const char *const *alternatives, size_t alternative_count, /* /Alt text (UTF-8) for each /Figure StructElem, in
                                                                  depth-first structure-tree order */
    int pdfa,                                                  /* also PDF/A-2a */
    const char *icc_profile_path,                              /* sRGB ICC profile file for the PDF/A output intent;
                                                                  may be NULL when pdfa == 0 */
    char *error, size_t error_capacity);

/// The same, with the alternative texts one after another in `alternatives_size` bytes, text i being the next
/// `alternative_sizes[i]` bytes: a text may hold U+0000 (written to its /Alt as such) and no text is cut at a NUL.
/// The sizes must add up to `alternatives_size`, and none may be 0. What Swift passes: the texts' UTF-8, with no
/// array of C strings to build.
itinerary_pdf_finish *itinerary_pdf_finish_run_sized(const unsigned char *pdf, size_t size, const char *language,
                                                     const char *title, const char *alternatives,
                                                     size_t alternatives_size, const size_t *alternative_sizes,
                                                     size_t alternative_count, int pdfa, const char *icc_profile_path,
                                                     char *error, size_t error_capacity);

/// What encryption derives from the passwords and the random seed alone (itinerary_pdf_keys_derive), owned by the
/// caller until itinerary_pdf_keys_free.
typedef struct itinerary_pdf_keys itinerary_pdf_keys;

/// What a finished PDF may carry beyond PDF/UA-1 (and PDF/A): each part is off when its pointer is NULL. A struct
/// rather than more parameters: a part added later is a field, not another entry point.
///
/// The attachment (issue #45) is the trip the document was made from: an embedded file stream (application/json,
/// deflated, /Params with /Size and, when Info has a date, /ModDate) and its file specification (/F, /UF, /Desc,
/// /AFRelationship /Source), named in the catalog's /AF and in its EmbeddedFiles name tree (merged with the /Names
/// Cairo writes for links). No /CheckSum: neither PDF/A-3 nor PDF/UA-1 (veraPDF's rules) asks for one, and an MD5
/// (2.4 ms for a 1.7 MB trip) would double what attaching costs. With pdfa != 0 an attachment makes the file
/// PDF/A-3a (XMP pdfaid:part 3), which allows any attached file; without one PDF/A stays PDF/A-2a.
///
/// Encryption follows ISO 32000-2, 7.6.4 (/V 5 /R 6, AES-256 for every string and stream, the metadata included),
/// with the key derivation (algorithms 2.A, 2.B, 8, 9, 10) written here and every cryptographic primitive OpenSSL's.
/// The user password opens the file; the owner password is the permissions password. The permissions (/P -1324)
/// allow printing at full quality, copying and extraction for accessibility (PDF/UA-1, 7.16), and nothing that
/// changes the document. Passwords are UTF-8 bytes used as given, cut to their first 127 bytes as the standard
/// says; SASLprep, which the standard applies first, is not: pass passwords in Unicode NFKC without characters
/// SASLprep maps to nothing (an ASCII password is never changed by it). Encryption and PDF/A are refused together:
/// PDF/A forbids encryption.
///
/// The finisher reads no clock and no random device: the 32-byte file key, the four 8-byte salts of /U and /O, the
/// random bytes of /Perms and the 16-byte initialisation vector of each string and stream are drawn, in that order,
/// from AES-256-CTR keyed with SHA-256 of `random_seed` (OpenSSL). The caller passes at least 32 bytes from the
/// system's secure generator; the same seed gives the same bytes, so a test can pin it.
///
/// Deriving /U, /UE, /O and /OE (algorithm 2.B, deliberately slow: about 2.6 ms) is most of what encrypting costs. A
/// caller can do it first, on another thread while the pages are drawn, with itinerary_pdf_keys_derive, and pass the
/// result as `keys`: the finisher then only encrypts the strings and streams, and the file is byte for byte the one
/// the same passwords and seed give through the extras.
typedef struct itinerary_pdf_extras {
    const unsigned char *attachment;     /* the file's bytes (the trip's itinerary/v1 JSON), or NULL: no attachment */
    size_t attachment_size;              /* its length; 0 is an empty file */
    const char *attachment_name;         /* UTF-8 file name, e.g. "spring-swing-2026.json": /F, /UF and the name tree's
                                            key; 1 to 255 bytes, no control character, '/' or '\\'. Required with an
                                            attachment */
    const char *attachment_description;  /* UTF-8, at most 16,000 bytes, e.g. "The trip this document was made from
                                            (itinerary/v1 JSON)": /Desc. NULL: none */
    const unsigned char *user_password;  /* opens the document (UTF-8, not empty), or NULL: not encrypted */
    size_t user_password_size;           /* its length in bytes */
    const unsigned char *owner_password; /* the permissions password (UTF-8, not empty), or NULL: the user password */
    size_t owner_password_size;          /* its length in bytes */
    const unsigned char *random_seed;    /* at least 32 bytes from a secure generator; required with a password */
    size_t random_seed_size;             /* its length in bytes */
    const itinerary_pdf_keys *keys;      /* keys from itinerary_pdf_keys_derive, or NULL: derive them here from the
                                            passwords and the seed. When given, the document is encrypted with them and
                                            user_password, owner_password and random_seed are not read. Only read, and
                                            needed only during the call; one document per keys (see there) */
    size_t signature_size;               /* bytes of DER to make room for (issue #51), or 0: not signed */
    const char *signature_label;         /* UTF-8, at most 1,000 bytes: the signature field's /TU, what assistive
                                            technology reads for it ("Digital signature of …"); required with a
                                            signature */
} itinerary_pdf_extras;

/// The signature (issue #51, with itinerary_pdf_extras' signature_size): an invisible signature field for a PAdES
/// signature, /FT /Sig merged with its widget (/Rect [0 0 0 0], /F 132: printed and locked, so PDF/A allows it, an
/// empty appearance), the only field of the catalog's /AcroForm (/SigFlags 3) and an annotation of the first page
/// (/Tabs /S). For PDF/UA-1 the widget is the object of a Form structure element at the end of the document's element
/// (an /OBJR, its /StructParent in the parent tree) and its /TU is the label. Its value is the signature dictionary
/// (/Type /Sig, /Filter /Adobe.PPKLite, /SubFilter /ETSI.CAdES.detached, /M the document's creation date), an object
/// of its own outside the object streams: its /ByteRange is written at a fixed width and set once the file is whole,
/// to cover every byte but its /Contents, a hexadecimal string of zeros with room for signature_size bytes. Encrypted,
/// its strings are encrypted but /Contents (ISO 32000-2, 7.6.2). The caller signs the two ranges
/// (itinerary_pdf_finish_signature_gap) and puts the DER in (itinerary_pdf_finish_set_signature).

/// itinerary_pdf_finish_run_sized with the extras: `extras` NULL (or zeroed) finishes exactly as
/// itinerary_pdf_finish_run_sized does, byte for byte. Every other parameter is itinerary_pdf_finish_run_sized's.
itinerary_pdf_finish *itinerary_pdf_finish_run_extras(
    const unsigned char *pdf, size_t size, const char *language, const char *title, const char *alternatives,
    size_t alternatives_size, const size_t *alternative_sizes, size_t alternative_count, int pdfa,
    const char *icc_profile_path, const itinerary_pdf_extras *extras, /* an attachment, encryption, or NULL: neither */
    char *error, size_t error_capacity);

/// Derives everything of the AES-256 security handler that depends only on the passwords and the random seed
/// (algorithms 2.A, 2.B, 8, 9 and 10): the file key, the salts and /U, /UE, /O, /OE and /Perms, drawn and computed
/// as itinerary_pdf_extras says, with the same checks of the passwords and the seed (the owner password may be NULL:
/// the user password). The slow part of encryption, so that a caller can run it on another thread while the document
/// is drawn, then pass the result as itinerary_pdf_extras' `keys`. NULL on failure, with a one-sentence reason in
/// `error`. The keys are plain data, only read once made: they may be passed to another thread and read by a finish
/// there (one at a time or not). They also hold the random generator's state after what they drew, which the
/// finisher continues for the initialisation vectors; so use them for exactly one document: two documents finished
/// with the same keys share the file key and repeat the same initialisation vectors (not enforced).
itinerary_pdf_keys *itinerary_pdf_keys_derive(const unsigned char *user_password, size_t user_password_size,
                                              const unsigned char *owner_password, size_t owner_password_size,
                                              const unsigned char *random_seed, size_t random_seed_size, char *error,
                                              size_t error_capacity);

/// Frees keys, their secrets overwritten first; NULL is allowed. Not while a finish is using them.
void itinerary_pdf_keys_free(itinerary_pdf_keys *keys);

/// The finished PDF's length in bytes.
size_t itinerary_pdf_finish_size(const itinerary_pdf_finish *result);

/// Copies the finished PDF's itinerary_pdf_finish_size bytes to `out`.
void itinerary_pdf_finish_copy(const itinerary_pdf_finish *result, unsigned char *out);

/// The finished PDF's bytes, owned by the result: what a signature covers.
const unsigned char *itinerary_pdf_finish_bytes(const itinerary_pdf_finish *result);

/// Where the signature's /Contents is, from its '<' to after its '>': the bytes a signature does not cover. 0, and
/// both 0, for a PDF finished without a signature.
int itinerary_pdf_finish_signature_gap(const itinerary_pdf_finish *result, size_t *start, size_t *end);

/// Writes the signature's DER into /Contents as hexadecimal digits (the rest stays zeros). 0, or -1 with one sentence
/// in `error` when the PDF has no signature or the DER does not fit the room made for it (finish again with more).
int itinerary_pdf_finish_set_signature(itinerary_pdf_finish *result, const unsigned char *der, size_t size, char *error,
                                       size_t error_capacity);

/// Frees a result; NULL is allowed.
void itinerary_pdf_finish_free(itinerary_pdf_finish *result);

#ifdef __cplusplus
}
#endif

#endif

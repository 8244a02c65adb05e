#ifndef ITINERARY_SIGNING_H
#define ITINERARY_SIGNING_H

/// Signing with OpenSSL (issue #51): every OpenSSL call of signing and verifying is in this target. A signing identity
/// (a certificate, its chain and its private key, checked), a detached CMS SignedData over content given in parts (a
/// PDF's two byte ranges) as PAdES baseline wants it, an RFC 3161 time stamp of its signature value fetched over HTTP,
/// and the check of such a signature. What is a PDF is not here: the finisher (CPDFFinish) writes the signature field
/// and reserves the room; CPDFRead reads a signed PDF back.
///
/// Nothing here changes process-wide state: no OpenSSL setting or default is changed (OpenSSL initialises itself as it
/// always does), each call makes and frees its own contexts, and the thread's OpenSSL error queue is left empty. Every
/// sentence people read is the Swift side's (ItinerarySigning); this side gives codes, and OpenSSL's own reason where
/// it has one.

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A certificate, the certificates after it (its chain) and the private key that matches it, checked. Only read once
/// made: one identity may sign on many threads at once (OpenSSL 3 allows shared use of a key that nobody changes).
typedef struct itinerary_signing_identity itinerary_signing_identity;

/// Why an identity is refused.
typedef enum itinerary_signing_refusal {
    ITINERARY_SIGNING_ACCEPTED = 0,
    ITINERARY_SIGNING_NO_CERTIFICATE,     /* the certificate file holds no PEM certificate */
    ITINERARY_SIGNING_BAD_CERTIFICATE,    /* a CERTIFICATE block that is not one */
    ITINERARY_SIGNING_NO_KEY,             /* the key file holds no PEM private key */
    ITINERARY_SIGNING_KEY_NEEDS_PASSWORD, /* the key is encrypted and no password was given */
    ITINERARY_SIGNING_WRONG_PASSWORD,     /* the key is encrypted and the password does not open it */
    ITINERARY_SIGNING_UNSUPPORTED_KEY,    /* neither RSA nor EC */
    ITINERARY_SIGNING_KEY_MISMATCH,       /* the key is not the certificate's */
    ITINERARY_SIGNING_NOT_YET_VALID,      /* `now` is before notBefore */
    ITINERARY_SIGNING_EXPIRED,            /* `now` is after notAfter */
    ITINERARY_SIGNING_NO_SIGNING_USAGE,   /* key usage without digitalSignature and nonRepudiation */
} itinerary_signing_refusal;

/// Reads and checks an identity: `certificates` (PEM) holds the signer's certificate, then the chain; `key` (PEM) an
/// RSA or EC private key, PKCS #8 or traditional, encrypted or not; with `has_password`, the `password_size` bytes at
/// `password` open an encrypted key (an empty password is still one).
/// The certificate must be valid at `now` (seconds since 1970), allow signing documents (key usage digitalSignature or
/// nonRepudiation, or no key usage extension) and be the key's. NULL with the refusal in `*refusal`, and, once the
/// certificate is read, its notBefore and notAfter in `validity` (seconds since 1970) for the refusal's sentence.
itinerary_signing_identity *itinerary_signing_identity_load(const unsigned char *certificates, size_t certificates_size,
                                                            const unsigned char *key, size_t key_size, int has_password,
                                                            const unsigned char *password, size_t password_size,
                                                            long long now, itinerary_signing_refusal *refusal,
                                                            long long validity[2]);

/// Frees an identity; NULL is allowed.
void itinerary_signing_identity_free(itinerary_signing_identity *identity);

/// How many certificates the identity holds: the signer's, then its chain as the file had them.
size_t itinerary_signing_identity_certificate_count(const itinerary_signing_identity *identity);

/// Certificate `index` in DER, owned by the identity.
const unsigned char *itinerary_signing_identity_certificate(const itinerary_signing_identity *identity, size_t index,
                                                            size_t *size);

/// A part of the signer's name.
typedef enum itinerary_signing_name_part {
    ITINERARY_SIGNING_COMMON_NAME = 0,
    ITINERARY_SIGNING_USER_ID,
    ITINERARY_SIGNING_ORGANIZATIONAL_UNIT,
    ITINERARY_SIGNING_ORGANIZATION,
    ITINERARY_SIGNING_DISPLAY_NAME, /* the common name, else the organisation, else the whole name (RFC 2253) */
} itinerary_signing_name_part;

/// The signer's subject attribute as UTF-8, owned by the identity; NULL when the name has none.
const char *itinerary_signing_identity_name(const itinerary_signing_identity *identity,
                                            itinerary_signing_name_part part);

/// The largest signature the key makes, in bytes, and the certificates' DER bytes together: what a signature's room
/// must hold besides a few hundred bytes of structure.
size_t itinerary_signing_identity_size_hint(const itinerary_signing_identity *identity);

/// How a signing call ended.
typedef enum itinerary_signing_status {
    ITINERARY_SIGNING_SIGNED = 0,
    ITINERARY_SIGNING_FAILED,           /* OpenSSL refused: the reason in `error` */
    ITINERARY_SIGNING_TIMESTAMP_FAILED, /* the time-stamp authority did not answer, or not with a good token */
} itinerary_signing_status;

/// A detached CMS SignedData (RFC 5652) of the `content_size` bytes at `content` but those from `gap_start` up to
/// `gap_end` (a PDF's /Contents, which its /ByteRange leaves out; an empty gap for the whole content): SHA-256,
/// the signer's certificate and chain, and the signed attributes content-type, message-digest and ESS
/// signing-certificate-v2 (RFC 5035), as CAdES and PAdES baseline B-B (ETSI EN 319 142-1) want them, and no
/// signing-time (PAdES forbids it: the PDF's /M says the time). With `timestamp_url` (http:// or https://), the
/// signature value is time-stamped by that RFC 3161 authority (SHA-256, certificate requested, a nonce), waiting at
/// most `timeout_seconds`, and the token kept as the unsigned attribute signature-time-stamp
/// (id-aa-signatureTimeStampToken, 1.2.840.113549.1.9.16.2.14): B-T. The DER is malloc'ed into `*signature` (free with
/// itinerary_signing_free). On failure, OpenSSL's or the authority's reason (no full stop) in `error`.
itinerary_signing_status itinerary_signing_sign(const itinerary_signing_identity *identity, const void *content,
                                                size_t content_size, size_t gap_start, size_t gap_end,
                                                const char *timestamp_url, int timeout_seconds,
                                                unsigned char **signature, size_t *signature_size, char *error,
                                                size_t error_capacity);

/// Frees what a call here malloc'ed; NULL is allowed.
void itinerary_signing_free(void *bytes);

/// How a signature checks out.
typedef enum itinerary_signing_verdict {
    ITINERARY_SIGNING_INTACT = 0,          /* every byte as signed (and, with roots, the signer chains to them) */
    ITINERARY_SIGNING_UNREADABLE,          /* not a CMS SignedData with one signer and its certificate */
    ITINERARY_SIGNING_CHANGED,             /* the content or the signed attributes are not what was signed */
    ITINERARY_SIGNING_BAD_TIMESTAMP,       /* a time stamp that is not of this signature, or not intact */
    ITINERARY_SIGNING_UNTRUSTED,           /* intact, but the signer does not chain to the roots */
    ITINERARY_SIGNING_UNTRUSTED_TIMESTAMP, /* intact, but the time-stamp authority does not chain to the roots */
} itinerary_signing_verdict;

/// What a check found; strings are NUL-terminated UTF-8, cut to their buffers.
typedef struct itinerary_signing_report {
    itinerary_signing_verdict verdict;
    char signer[256];              /* the signer's display name */
    int cades;                     /* signing-certificate-v2 present and no signing-time: PAdES baseline */
    int has_timestamp;             /* a signature-time-stamp attribute, checked */
    long long timestamp_time;      /* its genTime, seconds since 1970 */
    char timestamp_authority[256]; /* the authority's display name */
    char reason[256];              /* OpenSSL's reason for a verdict other than INTACT */
} itinerary_signing_report;

/// Checks a detached CMS signature of the `content_size` bytes at `content` but those from `gap_start` up to `gap_end`.
/// With `roots` (PEM, one or more certificates), the signer must chain to them, as must a time-stamp authority; the
/// chain is checked at the time stamp's time when the authority chains, else at `now`. Returns the verdict, also in the
/// report.
itinerary_signing_verdict itinerary_signing_verify(const unsigned char *signature, size_t signature_size,
                                                   const void *content, size_t content_size, size_t gap_start,
                                                   size_t gap_end, const unsigned char *roots, size_t roots_size,
                                                   long long now, itinerary_signing_report *report);

/// Whether PEM bytes hold at least one certificate: a --trust file that does.
int itinerary_signing_has_certificates(const unsigned char *pem, size_t size);

#ifdef __cplusplus
}
#endif

#endif

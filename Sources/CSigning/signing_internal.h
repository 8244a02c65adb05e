// What the files of CSigning share.
#ifndef ITINERARY_SIGNING_INTERNAL_H
#define ITINERARY_SIGNING_INTERNAL_H

#include "signing.h"

#include <openssl/asn1.h>
#include <openssl/evp.h>
#include <openssl/x509.h>

struct itinerary_signing_identity {
    STACK_OF(X509) * certificates;  // the signer's first
    EVP_PKEY *key;
    unsigned char **der;  // each certificate in DER
    size_t *der_sizes;
    char *names[5];  // by itinerary_signing_name_part
};

// Whether a gap [start, end) lies within content of `size` bytes: what signing and verifying leave out.
static inline int itinerary_signing_gap_is_within(size_t size, size_t start, size_t end) {
    return start <= end && end <= size;
}

// Seconds since 1970 of an ASN.1 time; 0 for none.
long long itinerary_signing_seconds(const ASN1_TIME *time);

// A certificate's subject as people read it: the common name, else the organisation, else the whole name.
char *itinerary_signing_display_name(const X509 *certificate);

// Copies `text` into a buffer of `capacity` bytes, cut and NUL-terminated.
void itinerary_signing_say(char *buffer, size_t capacity, const char *text);

// OpenSSL's reason for the last failure on this thread, into `buffer`; the error queue is emptied.
void itinerary_signing_openssl_reason(char *buffer, size_t capacity, const char *fallback);

#endif

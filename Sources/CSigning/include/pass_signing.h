#ifndef ITINERARY_PASS_SIGNING_H
#define ITINERARY_PASS_SIGNING_H

/// A Wallet pass's signature (issue #53): what Apple's own pass tools make, with OpenSSL's PKCS7_sign.

#include <stddef.h>

#include "signing.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A detached PKCS #7 SignedData (DER) of `manifest`, signed as binary (no MIME canonicalisation), carrying the
/// signer's certificate and every certificate after it in the identity (Apple's WWDR intermediate) and the signed
/// attributes PKCS7_sign adds: content-type, signing-time (now), message-digest and S/MIME capabilities. The DER is
/// malloc'ed into `*signature` (free with itinerary_signing_free). On failure, OpenSSL's reason (no full stop) in
/// `error`.
itinerary_signing_status itinerary_signing_pass_sign(const itinerary_signing_identity *identity,
                                                     const unsigned char *manifest, size_t manifest_size,
                                                     unsigned char **signature, size_t *signature_size, char *error,
                                                     size_t error_capacity);

#ifdef __cplusplus
}
#endif

#endif

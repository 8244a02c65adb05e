// A Wallet pass's signature (issue #53), as Apple's signpass makes it: PKCS7_sign, detached and binary.
#include "pass_signing.h"

#include <limits.h>
#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/pkcs7.h>
#include <stdlib.h>

#include "signing_internal.h"

itinerary_signing_status itinerary_signing_pass_sign(const itinerary_signing_identity *identity,
                                                     const unsigned char *manifest, size_t manifest_size,
                                                     unsigned char **signature, size_t *signature_size, char *error,
                                                     size_t error_capacity) {
    *signature = NULL;
    *signature_size = 0;
    if (manifest_size > INT_MAX || sk_X509_num(identity->certificates) < 1) {
        itinerary_signing_say(error, error_capacity, "the manifest or the identity cannot be signed");
        return ITINERARY_SIGNING_FAILED;
    }
    itinerary_signing_status status = ITINERARY_SIGNING_FAILED;
    X509 *signer = sk_X509_value(identity->certificates, 0);
    // The chain: every certificate after the signer's, borrowed (the stack does not own them).
    STACK_OF(X509) *chain = sk_X509_new_null();
    BIO *content = BIO_new_mem_buf(manifest, (int)manifest_size);
    PKCS7 *signed_data = NULL;
    int ok = chain != NULL && content != NULL;
    for (int index = 1; ok && index < sk_X509_num(identity->certificates); index++) {
        ok = sk_X509_push(chain, sk_X509_value(identity->certificates, index)) > 0;
    }
    if (ok) signed_data = PKCS7_sign(signer, identity->key, chain, content, PKCS7_DETACHED | PKCS7_BINARY);
    // OpenSSL allocates the DER (freed with itinerary_signing_free, which is OPENSSL_free).
    unsigned char *der = NULL;
    int length = signed_data != NULL ? i2d_PKCS7(signed_data, &der) : -1;
    if (length > 0) {
        *signature = der;
        *signature_size = (size_t)length;
        status = ITINERARY_SIGNING_SIGNED;
        ERR_clear_error();
    } else {
        itinerary_signing_openssl_reason(error, error_capacity, "OpenSSL could not sign the pass's manifest");
    }
    PKCS7_free(signed_data);
    BIO_free(content);
    sk_X509_free(chain);
    return status;
}

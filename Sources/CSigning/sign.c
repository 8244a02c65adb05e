// A detached CMS signature as PAdES baseline wants it (include/signing.h).
//
// OpenSSL 3.0's CMS_SignerInfo_sign() always adds a signing-time attribute, which PAdES forbids (ETSI EN 319 142-1,
// 5.4.2: the time is the signature dictionary's /M), and CMS_final() reaches it for every signer. So the SignedData is
// made by CMS_sign() and CMS_add1_signer() with CMS_PARTIAL, which adds the signer, its certificates and ESS
// signing-certificate-v2 (CMS_CADES) and signs nothing; the message digest is taken here over the parts (no copy of
// the document into one buffer), the two other attributes are added with OpenSSL's calls, and the signed attributes
// are signed as CMS_SignerInfo_sign() signs them: their DER as a SET OF (PKCS7_ATTR_SIGN, the same template as CMS's,
// sorted as DER wants), with EVP_DigestSign and SHA-256. RSA's PKCS #1 v1.5 signature is the same for the same bytes.
#include "signing_internal.h"

#include <string.h>

#include <openssl/cms.h>
#include <openssl/err.h>
#include <openssl/pkcs7.h>

void itinerary_signing_say(char *buffer, size_t capacity, const char *text) {
    if (!buffer || capacity == 0) return;
    size_t length = strlen(text);
    if (length >= capacity) length = capacity - 1;
    memcpy(buffer, text, length);
    buffer[length] = '\0';
}

void itinerary_signing_openssl_reason(char *buffer, size_t capacity, const char *fallback) {
    unsigned long error = ERR_peek_last_error();
    const char *reason = error ? ERR_reason_error_string(error) : NULL;
    itinerary_signing_say(buffer, capacity, reason ? reason : fallback);
    ERR_clear_error();
}

// Adds the signature-time-stamp attribute from the authority at `url` (timestamp.c).
itinerary_signing_status itinerary_signing_add_timestamp(CMS_SignerInfo *signer, const char *url, int timeout_seconds,
                                                         char *error, size_t error_capacity);

// The SHA-256 of the content but its gap (itinerary_signing_gap_is_within checked first).
static int digest_around(const unsigned char *content, size_t size, size_t gap_start, size_t gap_end,
                         unsigned char *digest, unsigned int *digest_size) {
    EVP_MD_CTX *context = EVP_MD_CTX_new();
    int done = context && EVP_DigestInit_ex(context, EVP_sha256(), NULL);
    done = done && EVP_DigestUpdate(context, content, gap_start);
    done = done && EVP_DigestUpdate(context, content + gap_end, size - gap_end);
    done = done && EVP_DigestFinal_ex(context, digest, digest_size);
    EVP_MD_CTX_free(context);
    return done;
}

// Signs the signer's signed attributes as CMS_SignerInfo_sign() does, and sets the signature value.
static int sign_attributes(CMS_SignerInfo *signer, EVP_PKEY *key) {
    int count = CMS_signed_get_attr_count(signer);
    STACK_OF(X509_ATTRIBUTE) *attributes = sk_X509_ATTRIBUTE_new_null();
    int done = attributes != NULL && count > 0;
    for (int i = 0; done && i < count; ++i) done = sk_X509_ATTRIBUTE_push(attributes, CMS_signed_get_attr(signer, i));
    unsigned char *der = NULL;
    int der_size = done ? ASN1_item_i2d((ASN1_VALUE *)attributes, &der, ASN1_ITEM_rptr(PKCS7_ATTR_SIGN)) : -1;
    sk_X509_ATTRIBUTE_free(attributes);  // the attributes themselves are the signer's
    if (der_size <= 0) return 0;
    EVP_MD_CTX *context = EVP_MD_CTX_new();
    size_t size = 0;
    unsigned char *signature = NULL;
    done = context && EVP_DigestSignInit_ex(context, NULL, "SHA256", NULL, NULL, key, NULL) > 0 &&
           EVP_DigestSign(context, NULL, &size, der, (size_t)der_size) > 0 &&
           (signature = OPENSSL_malloc(size)) != NULL &&
           EVP_DigestSign(context, signature, &size, der, (size_t)der_size) > 0;
    EVP_MD_CTX_free(context);
    OPENSSL_free(der);
    if (!done) {
        OPENSSL_free(signature);
        return 0;
    }
    ASN1_STRING_set0(CMS_SignerInfo_get0_signature(signer), signature, (int)size);
    return 1;
}

itinerary_signing_status itinerary_signing_sign(const itinerary_signing_identity *identity, const void *content,
                                                size_t content_size, size_t gap_start, size_t gap_end,
                                                const char *timestamp_url, int timeout_seconds,
                                                unsigned char **signature, size_t *signature_size, char *error,
                                                size_t error_capacity) {
    *signature = NULL;
    *signature_size = 0;
    itinerary_signing_say(error, error_capacity, "");
    itinerary_signing_status status = ITINERARY_SIGNING_FAILED;
    const unsigned int flags = CMS_DETACHED | CMS_BINARY | CMS_CADES | CMS_NOSMIMECAP | CMS_PARTIAL;
    STACK_OF(X509) *chain = sk_X509_new_null();
    CMS_ContentInfo *cms = NULL;
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int digest_size = 0;
    if (!chain) goto done;
    for (int i = 1; i < sk_X509_num(identity->certificates); ++i)
        if (!sk_X509_push(chain, sk_X509_value(identity->certificates, i))) goto done;
    cms = CMS_sign(NULL, NULL, chain, NULL, flags);
    CMS_SignerInfo *signer =
        cms ? CMS_add1_signer(cms, sk_X509_value(identity->certificates, 0), identity->key, EVP_sha256(), flags) : NULL;
    if (!signer || !itinerary_signing_gap_is_within(content_size, gap_start, gap_end) ||
        !digest_around(content, content_size, gap_start, gap_end, digest, &digest_size))
        goto done;
    if (!CMS_signed_add1_attr_by_NID(signer, NID_pkcs9_contentType, V_ASN1_OBJECT, OBJ_nid2obj(NID_pkcs7_data), -1) ||
        !CMS_signed_add1_attr_by_NID(signer, NID_pkcs9_messageDigest, V_ASN1_OCTET_STRING, digest, (int)digest_size))
        goto done;
    if (!sign_attributes(signer, identity->key)) goto done;
    if (timestamp_url) {
        status = itinerary_signing_add_timestamp(signer, timestamp_url, timeout_seconds, error, error_capacity);
        if (status != ITINERARY_SIGNING_SIGNED) goto done;
        status = ITINERARY_SIGNING_FAILED;
    }
    unsigned char *der = NULL;
    int size = i2d_CMS_ContentInfo(cms, &der);
    if (size <= 0) goto done;
    *signature = der;
    *signature_size = (size_t)size;
    status = ITINERARY_SIGNING_SIGNED;
done:
    if (status == ITINERARY_SIGNING_FAILED && error && error_capacity && !error[0])
        itinerary_signing_openssl_reason(error, error_capacity, "OpenSSL cannot sign");
    CMS_ContentInfo_free(cms);
    sk_X509_free(chain);
    ERR_clear_error();
    return status;
}

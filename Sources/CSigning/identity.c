// The signing identity: the PEM certificate and its chain, the private key, and the checks an issuer's identity must
// pass before it signs anything (include/signing.h).
#define _DEFAULT_SOURCE  // timegm
#include "signing_internal.h"

#include <string.h>
#include <time.h>

#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/x509v3.h>

long long itinerary_signing_seconds(const ASN1_TIME *time) {
    struct tm tm;
    if (!time || !ASN1_TIME_to_tm(time, &tm)) return 0;
    return (long long)timegm(&tm);
}

static char *name_entry(const X509_NAME *name, int nid) {
    int index = X509_NAME_get_index_by_NID(name, nid, -1);
    if (index < 0) return NULL;
    unsigned char *utf8 = NULL;
    int length = ASN1_STRING_to_UTF8(&utf8, X509_NAME_ENTRY_get_data(X509_NAME_get_entry(name, index)));
    if (length < 0) return NULL;
    char *copy = OPENSSL_strndup((const char *)utf8, (size_t)length);
    OPENSSL_free(utf8);
    return copy;
}

char *itinerary_signing_display_name(const X509 *certificate) {
    const X509_NAME *name = X509_get_subject_name(certificate);
    char *shown = name_entry(name, NID_commonName);
    if (!shown) shown = name_entry(name, NID_organizationName);
    if (shown) return shown;
    BIO *out = BIO_new(BIO_s_mem());
    if (!out) return NULL;
    X509_NAME_print_ex(out, name, 0, XN_FLAG_RFC2253 & ~ASN1_STRFLGS_ESC_MSB);
    char *data = NULL;
    long length = BIO_get_mem_data(out, &data);
    char *copy = length > 0 ? OPENSSL_strndup(data, (size_t)length) : OPENSSL_strdup("");
    BIO_free(out);
    return copy;
}

// What an encrypted key's password callback saw.
struct password_use {
    const unsigned char *password;
    size_t size;
    int asked;
};

static int give_password(char *buffer, int capacity, int writing, void *context) {
    (void)writing;
    struct password_use *use = context;
    use->asked = 1;
    if (!use->password || capacity <= 0 || use->size > (size_t)capacity) return -1;
    memcpy(buffer, use->password, use->size);
    return (int)use->size;
}

// Every certificate of the PEM bytes, in order; 0 with the refusal when there is none or one is damaged.
static int read_certificates(const unsigned char *pem, size_t size, STACK_OF(X509) * certificates,
                             itinerary_signing_refusal *refusal) {
    BIO *in = BIO_new_mem_buf(pem, (int)size);
    if (!in) return 0;
    X509 *certificate;
    while ((certificate = PEM_read_bio_X509(in, NULL, NULL, NULL)) != NULL) {
        if (!sk_X509_push(certificates, certificate)) {
            X509_free(certificate);
            break;
        }
    }
    unsigned long error = ERR_peek_last_error();
    BIO_free(in);
    // The loop ends at the end of the text (no further BEGIN line); anything else is a block that is not a certificate.
    int ended = ERR_GET_LIB(error) == ERR_LIB_PEM && ERR_GET_REASON(error) == PEM_R_NO_START_LINE;
    ERR_clear_error();
    if (sk_X509_num(certificates) == 0) {
        *refusal = ended || error == 0 ? ITINERARY_SIGNING_NO_CERTIFICATE : ITINERARY_SIGNING_BAD_CERTIFICATE;
        return 0;
    }
    if (!ended && error != 0) {
        *refusal = ITINERARY_SIGNING_BAD_CERTIFICATE;
        return 0;
    }
    return 1;
}

static EVP_PKEY *read_key(const unsigned char *pem, size_t size, const unsigned char *password, size_t password_size,
                          itinerary_signing_refusal *refusal) {
    BIO *in = BIO_new_mem_buf(pem, (int)size);
    if (!in) return NULL;
    struct password_use use = {password, password_size, 0};
    EVP_PKEY *key = PEM_read_bio_PrivateKey_ex(in, NULL, give_password, &use, NULL, NULL);
    BIO_free(in);
    ERR_clear_error();
    if (key) return key;
    if (use.asked) *refusal = password ? ITINERARY_SIGNING_WRONG_PASSWORD : ITINERARY_SIGNING_KEY_NEEDS_PASSWORD;
    else *refusal = ITINERARY_SIGNING_NO_KEY;
    return NULL;
}

static itinerary_signing_refusal check(itinerary_signing_identity *identity, long long now) {
    X509 *signer = sk_X509_value(identity->certificates, 0);
    int type = EVP_PKEY_get_base_id(identity->key);
    if (type != EVP_PKEY_RSA && type != EVP_PKEY_EC) return ITINERARY_SIGNING_UNSUPPORTED_KEY;
    if (!X509_check_private_key(signer, identity->key)) return ITINERARY_SIGNING_KEY_MISMATCH;
    time_t at = (time_t)now;
    if (X509_cmp_time(X509_get0_notBefore(signer), &at) > 0) return ITINERARY_SIGNING_NOT_YET_VALID;
    if (X509_cmp_time(X509_get0_notAfter(signer), &at) < 0) return ITINERARY_SIGNING_EXPIRED;
    // No key usage extension: any use (RFC 5280, 4.2.1.3).
    uint32_t usage = X509_get_key_usage(signer);
    if (usage != UINT32_MAX && !(usage & (KU_DIGITAL_SIGNATURE | KU_NON_REPUDIATION)))
        return ITINERARY_SIGNING_NO_SIGNING_USAGE;
    return ITINERARY_SIGNING_ACCEPTED;
}

itinerary_signing_identity *itinerary_signing_identity_load(const unsigned char *certificates, size_t certificates_size,
                                                            const unsigned char *key, size_t key_size, int has_password,
                                                            const unsigned char *password, size_t password_size,
                                                            long long now, itinerary_signing_refusal *refusal,
                                                            long long validity[2]) {
    *refusal = ITINERARY_SIGNING_NO_CERTIFICATE;
    // From here on NULL means no password; an empty one is still a password.
    if (!has_password) password = NULL;
    else if (!password) password = (const unsigned char *)"";
    validity[0] = validity[1] = 0;
    if (!certificates || certificates_size == 0 || certificates_size > INT32_MAX) return NULL;
    itinerary_signing_identity *identity = OPENSSL_zalloc(sizeof *identity);
    if (!identity) return NULL;
    identity->certificates = sk_X509_new_null();
    if (!identity->certificates || !read_certificates(certificates, certificates_size, identity->certificates, refusal))
        goto refused;
    validity[0] = itinerary_signing_seconds(X509_get0_notBefore(sk_X509_value(identity->certificates, 0)));
    validity[1] = itinerary_signing_seconds(X509_get0_notAfter(sk_X509_value(identity->certificates, 0)));
    *refusal = ITINERARY_SIGNING_NO_KEY;
    if (!key || key_size == 0 || key_size > INT32_MAX) goto refused;
    identity->key = read_key(key, key_size, password, password_size, refusal);
    if (!identity->key) goto refused;
    *refusal = check(identity, now);
    if (*refusal != ITINERARY_SIGNING_ACCEPTED) goto refused;

    int count = sk_X509_num(identity->certificates);
    identity->der = OPENSSL_zalloc(sizeof *identity->der * (size_t)count);
    identity->der_sizes = OPENSSL_zalloc(sizeof *identity->der_sizes * (size_t)count);
    if (!identity->der || !identity->der_sizes) goto failed;
    for (int i = 0; i < count; ++i) {
        int length = i2d_X509(sk_X509_value(identity->certificates, i), &identity->der[i]);
        if (length <= 0) goto failed;
        identity->der_sizes[i] = (size_t)length;
    }
    X509 *signer = sk_X509_value(identity->certificates, 0);
    const X509_NAME *subject = X509_get_subject_name(signer);
    identity->names[ITINERARY_SIGNING_COMMON_NAME] = name_entry(subject, NID_commonName);
    identity->names[ITINERARY_SIGNING_USER_ID] = name_entry(subject, NID_userId);
    identity->names[ITINERARY_SIGNING_ORGANIZATIONAL_UNIT] = name_entry(subject, NID_organizationalUnitName);
    identity->names[ITINERARY_SIGNING_ORGANIZATION] = name_entry(subject, NID_organizationName);
    identity->names[ITINERARY_SIGNING_DISPLAY_NAME] = itinerary_signing_display_name(signer);
    if (!identity->names[ITINERARY_SIGNING_DISPLAY_NAME]) goto failed;
    ERR_clear_error();
    return identity;

failed:
    *refusal = ITINERARY_SIGNING_BAD_CERTIFICATE;
refused:
    itinerary_signing_identity_free(identity);
    ERR_clear_error();
    return NULL;
}

void itinerary_signing_identity_free(itinerary_signing_identity *identity) {
    if (!identity) return;
    int count = identity->certificates ? sk_X509_num(identity->certificates) : 0;
    if (identity->der)
        for (int i = 0; i < count; ++i) OPENSSL_free(identity->der[i]);
    OPENSSL_free(identity->der);
    OPENSSL_free(identity->der_sizes);
    for (size_t i = 0; i < sizeof identity->names / sizeof identity->names[0]; ++i) OPENSSL_free(identity->names[i]);
    sk_X509_pop_free(identity->certificates, X509_free);
    EVP_PKEY_free(identity->key);
    OPENSSL_free(identity);
}

size_t itinerary_signing_identity_certificate_count(const itinerary_signing_identity *identity) {
    return (size_t)sk_X509_num(identity->certificates);
}

const unsigned char *itinerary_signing_identity_certificate(const itinerary_signing_identity *identity, size_t index,
                                                            size_t *size) {
    if (index >= itinerary_signing_identity_certificate_count(identity)) {
        *size = 0;
        return NULL;
    }
    *size = identity->der_sizes[index];
    return identity->der[index];
}

const char *itinerary_signing_identity_name(const itinerary_signing_identity *identity,
                                            itinerary_signing_name_part part) {
    if ((size_t)part >= sizeof identity->names / sizeof identity->names[0]) return NULL;
    return identity->names[part];
}

size_t itinerary_signing_identity_size_hint(const itinerary_signing_identity *identity) {
    size_t size = (size_t)EVP_PKEY_get_size(identity->key);
    for (size_t i = 0; i < itinerary_signing_identity_certificate_count(identity); ++i) size += identity->der_sizes[i];
    return size;
}

void itinerary_signing_free(void *bytes) {
    OPENSSL_free(bytes);
}

int itinerary_signing_has_certificates(const unsigned char *pem, size_t size) {
    if (!pem || size == 0 || size > INT32_MAX) return 0;
    STACK_OF(X509) *certificates = sk_X509_new_null();
    if (!certificates) return 0;
    itinerary_signing_refusal refusal = ITINERARY_SIGNING_ACCEPTED;
    int found = read_certificates(pem, size, certificates, &refusal);
    sk_X509_pop_free(certificates, X509_free);
    return found;
}

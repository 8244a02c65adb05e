// Checking a detached CMS signature and its time stamp (include/signing.h): OpenSSL's CMS_verify for the signature
// and its ESS signing certificate, its TS API for the token, X509_verify_cert for the chains.
#include "signing_internal.h"

#include <string.h>

#include <openssl/cms.h>
#include <openssl/err.h>
#include <openssl/ess.h>
#include <openssl/pem.h>
#include <openssl/ts.h>
#include <openssl/x509v3.h>

static void name_into(char *buffer, size_t capacity, const X509 *certificate) {
    char *name = certificate ? itinerary_signing_display_name(certificate) : NULL;
    itinerary_signing_say(buffer, capacity, name ? name : "");
    OPENSSL_free(name);
}

static X509_STORE *store_of(const unsigned char *pem, size_t size) {
    if (!pem || size == 0 || size > INT32_MAX) return NULL;
    X509_STORE *store = X509_STORE_new();
    BIO *in = BIO_new_mem_buf(pem, (int)size);
    X509 *certificate;
    int count = 0;
    while (store && in && (certificate = PEM_read_bio_X509(in, NULL, NULL, NULL)) != NULL) {
        count += X509_STORE_add_cert(store, certificate) == 1;
        X509_free(certificate);
    }
    BIO_free(in);
    ERR_clear_error();
    if (count > 0) return store;
    X509_STORE_free(store);
    return NULL;
}

// Whether `certificate` chains to the store's roots at `at`, through `untrusted`; the reason when not.
static int chains(X509_STORE *store, X509 *certificate, STACK_OF(X509) * untrusted, long long at, int purpose,
                  char *reason, size_t capacity) {
    X509_STORE_CTX *context = X509_STORE_CTX_new();
    int ok = context && X509_STORE_CTX_init(context, store, certificate, untrusted);
    if (ok) {
        X509_STORE_CTX_set_purpose(context, purpose);
        X509_STORE_CTX_set_time(context, 0, (time_t)at);
        ok = X509_verify_cert(context) == 1;
        if (!ok)
            itinerary_signing_say(reason, capacity, X509_verify_cert_error_string(X509_STORE_CTX_get_error(context)));
    }
    X509_STORE_CTX_free(context);
    ERR_clear_error();
    return ok;
}

// The signature-time-stamp token of a signer, checked against its signature value; NULL when it has none.
static itinerary_signing_verdict check_timestamp(CMS_SignerInfo *signer, X509_STORE *store, long long now,
                                                 itinerary_signing_report *report) {
    int index = CMS_unsigned_get_attr_by_NID(signer, NID_id_smime_aa_timeStampToken, -1);
    if (index < 0) return ITINERARY_SIGNING_INTACT;
    report->has_timestamp = 1;
    ASN1_TYPE *value = X509_ATTRIBUTE_get0_type(CMS_unsigned_get_attr(signer, index), 0);
    if (!value || value->type != V_ASN1_SEQUENCE) return ITINERARY_SIGNING_BAD_TIMESTAMP;
    const unsigned char *der = ASN1_STRING_get0_data(value->value.sequence);
    PKCS7 *token = d2i_PKCS7(NULL, &der, ASN1_STRING_length(value->value.sequence));
    TS_TST_INFO *info = token ? PKCS7_to_TS_TST_INFO(token) : NULL;
    TS_VERIFY_CTX *verify = TS_VERIFY_CTX_new();
    itinerary_signing_verdict verdict = ITINERARY_SIGNING_BAD_TIMESTAMP;
    if (!info || !verify) goto done;
    // The imprint, by the token's own algorithm, of this signature's value.
    const X509_ALGOR *algorithm = TS_MSG_IMPRINT_get_algo(TS_TST_INFO_get_msg_imprint(info));
    const EVP_MD *md = EVP_get_digestbyobj(algorithm->algorithm);
    ASN1_OCTET_STRING *signature = CMS_SignerInfo_get0_signature(signer);
    unsigned char *imprint = md ? OPENSSL_malloc((size_t)EVP_MD_get_size(md)) : NULL;
    unsigned int imprint_size = 0;
    if (!imprint || !EVP_Digest(ASN1_STRING_get0_data(signature), (size_t)ASN1_STRING_length(signature), imprint,
                                &imprint_size, md, NULL)) {
        OPENSSL_free(imprint);
        goto done;
    }
    TS_VERIFY_CTX_set_imprint(verify, imprint, imprint_size);  // the context owns it now
    TS_VERIFY_CTX_add_flags(verify, TS_VFY_VERSION | TS_VFY_IMPRINT);
    if (TS_RESP_verify_token(verify, token) <= 0 || PKCS7_verify(token, NULL, NULL, NULL, NULL, PKCS7_NOVERIFY) <= 0)
        goto done;
    report->timestamp_time = itinerary_signing_seconds(TS_TST_INFO_get_time(info));
    STACK_OF(X509) *signers = PKCS7_get0_signers(token, NULL, 0);
    X509 *authority = signers && sk_X509_num(signers) > 0 ? sk_X509_value(signers, 0) : NULL;
    name_into(report->timestamp_authority, sizeof report->timestamp_authority, authority);
    verdict = ITINERARY_SIGNING_INTACT;
    // With roots, the authority must chain to them too, as a time-stamping certificate (critical timeStamping).
    if (store && authority &&
        !chains(store, authority, token->d.sign->cert, now, X509_PURPOSE_TIMESTAMP_SIGN, report->reason,
                sizeof report->reason))
        verdict = ITINERARY_SIGNING_UNTRUSTED_TIMESTAMP;
    sk_X509_free(signers);
done:
    if (verdict == ITINERARY_SIGNING_BAD_TIMESTAMP)
        itinerary_signing_openssl_reason(report->reason, sizeof report->reason, "the token does not match");
    TS_VERIFY_CTX_free(verify);
    TS_TST_INFO_free(info);
    PKCS7_free(token);
    ERR_clear_error();
    return verdict;
}

// Whether the signer's ESS signing-certificate-v2 attribute names its certificate (RFC 5035). CMS_verify does this
// with CMS_CADES only while it checks the chain too, which must stay apart here: a changed file is not an untrusted
// one. Without the attribute, 1: such a signature is not PAdES baseline, which the report says.
static int names_its_certificate(CMS_SignerInfo *signer, X509 *certificate) {
    ASN1_STRING *value =
        CMS_signed_get0_data_by_OBJ(signer, OBJ_nid2obj(NID_id_smime_aa_signingCertificateV2), -3, V_ASN1_SEQUENCE);
    if (!value) return 1;
    const unsigned char *der = ASN1_STRING_get0_data(value);
    ESS_SIGNING_CERT_V2 *names = d2i_ESS_SIGNING_CERT_V2(NULL, &der, ASN1_STRING_length(value));
    STACK_OF(X509) *chain = sk_X509_new_null();
    int ok =
        names && chain && sk_X509_push(chain, certificate) && OSSL_ESS_check_signing_certs(NULL, names, chain, 1) > 0;
    sk_X509_free(chain);
    ESS_SIGNING_CERT_V2_free(names);
    return ok;
}

itinerary_signing_verdict itinerary_signing_verify(const unsigned char *signature, size_t signature_size,
                                                   const void *content_bytes, size_t content_size, size_t gap_start,
                                                   size_t gap_end, const unsigned char *roots, size_t roots_size,
                                                   long long now, itinerary_signing_report *report) {
    memset(report, 0, sizeof *report);
    report->verdict = ITINERARY_SIGNING_UNREADABLE;
    const unsigned char *der = signature;
    CMS_ContentInfo *cms = signature_size <= INT32_MAX ? d2i_CMS_ContentInfo(NULL, &der, (long)signature_size) : NULL;
    X509_STORE *store = roots ? store_of(roots, roots_size) : NULL;
    STACK_OF(X509) *certificates = NULL;
    BIO *content = NULL;
    unsigned char *joined = NULL;
    STACK_OF(CMS_SignerInfo) *signers =
        cms && OBJ_obj2nid(CMS_get0_type(cms)) == NID_pkcs7_signed ? CMS_get0_SignerInfos(cms) : NULL;
    if (!signers || sk_CMS_SignerInfo_num(signers) != 1 || CMS_set1_signers_certs(cms, NULL, 0) != 1) goto done;
    CMS_SignerInfo *signer = sk_CMS_SignerInfo_value(signers, 0);
    X509 *certificate = NULL;
    CMS_SignerInfo_get0_algs(signer, NULL, &certificate, NULL, NULL);
    if (!certificate) goto done;
    name_into(report->signer, sizeof report->signer, certificate);
    report->cades = CMS_signed_get_attr_by_NID(signer, NID_id_smime_aa_signingCertificateV2, -1) >= 0 &&
                    CMS_signed_get_attr_by_NID(signer, NID_pkcs9_signingTime, -1) < 0;

    // The content but its gap, joined.
    if (!itinerary_signing_gap_is_within(content_size, gap_start, gap_end)) goto done;
    size_t total = content_size - (gap_end - gap_start);
    if (total > INT32_MAX) goto done;
    joined = OPENSSL_malloc(total ? total : 1);
    if (!joined) goto done;
    const unsigned char *bytes = content_bytes;
    memcpy(joined, bytes, gap_start);
    memcpy(joined + gap_start, bytes + gap_end, content_size - gap_end);
    content = BIO_new_mem_buf(joined, (int)total);
    // The signature over the content and the signed attributes, and ESS signing-certificate(-v2) naming this signer.
    if (!content || CMS_verify(cms, NULL, NULL, content, NULL, CMS_BINARY | CMS_NO_SIGNER_CERT_VERIFY) != 1 ||
        !names_its_certificate(signer, certificate)) {
        report->verdict = ITINERARY_SIGNING_CHANGED;
        itinerary_signing_openssl_reason(report->reason, sizeof report->reason, "the signature does not match");
        goto done;
    }
    report->verdict = check_timestamp(signer, store, now, report);
    if (report->verdict != ITINERARY_SIGNING_INTACT || !store) goto done;
    // The signer's chain: at the time stamp's time when a trusted authority vouches for it, else now.
    certificates = CMS_get1_certs(cms);
    long long at = report->has_timestamp ? report->timestamp_time : now;
    if (!chains(store, certificate, certificates, at, X509_PURPOSE_ANY, report->reason, sizeof report->reason))
        report->verdict = ITINERARY_SIGNING_UNTRUSTED;
done:
    sk_X509_pop_free(certificates, X509_free);
    BIO_free(content);
    OPENSSL_free(joined);
    X509_STORE_free(store);
    CMS_ContentInfo_free(cms);
    ERR_clear_error();
    return report->verdict;
}

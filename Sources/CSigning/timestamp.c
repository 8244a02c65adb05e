// B-T: the signature value time-stamped by an RFC 3161 authority. The query and the answer are OpenSSL's TS API's;
// the HTTP exchange is OpenSSL's blocking client (OSSL_HTTP_transfer, with its time limit), TLS through libssl for an
// https:// authority, so a render stays plain sequential code with no HTTP stack of its own.
#define _POSIX_C_SOURCE 200809L  // pthread_sigmask, sigtimedwait
#include "signing_internal.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <openssl/cms.h>
#include <openssl/err.h>
#include <openssl/http.h>
#include <openssl/rand.h>
#include <openssl/ssl.h>
#include <openssl/ts.h>

// The largest answer read: a token with its authority's chain is a few kilobytes.
#define MAX_ANSWER (1 << 20)

// TLS for an https:// authority: the system's trusted roots, the host's name checked (OSSL_HTTP_transfer's callback).
struct tls {
    SSL_CTX *context;
    const char *host;
};

static BIO *tls_over(BIO *bio, void *argument, int connect, int detail) {
    struct tls *tls = argument;
    if (!connect || !detail) return bio;
    BIO *ssl_bio = BIO_new_ssl(tls->context, 1);
    if (!ssl_bio) return NULL;
    SSL *ssl = NULL;
    BIO_get_ssl(ssl_bio, &ssl);
    if (!ssl || !SSL_set_tlsext_host_name(ssl, tls->host) || !SSL_set1_host(ssl, tls->host)) {
        BIO_free(ssl_bio);
        return NULL;
    }
    return BIO_push(ssl_bio, bio);
}

static TS_REQ *query_for(const ASN1_OCTET_STRING *signature_value) {
    unsigned char hash[32];
    unsigned char nonce_bytes[8];
    if (!EVP_Digest(ASN1_STRING_get0_data(signature_value), (size_t)ASN1_STRING_length(signature_value), hash, NULL,
                    EVP_sha256(), NULL) ||
        RAND_bytes(nonce_bytes, sizeof nonce_bytes) <= 0)
        return NULL;
    TS_REQ *request = TS_REQ_new();
    TS_MSG_IMPRINT *imprint = TS_MSG_IMPRINT_new();
    X509_ALGOR *algorithm = X509_ALGOR_new();
    BIGNUM *number = BN_bin2bn(nonce_bytes, sizeof nonce_bytes, NULL);
    ASN1_INTEGER *nonce = number ? BN_to_ASN1_INTEGER(number, NULL) : NULL;
    int made = request && imprint && algorithm && nonce && TS_REQ_set_version(request, 1) &&
               X509_ALGOR_set0(algorithm, OBJ_nid2obj(NID_sha256), V_ASN1_NULL, NULL) &&
               TS_MSG_IMPRINT_set_algo(imprint, algorithm) && TS_MSG_IMPRINT_set_msg(imprint, hash, sizeof hash) &&
               TS_REQ_set_msg_imprint(request, imprint) && TS_REQ_set_nonce(request, nonce) &&
               TS_REQ_set_cert_req(request, 1);
    X509_ALGOR_free(algorithm);  // the setters copy
    TS_MSG_IMPRINT_free(imprint);
    ASN1_INTEGER_free(nonce);
    BN_free(number);
    if (made) return request;
    TS_REQ_free(request);
    return NULL;
}

// OpenSSL writes to its sockets with write(), and a write to a connection the authority has closed raises SIGPIPE,
// whose default ends the process. The library changes no signal's disposition (a process-wide setting): as libpq does,
// SIGPIPE is blocked for this thread alone during the exchange, one this exchange raised is taken off the thread before
// the mask is put back, and a SIGPIPE already pending is left as it was.
struct pipe_guard {
    sigset_t old;
    int was_pending;
};

static void block_sigpipe(struct pipe_guard *guard) {
    sigset_t pipe, pending;
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    guard->was_pending = sigpending(&pending) == 0 && sigismember(&pending, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe, &guard->old);
}

static void restore_sigpipe(struct pipe_guard *guard) {
    sigset_t pipe, pending;
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    if (!guard->was_pending && sigpending(&pending) == 0 && sigismember(&pending, SIGPIPE)) {
        struct timespec now = {0, 0};
        sigtimedwait(&pipe, NULL, &now);
    }
    pthread_sigmask(SIG_SETMASK, &guard->old, NULL);
}

// POSTs the query; the answer's body, or NULL with the reason.
static BIO *exchange(const char *url, BIO *query, int timeout_seconds, char *error, size_t error_capacity) {
    int use_tls = 0;
    char *host = NULL, *port = NULL, *path = NULL, *query_part = NULL;
    BIO *answer = NULL;
    struct tls tls = {NULL, NULL};
    if (!OSSL_HTTP_parse_url(url, &use_tls, NULL, &host, &port, NULL, &path, &query_part, NULL)) {
        itinerary_signing_say(error, error_capacity, "it is not an http:// or https:// URL");
        goto done;
    }
    char *full_path = path;
    char joined[2048];
    if (query_part && *query_part) {
        if (snprintf(joined, sizeof joined, "%s?%s", path, query_part) >= (int)sizeof joined) goto done;
        full_path = joined;
    }
    if (use_tls) {
        tls.context = SSL_CTX_new(TLS_client_method());
        tls.host = host;
        if (!tls.context || !SSL_CTX_set_default_verify_paths(tls.context)) goto done;
        SSL_CTX_set_verify(tls.context, SSL_VERIFY_PEER, NULL);
    }
    struct pipe_guard guard;
    block_sigpipe(&guard);
    answer = OSSL_HTTP_transfer(NULL, host, port, full_path, use_tls, NULL, NULL, NULL, NULL, use_tls ? tls_over : NULL,
                                use_tls ? &tls : NULL, 0, NULL, "application/timestamp-query", query, NULL, 1,
                                MAX_ANSWER, timeout_seconds, 0);
    restore_sigpipe(&guard);
    if (!answer) {
        // The reason that says what happened: TLS's ("certificate verify failed") or the system's when there is one,
        // else the first (the HTTP layer's "missing asn1 encoding" before its "error receiving").
        unsigned long code, first = 0, cause = 0;
        while ((code = ERR_get_error()) != 0) {
            if (!first) first = code;
            if (!cause && (ERR_GET_LIB(code) == ERR_LIB_SSL || ERR_GET_LIB(code) == ERR_LIB_SYS)) cause = code;
        }
        if (!cause) cause = first;
        const char *reason = NULL;
        if (cause && ERR_GET_LIB(cause) == ERR_LIB_SYS) reason = strerror(ERR_GET_REASON(cause));
        else if (cause) reason = ERR_reason_error_string(cause);
        itinerary_signing_say(error, error_capacity, reason ? reason : "no answer");
    }
done:
    SSL_CTX_free(tls.context);
    OPENSSL_free(host);
    OPENSSL_free(port);
    OPENSSL_free(path);
    OPENSSL_free(query_part);
    return answer;
}

itinerary_signing_status itinerary_signing_add_timestamp(CMS_SignerInfo *signer, const char *url, int timeout_seconds,
                                                         char *error, size_t error_capacity) {
    itinerary_signing_status status = ITINERARY_SIGNING_TIMESTAMP_FAILED;
    TS_REQ *request = query_for(CMS_SignerInfo_get0_signature(signer));
    BIO *query = BIO_new(BIO_s_mem());
    BIO *body = NULL;
    TS_RESP *response = NULL;
    TS_VERIFY_CTX *verify = NULL;
    unsigned char *token = NULL;
    if (!request || !query || i2d_TS_REQ_bio(query, request) <= 0) {
        status = ITINERARY_SIGNING_FAILED;
        goto done;
    }
    body = exchange(url, query, timeout_seconds, error, error_capacity);
    if (!body) goto done;
    response = d2i_TS_RESP_bio(body, NULL);
    if (!response) {
        itinerary_signing_say(error, error_capacity, "its answer is not a time-stamp response");
        goto done;
    }
    // Granted (0) or granted with modifications (1), the token for this query (imprint, nonce, version), and signed by
    // the certificate it carries.
    long granted = ASN1_INTEGER_get(TS_STATUS_INFO_get0_status(TS_RESP_get_status_info(response)));
    if (granted != 0 && granted != 1) {
        itinerary_signing_say(error, error_capacity, "it refused to time-stamp the signature");
        goto done;
    }
    // The query's imprint and nonce, checked without a trust store (TS_VFY_SIGNER would need one): the token's
    // signature is checked by its own certificate below, its chain by whoever validates the PDF.
    verify = TS_REQ_to_TS_VERIFY_CTX(request, NULL);
    if (verify) TS_VERIFY_CTX_set_flags(verify, TS_VFY_VERSION | TS_VFY_IMPRINT | TS_VFY_NONCE);
    PKCS7 *stamp = TS_RESP_get_token(response);
    if (!verify || !stamp || TS_RESP_verify_response(verify, response) <= 0 ||
        PKCS7_verify(stamp, NULL, NULL, NULL, NULL, PKCS7_NOVERIFY) <= 0) {
        itinerary_signing_say(error, error_capacity, "its token is not one of this signature, or is not intact");
        goto done;
    }
    int size = i2d_PKCS7(stamp, &token);
    if (size <= 0 ||
        !CMS_unsigned_add1_attr_by_NID(signer, NID_id_smime_aa_timeStampToken, V_ASN1_SEQUENCE, token, size)) {
        status = ITINERARY_SIGNING_FAILED;
        goto done;
    }
    status = ITINERARY_SIGNING_SIGNED;
done:
    OPENSSL_free(token);
    TS_VERIFY_CTX_free(verify);
    TS_RESP_free(response);
    BIO_free_all(body);
    BIO_free(query);
    TS_REQ_free(request);
    ERR_clear_error();
    return status;
}

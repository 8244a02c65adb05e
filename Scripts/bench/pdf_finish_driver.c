/* Times CPDFFinish alone, outside Swift (docs/performance.md, "Accessibility"):
 *   gcc -O2 -ISources/CPDFFinish/include -c Scripts/bench/pdf_finish_driver.c -o /tmp/drv.o
 *   g++ -std=c++17 -O2 -g -ISources/CPDFFinish/include \
 *     Sources/CPDFFinish/{pdf_finish,pdf_document,content_artifacts,document_info,font_charset,encryption}.cc \
 *     /tmp/drv.o -ldeflate -lz -lcrypto -o /tmp/finish
 *   /tmp/finish [--pdfa] [--repeat N] [--attach FILE [--attach-name NAME] [--description TEXT]]
 *               [--password USER [--owner OWNER] [--seed TEXT] [--prederive]] IN.pdf OUT.pdf LANG TITLE [ALT...]
 * IN is Cairo's PDF before finishing (the finisher reads only Cairo's classic cross-reference table).
 * --attach attaches FILE (named after it, or NAME) as the trip; --password encrypts, with 32 bytes of
 * /dev/urandom as the random seed unless --seed gives it (then the output is the same each time).
 * --prederive derives the keys first (itinerary_pdf_keys_derive, fresh ones for each run, as a caller
 * does on another thread while drawing), then finishes with them; the two are timed apart and printed.
 * With --repeat, the finisher runs N times and the mean time per run is printed. The arguments of a
 * sidecar NAME.json ({"language", "title", "alternatives", "pdfA"}) as a shell line:
 *   python3 -c 'import json,shlex,sys; j=json.load(open(sys.argv[1])); print(shlex.join((["--pdfa"] if j["pdfA"] else
 * []) + [j["language"], j["title"]] + j["alternatives"]))' NAME.json */
#include "pdf_finish.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* A whole file in memory; NULL if it cannot be read. */
static unsigned char *slurp(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return NULL;
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *buf = malloc(n > 0 ? n : 1);
    if (n < 0 || fread(buf, 1, n, f) != (size_t)n) {
        fclose(f);
        free(buf);
        return NULL;
    }
    fclose(f);
    *size = (size_t)n;
    return buf;
}

int main(int argc, char **argv) {
    int pdfa = 0, repeat = 1, a = 1, extra = 0, prederive = 0;
    const char *attach = NULL, *attach_name = NULL, *description = NULL, *password = NULL, *owner = NULL, *seed = NULL;
    for (; a < argc && argv[a][0] == '-' && argv[a][1] == '-'; a++) {
        if (!strcmp(argv[a], "--pdfa")) pdfa = 1;
        else if (!strcmp(argv[a], "--repeat") && a + 1 < argc) repeat = atoi(argv[++a]);
        else if (!strcmp(argv[a], "--attach") && a + 1 < argc) attach = argv[++a], extra = 1;
        else if (!strcmp(argv[a], "--attach-name") && a + 1 < argc) attach_name = argv[++a];
        else if (!strcmp(argv[a], "--description") && a + 1 < argc) description = argv[++a];
        else if (!strcmp(argv[a], "--password") && a + 1 < argc) password = argv[++a], extra = 1;
        else if (!strcmp(argv[a], "--owner") && a + 1 < argc) owner = argv[++a];
        else if (!strcmp(argv[a], "--seed") && a + 1 < argc) seed = argv[++a];
        else if (!strcmp(argv[a], "--prederive")) prederive = 1;
        else {
            fprintf(stderr, "unknown option %s\n", argv[a]);
            return 2;
        }
    }
    if (argc - a < 4 || repeat < 1 || (prederive && !password)) {
        fprintf(stderr, "usage: finish [--pdfa] [--repeat N] [--attach FILE [--attach-name NAME] [--description TEXT]]"
                        " [--password USER [--owner OWNER] [--seed TEXT] [--prederive]] IN OUT LANG TITLE [ALT...]\n");
        return 2;
    }
    const char *in = argv[a], *outp = argv[a + 1], *lang = argv[a + 2], *title = argv[a + 3];
    size_t n = 0;
    unsigned char *buf = slurp(in, &n);
    if (!buf) return 2;
    itinerary_pdf_extras extras;
    memset(&extras, 0, sizeof extras);
    unsigned char *attachment = NULL, random_seed[32];
    if (attach) {
        if (!(attachment = slurp(attach, &extras.attachment_size))) return 2;
        extras.attachment = attachment;
        const char *slash = strrchr(attach, '/');
        extras.attachment_name = attach_name ? attach_name : slash ? slash + 1 : attach;
        extras.attachment_description = description;
    }
    if (password) {
        extras.user_password = (const unsigned char *)password;
        extras.user_password_size = strlen(password);
        if (owner) extras.owner_password = (const unsigned char *)owner, extras.owner_password_size = strlen(owner);
        if (seed) {
            extras.random_seed = (const unsigned char *)seed;
            extras.random_seed_size = strlen(seed);
        } else {
            FILE *r = fopen("/dev/urandom", "rb");
            if (!r || fread(random_seed, 1, sizeof random_seed, r) != sizeof random_seed) {
                perror("/dev/urandom");
                return 2;
            }
            fclose(r);
            extras.random_seed = random_seed;
            extras.random_seed_size = sizeof random_seed;
        }
    }
    /* The sized form of the alternative texts, for itinerary_pdf_finish_run_extras. */
    size_t count = (size_t)(argc - a - 4), joined_size = 0;
    size_t *sizes = malloc((count ? count : 1) * sizeof *sizes);
    for (size_t i = 0; i < count; i++) joined_size += sizes[i] = strlen(argv[a + 4 + i]);
    char *joined = malloc(joined_size ? joined_size : 1);
    for (size_t i = 0, at = 0; i < count; at += sizes[i++]) memcpy(joined + at, argv[a + 4 + i], sizes[i]);
    char err[256];
    const char *icc = pdfa ? (getenv("ICC") ? getenv("ICC") : "/usr/share/color/icc/sRGB.icc") : NULL;
    itinerary_pdf_finish *r = NULL;
    struct timespec t0, t1, d0, d1;
    double derive_ms = 0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int i = 0; i < repeat; i++) {
        if (r) itinerary_pdf_finish_free(r);
        itinerary_pdf_keys *keys = NULL;
        if (prederive) { /* one document per keys: fresh ones each run, their time kept apart */
            clock_gettime(CLOCK_MONOTONIC, &d0);
            keys = itinerary_pdf_keys_derive(extras.user_password, extras.user_password_size, extras.owner_password,
                                             extras.owner_password_size, extras.random_seed, extras.random_seed_size,
                                             err, sizeof err);
            clock_gettime(CLOCK_MONOTONIC, &d1);
            derive_ms += (d1.tv_sec - d0.tv_sec) * 1e3 + (d1.tv_nsec - d0.tv_nsec) / 1e6;
            if (!keys) break;
            extras.keys = keys;
        }
        r = extra ? itinerary_pdf_finish_run_extras(buf, n, lang, title, joined, joined_size, sizes, count, pdfa, icc,
                                                    &extras, err, sizeof err)
                  : itinerary_pdf_finish_run(buf, n, lang, title, (const char *const *)(argv + a + 4), count, pdfa, icc,
                                             err, sizeof err);
        extras.keys = NULL;
        itinerary_pdf_keys_free(keys);
        if (!r) break;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    free(buf);
    free(attachment);
    free(sizes);
    free(joined);
    if (!r) {
        fprintf(stderr, "error: %s\n", err);
        return 1;
    }
    double total_ms = (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6;
    if (prederive)
        printf("%.2f ms deriving the keys, %.2f ms finishing with them, per run\n", derive_ms / repeat,
               (total_ms - derive_ms) / repeat);
    else if (repeat > 1) printf("%.2f ms per run\n", total_ms / repeat);
    size_t size = itinerary_pdf_finish_size(r);
    unsigned char *out = malloc(size ? size : 1);
    itinerary_pdf_finish_copy(r, out);
    itinerary_pdf_finish_free(r);
    FILE *f = fopen(outp, "wb");
    if (!f || fwrite(out, 1, size, f) != size) {
        perror(outp);
        return 2;
    }
    fclose(f);
    free(out);
    return 0;
}

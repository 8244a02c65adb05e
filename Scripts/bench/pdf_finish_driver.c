/* Times CPDFFinish alone, outside Swift (docs/performance.md, "Accessibility"):
 *   gcc -O2 -ISources/CPDFFinish/include -c Scripts/bench/pdf_finish_driver.c -o /tmp/drv.o
 *   g++ -std=c++17 -O2 -g -ISources/CPDFFinish/include Sources/CPDFFinish/{pdf_finish,pdf_document,content_artifacts,document_info,font_charset}.cc /tmp/drv.o -ldeflate -lz -o /tmp/finish
 *   /tmp/finish [--pdfa] [--repeat N] IN.pdf OUT.pdf LANG TITLE [ALT...]
 * IN is Cairo's PDF before finishing (the finisher reads only Cairo's classic cross-reference table).
 * With --repeat, the finisher runs N times and the mean time per run is printed. The arguments of a
 * sidecar NAME.json ({"language", "title", "alternatives", "pdfA"}) as a shell line:
 *   python3 -c 'import json,shlex,sys; j=json.load(open(sys.argv[1])); print(shlex.join((["--pdfa"] if j["pdfA"] else []) + [j["language"], j["title"]] + j["alternatives"]))' NAME.json */
#include "pdf_finish.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int main(int argc, char **argv) {
    int pdfa = 0, repeat = 1, a = 1;
    for (; a < argc && argv[a][0] == '-' && argv[a][1] == '-'; a++) {
        if (!strcmp(argv[a], "--pdfa")) pdfa = 1;
        else if (!strcmp(argv[a], "--repeat") && a + 1 < argc) repeat = atoi(argv[++a]);
    }
    if (argc - a < 4 || repeat < 1) { fprintf(stderr, "usage: finish [--pdfa] [--repeat N] IN OUT LANG TITLE [ALT...]\n"); return 2; }
    const char *in = argv[a], *outp = argv[a + 1], *lang = argv[a + 2], *title = argv[a + 3];
    FILE *f = fopen(in, "rb");
    if (!f) { perror(in); return 2; }
    fseek(f, 0, SEEK_END); long n = ftell(f); fseek(f, 0, SEEK_SET);
    unsigned char *buf = malloc(n > 0 ? n : 1);
    if (fread(buf, 1, n, f) != (size_t)n) { fclose(f); return 2; }
    fclose(f);
    char err[256];
    const char *icc = pdfa ? (getenv("ICC") ? getenv("ICC") : "/usr/share/color/icc/sRGB.icc") : NULL;
    itinerary_pdf_finish *r = NULL;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int i = 0; i < repeat; i++) {
        if (r) itinerary_pdf_finish_free(r);
        r = itinerary_pdf_finish_run(buf, (size_t)n, lang, title, (const char *const *)(argv + a + 4),
                                     (size_t)(argc - a - 4), pdfa, icc, err, sizeof err);
        if (!r) break;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    free(buf);
    if (!r) { fprintf(stderr, "error: %s\n", err); return 1; }
    if (repeat > 1)
        printf("%.2f ms per run\n", ((t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6) / repeat);
    size_t size = itinerary_pdf_finish_size(r);
    unsigned char *out = malloc(size ? size : 1);
    itinerary_pdf_finish_copy(r, out);
    itinerary_pdf_finish_free(r);
    f = fopen(outp, "wb");
    if (!f || fwrite(out, 1, size, f) != size) { perror(outp); return 2; }
    fclose(f);
    free(out);
    return 0;
}

/* Times CPDFFinish alone, outside Swift (docs/performance.md, "Accessibility"):
 *   g++ -std=c++17 -O2 -g -DPOINTERHOLDER_TRANSITION=4 -ISources/CPDFFinish/include -c Sources/CPDFFinish/pdf_finish.cc -o /tmp/pf.o
 *   gcc -O2 -ISources/CPDFFinish/include -c Scripts/bench/pdf_finish_driver.c -o /tmp/drv.o && g++ /tmp/drv.o /tmp/pf.o -lqpdf -o /tmp/finish
 *   /tmp/finish [--pdfa] IN.pdf OUT.pdf LANG TITLE [ALT...]   (IN: any PDF the project wrote; finishing it again does the same work) */
#include "pdf_finish.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    int pdfa = 0, a = 1;
    if (argc > 1 && !strcmp(argv[1], "--pdfa")) { pdfa = 1; a++; }
    if (argc - a < 4) { fprintf(stderr, "usage\n"); return 2; }
    const char *in = argv[a], *outp = argv[a + 1], *lang = argv[a + 2], *title = argv[a + 3];
    FILE *f = fopen(in, "rb");
    if (!f) { perror(in); return 2; }
    fseek(f, 0, SEEK_END); long n = ftell(f); fseek(f, 0, SEEK_SET);
    unsigned char *buf = malloc(n > 0 ? n : 1);
    if (fread(buf, 1, n, f) != (size_t)n) { fclose(f); return 2; }
    fclose(f);
    char err[256];
    itinerary_pdf_finish *r = itinerary_pdf_finish_run(buf, (size_t)n, lang, title,
        (const char *const *)(argv + a + 4), (size_t)(argc - a - 4), pdfa,
        pdfa ? (getenv("ICC") ? getenv("ICC") : "/usr/share/color/icc/sRGB.icc") : NULL, err, sizeof err);
    free(buf);
    if (!r) { fprintf(stderr, "error: %s\n", err); return 1; }
    size_t size = itinerary_pdf_finish_size(r);
    unsigned char *out = malloc(size);
    itinerary_pdf_finish_copy(r, out);
    itinerary_pdf_finish_free(r);
    f = fopen(outp, "wb");
    fwrite(out, 1, size, f);
    fclose(f);
    free(out);
    return 0;
}

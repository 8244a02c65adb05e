// libFuzzer harness for CPDFFinish: any bytes in, NULL with a sentence or a PDF out, never a
// crash, a hang or a read out of bounds. The input's last byte chooses PDF/A (odd) or not, so
// a PDF as written (ending in "\n") is a PDF/UA seed. Build and run from the repository root:
//   /opt/swift/usr/bin/clang++ -std=c++17 -g -O1 -fsanitize=fuzzer,address,undefined \
//     -ISources/CPDFFinish/include Sources/CPDFFinish/*.cc Scripts/fuzz/pdf_finish_fuzz.cc -ldeflate -lz -o /tmp/pdf_finish_fuzz
//   mkdir -p /tmp/pdf-corpus && /tmp/pdf_finish_fuzz /tmp/pdf-corpus Tests/Fuzz/pdf-seeds \
//     -dict=Tests/Fuzz/pdf.dict -max_total_time=300 -timeout=10 -artifact_prefix=Tests/Fuzz/findings/
// ICC names the sRGB profile for PDF/A (default /usr/share/color/icc/sRGB.icc, Debian's icc-profiles-free).
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "pdf_finish.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static const char *const alternatives[] = {"A map of the day", "Ein Foto", "صورة", "写真", "🗺", "x", "y", "z"};
    const char *icc = getenv("ICC") ? getenv("ICC") : "/usr/share/color/icc/sRGB.icc";
    int pdfa = size > 0 && (data[size - 1] & 1);
    char error[256];
    itinerary_pdf_finish *result = itinerary_pdf_finish_run(data, size, "en", "Sample trip", alternatives,
                                                            sizeof alternatives / sizeof *alternatives, pdfa, icc,
                                                            error, sizeof error);
    if (result) {
        size_t n = itinerary_pdf_finish_size(result);
        unsigned char *copy = static_cast<unsigned char *>(malloc(n ? n : 1));
        itinerary_pdf_finish_copy(result, copy);
        free(copy);
    }
    itinerary_pdf_finish_free(result);
    return 0;
}

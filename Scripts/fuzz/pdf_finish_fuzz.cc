// libFuzzer harness for CPDFFinish: any bytes in, NULL with a sentence or a PDF out, never a
// crash, a hang or a read out of bounds. The input's last byte chooses PDF/A (odd) or not, so
// a PDF as written (ending in "\n") is a PDF/UA seed; its bit 2 (clear in "\n" and in the "1"
// the PDF/A seeds end with) chooses the C-string entry point over the sized one Swift calls.
// The alternative texts hold NUL bytes: through itinerary_pdf_finish_run_sized each stays whole,
// through itinerary_pdf_finish_run it ends at its first NUL. Build and run from the repository root:
//   /opt/swift/usr/bin/clang++ -std=c++17 -g -O1 -fsanitize=fuzzer,address,undefined \
//     -ISources/CPDFFinish/include Sources/CPDFFinish/*.cc Scripts/fuzz/pdf_finish_fuzz.cc -ldeflate -lz -o /tmp/pdf_finish_fuzz
//   mkdir -p /tmp/pdf-corpus && /tmp/pdf_finish_fuzz /tmp/pdf-corpus Tests/Fuzz/pdf-seeds \
//     -dict=Tests/Fuzz/pdf.dict -max_total_time=300 -timeout=10 -artifact_prefix=Tests/Fuzz/findings/
// ICC names the sRGB profile for PDF/A (default /usr/share/color/icc/sRGB.icc, Debian's icc-profiles-free).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "pdf_finish.h"

namespace {

// Each text starts with a byte other than NUL, so that cut at its first NUL it is still a text.
const std::string alternatives[] = {
    "A map of the day", std::string("Ein\0Foto", 8), "صورة", "写真", "🗺", std::string("x\0\0y", 4), "y",
    std::string("z\0", 2), "(a) \\ b)",
};
const size_t count = sizeof alternatives / sizeof *alternatives;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static std::string joined;
    static size_t sizes[count];
    static const char *strings[count];
    if (joined.empty())
        for (size_t i = 0; i < count; ++i) {
            joined += alternatives[i];
            sizes[i] = alternatives[i].size();
            strings[i] = alternatives[i].c_str();
        }
    const char *icc = getenv("ICC") ? getenv("ICC") : "/usr/share/color/icc/sRGB.icc";
    int pdfa = size > 0 && (data[size - 1] & 1);
    bool c_strings = size > 0 && (data[size - 1] & 4);
    char error[256];
    itinerary_pdf_finish *result =
        c_strings ? itinerary_pdf_finish_run(data, size, "en", "Sample trip", strings, count, pdfa, icc, error,
                                             sizeof error)
                  : itinerary_pdf_finish_run_sized(data, size, "en", "Sample trip", joined.data(), joined.size(), sizes,
                                                   count, pdfa, icc, error, sizeof error);
    if (result) {
        size_t n = itinerary_pdf_finish_size(result);
        unsigned char *copy = static_cast<unsigned char *>(malloc(n ? n : 1));
        itinerary_pdf_finish_copy(result, copy);
        free(copy);
    }
    itinerary_pdf_finish_free(result);
    return 0;
}

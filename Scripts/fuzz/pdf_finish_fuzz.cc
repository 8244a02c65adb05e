// libFuzzer harness for CPDFFinish: any bytes in, NULL with a sentence or a PDF out, never a
// crash, a hang or a read out of bounds. The input's last byte chooses PDF/A (odd) or not, so
// a PDF as written (ending in "\n") is a PDF/UA seed; its bit 2 (clear in "\n" and in the "1"
// the PDF/A seeds end with) chooses the C-string entry point over the sized one Swift calls.
// The alternative texts hold NUL bytes: through itinerary_pdf_finish_run_sized each stays whole,
// through itinerary_pdf_finish_run it ends at its first NUL. Bits 6 and 7 (clear in both, so those
// seeds run without extras) go through itinerary_pdf_finish_run_extras: bit 6 attaches the input's
// first bytes as the trip, bit 7 encrypts with fixed passwords and a fixed seed (refused with PDF/A).
// With bit 7, bit 5 (clear in the *-encrypt* seeds' bytes) encrypts with keys derived first
// (itinerary_pdf_keys_derive, the passwords then left out of the extras): the owner password is the
// input's first bytes when the derivation takes them (UTF-8, not empty), the fixed one when it refuses.
// With bit 6 or 7, bit 4 also makes room for a signature (issue #51): the gap must be a hex string of the file, the
// input's first bytes must fit it as DER, and one byte more than its room must be refused.
// The seeds named *-attach*, *-encrypt* end in such a byte. Build and run from the repository root:
//   /opt/swift/usr/bin/clang++ -std=c++17 -g -O1 -fsanitize=fuzzer,address,undefined \
//     -ISources/CPDFFinish/include Sources/CPDFFinish/*.cc Scripts/fuzz/pdf_finish_fuzz.cc -ldeflate -lz -lcrypto \
//     -o /tmp/pdf_finish_fuzz
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
    "A map of the day",
    std::string("Ein\0Foto", 8),
    "صورة",
    "写真",
    "🗺",
    std::string("x\0\0y", 4),
    "y",
    std::string("z\0", 2),
    "(a) \\ b)",
};
const size_t count = sizeof alternatives / sizeof *alternatives;

// What only the extras exercise: a name and a description needing UTF-16 and escapes, a password cut at 127 bytes.
const char attachment_name[] = "Frühling (2026) \xF0\x9F\x97\xBA.json";
const char attachment_description[] = "The trip (itinerary/v1 JSON) \\ ü";
const std::string user_password = "fuzz";
const std::string owner_password = "Eigentümer " + std::string(130, 'x');
const unsigned char random_seed[32] = {1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16,
                                       17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32};

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
    bool attach = size > 0 && (data[size - 1] & 0x40), encrypt = size > 0 && (data[size - 1] & 0x80);
    bool prederive = encrypt && (data[size - 1] & 0x20);
    bool sign = (attach || encrypt) && (data[size - 1] & 0x10);
    char error[256];
    itinerary_pdf_finish *result = nullptr;
    itinerary_pdf_keys *keys = nullptr;  // one document per keys: derived for this input alone
    if (prederive) {
        const auto *user = reinterpret_cast<const unsigned char *>(user_password.data());
        keys = itinerary_pdf_keys_derive(user, user_password.size(), data, size < 200 ? size : 200, random_seed,
                                         sizeof random_seed, error, sizeof error);
        if (!keys) {
            if (!*error) abort();  // a failure always has its sentence
            keys = itinerary_pdf_keys_derive(user, user_password.size(), nullptr, 0, random_seed, sizeof random_seed,
                                             error, sizeof error);
        }
        if (!keys) abort();  // valid passwords and seed always derive
    }
    if (attach || encrypt) {
        itinerary_pdf_extras extras{};
        if (attach) {
            extras.attachment = data;  // the attached bytes may be anything, NULs included
            extras.attachment_size = size < 4096 ? size : 4096;
            extras.attachment_name = attachment_name;
            extras.attachment_description = attachment_description;
        }
        if (keys) {
            extras.keys = keys;
        } else if (encrypt) {
            extras.user_password = reinterpret_cast<const unsigned char *>(user_password.data());
            extras.user_password_size = user_password.size();
            extras.owner_password = reinterpret_cast<const unsigned char *>(owner_password.data());
            extras.owner_password_size = owner_password.size();
            extras.random_seed = random_seed;
            extras.random_seed_size = sizeof random_seed;
        }
        if (sign) {
            extras.signature_size = 64 + size % 512;
            extras.signature_label = "Digital signature of Fuzz (\xE2\x9C\x93)";
        }
        result = itinerary_pdf_finish_run_extras(data, size, "en", "Sample trip", joined.data(), joined.size(), sizes,
                                                 count, pdfa, icc, &extras, error, sizeof error);
        size_t start = 0, end = 0;
        if (result && sign) {
            if (!itinerary_pdf_finish_signature_gap(result, &start, &end)) abort();
            const unsigned char *bytes = itinerary_pdf_finish_bytes(result);
            size_t room = (end - start - 2) / 2;
            if (end > itinerary_pdf_finish_size(result) || bytes[start] != '<' || bytes[end - 1] != '>' ||
                room != extras.signature_size)
                abort();
            if (itinerary_pdf_finish_set_signature(result, data, room + 1, error, sizeof error) == 0) abort();
            if (size > 0 &&
                itinerary_pdf_finish_set_signature(result, data, size < room ? size : room, error, sizeof error) != 0)
                abort();
        }
    } else if (c_strings) {
        result =
            itinerary_pdf_finish_run(data, size, "en", "Sample trip", strings, count, pdfa, icc, error, sizeof error);
    } else {
        result = itinerary_pdf_finish_run_sized(data, size, "en", "Sample trip", joined.data(), joined.size(), sizes,
                                                count, pdfa, icc, error, sizeof error);
    }
    if (result) {
        size_t n = itinerary_pdf_finish_size(result);
        unsigned char *copy = static_cast<unsigned char *>(malloc(n ? n : 1));
        itinerary_pdf_finish_copy(result, copy);
        free(copy);
    }
    itinerary_pdf_finish_free(result);
    itinerary_pdf_keys_free(keys);
    return 0;
}

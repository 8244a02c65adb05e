// The trip a PDF carries, read with qpdf's document helpers (include/pdf_read.h says why qpdf).
#include "pdf_read.h"

// qpdf 11 asks which of its pointer types a program uses: its std::shared_ptr ones alone.
#define POINTERHOLDER_TRANSITION 4

#include <qpdf/QPDF.hh>
#include <qpdf/QPDFEFStreamObjectHelper.hh>
#include <qpdf/QPDFEmbeddedFileDocumentHelper.hh>
#include <qpdf/QPDFExc.hh>
#include <qpdf/QPDFFileSpecObjectHelper.hh>

#include <cstdlib>
#include <cstring>
#include <string>

namespace {

void say(char *error, size_t capacity, std::string const &sentence) {
    if (!error || capacity == 0) return;
    size_t n = sentence.size() < capacity - 1 ? sentence.size() : capacity - 1;
    std::memcpy(error, sentence.data(), n);
    error[n] = '\0';
}

// Whether a file specification is the trip: related to the document as its /Source, of type application/json.
bool is_trip(QPDFFileSpecObjectHelper &spec) {
    QPDFObjectHandle relationship = spec.getObjectHandle().getKey("/AFRelationship");
    if (!relationship.isName() || relationship.getName() != "/Source") return false;
    QPDFObjectHandle stream = spec.getEmbeddedFileStream();
    return stream.isStream() && QPDFEFStreamObjectHelper(stream).getSubtype() == "application/json";
}

}  // namespace

int itinerary_pdf_attached_trip(const unsigned char *pdf, size_t size, const char *password, unsigned char **out,
                                size_t *out_size, char *error, size_t error_capacity) {
    *out = nullptr;
    *out_size = 0;
    if (size < 5 || std::memcmp(pdf, "%PDF-", 5) != 0) {
        say(error, error_capacity, "it is not a PDF file");
        return -1;
    }
    try {
        QPDF document;
        document.setSuppressWarnings(true);
        document.processMemoryFile("document", reinterpret_cast<char const *>(pdf), size, password);
        QPDFEmbeddedFileDocumentHelper files(document);
        for (auto &[name, spec] : files.getEmbeddedFiles()) {
            if (!is_trip(*spec)) continue;
            std::shared_ptr<Buffer> data = spec->getEmbeddedFileStream().getStreamData(qpdf_dl_all);
            size_t length = data->getSize();
            unsigned char *copy = static_cast<unsigned char *>(std::malloc(length ? length : 1));
            if (!copy) throw std::bad_alloc();
            if (length) std::memcpy(copy, data->getBuffer(), length);
            *out = copy;
            *out_size = length;
            return 0;
        }
        say(error, error_capacity, "the PDF carries no trip (it was made without one, or with --omit source)");
    } catch (QPDFExc const &e) {
        say(error, error_capacity,
            e.getErrorCode() == qpdf_e_password ? "the PDF is locked, and this is not its password"
                                                : "the PDF is damaged and cannot be read");
    } catch (std::exception const &) {
        say(error, error_capacity, "the PDF is damaged and cannot be read");
    }
    return -1;
}

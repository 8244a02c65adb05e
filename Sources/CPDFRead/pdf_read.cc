// The trip a PDF carries, read with qpdf's document helpers (include/pdf_read.h says why qpdf).
#include "pdf_read.h"

// qpdf 11 asks which of its pointer types a program uses: its std::shared_ptr ones alone.
#define POINTERHOLDER_TRANSITION 4

#include <qpdf/QPDF.hh>
#include <qpdf/QPDFAcroFormDocumentHelper.hh>
#include <qpdf/QPDFEFStreamObjectHelper.hh>
#include <qpdf/QPDFEmbeddedFileDocumentHelper.hh>
#include <qpdf/QPDFExc.hh>
#include <qpdf/QPDFFileSpecObjectHelper.hh>
#include <qpdf/Pipeline.hh>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

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

// The end of a stream's decoded bytes, kept in a buffer that grows as they come, and refused past a limit as
// they come (issue #50): a stream that inflates without end is stopped at the limit, never decoded whole.
class BoundedBuffer : public Pipeline {
  public:
    explicit BoundedBuffer(size_t limit) : Pipeline("bounded buffer", nullptr), limit_(limit) {}
    ~BoundedBuffer() override {
        std::free(bytes_);
    }

    void write(unsigned char const *data, size_t length) override {
        if (length > limit_ - size_) {
            over_ = true;
            throw std::length_error("the stream is larger than the limit");
        }
        if (size_ + length > capacity_) {
            size_t capacity = capacity_ ? capacity_ : 64 * 1024;
            while (capacity < size_ + length) capacity *= 2;
            if (capacity > limit_) capacity = limit_;
            auto grown = static_cast<unsigned char *>(std::realloc(bytes_, capacity));
            if (!grown) throw std::bad_alloc();
            bytes_ = grown;
            capacity_ = capacity;
        }
        std::memcpy(bytes_ + size_, data, length);
        size_ += length;
    }
    void finish() override {}

    bool over() const {
        return over_;
    }
    size_t size() const {
        return size_;
    }
    // The bytes, for the caller to free(); the buffer is empty afterwards.
    unsigned char *release() {
        unsigned char *bytes = bytes_ ? bytes_ : static_cast<unsigned char *>(std::malloc(1));
        bytes_ = nullptr;
        size_ = capacity_ = 0;
        return bytes;
    }

  private:
    size_t limit_;
    unsigned char *bytes_ = nullptr;
    size_t size_ = 0;
    size_t capacity_ = 0;
    bool over_ = false;
};

}  // namespace

int itinerary_pdf_attached_trip(const unsigned char *pdf, size_t size, const char *password, size_t limit,
                                unsigned char **out, size_t *out_size, char *error, size_t error_capacity) {
    *out = nullptr;
    *out_size = 0;
    if (size < 5 || std::memcmp(pdf, "%PDF-", 5) != 0) {
        say(error, error_capacity, "it is not a PDF file");
        return ITINERARY_PDF_READ_FAILED;
    }
    try {
        QPDF document;
        document.setSuppressWarnings(true);
        document.processMemoryFile("document", reinterpret_cast<char const *>(pdf), size, password);
        QPDFEmbeddedFileDocumentHelper files(document);
        for (auto &[name, spec] : files.getEmbeddedFiles()) {
            if (!is_trip(*spec)) continue;
            BoundedBuffer data(limit);
            // qpdf catches what a pipeline throws and answers false: the buffer says whether it was the limit.
            bool whole = spec->getEmbeddedFileStream().pipeStreamData(&data, nullptr, 0, qpdf_dl_generalized, true);
            if (data.over()) {
                say(error, error_capacity, "the PDF's trip is larger than an itinerary may be");
                return ITINERARY_PDF_READ_TOO_LARGE;
            }
            if (!whole) {
                say(error, error_capacity, "the PDF is damaged and its trip cannot be read");
                return ITINERARY_PDF_READ_FAILED;
            }
            *out_size = data.size();
            *out = data.release();
            return 0;
        }
        say(error, error_capacity, "the PDF carries no trip (it was made without one, or with --omit source)");
        return ITINERARY_PDF_READ_NO_TRIP;
    } catch (QPDFExc const &e) {
        if (e.getErrorCode() == qpdf_e_password) {
            say(error, error_capacity,
                password ? "the PDF is locked, and this is not its password" : "the PDF is locked with a password");
            return password ? ITINERARY_PDF_READ_WRONG_PASSWORD : ITINERARY_PDF_READ_LOCKED;
        }
        say(error, error_capacity, "the PDF is damaged and cannot be read");
    } catch (std::exception const &) {
        say(error, error_capacity, "the PDF is damaged and cannot be read");
    }
    return ITINERARY_PDF_READ_FAILED;
}

int itinerary_pdf_signatures(const unsigned char *pdf, size_t size, const char *password, itinerary_pdf_signature **out,
                             size_t *count, char *error, size_t error_capacity) {
    *out = nullptr;
    *count = 0;
    if (size < 5 || std::memcmp(pdf, "%PDF-", 5) != 0) {
        say(error, error_capacity, "it is not a PDF file");
        return -1;
    }
    try {
        QPDF document;
        document.setSuppressWarnings(true);
        document.processMemoryFile("document", reinterpret_cast<char const *>(pdf), size, password);
        QPDFAcroFormDocumentHelper form(document);
        std::vector<itinerary_pdf_signature> found;
        for (QPDFFormFieldObjectHelper &field : form.getFormFields()) {
            if (field.getFieldType() != "/Sig") continue;
            QPDFObjectHandle value = field.getValue();
            if (!value.isDictionary()) continue;
            itinerary_pdf_signature signature{};
            signature.contents_offset = -1;
            QPDFObjectHandle range = value.getKey("/ByteRange");
            if (range.isArray()) {
                signature.byte_range_count = static_cast<size_t>(range.getArrayNItems());
                for (int i = 0; i < 4 && i < range.getArrayNItems(); ++i) {
                    QPDFObjectHandle number = range.getArrayItem(i);
                    signature.byte_range[i] = number.isInteger() ? number.getIntValue() : -1;
                }
            }
            QPDFObjectHandle contents = value.getKey("/Contents");
            signature.contents_is_string = contents.isString();
            if (contents.isString()) signature.contents_offset = contents.getParsedOffset();
            QPDFObjectHandle sub_filter = value.getKey("/SubFilter");
            if (sub_filter.isName()) {
                std::string name = sub_filter.getName().substr(1);
                std::snprintf(signature.sub_filter, sizeof signature.sub_filter, "%s", name.c_str());
            }
            QPDFObjectHandle time = value.getKey("/M");
            if (time.isString()) {
                std::string text = time.getUTF8Value();
                std::snprintf(signature.signing_time, sizeof signature.signing_time, "%s", text.c_str());
            }
            found.push_back(signature);
        }
        if (!found.empty()) {
            auto *copy = static_cast<itinerary_pdf_signature *>(std::malloc(found.size() * sizeof found[0]));
            if (!copy) throw std::bad_alloc();
            std::memcpy(copy, found.data(), found.size() * sizeof found[0]);
            *out = copy;
            *count = found.size();
        }
        return 0;
    } catch (QPDFExc const &e) {
        if (e.getErrorCode() == qpdf_e_password) {
            say(error, error_capacity,
                password ? "the PDF is locked, and this is not its password" : "the PDF is locked with a password");
            return password ? ITINERARY_PDF_READ_WRONG_PASSWORD : ITINERARY_PDF_READ_LOCKED;
        }
        say(error, error_capacity, "the PDF is damaged and cannot be read");
    } catch (std::exception const &) {
        say(error, error_capacity, "the PDF is damaged and cannot be read");
    }
    return -1;
}

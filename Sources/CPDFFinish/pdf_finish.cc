// Finishes a tagged PDF from Cairo 1.16 for PDF/UA-1 and, on request, PDF/A-2a, with libqpdf's
// object API: nothing here edits the file's bytes by hand. See include/pdf_finish.h.
//
// Cairo 1.16 writes the structure tree, /MarkInfo and tagged marked content. It does not write
// /Lang, XMP metadata, /Alt, table header /Scope, artifacts, DisplayDocTitle, /CIDToGIDMap,
// /Tabs, annotation /Contents or Print flags, nor anything of PDF/A. This adds them; the output
// is deterministic (no clock, a deterministic /ID) so identical input gives identical bytes.
// Checked with page-validation 0.11 (profiles ua1, 2a), outloud 0.2.1 and `qpdf --check`:
// Scripts/check_pdf.py.

#include "pdf_finish.h"

#include <qpdf/Buffer.hh>
#include <qpdf/Pl_Buffer.hh>
#include <qpdf/Pl_Flate.hh>
#include <qpdf/Pl_QPDFTokenizer.hh>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFExc.hh>
#include <qpdf/QPDFObjGen.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFPageObjectHelper.hh>
#include <qpdf/QPDFTokenizer.hh>
#include <qpdf/QPDFWriter.hh>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <new>
#include <set>
#include <string>
#include <utility>
#include <vector>

struct itinerary_pdf_finish {
    std::string bytes;
};

namespace {

// A failure with the one sentence the caller gets.
struct Failure {
    std::string reason;
};

using Handle = QPDFObjectHandle;

// ---------------------------------------------------------------------------------------------
// Artifacts: runs of operators painted outside any marked content become /Artifact BMC … EMC.

// Operators that put marks on the page. Only runs holding one of these are wrapped.
bool paints(std::string const &op) {
    static const std::set<std::string> names = {"S",  "s", "f",  "F",  "f*", "B",  "B*", "b",
                                                "b*", "sh", "Do", "BI", "Tj", "TJ", "'",  "\""};
    return names.count(op) != 0;
}

// Reads a content stream token by token and groups tokens into operations (operands, the
// whitespace before them and the operator; an inline image from BI to EI is one operation).
//
// Structural marked content is what the structure tree or an artifact owns: a BDC whose
// properties hold an /MCID (or name a property list, which is taken to), or /Artifact. Other
// marked content, such as Cairo's `/Span <</ActualText …>> BDC` around a ligature or a space, is
// just content. Outside structural marked content ("depth 0"):
//   - a run of operations holding a painting operator is wrapped in /Artifact BMC … EMC;
//   - runs end at structural BDC/BMC, so a wrapper never overlaps the document's own tags;
//   - a text object (BT … ET) that holds no structural marked content joins the run as a
//     whole; one that does is split inside it, where runs also end at ET, so no wrapper
//     crosses a text object boundary;
//   - a run is wrapped only if the non-structural marked content in it is balanced; if not
//     (never in Cairo's output), it is left as it is, and its still open sequences are
//     treated as structural so that nesting stays valid;
//   - path objects are never split: runs end only at marked-content operators, BT or ET,
//     none of which may stand inside a path object.
// Runs do not end at q/Q: Cairo's own tagged content crosses q/Q too; PDF does not ask marked
// content and the graphics-state stack to nest, and neither checker does.
// With `wrap` false, only the inline-image /Interpolate fix is applied (form XObjects).
class ArtifactFilter : public QPDFObjectHandle::TokenFilter {
  public:
    ArtifactFilter(bool wrap, bool no_interpolate) : wrap_(wrap), no_interpolate_(no_interpolate) {}

    void handleToken(QPDFTokenizer::Token const &token) override {
        auto type = token.getType();
        if (type == QPDFTokenizer::tt_eof) return;
        if (type == QPDFTokenizer::tt_bad) bad_ = true;
        std::string raw = token.getRawValue();
        if (inline_image_) {
            // /I or /Interpolate true inside an inline image's dictionary: PDF/A wants false.
            if (no_interpolate_ && expect_interpolate_value_ && type != QPDFTokenizer::tt_space &&
                type != QPDFTokenizer::tt_comment) {
                expect_interpolate_value_ = false;
                if (type == QPDFTokenizer::tt_bool && token.getValue() == "true") {
                    raw = "false";
                    changed_ = true;
                }
            }
            if (type == QPDFTokenizer::tt_name &&
                (token.getValue() == "/I" || token.getValue() == "/Interpolate"))
                expect_interpolate_value_ = true;
            if (type == QPDFTokenizer::tt_word && token.getValue() == "ID") inline_data_ = true;
            pending_ += raw;
            if (type == QPDFTokenizer::tt_word && token.getValue() == "EI" && inline_data_) {
                inline_image_ = inline_data_ = expect_interpolate_value_ = false;
                operation("BI");
            }
            return;
        }
        pending_ += raw;
        if (type == QPDFTokenizer::tt_space || type == QPDFTokenizer::tt_comment) return;
        if (type != QPDFTokenizer::tt_word) {
            operands_.emplace_back(type, token.getValue());
            return;
        }
        std::string const &op = token.getValue();
        if (op == "BI") {
            inline_image_ = true;
            return;
        }
        operation(op);
    }

    void handleEOF() override {
        if (inline_image_) {  // an inline image cut short: keep its bytes as they were
            inline_image_ = false;
            operation("BI");
        }
        if (stashing_) unstash();
        flush();
        if (!pending_.empty()) {  // operands with no operator: keep them, outside any wrapper
            out(pending_);
            pending_.clear();
        }
    }

    bool changed() const { return changed_; }
    // Whether the tokenizer met something that is not PDF syntax (an unbalanced ")", a bad hex string…).
    bool bad() const { return bad_; }

  private:
    struct Piece {
        std::string text;
        bool paints;
    };

    void out(std::string const &s) { write(s); }

    // Whether the BDC/BMC just read opens structural marked content.
    bool structural(std::string const &op) const {
        if (operands_.empty() || operands_[0].first != QPDFTokenizer::tt_name) return true;  // malformed: left alone
        if (operands_[0].second == "/Artifact") return true;
        if (op == "BMC") return false;
        if (operands_.size() >= 2 && operands_[1].first == QPDFTokenizer::tt_name) return true;  // named property list
        for (auto const &operand : operands_)
            if (operand.first == QPDFTokenizer::tt_name && operand.second == "/MCID") return true;
        return false;
    }

    // Content at depth 0 goes to the text object being read, or else to the run.
    void keep(std::string const &text, bool marks) {
        if (stashing_) stash_.push_back({text, marks});
        else add(text, marks);
    }

    // A whole operation has been read into pending_ and operands_.
    void operation(std::string const &op) {
        std::string text = std::move(pending_);
        pending_.clear();
        bool opens = op == "BDC" || op == "BMC";
        bool is_structural = opens && structural(op);
        operands_.clear();
        if (!wrap_) {
            out(text);
            return;
        }
        if (depth_ > 0) {  // inside the document's own marked content: left as it is
            out(text);
            if (opens) ++depth_;
            if (op == "EMC") --depth_;
            if (op == "BT") in_text_ = true;
            if (op == "ET") in_text_ = false;
            return;
        }
        if (opens && is_structural) {
            if (stashing_) unstash();
            flush();
            out(text);
            ++depth_;
            return;
        }
        if (opens) {  // e.g. an /ActualText span: part of the run
            keep(text, false);
            ++(stashing_ ? stash_open_ : run_open_);
            return;
        }
        if (op == "EMC") {
            if (stashing_ && stash_open_ > 0) {
                keep(text, false);
                --stash_open_;
            } else if (run_open_ > 0) {
                if (stashing_) poisoned_ = true;  // a sequence from before BT closes inside it: not wrapped
                keep(text, false);
                --run_open_;
            } else {
                changed_ = true;  // an EMC with no BDC/BMC: dropped, it would end a wrapper
            }
            return;
        }
        if (op == "BT" && !in_text_) {
            stashing_ = true;
            in_text_ = true;
            stash_.clear();
            stash_open_ = 0;
            stash_.push_back({std::move(text), false});
            return;
        }
        if (op == "ET" && in_text_) {
            in_text_ = false;
            if (stashing_) {  // a text object with no structural marked content: one piece of the run
                stashing_ = false;
                for (auto &piece : stash_) add(piece.text, piece.paints);
                stash_.clear();
                run_open_ += stash_open_;
                stash_open_ = 0;
                add(text, false);
                return;
            }
            flush();  // a split text object: its last run ends before ET
            out(text);
            return;
        }
        keep(text, paints(op));
    }

    // A text object turned out to hold structural marked content: what came before BT is a run
    // of its own, BT is written as it is, and the text object's operators so far start a run.
    void unstash() {
        stashing_ = false;
        flush();
        if (stash_.empty()) return;
        out(stash_.front().text);
        for (size_t i = 1; i < stash_.size(); ++i) {
            if (depth_ > 0) out(stash_[i].text);
            else add(stash_[i].text, stash_[i].paints);
        }
        stash_.clear();
        (depth_ > 0 ? depth_ : run_open_) += stash_open_;
        stash_open_ = 0;
    }

    void add(std::string const &text, bool marks) {
        run_ += text;
        run_paints_ = run_paints_ || marks;
    }

    void flush() {
        if (run_paints_ && run_open_ == 0 && !poisoned_) {
            out("\n/Artifact BMC\n");
            out(run_);
            out("\nEMC\n");
            changed_ = true;
        } else {
            out(run_);
            depth_ += run_open_;  // sequences left open: from here on treated as structural
        }
        run_.clear();
        run_paints_ = poisoned_ = false;
        run_open_ = 0;
    }

    bool wrap_, no_interpolate_;
    bool changed_ = false, bad_ = false;
    std::string pending_;
    std::vector<std::pair<QPDFTokenizer::token_type_e, std::string>> operands_;
    bool inline_image_ = false, inline_data_ = false, expect_interpolate_value_ = false;
    long depth_ = 0;     // open structural marked content (and what is nested in it)
    bool in_text_ = false;
    bool stashing_ = false;  // reading a text object begun at depth 0
    std::vector<Piece> stash_;
    long stash_open_ = 0;    // non-structural sequences opened in the stashed text object, still open
    std::string run_;
    bool run_paints_ = false, poisoned_ = false;
    long run_open_ = 0;      // non-structural sequences opened in the run, still open
};

// The decoded data of a stream, or a Failure naming `what`.
std::string stream_data(Handle stream, std::string const &what) {
    try {
        std::shared_ptr<Buffer> data = stream.getStreamData(qpdf_dl_all);
        return std::string(reinterpret_cast<char const *>(data->getBuffer()), data->getSize());
    } catch (std::exception const &e) {
        throw Failure{"cannot decode " + what + ": " + e.what()};
    }
}

std::string filtered(std::string const &data, ArtifactFilter &filter) {
    Pl_Buffer buffer("filtered content");
    Pl_QPDFTokenizer tokenizer("artifact filter", &filter, &buffer);
    tokenizer.writeString(data);
    tokenizer.finish();
    std::shared_ptr<Buffer> result = buffer.getBufferSharedPointer();
    if (!result) return std::string();
    return std::string(reinterpret_cast<char const *>(result->getBuffer()), result->getSize());
}

// A page's content, all its streams joined (coalesced), with the untagged runs wrapped.
void mark_artifacts(QPDF &pdf, Handle page, size_t number, bool no_interpolate) {
    Handle contents = page.getKey("/Contents");
    std::string data;
    std::string what = "the content of page " + std::to_string(number);
    if (contents.isStream()) {
        data = stream_data(contents, what);
    } else if (contents.isArray()) {
        for (Handle part : contents.aitems()) {
            if (!part.isStream()) continue;
            data += stream_data(part, what);
            data += "\n";  // a stream boundary separates tokens, as PDF says
        }
    } else {
        return;  // no content: nothing painted, nothing to wrap
    }
    ArtifactFilter filter(true, no_interpolate);
    std::string result = filtered(data, filter);
    if (filter.bad()) throw Failure{what + " has a syntax error"};
    if (contents.isStream() && !filter.changed()) return;
    if (contents.isStream()) contents.replaceStreamData(result, Handle::newNull(), Handle::newNull());
    else page.replaceKey("/Contents", Handle::newStream(&pdf, result));
}

// ---------------------------------------------------------------------------------------------
// Text helpers.

std::string xml_escape(std::string const &s) {
    std::string r;
    r.reserve(s.size());
    for (unsigned char c : s) {
        switch (c) {
        case '&': r += "&amp;"; break;
        case '<': r += "&lt;"; break;
        case '>': r += "&gt;"; break;
        case '"': r += "&quot;"; break;
        default:
            // XML 1.0 forbids most C0 controls; a tab, newline or return stays.
            if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') r += ' ';
            else r += static_cast<char>(c);
        }
    }
    return r;
}

bool valid_utf8(std::string const &s) {
    size_t i = 0, n = s.size();
    while (i < n) {
        unsigned char c = static_cast<unsigned char>(s[i]);
        size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        if (len == 0 || i + len > n) return false;
        if (len == 2 && c < 0xC2) return false;
        for (size_t k = 1; k < len; ++k)
            if ((static_cast<unsigned char>(s[i + k]) >> 6) != 2) return false;
        if (len == 3) {
            unsigned char c1 = static_cast<unsigned char>(s[i + 1]);
            if ((c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 >= 0xA0)) return false;
        }
        if (len == 4) {
            unsigned char c1 = static_cast<unsigned char>(s[i + 1]);
            if ((c == 0xF0 && c1 < 0x90) || c > 0xF4 || (c == 0xF4 && c1 >= 0x90)) return false;
        }
        i += len;
    }
    return true;
}

// BCP 47 in its plain shape: subtags of 1–8 letters or digits joined by hyphens.
bool valid_language(std::string const &tag) {
    if (tag.empty() || tag.size() > 64) return false;
    size_t run = 0;
    for (char c : tag) {
        if (c == '-') {
            if (run == 0) return false;
            run = 0;
        } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) {
            if (++run > 8) return false;
        } else {
            return false;
        }
    }
    return run != 0;
}

// ---------------------------------------------------------------------------------------------
// Dates: Info's PDF dates and XMP's ISO 8601 dates must say the same (PDF/A).

struct Date {
    int year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0;
    char zone = 0;  // 0: not given, 'Z', '+' or '-'
    int zone_hour = 0, zone_minute = 0;
};

bool digits(std::string const &s, size_t &i, int count, int &value) {
    if (i + count > s.size()) return false;
    int v = 0;
    for (int k = 0; k < count; ++k) {
        char c = s[i + k];
        if (c < '0' || c > '9') return false;
        v = v * 10 + (c - '0');
    }
    value = v;
    i += count;
    return true;
}

// "D:YYYYMMDDHHmmSSOHH'mm'" with every part after the year optional; Cairo 1.16 leaves out "D:".
bool parse_pdf_date(std::string const &s, Date &d) {
    size_t i = 0;
    if (s.compare(0, 2, "D:") == 0) i = 2;
    if (!digits(s, i, 4, d.year)) return false;
    int *parts[] = {&d.month, &d.day, &d.hour, &d.minute, &d.second};
    for (int *part : parts) {
        if (i >= s.size() || s[i] < '0' || s[i] > '9') break;
        if (!digits(s, i, 2, *part)) return false;
    }
    if (i < s.size()) {
        char z = s[i++];
        if (z != 'Z' && z != '+' && z != '-') return false;
        d.zone = z;
        if (i < s.size() && digits(s, i, 2, d.zone_hour)) {
            if (i < s.size() && s[i] == '\'') ++i;
            if (i < s.size() && digits(s, i, 2, d.zone_minute)) {
                if (i < s.size() && s[i] == '\'') ++i;
            }
        }
        if (z == 'Z' && (d.zone_hour || d.zone_minute)) return false;
        if (i != s.size()) return false;
    }
    if (d.month < 1 || d.month > 12 || d.day < 1 || d.day > 31 || d.hour > 23 || d.minute > 59 ||
        d.second > 59 || d.zone_hour > 23 || d.zone_minute > 59)
        return false;
    return true;
}

std::string two(int n) {
    char b[8];
    std::snprintf(b, sizeof b, "%02d", n);
    return b;
}

std::string four(int n) {
    char b[8];
    std::snprintf(b, sizeof b, "%04d", n);
    return b;
}

std::string pdf_date(Date const &d) {
    std::string r = "D:" + four(d.year) + two(d.month) + two(d.day) + two(d.hour) + two(d.minute) + two(d.second);
    if (d.zone == 'Z') r += "Z";
    else if (d.zone) r += std::string(1, d.zone) + two(d.zone_hour) + "'" + two(d.zone_minute) + "'";
    return r;
}

std::string xmp_date(Date const &d) {
    std::string r = four(d.year) + "-" + two(d.month) + "-" + two(d.day) + "T" + two(d.hour) + ":" +
                    two(d.minute) + ":" + two(d.second);
    if (d.zone == 'Z') r += "Z";
    else if (d.zone) r += std::string(1, d.zone) + two(d.zone_hour) + ":" + two(d.zone_minute);
    return r;
}

// ---------------------------------------------------------------------------------------------
// The document information dictionary and the XMP that must agree with it.

struct DocumentInfo {
    std::string title, author, subject, keywords, creator, producer, trapped;
    bool has_created = false, has_modified = false;
    Date created, modified;
};

std::string info_text(Handle info, char const *key) {
    Handle value = info.getKey(key);
    return value.isString() ? value.getUTF8Value() : std::string();
}

// Reads Info, writes back the title and canonical dates, returns what the XMP must repeat.
DocumentInfo settle_info(QPDF &pdf, std::string const &title) {
    Handle trailer = pdf.getTrailer();
    Handle info = trailer.getKey("/Info");
    if (!info.isDictionary()) {
        info = pdf.makeIndirectObject(Handle::newDictionary());
        trailer.replaceKey("/Info", info);
    } else if (!info.isIndirect()) {
        info = pdf.makeIndirectObject(info);
        trailer.replaceKey("/Info", info);
    }
    DocumentInfo d;
    d.title = title;
    info.replaceKey("/Title", Handle::newUnicodeString(title));
    // Info's strings must match XMP; one XMP cannot hold text that is not UTF-8 text.
    char const *keys[] = {"/Author", "/Subject", "/Keywords", "/Creator", "/Producer"};
    std::string *slots[] = {&d.author, &d.subject, &d.keywords, &d.creator, &d.producer};
    for (size_t k = 0; k < 5; ++k) {
        if (!info.hasKey(keys[k])) continue;
        std::string value = info_text(info, keys[k]);
        if (value.empty() || !valid_utf8(value)) {
            info.removeKey(keys[k]);
            continue;
        }
        *slots[k] = value;
    }
    Handle trapped = info.getKey("/Trapped");
    if (trapped.isName() && (trapped.getName() == "/True" || trapped.getName() == "/False")) {
        d.trapped = trapped.getName().substr(1);
    } else if (info.hasKey("/Trapped")) {
        info.removeKey("/Trapped");
    }
    // Dates: rewritten in full "D:" form; one that can't be read is dropped rather than left to
    // disagree with XMP. A missing ModDate is the creation date (what Cairo means by no ModDate).
    Handle created = info.getKey("/CreationDate");
    if (created.isString() && parse_pdf_date(created.getUTF8Value(), d.created)) {
        d.has_created = true;
        info.replaceKey("/CreationDate", Handle::newString(pdf_date(d.created)));
    } else if (info.hasKey("/CreationDate")) {
        info.removeKey("/CreationDate");
    }
    Handle modified = info.getKey("/ModDate");
    if (modified.isString() && parse_pdf_date(modified.getUTF8Value(), d.modified)) {
        d.has_modified = true;
    } else if (d.has_created) {
        d.modified = d.created;
        d.has_modified = true;
    }
    if (d.has_modified) info.replaceKey("/ModDate", Handle::newString(pdf_date(d.modified)));
    else if (info.hasKey("/ModDate")) info.removeKey("/ModDate");
    return d;
}

std::string xmp_packet(DocumentInfo const &d, std::string const &language, bool pdfa) {
    std::string x;
    x += "<?xpacket begin=\"\xEF\xBB\xBF\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n";
    x += "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n";
    x += " <rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n";

    x += "  <rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\n";
    x += "   <dc:format>application/pdf</dc:format>\n";
    x += "   <dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">" + xml_escape(d.title) +
         "</rdf:li></rdf:Alt></dc:title>\n";
    x += "   <dc:language><rdf:Bag><rdf:li>" + xml_escape(language) + "</rdf:li></rdf:Bag></dc:language>\n";
    if (!d.author.empty())
        x += "   <dc:creator><rdf:Seq><rdf:li>" + xml_escape(d.author) + "</rdf:li></rdf:Seq></dc:creator>\n";
    if (!d.subject.empty())
        x += "   <dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">" + xml_escape(d.subject) +
             "</rdf:li></rdf:Alt></dc:description>\n";
    x += "  </rdf:Description>\n";

    if (!d.producer.empty() || !d.keywords.empty() || !d.trapped.empty()) {
        x += "  <rdf:Description rdf:about=\"\" xmlns:pdf=\"http://ns.adobe.com/pdf/1.3/\">\n";
        if (!d.producer.empty()) x += "   <pdf:Producer>" + xml_escape(d.producer) + "</pdf:Producer>\n";
        if (!d.keywords.empty()) x += "   <pdf:Keywords>" + xml_escape(d.keywords) + "</pdf:Keywords>\n";
        if (!d.trapped.empty()) x += "   <pdf:Trapped>" + d.trapped + "</pdf:Trapped>\n";
        x += "  </rdf:Description>\n";
    }

    if (!d.creator.empty() || d.has_created || d.has_modified) {
        x += "  <rdf:Description rdf:about=\"\" xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\">\n";
        if (!d.creator.empty()) x += "   <xmp:CreatorTool>" + xml_escape(d.creator) + "</xmp:CreatorTool>\n";
        if (d.has_created) x += "   <xmp:CreateDate>" + xmp_date(d.created) + "</xmp:CreateDate>\n";
        if (d.has_modified) {
            x += "   <xmp:ModifyDate>" + xmp_date(d.modified) + "</xmp:ModifyDate>\n";
            x += "   <xmp:MetadataDate>" + xmp_date(d.modified) + "</xmp:MetadataDate>\n";
        }
        x += "  </rdf:Description>\n";
    }

    x += "  <rdf:Description rdf:about=\"\" xmlns:pdfuaid=\"http://www.aiim.org/pdfua/ns/id/\">\n";
    x += "   <pdfuaid:part>1</pdfuaid:part>\n";
    x += "  </rdf:Description>\n";

    if (pdfa) {
        x += "  <rdf:Description rdf:about=\"\" xmlns:pdfaid=\"http://www.aiim.org/pdfa/ns/id/\">\n";
        x += "   <pdfaid:part>2</pdfaid:part>\n";
        x += "   <pdfaid:conformance>A</pdfaid:conformance>\n";
        x += "  </rdf:Description>\n";
        // PDF/A admits only its predefined schemas unless the others are described here.
        x += "  <rdf:Description rdf:about=\"\"\n";
        x += "    xmlns:pdfaExtension=\"http://www.aiim.org/pdfa/ns/extension/\"\n";
        x += "    xmlns:pdfaSchema=\"http://www.aiim.org/pdfa/ns/schema#\"\n";
        x += "    xmlns:pdfaProperty=\"http://www.aiim.org/pdfa/ns/property#\">\n";
        x += "   <pdfaExtension:schemas>\n";
        x += "    <rdf:Bag>\n";
        x += "     <rdf:li rdf:parseType=\"Resource\">\n";
        x += "      <pdfaSchema:schema>PDF/UA Universal Accessibility Schema</pdfaSchema:schema>\n";
        x += "      <pdfaSchema:namespaceURI>http://www.aiim.org/pdfua/ns/id/</pdfaSchema:namespaceURI>\n";
        x += "      <pdfaSchema:prefix>pdfuaid</pdfaSchema:prefix>\n";
        x += "      <pdfaSchema:property>\n";
        x += "       <rdf:Seq>\n";
        x += "        <rdf:li rdf:parseType=\"Resource\">\n";
        x += "         <pdfaProperty:name>part</pdfaProperty:name>\n";
        x += "         <pdfaProperty:valueType>Integer</pdfaProperty:valueType>\n";
        x += "         <pdfaProperty:category>internal</pdfaProperty:category>\n";
        x += "         <pdfaProperty:description>Indicates, which part of ISO 14289 standard is followed</pdfaProperty:description>\n";
        x += "        </rdf:li>\n";
        x += "       </rdf:Seq>\n";
        x += "      </pdfaSchema:property>\n";
        x += "     </rdf:li>\n";
        x += "    </rdf:Bag>\n";
        x += "   </pdfaExtension:schemas>\n";
        x += "  </rdf:Description>\n";
    }

    x += " </rdf:RDF>\n";
    x += "</x:xmpmeta>\n";
    x += "<?xpacket end=\"r\"?>";
    return x;
}

// ---------------------------------------------------------------------------------------------
// Structure: /Alt on figures.

// The standard type a structure type maps to through the RoleMap (a few hops at most).
std::string standard_type(Handle role_map, std::string type) {
    for (int hop = 0; hop < 16 && role_map.isDictionary(); ++hop) {
        Handle mapped = role_map.getKey(type);
        if (!mapped.isName() || mapped.getName() == type) break;
        type = mapped.getName();
    }
    return type;
}

// Every StructElem with its standard type, depth first in /K order, each once.
std::vector<std::pair<Handle, std::string>> structure_elements(Handle tree_root) {
    std::vector<std::pair<Handle, std::string>> found;
    Handle role_map = tree_root.getKey("/RoleMap");
    std::set<QPDFObjGen> seen;
    std::vector<Handle> stack;
    stack.push_back(tree_root.getKey("/K"));
    size_t visited = 0;
    while (!stack.empty()) {
        Handle node = stack.back();
        stack.pop_back();
        if (++visited > 10000000) throw Failure{"the structure tree is too large"};
        if (node.isArray()) {
            std::vector<Handle> items = node.getArrayAsVector();
            for (auto it = items.rbegin(); it != items.rend(); ++it) stack.push_back(*it);
            continue;
        }
        if (!node.isDictionary()) continue;  // an MCID
        if (node.isIndirect() && !seen.insert(node.getObjGen()).second) continue;
        Handle type = node.getKey("/Type");
        if (type.isNameAndEquals("/MCR") || type.isNameAndEquals("/OBJR")) continue;
        Handle s = node.getKey("/S");
        if (!s.isName()) continue;
        found.emplace_back(node, standard_type(role_map, s.getName()));
        stack.push_back(node.getKey("/K"));
    }
    return found;
}

// The StructElem children of an element, with their standard types.
std::vector<std::pair<Handle, std::string>> children(Handle element, Handle role_map) {
    std::vector<std::pair<Handle, std::string>> result;
    Handle k = element.getKey("/K");
    std::vector<Handle> items = k.isArray() ? k.getArrayAsVector() : std::vector<Handle>{k};
    for (Handle item : items) {
        if (!item.isDictionary() || !item.getKey("/S").isName()) continue;
        Handle type = item.getKey("/Type");
        if (type.isNameAndEquals("/MCR") || type.isNameAndEquals("/OBJR")) continue;
        result.emplace_back(item, standard_type(role_map, item.getKey("/S").getName()));
    }
    return result;
}

// Whether an attribute object (or an array of them, with revision numbers) sets /Scope.
bool has_scope(Handle attributes) {
    if (attributes.isDictionary()) return attributes.hasKey("/Scope");
    if (attributes.isArray())
        for (Handle a : attributes.aitems())
            if (a.isDictionary() && a.hasKey("/Scope")) return true;
    return false;
}

// Cairo 1.16 writes no attributes, so a TH has no /Scope and no cell has /Headers. The scope
// follows from the row: a row of TH only heads columns, a TH that starts a row of data cells
// heads its row, any other TH both.
void table_header_scopes(std::vector<std::pair<Handle, std::string>> const &elements, Handle role_map) {
    for (auto const &element : elements) {
        if (element.second != "/TR") continue;
        std::vector<std::pair<Handle, std::string>> cells = children(element.first, role_map);
        bool all_headers = true;
        for (auto const &cell : cells)
            if (cell.second != "/TH") all_headers = false;
        for (size_t i = 0; i < cells.size(); ++i) {
            Handle th = cells[i].first;
            if (cells[i].second != "/TH" || has_scope(th.getKey("/A"))) continue;
            std::string scope = all_headers ? "/Column" : i == 0 ? "/Row" : "/Both";
            Handle attribute = Handle::newDictionary();
            attribute.replaceKey("/O", Handle::newName("/Table"));
            attribute.replaceKey("/Scope", Handle::newName(scope));
            Handle existing = th.getKey("/A");
            if (existing.isArray()) {
                existing.appendItem(attribute);
            } else if (existing.isDictionary()) {
                Handle both = Handle::newArray();
                both.appendItem(existing);
                both.appendItem(attribute);
                th.replaceKey("/A", both);
            } else {
                th.replaceKey("/A", attribute);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Annotations.

// The number of the page a destination names, or 0.
size_t page_number_of(Handle dest, std::map<QPDFObjGen, size_t> const &numbers) {
    if (dest.isDictionary()) dest = dest.getKey("/D");
    if (!dest.isArray() || dest.getArrayNItems() < 1) return 0;
    Handle page = dest.getArrayItem(0);
    if (page.isIndirect()) {
        auto it = numbers.find(page.getObjGen());
        if (it != numbers.end()) return it->second;
    }
    return 0;
}

// /Contents for a link that has none: where it goes, without words of any one language.
std::string link_description(Handle annot, std::map<QPDFObjGen, size_t> const &numbers) {
    Handle action = annot.getKey("/A");
    Handle dest = annot.getKey("/Dest");
    if (action.isDictionary()) {
        Handle uri = action.getKey("/URI");
        if (uri.isString()) {
            std::string text = uri.getUTF8Value();
            if (!text.empty()) return text;
        }
        Handle d = action.getKey("/D");
        if (!d.isNull()) dest = d;
        Handle file = action.getKey("/F");
        if (file.isString()) return file.getUTF8Value();
    }
    if (dest.isString()) return "#" + dest.getUTF8Value();
    if (dest.isName()) return "#" + dest.getName().substr(1);
    size_t page = page_number_of(dest, numbers);
    if (page) return "#page=" + std::to_string(page);
    return "Link";
}

void finish_annotations(Handle page, std::map<QPDFObjGen, size_t> const &numbers) {
    Handle annots = page.getKey("/Annots");
    if (!annots.isArray() || annots.getArrayNItems() == 0) return;
    page.replaceKey("/Tabs", Handle::newName("/S"));  // tab order follows the structure
    for (Handle annot : annots.aitems()) {
        if (!annot.isDictionary()) continue;
        // Print on; Invisible, Hidden, NoView and ToggleNoView off (PDF/A; harmless for PDF/UA).
        long long flags = annot.getKey("/F").isInteger() ? annot.getKey("/F").getIntValue() : 0;
        flags = (flags | 4) & ~static_cast<long long>(1 | 2 | 32 | 256);
        annot.replaceKey("/F", Handle::newInteger(flags));
        if (annot.getKey("/Subtype").isNameAndEquals("/Link")) {
            Handle contents = annot.getKey("/Contents");
            if (!contents.isString() || contents.getUTF8Value().empty())
                annot.replaceKey("/Contents", Handle::newUnicodeString(link_description(annot, numbers)));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// /CharSet for Type 1 font subsets (page-validation's 2a profile asks for it, as PDF/A-1 did):
// the names of the glyphs in the embedded program, read from a CFF (FontFile3 /Type1C, which
// is what Cairo writes for OpenType/CFF fonts) or a Type 1 program (FontFile).

// The CFF standard strings (CFF specification, appendix A): SIDs 0–390.
const char *const cff_standard_strings[] = {
    ".notdef", "space", "exclam", "quotedbl", "numbersign", "dollar", "percent", "ampersand", "quoteright",
    "parenleft", "parenright", "asterisk", "plus", "comma", "hyphen", "period", "slash", "zero", "one",
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "colon", "semicolon", "less", "equal",
    "greater", "question", "at", "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O",
    "P", "Q", "R", "S", "T", "U", "V", "W", "X", "Y", "Z", "bracketleft", "backslash", "bracketright",
    "asciicircum", "underscore", "quoteleft", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l",
    "m", "n", "o", "p", "q", "r", "s", "t", "u", "v", "w", "x", "y", "z", "braceleft", "bar", "braceright",
    "asciitilde", "exclamdown", "cent", "sterling", "fraction", "yen", "florin", "section", "currency",
    "quotesingle", "quotedblleft", "guillemotleft", "guilsinglleft", "guilsinglright", "fi", "fl", "endash",
    "dagger", "daggerdbl", "periodcentered", "paragraph", "bullet", "quotesinglbase", "quotedblbase",
    "quotedblright", "guillemotright", "ellipsis", "perthousand", "questiondown", "grave", "acute",
    "circumflex", "tilde", "macron", "breve", "dotaccent", "dieresis", "ring", "cedilla", "hungarumlaut",
    "ogonek", "caron", "emdash", "AE", "ordfeminine", "Lslash", "Oslash", "OE", "ordmasculine", "ae",
    "dotlessi", "lslash", "oslash", "oe", "germandbls", "onesuperior", "logicalnot", "mu", "trademark",
    "Eth", "onehalf", "plusminus", "Thorn", "onequarter", "divide", "brokenbar", "degree", "thorn",
    "threequarters", "twosuperior", "registered", "minus", "eth", "multiply", "threesuperior", "copyright",
    "Aacute", "Acircumflex", "Adieresis", "Agrave", "Aring", "Atilde", "Ccedilla", "Eacute", "Ecircumflex",
    "Edieresis", "Egrave", "Iacute", "Icircumflex", "Idieresis", "Igrave", "Ntilde", "Oacute",
    "Ocircumflex", "Odieresis", "Ograve", "Otilde", "Scaron", "Uacute", "Ucircumflex", "Udieresis",
    "Ugrave", "Yacute", "Ydieresis", "Zcaron", "aacute", "acircumflex", "adieresis", "agrave", "aring",
    "atilde", "ccedilla", "eacute", "ecircumflex", "edieresis", "egrave", "iacute", "icircumflex",
    "idieresis", "igrave", "ntilde", "oacute", "ocircumflex", "odieresis", "ograve", "otilde", "scaron",
    "uacute", "ucircumflex", "udieresis", "ugrave", "yacute", "ydieresis", "zcaron", "exclamsmall",
    "Hungarumlautsmall", "dollaroldstyle", "dollarsuperior", "ampersandsmall", "Acutesmall",
    "parenleftsuperior", "parenrightsuperior", "twodotenleader", "onedotenleader", "zerooldstyle",
    "oneoldstyle", "twooldstyle", "threeoldstyle", "fouroldstyle", "fiveoldstyle", "sixoldstyle",
    "sevenoldstyle", "eightoldstyle", "nineoldstyle", "commasuperior", "threequartersemdash",
    "periodsuperior", "questionsmall", "asuperior", "bsuperior", "centsuperior", "dsuperior", "esuperior",
    "isuperior", "lsuperior", "msuperior", "nsuperior", "osuperior", "rsuperior", "ssuperior", "tsuperior",
    "ff", "ffi", "ffl", "parenleftinferior", "parenrightinferior", "Circumflexsmall", "hyphensuperior",
    "Gravesmall", "Asmall", "Bsmall", "Csmall", "Dsmall", "Esmall", "Fsmall", "Gsmall", "Hsmall", "Ismall",
    "Jsmall", "Ksmall", "Lsmall", "Msmall", "Nsmall", "Osmall", "Psmall", "Qsmall", "Rsmall", "Ssmall",
    "Tsmall", "Usmall", "Vsmall", "Wsmall", "Xsmall", "Ysmall", "Zsmall", "colonmonetary", "onefitted",
    "rupiah", "Tildesmall", "exclamdownsmall", "centoldstyle", "Lslashsmall", "Scaronsmall", "Zcaronsmall",
    "Dieresissmall", "Brevesmall", "Caronsmall", "Dotaccentsmall", "Macronsmall", "figuredash",
    "hypheninferior", "Ogoneksmall", "Ringsmall", "Cedillasmall", "questiondownsmall", "oneeighth",
    "threeeighths", "fiveeighths", "seveneighths", "onethird", "twothirds", "zerosuperior", "foursuperior",
    "fivesuperior", "sixsuperior", "sevensuperior", "eightsuperior", "ninesuperior", "zeroinferior",
    "oneinferior", "twoinferior", "threeinferior", "fourinferior", "fiveinferior", "sixinferior",
    "seveninferior", "eightinferior", "nineinferior", "centinferior", "dollarinferior", "periodinferior",
    "commainferior", "Agravesmall", "Aacutesmall", "Acircumflexsmall", "Atildesmall", "Adieresissmall",
    "Aringsmall", "AEsmall", "Ccedillasmall", "Egravesmall", "Eacutesmall", "Ecircumflexsmall",
    "Edieresissmall", "Igravesmall", "Iacutesmall", "Icircumflexsmall", "Idieresissmall", "Ethsmall",
    "Ntildesmall", "Ogravesmall", "Oacutesmall", "Ocircumflexsmall", "Otildesmall", "Odieresissmall",
    "OEsmall", "Oslashsmall", "Ugravesmall", "Uacutesmall", "Ucircumflexsmall", "Udieresissmall",
    "Yacutesmall", "Thornsmall", "Ydieresissmall", "001.000", "001.001", "001.002", "001.003", "Black",
    "Bold", "Book", "Light", "Medium", "Regular", "Roman", "Semibold",
};
const size_t cff_standard_count = sizeof cff_standard_strings / sizeof cff_standard_strings[0];

struct CFFIndex {
    size_t count = 0;
    std::vector<size_t> starts;  // count + 1 absolute offsets: item i is [starts[i], starts[i + 1])
    size_t end = 0;
};

bool cff_card(std::string const &d, size_t pos, int bytes, size_t &value) {
    if (bytes < 1 || bytes > 4 || pos + bytes > d.size()) return false;
    value = 0;
    for (int i = 0; i < bytes; ++i) value = (value << 8) | static_cast<unsigned char>(d[pos + i]);
    return true;
}

bool cff_index(std::string const &d, size_t pos, CFFIndex &index) {
    size_t count = 0, off_size = 0;
    if (!cff_card(d, pos, 2, count)) return false;
    index.count = count;
    if (count == 0) {
        index.end = pos + 2;
        return true;
    }
    if (!cff_card(d, pos + 2, 1, off_size) || off_size < 1 || off_size > 4) return false;
    size_t offsets = pos + 3, data = offsets + (count + 1) * off_size - 1;
    index.starts.resize(count + 1);
    for (size_t i = 0; i <= count; ++i) {
        size_t offset = 0;
        if (!cff_card(d, offsets + i * off_size, static_cast<int>(off_size), offset) || offset < 1) return false;
        index.starts[i] = data + offset;
        if (index.starts[i] > d.size() || (i > 0 && index.starts[i] < index.starts[i - 1])) return false;
    }
    index.end = index.starts[count];
    return true;
}

// The Top DICT's charset and CharStrings offsets; false for a CID-keyed font or bad data.
bool cff_top_dict(std::string const &d, size_t begin, size_t end, size_t &charset, size_t &char_strings) {
    std::vector<long> operands;
    charset = 0;  // ISOAdobe
    char_strings = 0;
    size_t pos = begin;
    while (pos < end) {
        unsigned b0 = static_cast<unsigned char>(d[pos]);
        if (b0 <= 21) {  // an operator
            unsigned op = b0;
            ++pos;
            if (b0 == 12) {
                if (pos >= end) return false;
                op = 1200 + static_cast<unsigned char>(d[pos++]);
            }
            if (op == 1230) return false;  // ROS: CID-keyed, no glyph names
            if (op == 15 && !operands.empty()) charset = static_cast<size_t>(operands.back());
            if (op == 17 && !operands.empty()) char_strings = static_cast<size_t>(operands.back());
            operands.clear();
        } else if (b0 == 28 || b0 == 29) {
            size_t v = 0;
            int n = b0 == 28 ? 2 : 4;
            if (!cff_card(d, pos + 1, n, v)) return false;
            operands.push_back(n == 2 ? static_cast<int16_t>(v) : static_cast<int32_t>(v));
            pos += 1 + n;
        } else if (b0 == 30) {  // a real: nibbles up to 0xf
            ++pos;
            while (pos < end && (static_cast<unsigned char>(d[pos]) & 0x0f) != 0x0f &&
                   (static_cast<unsigned char>(d[pos]) & 0xf0) != 0xf0)
                ++pos;
            ++pos;
            operands.push_back(0);
        } else if (b0 >= 32 && b0 <= 246) {
            operands.push_back(static_cast<long>(b0) - 139);
            ++pos;
        } else if (b0 >= 247 && b0 <= 254) {
            if (pos + 1 >= end) return false;
            long b1 = static_cast<unsigned char>(d[pos + 1]);
            operands.push_back(b0 <= 250 ? (static_cast<long>(b0) - 247) * 256 + b1 + 108
                                         : -(static_cast<long>(b0) - 251) * 256 - b1 - 108);
            pos += 2;
        } else {
            return false;
        }
        if (operands.size() > 48) return false;
    }
    return char_strings != 0;
}

// The glyph names of a name-keyed CFF font program, without .notdef; empty if unreadable.
std::vector<std::string> cff_glyph_names(std::string const &d) {
    std::vector<std::string> names;
    size_t header = 0;
    if (!cff_card(d, 2, 1, header)) return names;
    CFFIndex name_index, top_index, strings;
    if (!cff_index(d, header, name_index) || !cff_index(d, name_index.end, top_index) || top_index.count < 1 ||
        !cff_index(d, top_index.end, strings))
        return names;
    size_t charset = 0, char_strings_offset = 0;
    if (!cff_top_dict(d, top_index.starts[0], top_index.starts[1], charset, char_strings_offset)) return names;
    CFFIndex char_strings;
    if (!cff_index(d, char_strings_offset, char_strings) || char_strings.count < 1) return names;
    size_t glyphs = char_strings.count;
    auto name_of = [&](size_t sid, std::string &name) {
        if (sid < cff_standard_count) {
            name = cff_standard_strings[sid];
            return true;
        }
        size_t i = sid - cff_standard_count;
        if (i >= strings.count) return false;
        name = d.substr(strings.starts[i], strings.starts[i + 1] - strings.starts[i]);
        return true;
    };
    std::vector<size_t> sids;
    if (charset == 0) {  // ISOAdobe: SIDs 1… in order
        if (glyphs - 1 > 228) return names;
        for (size_t g = 1; g < glyphs; ++g) sids.push_back(g);
    } else if (charset <= 2) {
        return names;  // the Expert charsets: not written by Cairo
    } else {
        size_t format = 0, pos = charset + 1;
        if (!cff_card(d, charset, 1, format)) return names;
        while (sids.size() < glyphs - 1) {
            size_t first = 0, left = 0;
            if (format == 0) {
                if (!cff_card(d, pos, 2, first)) return {};
                sids.push_back(first);
                pos += 2;
            } else if (format == 1 || format == 2) {
                int n = format == 1 ? 1 : 2;
                if (!cff_card(d, pos, 2, first) || !cff_card(d, pos + 2, n, left)) return {};
                pos += 2 + n;
                for (size_t k = 0; k <= left && sids.size() < glyphs - 1; ++k) sids.push_back(first + k);
            } else {
                return names;
            }
        }
    }
    for (size_t sid : sids) {
        std::string name;
        if (!name_of(sid, name) || name.empty()) return {};
        if (name != ".notdef") names.push_back(name);
    }
    return names;
}

// The glyph names in a Type 1 font program's /CharStrings (eexec-encrypted), without .notdef.
std::vector<std::string> type1_glyph_names(std::string const &font, size_t length1) {
    std::vector<std::string> names;
    if (length1 == 0 || length1 > font.size()) {
        size_t e = font.find("eexec");
        if (e == std::string::npos) return names;
        length1 = e + 5;
        while (length1 < font.size() && (font[length1] == '\r' || font[length1] == '\n' || font[length1] == ' ' ||
                                         font[length1] == '\t'))
            ++length1;
    }
    std::string cipher = font.substr(length1);
    auto hex = [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); };
    if (cipher.size() >= 4 && hex(cipher[0]) && hex(cipher[1]) && hex(cipher[2]) && hex(cipher[3])) {
        std::string bytes;  // the hexadecimal form (PFA)
        int nibble = -1;
        for (char c : cipher) {
            if (!hex(c)) {
                if (c == ' ' || c == '\r' || c == '\n' || c == '\t') continue;
                break;
            }
            int v = c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
            if (nibble < 0) nibble = v;
            else {
                bytes += static_cast<char>(nibble * 16 + v);
                nibble = -1;
            }
        }
        cipher = bytes;
    }
    std::string plain;
    plain.reserve(cipher.size());
    unsigned short r = 55665;
    for (char ch : cipher) {
        unsigned char c = static_cast<unsigned char>(ch);
        plain += static_cast<char>(c ^ (r >> 8));
        r = static_cast<unsigned short>((c + r) * 52845u + 22719u);
    }
    size_t pos = plain.find("/CharStrings");
    if (pos == std::string::npos) return names;
    pos = plain.find("begin", pos);
    if (pos == std::string::npos) return names;
    pos += 5;
    auto space = [](char c) { return c == ' ' || c == '\r' || c == '\n' || c == '\t' || c == '\f' || c == '\0'; };
    auto skip_space = [&] {
        while (pos < plain.size() && space(plain[pos])) ++pos;
    };
    auto token = [&] {
        size_t start = pos;
        while (pos < plain.size() && !space(plain[pos])) ++pos;
        return plain.substr(start, pos - start);
    };
    while (true) {
        skip_space();
        if (pos >= plain.size()) return {};
        if (plain[pos] != '/') {
            std::string word = token();
            if (word == "end") break;
            if (word.empty()) return {};
            continue;  // ND, |-, noaccess def …
        }
        std::string name = token().substr(1);
        skip_space();
        std::string length = token();
        if (length.empty() || length.size() > 9 || length.find_first_not_of("0123456789") != std::string::npos) return {};
        skip_space();
        token();  // RD or -|
        pos += 1 + std::stoul(length);  // one space, then the binary charstring
        if (name.empty()) return {};
        if (name != ".notdef") names.push_back(name);
        if (names.size() > 65536) return {};
    }
    return names;
}

// A subset's name starts with six capital letters and '+'.
bool subset_name(std::string const &base_font) {
    if (base_font.size() < 8 || base_font[7] != '+') return false;
    for (size_t i = 1; i < 7; ++i)
        if (base_font[i] < 'A' || base_font[i] > 'Z') return false;
    return true;
}

void add_char_set(Handle font) {
    if (!font.isDictionary()) return;
    Handle subtype = font.getKey("/Subtype");
    if (!subtype.isNameAndEquals("/Type1") && !subtype.isNameAndEquals("/MMType1")) return;
    Handle base_font = font.getKey("/BaseFont");
    if (!base_font.isName() || !subset_name(base_font.getName())) return;
    Handle descriptor = font.getKey("/FontDescriptor");
    if (!descriptor.isDictionary() || descriptor.hasKey("/CharSet")) return;
    std::vector<std::string> names;
    Handle program = descriptor.getKey("/FontFile3");
    if (program.isStream() && program.getDict().getKey("/Subtype").isNameAndEquals("/Type1C")) {
        names = cff_glyph_names(stream_data(program, "a CFF font program"));
    } else if ((program = descriptor.getKey("/FontFile")).isStream()) {
        Handle length1 = program.getDict().getKey("/Length1");
        size_t l1 = length1.isInteger() && length1.getIntValue() > 0 ? static_cast<size_t>(length1.getIntValue()) : 0;
        names = type1_glyph_names(stream_data(program, "a Type 1 font program"), l1);
    }
    if (names.empty()) return;
    std::string char_set;
    for (auto const &name : names) char_set += "/" + name;
    descriptor.replaceKey("/CharSet", Handle::newString(char_set));
}

// ---------------------------------------------------------------------------------------------
// Fonts, images, output intent.

void identity_cid_to_gid(Handle font) {
    if (font.isDictionary() && font.getKey("/Subtype").isNameAndEquals("/CIDFontType2") &&
        !font.hasKey("/CIDToGIDMap"))
        font.replaceKey("/CIDToGIDMap", Handle::newName("/Identity"));
}

std::string read_file(char const *path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Failure{std::string("cannot read the ICC profile ") + path};
    std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad()) throw Failure{std::string("cannot read the ICC profile ") + path};
    return data;
}

// An ICC profile's header: at least 128 bytes, "acsp" at 36, an RGB data colour space.
void check_rgb_profile(std::string const &icc, char const *path) {
    if (icc.size() < 132 || icc.compare(36, 4, "acsp") != 0)
        throw Failure{std::string("the file ") + path + " is not an ICC profile"};
    if (icc.compare(16, 4, "RGB ") != 0)
        throw Failure{std::string("the ICC profile ") + path + " is not an RGB profile"};
}

void add_output_intent(QPDF &pdf, Handle root, std::string const &icc) {
    Handle profile = Handle::newStream(&pdf, icc);
    profile.getDict().replaceKey("/N", Handle::newInteger(3));
    Handle intent = Handle::newDictionary();
    intent.replaceKey("/Type", Handle::newName("/OutputIntent"));
    intent.replaceKey("/S", Handle::newName("/GTS_PDFA1"));
    intent.replaceKey("/OutputConditionIdentifier", Handle::newString("sRGB IEC61966-2.1"));
    intent.replaceKey("/Info", Handle::newString("sRGB IEC61966-2.1"));
    intent.replaceKey("/DestOutputProfile", profile);
    Handle intents = Handle::newArray();
    intents.appendItem(pdf.makeIndirectObject(intent));
    root.replaceKey("/OutputIntents", intents);
}

// ---------------------------------------------------------------------------------------------
// Stream ends. qpdf writes one LF between a stream's data and `endstream`; when the data's last
// byte is a CR, that CR LF reads as the end-of-line marker and the data looks one byte shorter
// than /Length (page-validation's PDFA2A-STREAM-LENGTH-001, at random for 1 stream in 256).
// So streams are settled here, before writing: unfiltered streams are deflated (what QPDFWriter
// would do, but now the bytes are known), and for PDF/A one whose bytes still end in CR gets an
// /ASCIIHexDecode stage in front, whose output always ends in '>'. PDF/UA has no such rule,
// and reading every stream's bytes to look costs a tenth of the finishing.

std::string buffer_text(std::shared_ptr<Buffer> const &buffer) {
    if (!buffer || buffer->getSize() == 0) return std::string();
    return std::string(reinterpret_cast<char const *>(buffer->getBuffer()), buffer->getSize());
}

std::string deflate(std::string const &data) {
    Pl_Buffer out("deflated");
    Pl_Flate flate("deflate", &out, Pl_Flate::a_deflate);
    flate.writeString(data);
    flate.finish();
    return buffer_text(out.getBufferSharedPointer());
}

std::string ascii_hex(std::string const &data) {
    static char const digits[] = "0123456789ABCDEF";
    std::string r;
    r.reserve(data.size() * 2 + data.size() / 32 + 2);
    for (size_t i = 0; i < data.size(); ++i) {
        unsigned char c = static_cast<unsigned char>(data[i]);
        r += digits[c >> 4];
        r += digits[c & 15];
        if (i % 32 == 31) r += '\n';
    }
    r += '>';
    return r;
}

// The stream's filters as an array, and its decode parameters as an array of the same length.
void filter_arrays(Handle dict, std::vector<Handle> &filters, std::vector<Handle> &parms) {
    Handle filter = dict.getKey("/Filter");
    Handle parm = dict.getKey("/DecodeParms");
    if (filter.isName()) filters.push_back(filter);
    else if (filter.isArray()) filters = filter.getArrayAsVector();
    if (parm.isArray()) parms = parm.getArrayAsVector();
    else if (!parm.isNull()) parms.push_back(parm);
    parms.resize(filters.size(), Handle::newNull());
}

void settle_stream_ends(QPDF &pdf, bool pdfa) {
    for (Handle stream : pdf.getAllObjects()) {
        if (!stream.isStream()) continue;
        Handle dict = stream.getDict();
        bool unfiltered = dict.getKey("/Filter").isNull() && !dict.getKey("/Type").isNameAndEquals("/Metadata");
        if (!unfiltered && !pdfa) continue;  // only PDF/A minds a CR at the end
        std::string raw = buffer_text(stream.getRawStreamData());
        if (unfiltered) {
            raw = deflate(raw);
            stream.replaceStreamData(raw, Handle::newName("/FlateDecode"), Handle::newNull());
        }
        if (!pdfa || raw.empty() || raw.back() != '\r') continue;
        std::vector<Handle> filters, parms;
        filter_arrays(dict, filters, parms);
        bool any_parms = false;
        for (Handle p : parms) any_parms = any_parms || !p.isNull();
        Handle filter_array = Handle::newArray(), parms_array = Handle::newArray();
        filter_array.appendItem(Handle::newName("/ASCIIHexDecode"));
        parms_array.appendItem(Handle::newNull());
        for (size_t i = 0; i < filters.size(); ++i) {
            filter_array.appendItem(filters[i]);
            parms_array.appendItem(parms[i]);
        }
        stream.replaceStreamData(ascii_hex(raw), filter_array, any_parms ? parms_array : Handle::newNull());
    }
}

// Writes the PDF with a classic cross-reference table. Object streams would make the file up to
// a third of the size (the structure tree is tens of thousands of small objects), but writing
// them costs a seventh of a 14-day request (docs/performance.md), and they end in a CR at random,
// which PDF/A forbids and settle_stream_ends can't reach.
std::string write_pdf(QPDF &pdf) {
    QPDFWriter writer(pdf);
    writer.setOutputMemory();
    writer.setDeterministicID(true);  // /ID from the content: same input, same bytes
    writer.setPreserveEncryption(false);
    writer.setObjectStreamMode(qpdf_o_disable);
    writer.setDecodeLevel(qpdf_dl_none);  // every stream's bytes as settle_stream_ends left them
    writer.setCompressStreams(false);
    writer.setNewlineBeforeEndstream(true);  // PDF/A: an end-of-line marker before endstream
    writer.setMinimumPDFVersion("1.7");      // PDF/UA-1 and PDF/A-2 are ISO 32000-1 (PDF 1.7)
    writer.write();
    std::string out = buffer_text(writer.getBufferSharedPointer());
    if (out.empty()) throw Failure{"qpdf wrote nothing"};
    return out;
}

void set_error(char *error, size_t capacity, std::string const &reason) {
    if (!error || capacity == 0) return;
    std::string text = reason;
    if (!text.empty() && text.back() != '.') text += ".";
    size_t n = text.size() < capacity - 1 ? text.size() : capacity - 1;
    std::memcpy(error, text.data(), n);
    error[n] = '\0';
}

// ---------------------------------------------------------------------------------------------

std::string finish(const unsigned char *bytes, size_t size, std::string const &language, char const *title_arg,
                   std::vector<std::string> const &alternatives, bool pdfa, char const *icc_path) {
    std::string icc;
    if (pdfa) {
        if (!icc_path || !*icc_path) throw Failure{"PDF/A needs an sRGB ICC profile path"};
        icc = read_file(icc_path);
        check_rgb_profile(icc, icc_path);
    }

    QPDF pdf;
    pdf.setSuppressWarnings(true);
    try {
        pdf.processMemoryFile("PDF", reinterpret_cast<char const *>(bytes), size);
    } catch (std::exception const &e) {
        throw Failure{std::string("cannot read the PDF: ") + e.what()};
    }
    pdf.getWarnings();  // what recovery said while reading; checked again after the content

    // The trailer keeps /Root and /Info, and a /Size whose value QPDFWriter replaces (it writes
    // none when the key is missing); it adds /ID. Anything else would be copied as it is.
    Handle trailer = pdf.getTrailer();
    for (std::string const &key : trailer.getKeys())
        if (key != "/Root" && key != "/Info") trailer.removeKey(key);
    trailer.replaceKey("/Size", Handle::newInteger(0));

    Handle root = pdf.getRoot();
    Handle tree_root = root.getKey("/StructTreeRoot");
    if (!tree_root.isDictionary())
        throw Failure{"the PDF has no structure tree (draw it with cairo_tag_begin/cairo_tag_end)"};

    std::string title = title_arg ? title_arg : "";
    if (title.empty()) {
        Handle info = pdf.getTrailer().getKey("/Info");
        if (info.isDictionary()) title = info_text(info, "/Title");
    }
    if (title.empty()) throw Failure{"the document needs a title"};
    if (!valid_utf8(title)) throw Failure{"the title is not UTF-8"};

    // Figures' alternative text.
    std::vector<std::pair<Handle, std::string>> elements = structure_elements(tree_root);
    std::vector<Handle> found;
    for (auto const &element : elements)
        if (element.second == "/Figure") found.push_back(element.first);
    if (found.size() > alternatives.size())
        throw Failure{"the structure tree has " + std::to_string(found.size()) + " figures but only " +
                      std::to_string(alternatives.size()) + " alternative texts were given"};
    for (size_t i = 0; i < found.size(); ++i) found[i].replaceKey("/Alt", Handle::newUnicodeString(alternatives[i]));
    table_header_scopes(elements, tree_root.getKey("/RoleMap"));

    // The catalog.
    root.replaceKey("/Lang", Handle::newUnicodeString(language));
    Handle mark_info = root.getKey("/MarkInfo");
    if (!mark_info.isDictionary()) {
        mark_info = Handle::newDictionary();
        root.replaceKey("/MarkInfo", mark_info);
    }
    mark_info.replaceKey("/Marked", Handle::newBool(true));
    if (mark_info.hasKey("/Suspects")) mark_info.removeKey("/Suspects");
    Handle preferences = root.getKey("/ViewerPreferences");
    if (!preferences.isDictionary()) {
        preferences = Handle::newDictionary();
        root.replaceKey("/ViewerPreferences", preferences);
    }
    preferences.replaceKey("/DisplayDocTitle", Handle::newBool(true));

    DocumentInfo info = settle_info(pdf, title);
    Handle metadata = Handle::newStream(&pdf, xmp_packet(info, language, pdfa));
    metadata.getDict().replaceKey("/Type", Handle::newName("/Metadata"));
    metadata.getDict().replaceKey("/Subtype", Handle::newName("/XML"));
    root.replaceKey("/Metadata", metadata);

    // Pages: artifacts, annotations.
    std::vector<QPDFPageObjectHelper> pages = QPDFPageDocumentHelper(pdf).getAllPages();
    std::map<QPDFObjGen, size_t> numbers;
    for (size_t i = 0; i < pages.size(); ++i) numbers[pages[i].getObjectHandle().getObjGen()] = i + 1;
    for (size_t i = 0; i < pages.size(); ++i) {
        Handle page = pages[i].getObjectHandle();
        mark_artifacts(pdf, page, i + 1, pdfa);
        finish_annotations(page, numbers);
    }

    // Every object: fonts, and for PDF/A images' /Interpolate (also inline images in forms).
    for (Handle object : pdf.getAllObjects()) {
        if (object.isDictionary()) {
            identity_cid_to_gid(object);
            if (pdfa) add_char_set(object);
            if (object.getKey("/Subtype").isNameAndEquals("/Type0")) {
                Handle descendants = object.getKey("/DescendantFonts");
                if (descendants.isArray())
                    for (Handle font : descendants.aitems()) identity_cid_to_gid(font);
            }
            continue;
        }
        if (!pdfa || !object.isStream()) continue;
        Handle dict = object.getDict();
        if (dict.getKey("/Subtype").isNameAndEquals("/Image")) {
            if (dict.hasKey("/Interpolate")) dict.removeKey("/Interpolate");
        } else if (dict.getKey("/Subtype").isNameAndEquals("/Form")) {
            std::string data = stream_data(object, "a form XObject");
            if (data.find("BI") == std::string::npos) continue;
            ArtifactFilter filter(false, true);
            std::string result = filtered(data, filter);
            if (filter.bad()) throw Failure{"a form XObject's content has a syntax error"};
            if (filter.changed()) object.replaceStreamData(result, Handle::newNull(), Handle::newNull());
        }
    }

    if (pdfa) add_output_intent(pdf, root, icc);

    if (pdf.anyWarnings()) {
        std::vector<QPDFExc> warnings = pdf.getWarnings();
        throw Failure{"cannot read the PDF's content: " + std::string(warnings.front().what())};
    }

    settle_stream_ends(pdf, pdfa);
    return write_pdf(pdf);
}

}  // namespace

extern "C" {

itinerary_pdf_finish *itinerary_pdf_finish_run(const unsigned char *pdf, size_t size, const char *language,
                                               const char *title, const char *const *alternatives,
                                               size_t alternative_count, int pdfa, const char *icc_profile_path,
                                               char *error, size_t error_capacity) {
    set_error(error, error_capacity, "");
    try {
        if (!pdf || size == 0) throw Failure{"the PDF is empty"};
        if (!language || !valid_language(language))
            throw Failure{std::string("the language tag \"") + (language ? language : "") + "\" is not BCP 47"};
        if (alternative_count > 0 && !alternatives) throw Failure{"the alternative texts are missing"};
        std::vector<std::string> alts;
        alts.reserve(alternative_count);
        for (size_t i = 0; i < alternative_count; ++i) {
            if (!alternatives[i] || !*alternatives[i])
                throw Failure{"alternative text " + std::to_string(i) + " is empty"};
            if (!valid_utf8(alternatives[i])) throw Failure{"alternative text " + std::to_string(i) + " is not UTF-8"};
            alts.emplace_back(alternatives[i]);
        }
        std::string bytes = finish(pdf, size, language, title, alts, pdfa != 0, icc_profile_path);
        return new itinerary_pdf_finish{std::move(bytes)};
    } catch (Failure const &f) {
        set_error(error, error_capacity, f.reason);
    } catch (std::bad_alloc const &) {
        set_error(error, error_capacity, "out of memory");
    } catch (std::exception const &e) {
        set_error(error, error_capacity, std::string("qpdf failed: ") + e.what());
    } catch (...) {
        set_error(error, error_capacity, "qpdf failed");
    }
    return nullptr;
}

size_t itinerary_pdf_finish_size(const itinerary_pdf_finish *result) { return result ? result->bytes.size() : 0; }

void itinerary_pdf_finish_copy(const itinerary_pdf_finish *result, unsigned char *out) {
    if (result && out && !result->bytes.empty()) std::memcpy(out, result->bytes.data(), result->bytes.size());
}

void itinerary_pdf_finish_free(itinerary_pdf_finish *result) { delete result; }

}  // extern "C"

extern "C" itinerary_pdf_finish *itinerary_pdf_finish_run_joined(const unsigned char *pdf, size_t size, const char *language,
                                                                const char *title, const char *alternatives, size_t alternatives_size,
                                                                int pdfa, const char *icc_profile_path, char *error,
                                                                size_t error_capacity) {
    // The texts, each ended by a NUL: what Swift passes without building an array of C strings.
    std::vector<const char *> pointers;
    for (size_t start = 0; alternatives && start < alternatives_size;) {
        pointers.push_back(alternatives + start);
        while (start < alternatives_size && alternatives[start] != 0) ++start;
        ++start;
    }
    return itinerary_pdf_finish_run(pdf, size, language, title, pointers.data(), pointers.size(), pdfa, icc_profile_path, error,
                                    error_capacity);
}

// Info and XMP, ported from the qpdf finisher unchanged in what they write.
#include "document_info.hh"

#include <cstdio>

namespace finish {
namespace {

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
    if (d.month < 1 || d.month > 12 || d.day < 1 || d.day > 31 || d.hour > 23 || d.minute > 59 || d.second > 59 ||
        d.zone_hour > 23 || d.zone_minute > 59)
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

}  // namespace

std::string pdf_date(Date const &d) {
    std::string r = "D:" + four(d.year) + two(d.month) + two(d.day) + two(d.hour) + two(d.minute) + two(d.second);
    if (d.zone == 'Z') r += "Z";
    else if (d.zone) r += std::string(1, d.zone) + two(d.zone_hour) + "'" + two(d.zone_minute) + "'";
    return r;
}

namespace {

std::string xmp_date(Date const &d) {
    std::string r = four(d.year) + "-" + two(d.month) + "-" + two(d.day) + "T" + two(d.hour) + ":" + two(d.minute) +
                    ":" + two(d.second);
    if (d.zone == 'Z') r += "Z";
    else if (d.zone) r += std::string(1, d.zone) + two(d.zone_hour) + ":" + two(d.zone_minute);
    return r;
}

std::string info_text(Value const &info, char const *key) {
    Value const *value = info.get(key);
    return value && value->is(Kind::String) ? text_utf8(value->text) : std::string();
}

}  // namespace

std::string info_title(Document &pdf) {
    Value const *ref = pdf.trailer.get("/Info");
    Value const *info = ref ? pdf.dict(*ref) : nullptr;
    return info ? info_text(*info, "/Title") : std::string();
}

DocumentInfo settle_info(Document &pdf, std::string const &title) {
    Value *ref = pdf.trailer.get("/Info");
    Value *info = ref && ref->is(Kind::Ref) ? pdf.edit_dict(*ref, 0) : nullptr;
    if (!info) {  // none, or a direct one: Info becomes an object of its own
        Value const *direct = ref ? pdf.dict(*ref) : nullptr;
        size_t number = pdf.add(direct ? *direct : Value::dict());
        pdf.trailer.set("/Info", Value::ref(number));
        info = pdf.edit_dict(*pdf.trailer.get("/Info"), 0);
    }
    DocumentInfo d;
    d.title = title;
    info->set("/Title", pdf.text_value(title));
    // Info's strings must match XMP; one XMP cannot hold text that is not UTF-8 text.
    char const *keys[] = {"/Author", "/Subject", "/Keywords", "/Creator", "/Producer"};
    std::string *slots[] = {&d.author, &d.subject, &d.keywords, &d.creator, &d.producer};
    for (size_t k = 0; k < 5; ++k) {
        if (!info->get(keys[k])) continue;
        std::string value = info_text(*info, keys[k]);
        if (value.empty() || !valid_utf8(value)) {
            info->remove(keys[k]);
            continue;
        }
        *slots[k] = value;
    }
    Value const *trapped = info->get("/Trapped");
    if (trapped && (trapped->is_name("/True") || trapped->is_name("/False"))) {
        d.trapped = std::string(name_text(trapped->text));
    } else if (trapped) {
        info->remove("/Trapped");
    }
    // Dates: rewritten in full "D:" form; one that can't be read is dropped rather than left to
    // disagree with XMP. A missing ModDate is the creation date (what Cairo means by no ModDate).
    Value const *created = info->get("/CreationDate");
    if (created && created->is(Kind::String) && parse_pdf_date(text_utf8(created->text), d.created)) {
        d.has_created = true;
        info->set("/CreationDate", pdf.string_value(pdf_date(d.created)));
    } else if (created) {
        info->remove("/CreationDate");
    }
    Value const *modified = info->get("/ModDate");
    if (modified && modified->is(Kind::String) && parse_pdf_date(text_utf8(modified->text), d.modified)) {
        d.has_modified = true;
    } else if (d.has_created) {
        d.modified = d.created;
        d.has_modified = true;
    }
    if (d.has_modified) info->set("/ModDate", pdf.string_value(pdf_date(d.modified)));
    else info->remove("/ModDate");
    return d;
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

std::string xmp_packet(DocumentInfo const &d, std::string const &language, int pdfa_part) {
    bool pdfa = pdfa_part != 0;
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
        x += "   <pdfaid:part>" + std::to_string(pdfa_part) + "</pdfaid:part>\n";
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
        x += "         <pdfaProperty:description>"
             "Indicates, which part of ISO 14289 standard is followed</pdfaProperty:description>\n";
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

}  // namespace finish

// The document information dictionary, and the XMP packet that must say the same (PDF/A).
#pragma once

#include <string>

#include "pdf_document.hh"

namespace finish {

bool valid_utf8(std::string const &s);
// BCP 47 in its plain shape: subtags of 1–8 letters or digits joined by hyphens.
bool valid_language(std::string const &tag);

// Dates: Info's PDF dates and XMP's ISO 8601 dates must say the same (PDF/A).
struct Date {
    int year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0;
    char zone = 0;  // 0: not given, 'Z', '+' or '-'
    int zone_hour = 0, zone_minute = 0;
};

struct DocumentInfo {
    std::string title, author, subject, keywords, creator, producer, trapped;
    bool has_created = false, has_modified = false;
    Date created, modified;
};

// Reads Info (making one if there is none), writes back the title and canonical dates, and
// returns what the XMP must repeat.
DocumentInfo settle_info(Document &pdf, std::string const &title);
// The title Info holds, or "".
std::string info_title(Document &pdf);

// A PDF date, "D:YYYYMMDDHHmmSS" and the zone as given.
std::string pdf_date(Date const &d);

// The XMP packet: Info's entries, pdfuaid, and for PDF/A (`pdfa_part` 2 or 3; 0: not PDF/A) pdfaid with conformance A.
std::string xmp_packet(DocumentInfo const &d, std::string const &language, int pdfa_part);

}  // namespace finish

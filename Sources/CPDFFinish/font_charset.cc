// /CharSet for Type 1 font subsets (page-validation's 2a profile asks for it, as PDF/A-1 did):
// the names of the glyphs in the embedded program, read from a CFF (FontFile3 /Type1C, which
// is what Cairo writes for OpenType/CFF fonts) or a Type 1 program (FontFile). Every read is
// bounds-checked: the program comes from the PDF, which may be anything.
#include "font_charset.hh"

#include <cstdint>
#include <utility>

#include "pdf_document.hh"

namespace finish {
namespace {

// clang-format off
// The CFF standard strings (CFF specification, appendix A): SIDs 0–390. A table, kept as written (clang-format
// would put it one name a line).
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
// clang-format on
const size_t cff_standard_count = sizeof cff_standard_strings / sizeof cff_standard_strings[0];

// The most bytes of glyph names one font's /CharSet may hold: a subset of 65,535 glyphs whose names average 16 bytes
// is 1 MiB. More is a damaged (or crafted) program.
const size_t max_char_set_bytes = 1 << 20;

struct CFFIndex {
    size_t count = 0;
    std::vector<size_t> starts;  // count + 1 absolute offsets: item i is [starts[i], starts[i + 1])
    size_t end = 0;
};

// Every offset below comes from the program and is checked before use with within(), which forms no sum: an offset
// near SIZE_MAX (a negative operand cast) must not wrap to a small one and read before the data.
bool cff_card(std::string const &d, size_t pos, int bytes, size_t &value) {
    if (bytes < 1 || bytes > 4 || !within(pos, static_cast<size_t>(bytes), d.size())) return false;
    value = 0;
    for (int i = 0; i < bytes; ++i) value = (value << 8) | static_cast<unsigned char>(d[pos + i]);
    return true;
}

bool cff_index(std::string const &d, size_t pos, CFFIndex &index) {
    size_t count = 0, off_size = 0;
    if (!cff_card(d, pos, 2, count)) return false;
    index.count = count;
    if (count == 0) {
        index.end = pos + 2;  // inside d: the count was read there
        return true;
    }
    if (!cff_card(d, pos + 2, 1, off_size) || off_size < 1 || off_size > 4) return false;
    // count + 1 offsets of off_size bytes, then the data, the offsets counting from 1 before it.
    size_t offsets = pos + 3, table = 0;
    if (!multiply_sizes(count + 1, off_size, table) || !within(offsets, table, d.size())) return false;
    size_t data = offsets + table - 1;
    index.starts.resize(count + 1);
    for (size_t i = 0; i <= count; ++i) {
        size_t offset = 0, start = 0;
        if (!cff_card(d, offsets + i * off_size, static_cast<int>(off_size), offset) || offset < 1 ||
            !add_sizes(data, offset, start) || start > d.size() || (i > 0 && start < index.starts[i - 1]))
            return false;
        index.starts[i] = start;
    }
    index.end = index.starts[count];
    return true;
}

enum class TopDict { name_keyed, cid_keyed, damaged };

// The Top DICT's charset and CharStrings offsets, each checked to lie inside the program; no offsets for a CID-keyed
// font.
TopDict cff_top_dict(std::string const &d, size_t begin, size_t end, size_t &charset, size_t &char_strings) {
    std::vector<long> operands;
    charset = 0;  // ISOAdobe
    char_strings = 0;
    // An offset operand: the last operand, as an offset into the program. A negative one is refused: cast to size_t
    // it came out near SIZE_MAX, where pos + bytes wrapped to a small number and passed the bound.
    auto offset_operand = [&](size_t &offset) {
        return !operands.empty() && to_size(operands.back(), offset) && offset < d.size();
    };
    size_t pos = begin;
    while (pos < end) {
        unsigned b0 = static_cast<unsigned char>(d[pos]);
        if (b0 <= 21) {  // an operator
            unsigned op = b0;
            ++pos;
            if (b0 == 12) {
                if (pos >= end) return TopDict::damaged;
                op = 1200 + static_cast<unsigned char>(d[pos++]);
            }
            if (op == 1230) return TopDict::cid_keyed;  // ROS: no glyph names
            if (op == 15 && !offset_operand(charset)) return TopDict::damaged;
            if (op == 17 && !offset_operand(char_strings)) return TopDict::damaged;
            operands.clear();
        } else if (b0 == 28 || b0 == 29) {
            size_t v = 0;
            size_t n = b0 == 28 ? 2 : 4;
            if (n > end - pos - 1 || !cff_card(d, pos + 1, static_cast<int>(n), v)) return TopDict::damaged;
            operands.push_back(n == 2 ? static_cast<int16_t>(v) : static_cast<int32_t>(v));
            pos += 1 + n;
        } else if (b0 == 30) {  // a real: nibbles up to 0xf
            ++pos;
            while (pos < end && (static_cast<unsigned char>(d[pos]) & 0x0f) != 0x0f &&
                   (static_cast<unsigned char>(d[pos]) & 0xf0) != 0xf0)
                ++pos;
            if (pos >= end) return TopDict::damaged;  // no end nibble inside the DICT
            ++pos;
            operands.push_back(0);
        } else if (b0 >= 32 && b0 <= 246) {
            operands.push_back(static_cast<long>(b0) - 139);
            ++pos;
        } else if (b0 >= 247 && b0 <= 254) {
            if (pos + 1 >= end) return TopDict::damaged;
            long b1 = static_cast<unsigned char>(d[pos + 1]);
            operands.push_back(b0 <= 250 ? (static_cast<long>(b0) - 247) * 256 + b1 + 108
                                         : -(static_cast<long>(b0) - 251) * 256 - b1 - 108);
            pos += 2;
        } else {
            return TopDict::damaged;
        }
        if (operands.size() > 48) return TopDict::damaged;
    }
    return char_strings != 0 ? TopDict::name_keyed : TopDict::damaged;
}

}  // namespace

// The glyph names of a name-keyed CFF font program, without .notdef.
bool cff_glyph_names(std::string const &d, std::vector<std::string> &names) {
    names.clear();
    size_t header = 0;
    if (!cff_card(d, 2, 1, header) || header < 4) return false;
    CFFIndex name_index, top_index, strings;
    if (!cff_index(d, header, name_index) || !cff_index(d, name_index.end, top_index) || top_index.count < 1 ||
        !cff_index(d, top_index.end, strings))
        return false;
    size_t charset = 0, char_strings_offset = 0;
    switch (cff_top_dict(d, top_index.starts[0], top_index.starts[1], charset, char_strings_offset)) {
    case TopDict::name_keyed: break;
    case TopDict::cid_keyed: return true;
    case TopDict::damaged: return false;
    }
    CFFIndex char_strings;
    if (!cff_index(d, char_strings_offset, char_strings) || char_strings.count < 1) return false;
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
        if (glyphs - 1 > 228) return false;
        for (size_t g = 1; g < glyphs; ++g) sids.push_back(g);
    } else if (charset <= 2) {
        return true;  // the Expert charsets: not written by Cairo, and naming no glyphs here
    } else {
        // charset < d.size() (cff_top_dict), and pos moves only past bytes read: it stays <= d.size(), pos + 2 can't
        // wrap.
        size_t format = 0, pos = charset + 1;
        if (!cff_card(d, charset, 1, format)) return false;
        while (sids.size() < glyphs - 1) {
            size_t first = 0, left = 0;
            if (format == 0) {
                if (!cff_card(d, pos, 2, first)) return false;
                sids.push_back(first);
                pos += 2;
            } else if (format == 1 || format == 2) {
                int n = format == 1 ? 1 : 2;
                if (!cff_card(d, pos, 2, first) || !cff_card(d, pos + 2, n, left)) return false;
                pos += 2 + n;
                for (size_t k = 0; k <= left && sids.size() < glyphs - 1; ++k) sids.push_back(first + k);
            } else {
                return false;
            }
        }
    }
    // Each SID's name once, however often the charset repeats it (a crafted one repeats one SID for 65,535 glyphs,
    // and with a 16 MB string that was a terabyte of copies): /CharSet is a set of names. And at most
    // max_char_set_bytes in all.
    std::vector<std::string> found;
    std::vector<bool> seen(65536, false);
    size_t copied = 0;
    for (size_t sid : sids) {
        if (sid < seen.size() && seen[sid]) continue;
        if (sid < seen.size()) seen[sid] = true;
        std::string name;
        if (!name_of(sid, name) || name.empty()) return false;
        copied += name.size();
        if (copied > max_char_set_bytes) return false;
        if (name != ".notdef") found.push_back(std::move(name));
    }
    names = std::move(found);
    return true;
}

// The glyph names in a Type 1 font program's /CharStrings (eexec-encrypted), without .notdef.
std::vector<std::string> type1_glyph_names(std::string const &font, size_t length1) {
    std::vector<std::string> names;
    if (length1 == 0 || length1 > font.size()) {
        size_t e = font.find("eexec");
        if (e == std::string::npos) return names;
        length1 = e + 5;
        while (length1 < font.size() &&
               (font[length1] == '\r' || font[length1] == '\n' || font[length1] == ' ' || font[length1] == '\t'))
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
    size_t copied = 0;
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
        if (length.empty() || length.size() > 9 || length.find_first_not_of("0123456789") != std::string::npos)
            return {};
        skip_space();
        token();                        // RD or -|
        pos += 1 + std::stoul(length);  // one space, then the binary charstring
        if (name.empty()) return {};
        copied += name.size();
        if (copied > max_char_set_bytes) return {};
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

}  // namespace finish

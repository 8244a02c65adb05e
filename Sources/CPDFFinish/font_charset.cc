// /CharSet for Type 1 font subsets (page-validation's 2a profile asks for it, as PDF/A-1 did):
// the names of the glyphs in the embedded program, read from a CFF (FontFile3 /Type1C, which
// is what Cairo writes for OpenType/CFF fonts) or a Type 1 program (FontFile). Every read is
// bounds-checked: the program comes from the PDF, which may be anything.
#include "font_charset.hh"

#include <cstdint>

namespace finish {
namespace {

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

}  // namespace

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

}  // namespace finish

// Reads the PDF Cairo 1.16 writes and writes the finished one.
//
// Read: a header, a classic cross-reference table (with /Prev sections, should there be any) and
// `N G obj … endobj` objects, each read when first asked for and checked against the table: the
// object found at an entry's offset must carry that entry's number, a stream's /Length must lead
// to `endstream`. A cross-reference stream, an encrypted file, or a table that does not match the
// objects is refused with one sentence rather than repaired: Cairo never writes them, and a
// repairing reader is the part of a PDF library where the hostile inputs live. References are
// followed in one place, Document::follow, at most max_reference_depth deep; every size and
// offset read is checked before use, with arithmetic that can't wrap (add_sizes, within…).
//
// Written: a full rewrite (an incremental update would keep Cairo's uncompressed content). Every
// object keeps its number, so references need no renumbering. An object nobody changed is copied
// byte for byte: a stream as an indirect object, any other object into an object stream (PDF 1.5;
// PDF/A-2 and PDF/UA-1 allow them) indexed by a cross-reference stream. Every stream gets its
// exact /Length and an end-of-line before `endstream`: CR LF when its data ends in CR, so that no
// reader can take that CR for part of the marker (PDF/A, ISO 19005-2 6.1.7.1). Encrypted (encryption.hh), each
// stream's data and each string outside an object stream is written encrypted, the dictionaries from their values.
#include "pdf_document.hh"

#include <libdeflate.h>
#include <zlib.h>

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "encryption.hh"

namespace finish {
namespace {

// PDF's character classes (ISO 32000-1, 7.2.2).
bool is_space(unsigned char c) {
    return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == 0;
}
bool is_delimiter(unsigned char c) {
    return c == '(' || c == ')' || c == '<' || c == '>' || c == '[' || c == ']' || c == '{' || c == '}' || c == '/' ||
           c == '%';
}
bool is_regular(unsigned char c) {
    return !is_space(c) && !is_delimiter(c);
}
int hex_digit(unsigned char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

constexpr int max_nesting = 64;                // arrays and dictionaries inside one another
constexpr size_t max_object_number = 8388607;  // PDF's own limit on indirect objects
constexpr size_t objects_per_stream = 200;

struct SyntaxError {};

// Reads PDF values from text.
class Parser {
  public:
    Parser(std::string_view s, size_t pos, std::deque<std::string> &storage, std::vector<Value> &scratch)
        : s_(s), pos(pos), storage_(storage), scratch_(scratch) {}

    std::string_view s_;
    size_t pos;
    bool comment = false;

    void skip_space() {
        while (pos < s_.size()) {
            unsigned char c = static_cast<unsigned char>(s_[pos]);
            if (is_space(c)) {
                ++pos;
            } else if (c == '%') {
                comment = true;
                while (pos < s_.size() && s_[pos] != '\n' && s_[pos] != '\r') ++pos;
            } else {
                break;
            }
        }
    }

    // The keyword `k` next, ended by a space, a delimiter or the end; consumed if so.
    bool keyword(std::string_view k) {
        skip_space();
        if (s_.substr(pos, k.size()) != k) return false;
        size_t end = pos + k.size();
        if (end < s_.size() && is_regular(static_cast<unsigned char>(s_[end]))) return false;
        pos = end;
        return true;
    }

    // An unsigned integer of at most 10 digits.
    bool whole_number(long long &value) {
        skip_space();
        size_t start = pos;
        long long v = 0;
        while (pos < s_.size() && pos - start < 10 && s_[pos] >= '0' && s_[pos] <= '9') v = v * 10 + (s_[pos++] - '0');
        if (pos == start || (pos < s_.size() && is_regular(static_cast<unsigned char>(s_[pos])))) {
            pos = start;
            return false;
        }
        value = v;
        return true;
    }

    Value value(int depth) {
        if (depth > max_nesting) throw SyntaxError{};
        skip_space();
        if (pos >= s_.size()) throw SyntaxError{};
        char c = s_[pos];
        Value v;
        if (c == '/') {
            v.kind = Kind::Name;
            v.text = name();
        } else if (c == '(') {
            v.kind = Kind::String;
            v.text = literal();
        } else if (c == '<' && pos + 1 < s_.size() && s_[pos + 1] == '<') {
            v.kind = Kind::Dict;
            pos += 2;
            size_t mark = scratch_.size();
            while (true) {
                skip_space();
                if (pos + 1 < s_.size() && s_[pos] == '>' && s_[pos + 1] == '>') break;
                if (pos >= s_.size() || s_[pos] != '/') throw SyntaxError{};
                Value key;
                key.kind = Kind::Name;
                key.text = name();
                scratch_.push_back(std::move(key));
                scratch_.push_back(value(depth + 1));
            }
            take(v, mark);
            pos += 2;
        } else if (c == '<') {
            v.kind = Kind::String;
            v.text = hex();
        } else if (c == '[') {
            v.kind = Kind::Array;
            ++pos;
            size_t mark = scratch_.size();
            while (true) {
                skip_space();
                if (pos < s_.size() && s_[pos] == ']') break;
                scratch_.push_back(value(depth + 1));
            }
            take(v, mark);
            ++pos;
        } else if (c == '+' || c == '-' || c == '.' || (c >= '0' && c <= '9')) {
            v = number();
        } else if (keyword("true")) {
            v.kind = Kind::Bool;
            v.boolean = true;
        } else if (keyword("false")) {
            v.kind = Kind::Bool;
        } else if (keyword("null")) {
            v.kind = Kind::Null;
        } else {
            throw SyntaxError{};
        }
        return v;
    }

  private:
    // Moves the items read since `mark` into `v`: each container allocated once, at its size.
    void take(Value &v, size_t mark) {
        v.items.reserve(scratch_.size() - mark);
        for (size_t i = mark; i < scratch_.size(); ++i) v.items.push_back(std::move(scratch_[i]));
        scratch_.resize(mark);
    }

    std::string_view name() {
        size_t start = pos++;
        bool escaped = false;
        while (pos < s_.size() && is_regular(static_cast<unsigned char>(s_[pos]))) escaped |= s_[pos++] == '#';
        std::string_view written = s_.substr(start, pos - start);
        if (!escaped) return written;
        std::string decoded = "/";
        for (size_t i = 1; i < written.size(); ++i) {
            int hi, lo;
            if (written[i] == '#' && i + 2 < written.size() && (hi = hex_digit(written[i + 1])) >= 0 &&
                (lo = hex_digit(written[i + 2])) >= 0) {
                decoded += static_cast<char>(hi * 16 + lo);
                i += 2;
            } else {
                decoded += written[i];
            }
        }
        storage_.push_back(std::move(decoded));
        return storage_.back();
    }

    std::string_view literal() {
        size_t start = pos++;
        int depth = 1;
        while (pos < s_.size()) {
            char c = s_[pos++];
            if (c == '\\') ++pos;
            else if (c == '(') ++depth;
            else if (c == ')' && --depth == 0) return s_.substr(start, pos - start);
        }
        throw SyntaxError{};
    }

    std::string_view hex() {
        size_t start = pos++;
        while (pos < s_.size() && s_[pos] != '>') {
            unsigned char c = static_cast<unsigned char>(s_[pos++]);
            if (hex_digit(c) < 0 && !is_space(c)) throw SyntaxError{};
        }
        if (pos >= s_.size()) throw SyntaxError{};
        ++pos;
        return s_.substr(start, pos - start);
    }

    Value number() {
        size_t start = pos;
        if (s_[pos] == '+' || s_[pos] == '-') ++pos;
        size_t digits = 0, point = 0;
        while (pos < s_.size() && ((s_[pos] >= '0' && s_[pos] <= '9') || s_[pos] == '.')) {
            if (s_[pos] == '.') ++point;
            else ++digits;
            ++pos;
        }
        if (digits == 0 || point > 1 || (pos < s_.size() && is_regular(static_cast<unsigned char>(s_[pos]))))
            throw SyntaxError{};
        Value v;
        std::string_view written = s_.substr(start, pos - start);
        if (point || digits > 18) {
            v.kind = Kind::Real;
            v.text = written;
            return v;
        }
        long long n = 0;
        for (char c : written)
            if (c >= '0' && c <= '9') n = n * 10 + (c - '0');
        v.kind = Kind::Integer;
        v.number = written[0] == '-' ? -n : n;
        if (written[0] == '+' || written[0] == '-') return v;
        // "N G R": a reference.
        size_t after = pos;
        long long generation = 0;
        if (whole_number(generation) && generation <= 65535 && keyword("R")) {
            v.kind = Kind::Ref;
            v.generation = static_cast<int>(generation);
            return v;
        }
        pos = after;
        return v;
    }

    std::deque<std::string> &storage_;
    std::vector<Value> &scratch_;  // items of the containers being read
};

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && is_space(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && is_space(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

void append_utf8(std::string &out, unsigned long c) {
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
}

// PDFDocEncoding where it differs from Latin-1 (ISO 32000-1, Annex D); 0xFFFD: undefined.
unsigned long pdf_doc_char(unsigned char c) {
    static const unsigned short low[8] = {0x02D8, 0x02C7, 0x02C6, 0x02D9, 0x02DD, 0x02DB, 0x02DA, 0x02DC};
    static const unsigned short high[33] = {0x2022, 0x2020, 0x2021, 0x2026, 0x2014, 0x2013, 0x0192, 0x2044, 0x2039,
                                            0x203A, 0x2212, 0x2030, 0x201E, 0x201C, 0x201D, 0x2018, 0x2019, 0x201A,
                                            0x2122, 0xFB01, 0xFB02, 0x0141, 0x0152, 0x0160, 0x0178, 0x017D, 0x0131,
                                            0x0142, 0x0153, 0x0161, 0x017E, 0xFFFD, 0x20AC};
    if (c >= 0x18 && c <= 0x1F) return low[c - 0x18];
    if (c >= 0x80 && c <= 0xA0) return high[c - 0x80];
    if (c == 0xAD) return 0xFFFD;
    return c;
}

void put_be(std::string &out, unsigned long long v, int bytes) {
    for (int i = bytes - 1; i >= 0; --i) out += static_cast<char>((v >> (8 * i)) & 0xFF);
}

// The end of a stream: an end-of-line that can't be read as part of the data (see the top). `data` may be `out`
// itself, which ends with the data just written (encrypted, the data is written straight into it).
void end_stream(std::string &out, std::string_view data) {
    out += !data.empty() && data.back() == '\r' ? "\r\nendstream\nendobj\n" : "\nendstream\nendobj\n";
}

}  // namespace

void append_name_bytes(std::string &out, std::string_view name) {
    static char const digits[] = "0123456789ABCDEF";
    for (char ch : name) {
        unsigned char c = static_cast<unsigned char>(ch);
        if (c > 0x20 && c < 0x7F && c != '#' && is_regular(c)) {
            out += ch;
        } else {
            out += '#';
            out += digits[c >> 4];
            out += digits[c & 15];
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Values.

Value Value::integer(long long n) {
    Value v;
    v.kind = Kind::Integer;
    v.number = n;
    return v;
}

Value Value::name(std::string_view written) {
    Value v;
    v.kind = Kind::Name;
    v.text = written;
    return v;
}

Value Value::ref(size_t object) {
    Value v;
    v.kind = Kind::Ref;
    v.number = static_cast<long long>(object);
    return v;
}

Value const *Value::get(std::string_view key) const {
    if (kind != Kind::Dict) return nullptr;
    for (size_t i = items.size(); i >= 2; i -= 2)
        if (items[i - 2].text == key) return &items[i - 1];
    return nullptr;
}

Value *Value::get(std::string_view key) {
    return const_cast<Value *>(static_cast<Value const *>(this)->get(key));
}

void Value::set(std::string_view key, Value value) {
    remove(key);
    items.push_back(name(key));
    items.push_back(std::move(value));
}

void Value::remove(std::string_view key) {
    if (kind != Kind::Dict) return;
    for (size_t i = 0; i + 1 < items.size();) {
        if (items[i].text == key) items.erase(items.begin() + i, items.begin() + i + 2);
        else i += 2;
    }
}

std::string string_bytes(std::string_view w) {
    std::string r;
    if (w.size() < 2) return r;
    if (w[0] == '<') {
        int high = -1;
        for (size_t i = 1; i + 1 < w.size(); ++i) {
            int d = hex_digit(static_cast<unsigned char>(w[i]));
            if (d < 0) continue;
            if (high < 0) high = d;
            else {
                r += static_cast<char>(high * 16 + d);
                high = -1;
            }
        }
        if (high >= 0) r += static_cast<char>(high * 16);
        return r;
    }
    for (size_t i = 1; i + 1 < w.size(); ++i) {
        char c = w[i];
        if (c == '\r') {  // an end of line in a literal string is a LF
            if (i + 2 < w.size() && w[i + 1] == '\n') ++i;
            r += '\n';
            continue;
        }
        if (c != '\\') {
            r += c;
            continue;
        }
        if (++i + 1 > w.size() - 1) break;
        c = w[i];
        switch (c) {
        case 'n': r += '\n'; break;
        case 'r': r += '\r'; break;
        case 't': r += '\t'; break;
        case 'b': r += '\b'; break;
        case 'f': r += '\f'; break;
        case '\r':
            if (i + 2 < w.size() && w[i + 1] == '\n') ++i;
            break;
        case '\n': break;
        default:
            if (c >= '0' && c <= '7') {
                int v = 0;
                for (int k = 0; k < 3 && i + 1 < w.size() && w[i] >= '0' && w[i] <= '7'; ++k)
                    v = v * 8 + (w[i++] - '0');
                --i;
                r += static_cast<char>(v & 0xFF);
            } else {
                r += c;
            }
        }
    }
    return r;
}

std::string text_utf8(std::string_view written) {
    std::string bytes = string_bytes(written), r;
    if (bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0xFE &&
        static_cast<unsigned char>(bytes[1]) == 0xFF) {
        for (size_t i = 2; i + 1 < bytes.size(); i += 2) {
            unsigned long c = static_cast<unsigned char>(bytes[i]) << 8 | static_cast<unsigned char>(bytes[i + 1]);
            if (c >= 0xD800 && c < 0xDC00 && i + 3 < bytes.size()) {
                unsigned long d =
                    static_cast<unsigned char>(bytes[i + 2]) << 8 | static_cast<unsigned char>(bytes[i + 3]);
                if (d >= 0xDC00 && d < 0xE000) {
                    c = 0x10000 + ((c - 0xD800) << 10) + (d - 0xDC00);
                    i += 2;
                }
            }
            if (c >= 0xD800 && c < 0xE000) c = 0xFFFD;
            append_utf8(r, c);
        }
        return r;
    }
    if (bytes.size() >= 3 && bytes.compare(0, 3, "\xEF\xBB\xBF") == 0) return bytes.substr(3);
    for (unsigned char c : bytes) append_utf8(r, pdf_doc_char(c));
    return r;
}

std::string_view name_text(std::string_view written) {
    return written.empty() ? written : written.substr(1);
}

void write_value(Value const &v, std::string &out, Encryption *strings) {
    switch (v.kind) {
    case Kind::Null: out += "null"; break;
    case Kind::Bool: out += v.boolean ? "true" : "false"; break;
    case Kind::Integer: out += std::to_string(v.number); break;
    case Kind::Real: out += v.text; break;
    case Kind::String:
        if (strings) strings->encrypt_string(string_bytes(v.text), out);
        else out += v.text;
        break;
    case Kind::Name:
        out += '/';
        append_name_bytes(out, v.text.substr(v.text.empty() ? 0 : 1));
        break;
    case Kind::Ref:
        out += std::to_string(v.number);
        out += ' ';
        out += std::to_string(v.generation);
        out += " R";
        break;
    case Kind::Array:
        out += '[';
        for (size_t i = 0; i < v.items.size(); ++i) {
            if (i) out += ' ';
            write_value(v.items[i], out, strings);
        }
        out += ']';
        break;
    case Kind::Dict:
        out += "<<";
        for (size_t i = 0; i + 1 < v.items.size(); i += 2) {
            write_value(v.items[i], out, strings);
            out += ' ';
            write_value(v.items[i + 1], out, strings);
            if (i + 2 < v.items.size()) out += ' ';
        }
        out += ">>";
        break;
    }
}

// ---------------------------------------------------------------------------------------------
// Deflate (libdeflate) and inflate (zlib).

Deflater::~Deflater() {
    if (compressor_) libdeflate_free_compressor(compressor_);
}

std::string Deflater::operator()(std::string_view data) {
    if (!compressor_ && !(compressor_ = libdeflate_alloc_compressor(level_))) throw Failure{"libdeflate cannot start"};
    buffer_.resize(libdeflate_zlib_compress_bound(compressor_, data.size()));
    size_t written = libdeflate_zlib_compress(compressor_, data.data(), data.size(), &buffer_[0], buffer_.size());
    if (written == 0) throw Failure{"libdeflate cannot compress a stream"};
    return buffer_.substr(0, written);
}

bool inflate(std::string_view data, size_t limit, std::string &out) {
    out.clear();
    // zlib counts in uInt: larger data would be cut short by the cast, and each step's output is capped to fit it.
    constexpr size_t max_step = static_cast<uInt>(-1);
    if (data.size() > max_step) return false;
    z_stream z{};
    if (inflateInit(&z) != Z_OK) return false;
    z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.data()));
    z.avail_in = static_cast<uInt>(data.size());
    size_t chunk = data.size() > max_step / 4 ? max_step : std::max<size_t>(data.size() * 4, 4096);
    // Output may reach one byte past the limit, to see it exceeded (a limit of SIZE_MAX has no byte past it).
    size_t cap = limit == static_cast<size_t>(-1) ? limit : limit + 1;
    int status = Z_OK;
    while (status == Z_OK) {
        size_t have = out.size();
        size_t grow = std::min(chunk, cap - std::min(cap, have));
        if (grow == 0) break;
        out.resize(have + grow);
        z.next_out = reinterpret_cast<Bytef *>(&out[have]);
        z.avail_out = static_cast<uInt>(grow);
        status = ::inflate(&z, Z_NO_FLUSH);
        out.resize(have + grow - z.avail_out);
        if (status == Z_BUF_ERROR && z.avail_in == 0) break;  // truncated
        if (status == Z_BUF_ERROR) status = Z_OK;
        if (out.size() > limit) break;
        chunk = chunk > max_step / 2 ? max_step : chunk * 2;
    }
    inflateEnd(&z);
    return status == Z_STREAM_END && out.size() <= limit;
}

// ---------------------------------------------------------------------------------------------
// Reading.

Document::Document(std::string_view input, int level) : deflate(level), input_(input) {
    // 32 MB and 32 bytes a byte of input: saturated rather than wrapped for an input of exabytes.
    size_t scaled = 0;
    if (!multiply_sizes(input.size(), 32, scaled) || !add_sizes(scaled, 32u * 1024 * 1024, decode_budget))
        decode_budget = static_cast<size_t>(-1);
    if (input.substr(0, 5) != "%PDF-") throw Failure{"the data is not a PDF"};
    size_t tail = input.size() > 1024 ? input.size() - 1024 : 0;
    size_t at = input.rfind("startxref");
    if (at == std::string_view::npos || at < tail) throw Failure{"the PDF has no cross-reference table"};
    Parser p(input, at + 9, storage_, scratch_);
    long long offset = 0;
    if (!p.whole_number(offset)) throw Failure{"the PDF has no cross-reference table"};
    read_xref(static_cast<size_t>(offset));
    if (trailer.get("/Encrypt")) throw Failure{"the PDF is encrypted"};
    Value const *root = trailer.get("/Root");
    if (!root || !root->is(Kind::Ref)) throw Failure{"the PDF has no catalog"};
}

// Reads the table at `offset` and the ones its trailers' /Prev name; the newest entry of an object wins.
void Document::read_xref(size_t offset) {
    std::vector<size_t> visited;
    bool first = true;
    while (true) {
        if (offset >= input_.size() || std::find(visited.begin(), visited.end(), offset) != visited.end() ||
            visited.size() > 32)
            throw Failure{"the PDF's cross-reference table is damaged"};
        visited.push_back(offset);
        Parser p(input_, offset, storage_, scratch_);
        if (!p.keyword("xref")) {
            long long n = 0, g = 0;
            if (p.whole_number(n) && p.whole_number(g) && p.keyword("obj"))
                throw Failure{"the PDF has a cross-reference stream, which Cairo 1.16 does not write"};
            throw Failure{"the PDF's cross-reference table is damaged"};
        }
        long long start = 0, count = 0;
        while (p.whole_number(start)) {
            if (!p.whole_number(count)) throw Failure{"the PDF's cross-reference table is damaged"};
            // Ten digits each: the sum is checked, it would wrap a 32-bit size_t.
            size_t first = 0, entries = 0, last = 0;
            if (!to_size(start, first) || !to_size(count, entries) || !add_sizes(first, entries, last) ||
                last > max_object_number + 1 || last > input_.size() / 8 + 16 || entries > (input_.size() - p.pos) / 18)
                throw Failure{"the PDF's cross-reference table is damaged"};
            if (objects_.size() < last) objects_.resize(last);
            for (long long i = 0; i < count; ++i) {
                long long entry_offset = 0, generation = 0;
                if (!p.whole_number(entry_offset) || !p.whole_number(generation))
                    throw Failure{"the PDF's cross-reference table is damaged"};
                p.skip_space();
                if (p.pos >= input_.size() || (input_[p.pos] != 'n' && input_[p.pos] != 'f'))
                    throw Failure{"the PDF's cross-reference table is damaged"};
                bool used = input_[p.pos++] == 'n';
                Object &o = objects_[first + static_cast<size_t>(i)];
                if (o.offset != 0 || o.generation < 0) continue;  // a newer section said already
                if (!used) {
                    o.generation = -1;  // free: older sections may not bring it back
                    continue;
                }
                size_t where = 0;
                if (!to_size(entry_offset, where) || where == 0 || where >= input_.size() || generation > 65535)
                    throw Failure{"the PDF's cross-reference table is damaged"};
                o.offset = where;
                o.generation = static_cast<int>(generation);
            }
        }
        if (!p.keyword("trailer")) throw Failure{"the PDF's cross-reference table is damaged"};
        Value section;
        try {
            section = p.value(0);
        } catch (SyntaxError const &) {
            throw Failure{"the PDF's trailer is damaged"};
        }
        if (!section.is(Kind::Dict)) throw Failure{"the PDF's trailer is damaged"};
        if (section.get("/XRefStm"))
            throw Failure{"the PDF has a cross-reference stream, which Cairo 1.16 does not write"};
        if (first) trailer = section;
        first = false;
        Value const *prev = section.get("/Prev");
        if (!prev) break;
        if (!prev->is(Kind::Integer) || prev->number <= 0 || !to_size(prev->number, offset))
            throw Failure{"the PDF's cross-reference table is damaged"};
    }
    for (Object &o : objects_)
        if (o.generation < 0) o.generation = 0;
}

Object *Document::object(size_t number) {
    if (number >= objects_.size() && number - objects_.size() < added_.size()) return &added_[number - objects_.size()];
    if (number == 0 || number >= objects_.size() || objects_[number].offset == 0) return nullptr;
    Object &o = objects_[number];
    if (o.state == Object::State::Read) return &o;
    if (o.state == Object::State::Reading) throw Failure{"the PDF's stream lengths refer to each other in a loop"};
    o.state = Object::State::Reading;
    read_object(number, o);
    o.state = Object::State::Read;
    return &o;
}

// A stream's /Length, direct or through references (Cairo writes `/Length N 0 R`, the number after the stream).
size_t Document::stream_length(Value const &dict, size_t number) {
    Value const *entry = dict.get("/Length");
    std::string what = "object " + std::to_string(number) + " of the PDF has no valid stream /Length";
    if (!entry) throw Failure{what};
    Target length = follow(*entry);
    size_t n = 0;
    if (!length.value || (length.object && length.object->stream) || !length.value->is(Kind::Integer) ||
        !to_size(length.value->number, n))
        throw Failure{what};
    return n;
}

void Document::read_object(size_t number, Object &o) {
    std::string damaged = "object " + std::to_string(number) + " of the PDF is damaged";
    Parser p(input_, o.offset, storage_, scratch_);
    long long n = 0, g = 0;
    if (!p.whole_number(n) || !p.whole_number(g) || !p.keyword("obj") || static_cast<size_t>(n) != number ||
        g != o.generation)
        throw Failure{"the PDF's cross-reference table is wrong about object " + std::to_string(number)};
    size_t start = p.pos;
    try {
        o.value() = p.value(0);
    } catch (SyntaxError const &) {
        throw Failure{damaged};
    }
    o.has_comment = p.comment;
    std::string_view written = trimmed(input_.substr(start, p.pos - start));
    if (p.keyword("stream")) {
        if (!o.value().is(Kind::Dict)) throw Failure{damaged};
        size_t pos = p.pos;
        if (pos < input_.size() && input_[pos] == '\r') ++pos;
        if (pos < input_.size() && input_[pos] == '\n') ++pos;
        size_t length = stream_length(o.value(), number);
        if (!within(pos, length, input_.size()))
            throw Failure{"object " + std::to_string(number) + "'s stream /Length is wrong"};
        o.stream = true;
        o.stream_bytes().dict_written = written;
        o.stream_bytes().data = input_.substr(pos, length);
        p.pos = pos + length;
        p.comment = false;
        if (!p.keyword("endstream") || p.comment)
            throw Failure{"object " + std::to_string(number) + "'s stream /Length is wrong"};
    } else {
        o.body = written;
    }
    if (!p.keyword("endobj")) throw Failure{damaged};
}

Target Document::follow(Value const &value) {
    // The depth is the document's, not this call's: following a reference may read a stream whose /Length is followed
    // in turn, and a chain of such streams would otherwise recurse once a stream, as deep as the input likes.
    struct Restore {
        int &depth;
        int before;
        ~Restore() {
            depth = before;
        }
    } restore{reference_depth_, reference_depth_};
    size_t chain[max_reference_depth];  // the objects named on this chain: a loop is named as one
    int hops = 0;
    Target t{&value, nullptr, 0};
    while (t.value->is(Kind::Ref)) {
        if (++reference_depth_ > max_reference_depth)
            throw Failure{"the PDF's references nest deeper than " + std::to_string(max_reference_depth) + " levels"};
        size_t n = 0;
        if (!to_size(t.value->number, n)) return {};
        if (std::find(chain, chain + hops, n) != chain + hops)
            throw Failure{"the PDF's references refer to each other in a loop"};
        chain[hops++] = n;
        Object *o = object(n);
        if (!o || o->generation != t.value->generation) return {};  // a reference to nothing is null
        t = {&o->value(), o, n};
    }
    return t;
}

Value const &Document::resolve(Value const &value) {
    static Value const null_value;
    Target t = follow(value);
    return t.value ? *t.value : null_value;
}

Object *Document::stream(Value const &value) {
    Target t = follow(value);
    return t.object && t.object->stream ? t.object : nullptr;
}

Value const *Document::dict(Value const &value) {
    Target t = follow(value);
    if (!t.value || (t.object && t.object->stream) || !t.value->is(Kind::Dict)) return nullptr;
    return t.value;
}

namespace {
Value *edit(Document &doc, Value &value, size_t owner, Kind kind) {
    Target t = doc.follow(value);
    if (!t.value || (t.object && t.object->stream)) return nullptr;
    Value *v = t.object ? &t.object->value() : &value;  // the caller's own value, when it was no reference
    if (!v->is(kind)) return nullptr;
    if (Object *o = t.object ? t.object : doc.object(owner)) o->changed = true;
    return v;
}
}  // namespace

Value *Document::edit_dict(Value &value, size_t owner) {
    return edit(*this, value, owner, Kind::Dict);
}
Value *Document::edit_array(Value &value, size_t owner) {
    return edit(*this, value, owner, Kind::Array);
}

std::string_view Document::decoded(Object const &stream, std::string const &what, std::string &storage) {
    Value const *filter = stream.value().get("/Filter");
    if (filter && filter->is(Kind::Array) && filter->items.size() == 1) filter = &filter->items[0];
    if (filter && filter->is(Kind::Array) && filter->items.empty()) filter = nullptr;
    if (!filter || filter->is(Kind::Null)) {
        if (stream.data().size() > decode_budget) throw Failure{"cannot decode " + what + ": it is too large"};
        decode_budget -= stream.data().size();
        return stream.data();
    }
    Value const *parms = stream.value().get("/DecodeParms");
    bool plain = !parms || parms->is(Kind::Null) || (parms->is(Kind::Dict) && parms->items.empty()) ||
                 (parms->is(Kind::Array) && parms->items.size() == 1 && parms->items[0].is(Kind::Null));
    if (!filter->is_name("/FlateDecode") || !plain)
        throw Failure{"cannot decode " + what + ": only /FlateDecode without parameters is read"};
    if (!inflate(stream.data(), decode_budget, storage)) {
        if (storage.size() > decode_budget) throw Failure{"cannot decode " + what + ": it is too large"};
        throw Failure{"cannot decode " + what + ": its compressed data is damaged"};
    }
    decode_budget -= storage.size();
    return storage;
}

void Document::replace_data(Object &stream, std::string_view data) {
    stream.stream_bytes().replacement = deflate(data);
    stream.stream_bytes().new_data = true;
    stream.changed = true;
    stream.value().set("/Filter", Value::name("/FlateDecode"));
    stream.value().remove("/DecodeParms");
}

std::string_view Document::keep(std::string text) {
    storage_.push_back(std::move(text));
    return storage_.back();
}

Value Document::string_value(std::string const &bytes) {
    std::string w = "(";
    for (char c : bytes) {
        if (c == '\\' || c == '(' || c == ')') w += '\\';
        if (c == '\r') w += "\\r";
        else if (c == '\n') w += "\\n";
        else w += c;
    }
    w += ')';
    Value v;
    v.kind = Kind::String;
    v.text = keep(std::move(w));
    return v;
}

Value Document::text_value(std::string const &utf8, bool utf16) {
    bool ascii = !utf16;
    for (unsigned char c : utf8) ascii = ascii && c >= 0x20 && c < 0x7F;
    if (ascii) return string_value(utf8);
    static char const digits[] = "0123456789ABCDEF";
    std::string w = "<FEFF";
    auto unit = [&](unsigned long u) {
        for (int shift = 12; shift >= 0; shift -= 4) w += digits[(u >> shift) & 15];
    };
    for (size_t i = 0; i < utf8.size();) {  // the text is valid UTF-8 (checked or decoded here)
        unsigned char c = static_cast<unsigned char>(utf8[i]);
        size_t len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
        unsigned long cp = len == 1 ? c : len == 2 ? c & 0x1F : len == 3 ? c & 0x0F : c & 0x07;
        for (size_t k = 1; k < len && i + k < utf8.size(); ++k) cp = cp << 6 | (utf8[i + k] & 0x3F);
        i += len;
        if (cp >= 0x10000) {
            cp -= 0x10000;
            unit(0xD800 + (cp >> 10));
            unit(0xDC00 + (cp & 0x3FF));
        } else {
            unit(cp);
        }
    }
    w += '>';
    Value v;
    v.kind = Kind::String;
    v.text = keep(std::move(w));
    return v;
}

size_t Document::add(Value value) {
    Object o;
    o.state = Object::State::Read;
    o.changed = true;
    o.value() = std::move(value);
    added_.push_back(std::move(o));
    return objects_.size() + added_.size() - 1;
}

size_t Document::add_stream(Value dict, std::string data) {
    size_t number = add(std::move(dict));
    Object &o = added_.back();
    o.stream = true;
    o.stream_bytes().new_data = true;
    o.stream_bytes().replacement = std::move(data);
    return number;
}

// ---------------------------------------------------------------------------------------------
// Writing.

void Document::forget(size_t number) {
    if (number == 0 || number >= objects_.size()) return;
    Object &o = objects_[number];
    if (o.state != Object::State::Read || o.changed || o.stream) return;
    o.parsed.reset();
    o.state = Object::State::Unread;
}

std::string Document::write(Encryption *encryption) {
    // Every object is read first: a damaged one fails here, before anything is written. An object
    // written as it was read needs its parsed value no more: dropping it keeps the book's peak
    // memory down by the structure tree's size (tens of thousands of dictionaries). Encrypted, a
    // stream's dictionary and an object outside the object streams are written from their values
    // (a new /Length, encrypted strings).
    for (size_t n = 1; n < objects_.size(); ++n) {
        Object *o = object(n);
        if (o && !o->changed && !o->has_comment && !(encryption && (o->stream || o->generation != 0)))
            o->parsed.reset();
    }

    std::string out;
    // Room for the whole file at once: the input's size and what the finisher adds. A string that outgrows its room
    // copies itself, the old room and the new one held at once: a quarter of the input was too little for a host
    // program's year's book (its Cairo deflates the pages), 0.5 MB of its peak memory. Room never written to is never
    // resident.
    size_t room = input_.size() + signature.size * 2 + 4096;
    for (Object const &o : added_)
        if (o.bytes) room += o.bytes->replacement.size();
    out.reserve(room);
    out += "%PDF-1.7\n%\xB5\xED\xAE\xFB\n";
    size_t total = objects_.size() + added_.size();
    struct Entry {
        size_t where = 0;        // offset, or the object stream's number
        unsigned index = 0;      // generation, or the index in the object stream
        unsigned char type = 0;  // 0 free, 1 at an offset, 2 in an object stream
    };
    std::vector<Entry> xref(total);
    std::vector<size_t> packed;  // numbers of objects going into object streams
    std::string scratch;

    auto at = [&](size_t n) -> Object & { return n < objects_.size() ? objects_[n] : added_[n - objects_.size()]; };
    auto header = [&](size_t n, int generation) {
        xref[n] = {out.size(), static_cast<unsigned>(generation), 1};
        out += std::to_string(n);
        out += ' ';
        out += std::to_string(generation);
        out += " obj\n";
    };
    auto body = [&](Object const &o) -> std::string_view {
        if (!o.changed && !o.has_comment) return o.body;
        scratch.clear();
        write_value(o.value(), scratch);
        return scratch;
    };

    size_t byte_range_at = 0;
    for (size_t n = 1; n < total; ++n) {
        Object &o = at(n);
        if (n < objects_.size() && o.offset == 0) continue;
        if (n == signature.object) {
            header(n, 0);
            byte_range_at = write_signature(out, encryption);
            continue;
        }
        if (!o.stream) {
            if (o.generation == 0) {
                packed.push_back(n);
                continue;
            }
            header(n, o.generation);
            if (encryption) write_value(o.value(), out, encryption);
            else out += body(o);
            out += "\nendobj\n";
            continue;
        }
        header(n, o.generation);
        std::string_view data = o.new_data() ? std::string_view(o.stream_bytes().replacement) : o.data();
        if (encryption) {
            o.value().set("/Length", Value::integer(static_cast<long long>(Encryption::encrypted_size(data.size()))));
            write_value(o.value(), out, encryption);
            out += "\nstream\n";
            encryption->encrypt(data, out);
            end_stream(out, out);
            continue;
        }
        if (o.changed || o.has_comment) {
            o.value().set("/Length", Value::integer(static_cast<long long>(data.size())));
            write_value(o.value(), out);
        } else {
            out += o.stream_bytes().dict_written;
        }
        out += "\nstream\n";
        out += data;
        end_stream(out, data);
    }

    // The table's room for the object streams, the /Encrypt dictionary and itself: grown entry by entry, it doubled
    // itself (1.6 MB of the year's book's peak memory, a copy of 34,000 entries).
    xref.reserve(total + (packed.size() + objects_per_stream - 1) / objects_per_stream + 2);

    // Object streams hold `objects_per_stream` objects each: readers inflate a whole object stream
    // to reach one object, and more gains little (the 5,000-item book: 50 per stream 1.94 MB, 200
    // 1.83 MB, 1,000 1.78 MB). Without object streams the book's file is 4.4 to 4.55 MB.
    size_t next = total;
    for (size_t first = 0; first < packed.size(); first += objects_per_stream) {
        size_t count = std::min(objects_per_stream, packed.size() - first);
        std::string index, bodies;
        for (size_t k = 0; k < count; ++k) {
            size_t n = packed[first + k];
            xref[n] = {next, static_cast<unsigned>(k), 2};
            index += std::to_string(n);
            index += ' ';
            index += std::to_string(bodies.size());
            index += k + 1 < count ? ' ' : '\n';
            bodies += body(at(n));
            bodies += '\n';
        }
        std::string data = deflate(index + bodies);
        if (xref.size() <= next) xref.resize(next + 1);
        xref[next] = {out.size(), 0, 1};
        size_t length = encryption ? Encryption::encrypted_size(data.size()) : data.size();
        out += std::to_string(next);
        out += " 0 obj\n<</Type/ObjStm/N " + std::to_string(count) + "/First " + std::to_string(index.size()) +
               "/Filter/FlateDecode/Length " + std::to_string(length) + ">>\nstream\n";
        if (encryption) encryption->encrypt(data, out);
        else out += data;
        end_stream(out, out);
        ++next;
    }

    // The /Encrypt dictionary: an object of its own outside the object streams, as ISO 32000-2 (7.5.7) requires, and
    // written as it is, its strings never encrypted.
    size_t encrypt_number = 0;
    if (encryption) {
        encrypt_number = next++;
        if (xref.size() <= encrypt_number) xref.resize(encrypt_number + 1);
        xref[encrypt_number] = {out.size(), 0, 1};
        out += std::to_string(encrypt_number) + " 0 obj\n" + encryption->dictionary() + "\nendobj\n";
    }

    // A deterministic /ID: CRCs of four quarters of everything written before it.
    std::string id;
    static char const digits[] = "0123456789ABCDEF";
    // size * q / 4 without the product (which would wrap first): the same numbers, so the same /ID.
    auto quarter = [&](size_t q) { return out.size() / 4 * q + out.size() % 4 * q / 4; };
    for (int q = 0; q < 4; ++q) {
        size_t from = quarter(q), to = quarter(q + 1);
        uLong crc = crc32_z(static_cast<uLong>(q + 1), reinterpret_cast<Bytef const *>(out.data() + from), to - from);
        for (int shift = 28; shift >= 0; shift -= 4) id += digits[(crc >> shift) & 15];
    }
    std::string trailer_keys = "/Root ";
    write_value(*trailer.get("/Root"), trailer_keys);
    if (Value const *info = trailer.get("/Info")) {
        trailer_keys += "/Info ";
        write_value(*info, trailer_keys);
    }
    if (encryption) trailer_keys += "/Encrypt " + std::to_string(encrypt_number) + " 0 R";
    trailer_keys += "/ID[<" + id + "><" + id + ">]";

    size_t xref_number = next;
    xref.resize(xref_number + 1);
    size_t start = out.size();
    xref[xref_number] = {start, 0, 1};
    int width = 1;  // bytes for the largest offset or object stream number
    while (width < 8 && (std::max(start, xref_number) >> (8 * width)) != 0) ++width;  // a shift of 64 bits is undefined
    std::string table;
    table.reserve(xref.size() * (3 + width));
    for (size_t n = 0; n < xref.size(); ++n) {
        table += static_cast<char>(xref[n].type);
        put_be(table, xref[n].where, width);
        put_be(table, n == 0 ? 65535 : xref[n].index, 2);
    }
    std::string data = deflate(table);
    out += std::to_string(xref_number) + " 0 obj\n<</Type/XRef/Size " + std::to_string(xref.size()) + "/W[1 " +
           std::to_string(width) + " 2]" + trailer_keys + "/Filter/FlateDecode/Length " + std::to_string(data.size()) +
           ">>\nstream\n";
    out += data;
    end_stream(out, data);
    out += "startxref\n" + std::to_string(start) + "\n%%EOF\n";
    if (signature.object) {
        // Every byte but /Contents: [0 gap_start gap_end rest], in the room left for it.
        std::string range = std::to_string(signature.gap_start) + " " + std::to_string(signature.gap_end) + " " +
                            std::to_string(out.size() - signature.gap_end);
        if (range.size() > byte_range_width) throw Failure{"the PDF is too large to sign"};
        out.replace(byte_range_at, range.size(), range);
    }
    return out;
}

size_t Document::write_signature(std::string &out, Encryption *encryption) {
    out += "<</Type/Sig/Filter/Adobe.PPKLite/SubFilter/ETSI.CAdES.detached/M";
    Value date = string_value(signature.date);
    if (encryption) encryption->encrypt_string(signature.date, out);
    else write_value(date, out);
    out += "/ByteRange[0 ";
    size_t byte_range_at = out.size();
    out.append(byte_range_width, ' ');
    out += "]/Contents";
    signature.gap_start = out.size();
    out += '<';
    out.append(signature.size * 2, '0');
    out += '>';
    signature.gap_end = out.size();
    out += ">>\nendobj\n";
    return byte_range_at;
}

}  // namespace finish

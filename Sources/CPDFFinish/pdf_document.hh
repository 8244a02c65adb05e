// The PDF object layer of the finisher: values, the reader for the files Cairo 1.16 writes, and the
// writer of the finished file. See pdf_document.cc for what is read and what is refused.
#pragma once

#include <libdeflate.h>
#include <zlib.h>

#include <cstddef>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace finish {

class Encryption;  // encryption.hh

// A failure with the one sentence the caller gets.
struct Failure {
    std::string reason;
};

// Checked arithmetic for sizes and offsets that come from the input: each is false where the result would wrap, so a
// hostile number is refused rather than turned into a small one.
inline bool add_sizes(size_t a, size_t b, size_t &sum) {
    return !__builtin_add_overflow(a, b, &sum);
}
inline bool multiply_sizes(size_t a, size_t b, size_t &product) {
    return !__builtin_mul_overflow(a, b, &product);
}
// Whether `length` bytes from `offset` lie inside `size` bytes (neither sum formed, so nothing wraps).
inline bool within(size_t offset, size_t length, size_t size) {
    return offset <= size && length <= size - offset;
}
// A signed number read from the input as a size: false if it is negative or does not fit.
inline bool to_size(long long value, size_t &size) {
    if (value < 0 || static_cast<unsigned long long>(value) > static_cast<size_t>(-1)) return false;
    size = static_cast<size_t>(value);
    return true;
}

// How many references may be followed one inside another: `N G R` to an object that is itself a reference, and the
// references followed while reading the objects on the way (a stream's /Length). Cairo's files need 2.
constexpr int max_reference_depth = 32;

enum class Kind : unsigned char { Null, Bool, Integer, Real, String, Name, Array, Dict, Ref };

// A PDF value. Names, strings and reals keep their written form (`/Figure`, `(text)`, `<FEFF…>`,
// `0.5`), viewed in the input or in the document's own storage, so an untouched value is written
// back as it was read.
struct Value {
    Kind kind = Kind::Null;
    bool boolean = false;
    int generation = 0;        // Ref
    long long number = 0;      // Integer; Ref: the object number
    std::string_view text;     // Real, String, Name (with its '/', #-escapes decoded)
    std::vector<Value> items;  // Array; Dict: key, value, key, value… (keys are Names)

    static Value integer(long long n);
    static Value name(std::string_view written);  // e.g. "/Identity"; must outlive the value
    static Value ref(size_t object);
    static Value dict() {
        Value v;
        v.kind = Kind::Dict;
        return v;
    }
    static Value array() {
        Value v;
        v.kind = Kind::Array;
        return v;
    }
    static Value boolean_value(bool b) {
        Value v;
        v.kind = Kind::Bool;
        v.boolean = b;
        return v;
    }

    bool is(Kind k) const {
        return kind == k;
    }
    bool is_name(std::string_view n) const {
        return kind == Kind::Name && text == n;
    }
    // A dictionary's entry (the last one, should the key be written twice), or null.
    Value const *get(std::string_view key) const;
    Value *get(std::string_view key);
    // Sets an entry, dropping every other entry with the same key.
    void set(std::string_view key, Value value);
    void remove(std::string_view key);
};

// The bytes a PDF string stands for (literal escapes or hexadecimal digits decoded).
std::string string_bytes(std::string_view written);
// A text string as UTF-8 (UTF-16BE with its mark, or PDFDocEncoding).
std::string text_utf8(std::string_view written);
// A name without its '/'.
std::string_view name_text(std::string_view written);
// Appends a name's bytes as written after its '/': '#' and two hexadecimal digits for every byte that is not a
// regular character (white space, a delimiter, '#', or outside '!'-'~'), so that a name holding "/" or ")" is one name.
void append_name_bytes(std::string &out, std::string_view name);

// libdeflate's zlib-format compressor (FlateDecode), made once a document: for whole buffers, as
// every stream here is, it is about twice as fast as zlib's deflate at the same level
// (docs/performance.md).
class Deflater {
  public:
    explicit Deflater(int level) : level_(level) {}
    ~Deflater();
    Deflater(Deflater const &) = delete;
    Deflater &operator=(Deflater const &) = delete;
    std::string operator()(std::string_view data);

  private:
    int level_;
    libdeflate_compressor *compressor_ = nullptr;
    std::string buffer_;  // compressed here, then copied out at its size: a bound-sized result kept
                          // each page's content at its uncompressed size (3 MB of the book's peak)
};

// zlib's inflate; `limit` bounds what it may produce.
bool inflate(std::string_view data, size_t limit, std::string &out);

// One indirect object of the input, read when first asked for.
// A stream's bytes as the input holds them, and what replaces them: apart from Object, since most objects are not
// streams (the year's book: 34,000 objects, a few hundred streams), and every object's entry is kept to the end.
struct StreamBytes {
    std::string_view dict_written, data;  // a stream's dictionary and raw data, as in the input
    std::string replacement;
    bool new_data = false;  // `data` replaced: write `replacement` with the dict as in the object's value
};

// An entry of the object table, kept for every object to the end: 48 bytes. Its parsed value lives apart, made when
// the object is read and let go when it is forgotten or written as read (the year's book: 104 bytes an entry with the
// value inside, 3.5 MB of its peak memory; most values are let go long before the table is).
struct Object {
    size_t offset = 0;  // where "N G obj" starts; 0: not in use
    int generation = 0;
    enum class State : unsigned char { Unread, Reading, Read } state = State::Unread;
    bool stream = false;
    bool changed = false;                // write `value` rather than the input's bytes
    bool has_comment = false;            // the body holds a comment: never copied into an object stream
    std::string_view body;               // a non-stream object's written value
    std::unique_ptr<Value> parsed;       // the value (a stream's dictionary), while it is kept; see value()
    std::unique_ptr<StreamBytes> bytes;  // a stream's; null for any other object

    // The value; a stream's dictionary. Made (null) if there is none: read objects through Document::object.
    Value &value() {
        if (!parsed) parsed = std::make_unique<Value>();
        return *parsed;
    }
    Value const &value() const {
        static Value const null_value;
        return parsed ? *parsed : null_value;
    }
    StreamBytes &stream_bytes() {
        if (!bytes) bytes = std::make_unique<StreamBytes>();
        return *bytes;
    }
    // A stream's raw data as in the input; empty for any other object.
    std::string_view data() const {
        return bytes ? bytes->data : std::string_view();
    }
    // Whether a stream's data was replaced (write `replacement`).
    bool new_data() const {
        return bytes && bytes->new_data;
    }
};

// Where a value leads through references.
struct Target {
    Value const *value = nullptr;  // the value at the end; nullptr: a missing object or a wrong generation (null)
    Object *object = nullptr;      // the object the last reference named; nullptr when the value was no reference
    size_t number = 0;             // that object's number
};

class Document {
  public:
    // Reads the header, the cross-reference table and the trailer. Objects are read on demand;
    // what is deflated is deflated at `level`.
    Document(std::string_view input, int level);

    Value trailer;
    Deflater deflate;
    // Bytes that decoding may still produce: a small input can't make the finisher allocate gigabytes.
    size_t decode_budget;

    size_t object_count() const {
        return objects_.size();
    }
    // The object, read; nullptr if the number is not in use.
    Object *object(size_t number);
    // The one place references are followed: where `value` leads, reading the objects on the way. A reference to an
    // object that is a reference is followed on, up to max_reference_depth references (counting those followed inside,
    // to read a stream's /Length); deeper, or round a loop, is a Failure. Everything below goes through here.
    Target follow(Value const &value);
    // The value a reference points to, else the value itself; null for a missing object.
    Value const &resolve(Value const &value);
    // The dictionary a value is or points to; nullptr for anything else, streams included.
    Value const *dict(Value const &value);
    // The stream object a value points to, or nullptr.
    Object *stream(Value const &value);
    // The dictionary to change for `value`, held directly by object `owner` or referred to; marks
    // the object that holds it as changed. nullptr if it is not a (non-stream) dictionary.
    Value *edit_dict(Value &value, size_t owner);
    // Same for an array.
    Value *edit_array(Value &value, size_t owner);
    // A stream's decoded data (no filter, or /FlateDecode without parameters, inflated into
    // `storage`); a Failure naming `what` if it can't be decoded.
    std::string_view decoded(Object const &stream, std::string const &what, std::string &storage);
    // Replaces a stream's data with `data` (deflated here) and its filters with /FlateDecode.
    void replace_data(Object &stream, std::string_view data);

    // Keeps a string as long as the document: for written forms of new values.
    std::string_view keep(std::string text);
    Value string_value(std::string const &bytes);  // a literal string
    // A text string: printable ASCII as a literal string, anything else (or everything, with `utf16`) UTF-16BE.
    Value text_value(std::string const &utf8, bool utf16 = false);
    // A new indirect object; returns its number.
    size_t add(Value value);
    size_t add_stream(Value dict, std::string data);  // `data` as written, per `dict`'s filters

    // Drops an object's parsed value if it is unchanged and not a stream, to be read again if asked
    // for. Pointers into its value are invalid afterwards.
    void forget(size_t number);

    // A signature dictionary (issue #51), written by `write` as itself: an object of its own outside the object
    // streams, its /ByteRange set once the file is whole, its /Contents a hexadecimal string of zeros never encrypted.
    struct Signature {
        size_t object = 0;     // the dictionary's number; 0: none
        size_t size = 0;       // bytes of DER its /Contents has room for
        std::string date;      // /M's bytes, a PDF date
        size_t gap_start = 0;  // after `write`: where /Contents' '<' is
        size_t gap_end = 0;    // and the byte after its '>'
    } signature;

    // The whole file, written anew: streams as indirect objects, the rest in object streams. With `encryption`, every
    // stream (object streams included) and every string outside an object stream is encrypted, except the /Encrypt
    // dictionary's, the cross-reference stream and /ID; the /Encrypt dictionary is an object of its own.
    std::string write(Encryption *encryption = nullptr);

  private:
    // The room for /ByteRange's last three numbers: three of up to 20 digits and their spaces.
    static constexpr size_t byte_range_width = 62;
    // Writes the signature dictionary; where its /ByteRange's numbers go.
    size_t write_signature(std::string &out, Encryption *encryption);
    void read_xref(size_t offset);
    void read_object(size_t number, Object &object);
    size_t stream_length(Value const &dict, size_t number);

    std::string_view input_;
    std::vector<Object> objects_;
    std::deque<Object> added_;
    std::deque<std::string> storage_;
    std::vector<Value> scratch_;  // the parser's: items of the containers being read
    int reference_depth_ = 0;     // references being followed, one inside another (follow)
};

// Writes a value in compact form; with `strings`, each string encrypted.
void write_value(Value const &value, std::string &out, Encryption *strings = nullptr);

}  // namespace finish

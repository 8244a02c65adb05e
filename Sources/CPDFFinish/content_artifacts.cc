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
//
// Operations are contiguous, so a run is a range of the input: the filter only records edits
// (insert the wrapper before and after a range, drop a stray EMC, write `false` for an inline
// image's `true`), and the new content is the input with those edits applied.
#include "content_artifacts.hh"

#include <algorithm>
#include <cstring>
#include <vector>

namespace finish {
namespace {

enum CharClass : unsigned char { regular, space, delimiter };

struct Classes {
    CharClass of[256];
    Classes() {
        for (int c = 0; c < 256; ++c) of[c] = regular;
        for (unsigned char c : std::string_view(" \n\r\t\f\0", 6)) of[c] = space;
        for (unsigned char c : std::string_view("()<>[]{}/%")) of[c] = delimiter;
    }
};
const Classes classes;

CharClass class_of(char c) {
    return classes.of[static_cast<unsigned char>(c)];
}

// What the filter needs to know of an operator.
enum class Op { open_marked, open_marked_plain, close_marked, begin_text, end_text, inline_image, paints, other };

Op classify(std::string_view w) {
    switch (w.size()) {
    case 1:
        switch (w[0]) {
        case 'S':
        case 's':
        case 'f':
        case 'F':
        case 'B':
        case 'b':
        case '\'':
        case '"': return Op::paints;
        default: return Op::other;
        }
    case 2:
        if (w == "BT") return Op::begin_text;
        if (w == "ET") return Op::end_text;
        if (w == "Tj" || w == "TJ" || w == "Do" || w == "sh" || w == "f*" || w == "B*" || w == "b*") return Op::paints;
        if (w == "BI") return Op::inline_image;
        return Op::other;
    case 3:
        if (w == "BDC") return Op::open_marked;
        if (w == "BMC") return Op::open_marked_plain;
        if (w == "EMC") return Op::close_marked;
        return Op::other;
    default: return Op::other;
    }
}

struct Edit {
    size_t at, erase;
    char const *insert;
    size_t order;  // edits at one offset are applied in the order they were made
};

class ArtifactFilter {
  public:
    ArtifactFilter(std::string_view data, bool wrap, bool no_interpolate)
        : d_(data), wrap_(wrap), no_interpolate_(no_interpolate) {}

    ContentResult run() {
        tokenize();
        if (stashing_) unstash();
        flush();
        ContentResult result;
        result.bad = bad_;
        result.changed = changed_;
        if (changed_) result.data = applied();
        return result;
    }

  private:
    // Operands seen since the last operator: what structural() asks about.
    struct Operands {
        size_t count = 0;
        bool first_name = false, second_name = false, mcid = false;
        std::string_view first;
    };

    void operand(bool is_name, std::string_view text) {
        if (operands_.count == 0) {
            operands_.first_name = is_name;
            operands_.first = text;
        } else if (operands_.count == 1) {
            operands_.second_name = is_name;
        }
        if (is_name && text == "/MCID") operands_.mcid = true;
        ++operands_.count;
    }

    // Steps over one white-space character or a whole comment at `pos`; false if there is neither.
    bool skip_blank(size_t &pos) const {
        if (class_of(d_[pos]) == space) {
            ++pos;
            return true;
        }
        if (d_[pos] != '%') return false;
        while (pos < d_.size() && d_[pos] != '\n' && d_[pos] != '\r') ++pos;
        return true;
    }

    void tokenize() {
        size_t n = d_.size(), pos = 0;
        while (pos < n) {
            if (skip_blank(pos)) continue;
            char c = d_[pos];
            CharClass k = class_of(c);
            size_t start = pos;
            if (c == '/') {
                ++pos;
                while (pos < n && class_of(d_[pos]) == regular) ++pos;
                operand(true, d_.substr(start, pos - start));
            } else if (c == '(') {
                int depth = 1;
                ++pos;
                while (pos < n && depth > 0) {
                    char s = d_[pos++];
                    if (s == '\\') ++pos;
                    else if (s == '(') ++depth;
                    else if (s == ')') --depth;
                }
                if (depth > 0 || pos > n) {
                    bad_ = true;
                    pos = n;
                }
                operand(false, {});
            } else if (c == '<' && pos + 1 < n && d_[pos + 1] == '<') {
                pos += 2;
                operand(false, {});
            } else if (c == '>' && pos + 1 < n && d_[pos + 1] == '>') {
                pos += 2;
                operand(false, {});
            } else if (c == '<') {
                ++pos;
                while (pos < n && d_[pos] != '>') {
                    char h = d_[pos++];
                    bool hex = (h >= '0' && h <= '9') || (h >= 'a' && h <= 'f') || (h >= 'A' && h <= 'F');
                    if (!hex && class_of(h) != space) bad_ = true;
                }
                if (pos >= n) bad_ = true;
                else ++pos;
                operand(false, {});
            } else if (c == '[' || c == ']' || c == '{' || c == '}') {
                ++pos;
                operand(false, {});
            } else if (k == delimiter) {  // a ")" or a ">" alone
                ++pos;
                bad_ = true;
                operand(false, {});
            } else {
                while (pos < n && class_of(d_[pos]) == regular) ++pos;
                std::string_view w = d_.substr(start, pos - start);
                if ((w[0] >= '0' && w[0] <= '9') || w[0] == '+' || w[0] == '-' || w[0] == '.' || w == "true" ||
                    w == "false" || w == "null") {
                    operand(false, {});
                } else if (classify(w) == Op::inline_image) {
                    pos = inline_image(pos);
                    operation(Op::inline_image, pos);
                } else {
                    operation(classify(w), pos);
                }
            }
        }
        // Operands with no operator stay as they are, outside any wrapper.
    }

    // From after BI to after EI (or the end): the image's dictionary, then its data.
    size_t inline_image(size_t pos) {
        size_t n = d_.size();
        bool expect_value = false;
        while (pos < n) {
            if (skip_blank(pos)) continue;
            char c = d_[pos];
            size_t start = pos;
            if (class_of(c) == regular || c == '/') {
                ++pos;
                while (pos < n && class_of(d_[pos]) == regular) ++pos;
            } else {
                ++pos;  // another delimiter: one character is enough to find the keys
                if (c == '(' || c == '<') {
                    char close = c == '(' ? ')' : '>';
                    while (pos < n && d_[pos] != close) pos += d_[pos] == '\\' ? 2 : 1;
                    pos = std::min(pos + 1, n);
                }
            }
            std::string_view token = d_.substr(start, pos - start);
            if (expect_value) {
                expect_value = false;
                if (no_interpolate_ && token == "true") {
                    edits_.push_back({start, 4, "false", edits_.size()});
                    changed_ = true;
                }
            }
            if (token == "/I" || token == "/Interpolate") expect_value = true;
            if (token == "ID") break;
        }
        // The data: after one white-space byte, up to a white-space byte, "EI" and a white-space byte or the end.
        if (pos < n) ++pos;
        while (pos + 2 <= n) {
            void const *e = std::memchr(d_.data() + pos, 'E', n - pos);
            if (!e) break;
            size_t at = static_cast<char const *>(e) - d_.data();
            if (at + 1 < n && d_[at + 1] == 'I' && at > 0 && class_of(d_[at - 1]) == space &&
                (at + 2 == n || class_of(d_[at + 2]) != regular))
                return at + 2;
            pos = at + 1;
        }
        return n;  // an inline image cut short: its bytes stay as they are
    }

    // Whether the BDC/BMC just read opens structural marked content.
    bool structural(Op op) const {
        if (operands_.count == 0 || !operands_.first_name) return true;  // malformed: left alone
        if (operands_.first == "/Artifact") return true;
        if (op == Op::open_marked_plain) return false;
        if (operands_.count >= 2 && operands_.second_name) return true;  // named property list
        return operands_.mcid;
    }

    // A whole operation ends at `end`; it began where the last one ended.
    void operation(Op op, size_t end) {
        size_t start = last_end_;
        last_end_ = end;
        bool opens = op == Op::open_marked || op == Op::open_marked_plain;
        bool is_structural = opens && structural(op);
        operands_ = Operands{};
        if (!wrap_) return;
        if (depth_ > 0) {  // inside the document's own marked content: left as it is
            if (opens) ++depth_;
            if (op == Op::close_marked) --depth_;
            if (op == Op::begin_text) in_text_ = true;
            if (op == Op::end_text) in_text_ = false;
            return;
        }
        if (opens && is_structural) {
            if (stashing_) unstash();
            flush();
            ++depth_;
            return;
        }
        if (opens) {  // e.g. an /ActualText span: part of the run
            keep(start, end, false);
            ++(stashing_ ? stash_open_ : run_open_);
            return;
        }
        if (op == Op::close_marked) {
            if (stashing_ && stash_open_ > 0) {
                keep(start, end, false);
                --stash_open_;
            } else if (run_open_ > 0) {
                if (stashing_) poisoned_ = true;  // a sequence from before BT closes inside it: not wrapped
                keep(start, end, false);
                --run_open_;
            } else {
                // an EMC with no BDC/BMC: dropped, it would end a wrapper
                edits_.push_back({start, end - start, "", edits_.size()});
                changed_ = true;
            }
            return;
        }
        if (op == Op::begin_text && !in_text_) {
            stashing_ = in_text_ = true;
            stash_begin_ = start;
            stash_bt_end_ = stash_end_ = end;
            stash_paints_ = false;
            stash_open_ = 0;
            return;
        }
        if (op == Op::end_text && in_text_) {
            in_text_ = false;
            if (stashing_) {  // a text object with no structural marked content: one piece of the run
                stashing_ = false;
                add(stash_begin_, stash_end_, stash_paints_);
                run_open_ += stash_open_;
                stash_open_ = 0;
                add(start, end, false);
                return;
            }
            flush();  // a split text object: its last run ends before ET
            return;
        }
        keep(start, end, op == Op::paints || op == Op::inline_image);
    }

    // Content at depth 0 goes to the text object being read, or else to the run.
    void keep(size_t start, size_t end, bool paints) {
        if (stashing_) {
            stash_end_ = end;
            stash_paints_ = stash_paints_ || paints;
        } else {
            add(start, end, paints);
        }
    }

    // A text object turned out to hold structural marked content: what came before BT is a run
    // of its own, BT stays as it is, and the text object's operators so far start a run.
    void unstash() {
        stashing_ = false;
        flush();
        if (stash_end_ > stash_bt_end_) add(stash_bt_end_, stash_end_, stash_paints_);
        run_open_ += stash_open_;
        stash_open_ = 0;
    }

    void add(size_t start, size_t end, bool paints) {
        if (run_begin_ == npos) run_begin_ = start;
        run_end_ = end;
        run_paints_ = run_paints_ || paints;
    }

    void flush() {
        if (run_begin_ != npos && run_paints_ && run_open_ == 0 && !poisoned_) {
            edits_.push_back({run_begin_, 0, "\n/Artifact BMC\n", edits_.size()});
            edits_.push_back({run_end_, 0, "\nEMC\n", edits_.size()});
            changed_ = true;
        } else {
            depth_ += run_open_;  // sequences left open: from here on treated as structural
        }
        run_begin_ = npos;
        run_paints_ = poisoned_ = false;
        run_open_ = 0;
    }

    std::string applied() {
        std::sort(edits_.begin(), edits_.end(),
                  [](Edit const &a, Edit const &b) { return a.at != b.at ? a.at < b.at : a.order < b.order; });
        std::string out;
        out.reserve(d_.size() + edits_.size() * 8);
        size_t cursor = 0;
        for (Edit const &e : edits_) {
            if (e.at > cursor) {
                out.append(d_.data() + cursor, e.at - cursor);
                cursor = e.at;
            }
            out += e.insert;
            cursor = std::max(cursor, e.at + e.erase);
        }
        out.append(d_.data() + cursor, d_.size() - cursor);
        return out;
    }

    static constexpr size_t npos = static_cast<size_t>(-1);
    std::string_view d_;
    bool wrap_, no_interpolate_;
    bool changed_ = false, bad_ = false;
    std::vector<Edit> edits_;
    Operands operands_;
    size_t last_end_ = 0;
    long depth_ = 0;  // open structural marked content (and what is nested in it)
    bool in_text_ = false;
    bool stashing_ = false;  // reading a text object begun at depth 0
    size_t stash_begin_ = 0, stash_bt_end_ = 0, stash_end_ = 0;
    bool stash_paints_ = false;
    long stash_open_ = 0;  // non-structural sequences opened in the stashed text object, still open
    size_t run_begin_ = npos, run_end_ = 0;
    bool run_paints_ = false, poisoned_ = false;
    long run_open_ = 0;  // non-structural sequences opened in the run, still open
};

}  // namespace

ContentResult mark_artifacts(std::string_view content, bool wrap, bool no_interpolate) {
    return ArtifactFilter(content, wrap, no_interpolate).run();
}

}  // namespace finish

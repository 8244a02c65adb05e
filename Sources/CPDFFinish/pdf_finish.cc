// Finishes a tagged PDF from Cairo 1.16 for PDF/UA-1 and, on request, PDF/A-2a. See
// include/pdf_finish.h for what is added; this file says where, the other files how:
//   pdf_document      the PDF objects: reading Cairo's file, writing the finished one
//   content_artifacts artifacts around what is painted outside the structure
//   document_info     Info and the XMP packet that repeats it
//   font_charset      glyph names of Type 1 subsets, for /CharSet
//   encryption        AES-256 (the standard security handler of PDF 2.0), on request
// The trip attached on request is written here (attach). The output is deterministic (no clock,
// a /ID from the bytes, encryption's randomness from the caller's seed), so identical input gives
// identical bytes. Checked with page-validation 0.11 (profiles ua1, 2a; 3a with the trip), outloud 0.2.1 and
// `qpdf --check`: Scripts/check_pdf.py; fuzzed with Scripts/fuzz/pdf_finish_fuzz.cc.

#include "pdf_finish.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>
#include <new>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "content_artifacts.hh"
#include "document_info.hh"
#include "encryption.hh"
#include "font_charset.hh"
#include "pdf_document.hh"

struct itinerary_pdf_finish {
    std::string bytes;
    size_t gap_start = 0, gap_end = 0;  // a signature's /Contents, when signed
};

// Keys derived ahead of a document (itinerary_pdf_keys_derive): plain data, only read once made.
struct itinerary_pdf_keys {
    finish::Keys keys;
    itinerary_pdf_keys(std::string_view user, std::string_view owner, std::string_view seed)
        : keys(user, owner, seed) {}
};

namespace finish {
namespace {

// Deflate level for what is written anew (content, object streams, the ICC profile), with
// libdeflate. Measured on the 5,000-item book (Scripts/bench/pdf_finish_driver.c, 3 rounds of 5):
// libdeflate level 1 finishes it in 72 ms and writes 1.71 MB; zlib's level 1 took 103 ms for
// 1.83 MB, libdeflate's level 6 120 ms for 1.51 MB. Level 1 is well inside the file-size budget.
constexpr int deflate_level = 1;

// A value where it can be changed: the value and the number of the object that holds it.
struct Place {
    Value *value = nullptr;
    size_t owner = 0;
};

// Where a value held by `owner` leads (Document::follow), as a place to change it; a stream or a missing object gives
// no place.
Place place_of(Document &pdf, Value &value, size_t owner) {
    Target t = pdf.follow(value);
    if (!t.value || (t.object && t.object->stream)) return {};
    if (!t.object) return {&value, owner};  // no reference: the value itself
    return {&t.object->value(), t.number};
}

void changed(Document &pdf, size_t owner) {
    if (Object *o = pdf.object(owner)) o->changed = true;
}

// ---------------------------------------------------------------------------------------------
// Structure: /Alt on figures, /Scope on table headers.

struct Element {
    Place place;
    std::string_view type;  // the standard type, through the RoleMap
};

// The standard type a structure type maps to through the RoleMap (a few hops at most).
std::string_view standard_type(Document &pdf, Value const *role_map, std::string_view type) {
    for (int hop = 0; hop < 16 && role_map; ++hop) {
        Value const *mapped = role_map->get(type);
        if (!mapped) break;
        Value const &name = pdf.resolve(*mapped);
        if (!name.is(Kind::Name) || name.text == type) break;
        type = name.text;
    }
    return type;
}

bool is_reference_dict(Document &pdf, Value const &dict) {  // an MCR or OBJR, not an element
    Value const *type = dict.get("/Type");
    if (!type) return false;
    Value const &t = pdf.resolve(*type);
    return t.is_name("/MCR") || t.is_name("/OBJR");
}

// Whether the structure pass keeps an element: only figures (for /Alt) and table rows and header
// cells (for /Scope) are changed.
bool kept_type(std::string_view type) {
    return type == "/Figure" || type == "/TR" || type == "/TH";
}

// A place still to visit: a value inside a kept object, or a copied reference.
struct Pending {
    Place place;
    Value ref;  // when place.value is null
};

// The StructElems this pass changes (kept_type), with their standard types, depth first in /K
// order, each object once. Every other element is an object of its own, as Cairo writes them, and
// is forgotten (Document::forget) once its children are known, each a copied reference: the
// 5,000-item book's tree, parsed whole, was 12 MB of its peak memory. An element whose /K holds
// anything but references, MCIDs and marked-content references is kept as it is.
std::vector<Element> structure_elements(Document &pdf, Place tree_root, size_t keep_owner) {
    Value *role_map_entry = tree_root.value->get("/RoleMap");
    Place role_map_place = role_map_entry ? place_of(pdf, *role_map_entry, tree_root.owner) : Place{};
    Value const *role_map =
        role_map_place.value && role_map_place.value->is(Kind::Dict) ? role_map_place.value : nullptr;
    std::vector<Element> found;
    std::vector<bool> seen(pdf.object_count());
    std::vector<Pending> stack;
    if (Value *k = tree_root.value->get("/K")) stack.push_back({{k, tree_root.owner}, {}});
    size_t visited = 0;
    while (!stack.empty()) {
        Pending pending = std::move(stack.back());
        stack.pop_back();
        Place node = pending.place.value ? pending.place : Place{&pending.ref, 0};
        if (++visited > 10000000) throw Failure{"the structure tree is too large"};
        size_t number = 0;  // the object this node is the whole value of, if any
        if (node.value->is(Kind::Ref)) {
            size_t n = static_cast<size_t>(node.value->number);
            if (n < seen.size()) {
                if (seen[n]) continue;
                seen[n] = true;
            }
            node = place_of(pdf, *node.value, node.owner);
            if (!node.value) continue;
            Object *o = pdf.object(node.owner);
            if (o && node.value == &o->value()) number = node.owner;
        }
        if (!node.value) continue;
        if (node.value->is(Kind::Array)) {
            if (!pending.place.value) continue;  // copied references only: never an array
            for (size_t i = node.value->items.size(); i-- > 0;)
                stack.push_back({{&node.value->items[i], node.owner}, {}});
            continue;
        }
        if (!node.value->is(Kind::Dict) || is_reference_dict(pdf, *node.value)) continue;  // an MCID, MCR, OBJR
        Value const *s = node.value->get("/S");
        if (!s) continue;
        Value const &name = pdf.resolve(*s);
        if (!name.is(Kind::Name)) continue;
        std::string_view type = standard_type(pdf, role_map, name.text);
        Value *k = node.value->get("/K");
        // The children as copied references, when that is all they are (an MCID or a marked-content
        // reference is not visited: nothing in it is an element).
        std::vector<Value> refs;
        bool plain = number != 0 && number != keep_owner && number != tree_root.owner &&
                     number != role_map_place.owner && !kept_type(type);
        if (plain && k) {
            auto take = [&](Value const &item) {
                if (item.is(Kind::Ref)) refs.push_back(item);
                else if (item.is(Kind::Dict) && item.get("/S") && !is_reference_dict(pdf, item)) plain = false;
                else if (!item.is(Kind::Integer) && !item.is(Kind::Dict)) plain = false;
            };
            if (k->is(Kind::Array)) {
                for (Value const &item : k->items) take(item);
            } else {
                take(*k);
            }
        }
        if (plain) {
            for (size_t i = refs.size(); i-- > 0;) stack.push_back({{}, std::move(refs[i])});
            pdf.forget(number);
            continue;
        }
        if (kept_type(type)) found.push_back({node, type});
        if (k) stack.push_back({{k, node.owner}, {}});
    }
    return found;
}

// The StructElem children of an element, with their standard types.
std::vector<Element> children(Document &pdf, Element const &element, Value const *role_map) {
    std::vector<Element> result;
    Value *k = element.place.value->get("/K");
    if (!k) return result;
    Place kids = place_of(pdf, *k, element.place.owner);
    if (!kids.value) return result;
    auto add = [&](Value &item, size_t owner) {
        Place child = place_of(pdf, item, owner);
        if (!child.value || !child.value->is(Kind::Dict) || is_reference_dict(pdf, *child.value)) return;
        Value const *s = child.value->get("/S");
        if (!s || !pdf.resolve(*s).is(Kind::Name)) return;
        result.push_back({child, standard_type(pdf, role_map, pdf.resolve(*s).text)});
    };
    if (kids.value->is(Kind::Array)) {
        for (Value &item : kids.value->items) add(item, kids.owner);
    } else {
        add(*kids.value, kids.owner);
    }
    return result;
}

// Whether an attribute object (or an array of them, with revision numbers) sets /Scope.
bool has_scope(Document &pdf, Value const *attributes) {
    if (!attributes) return false;
    Value const &a = pdf.resolve(*attributes);
    if (a.is(Kind::Dict)) return a.get("/Scope") != nullptr;
    if (a.is(Kind::Array))
        for (Value const &item : a.items)
            if (Value const *d = pdf.dict(item); d && d->get("/Scope")) return true;
    return false;
}

// A change planned for an element. Changes are made last-found first: a change may move the
// values inside its element, among them an element found after it, never one found before.
struct Change {
    size_t element;
    Value alt;               // /Alt to set, or
    std::string_view scope;  // a /Scope attribute to add
};

// Cairo 1.16 writes no attributes, so a TH has no /Scope and no cell has /Headers. The scope
// follows from the row: a row of TH only heads columns, a TH that starts a row of data cells
// heads its row, any other TH both.
void plan_table_header_scopes(Document &pdf, std::vector<Element> const &elements, Value const *role_map,
                              std::vector<Change> &changes) {
    std::unordered_map<Value const *, size_t> index;
    for (size_t e = 0; e < elements.size(); ++e)
        if (elements[e].type == "/TH") index.emplace(elements[e].place.value, e);
    for (Element const &row : elements) {
        if (row.type != "/TR") continue;
        std::vector<Element> cells = children(pdf, row, role_map);
        bool all_headers = std::all_of(cells.begin(), cells.end(), [](Element const &c) { return c.type == "/TH"; });
        for (size_t i = 0; i < cells.size(); ++i) {
            if (cells[i].type != "/TH" || has_scope(pdf, cells[i].place.value->get("/A"))) continue;
            // The cell is also in `elements` (the same value): the change is made through it.
            auto found = index.find(cells[i].place.value);
            if (found != index.end())
                changes.push_back({found->second, Value(), all_headers ? "/Column" : i == 0 ? "/Row" : "/Both"});
        }
    }
}

void add_scope(Document &pdf, Place th, std::string_view scope) {
    Value attribute = Value::dict();
    attribute.set("/O", Value::name("/Table"));
    attribute.set("/Scope", Value::name(scope));
    Value *existing = th.value->get("/A");
    if (existing) {
        // The TH's own array grows; one it refers to is copied (the object may hold more than attributes).
        Value const &array = pdf.resolve(*existing);
        if (array.is(Kind::Array)) {
            Value grown = array;
            grown.items.push_back(std::move(attribute));
            th.value->set("/A", std::move(grown));
            changed(pdf, th.owner);
            return;
        }
        if (pdf.dict(*existing)) {
            Value both = Value::array();
            both.items.push_back(*existing);
            both.items.push_back(std::move(attribute));
            th.value->set("/A", std::move(both));
            changed(pdf, th.owner);
            return;
        }
    }
    th.value->set("/A", std::move(attribute));
    changed(pdf, th.owner);
}

void finish_structure(Document &pdf, Place tree_root, size_t root, std::vector<std::string> const &alternatives) {
    std::vector<Element> elements = structure_elements(pdf, tree_root, root);
    Value const *role_map_entry = tree_root.value->get("/RoleMap");
    Value const *role_map = role_map_entry ? pdf.dict(*role_map_entry) : nullptr;
    std::vector<Change> changes;
    size_t figures = 0;
    for (size_t e = 0; e < elements.size(); ++e)
        if (elements[e].type == "/Figure") {
            if (figures < alternatives.size()) changes.push_back({e, pdf.text_value(alternatives[figures]), {}});
            ++figures;
        }
    if (figures > alternatives.size())
        throw Failure{"the structure tree has " + std::to_string(figures) + " figures but only " +
                      std::to_string(alternatives.size()) + " alternative texts were given"};
    // An element with direct children in a TR is found there through the same values.
    plan_table_header_scopes(pdf, elements, role_map, changes);
    std::sort(changes.begin(), changes.end(), [](Change const &a, Change const &b) { return a.element > b.element; });
    for (Change &change : changes) {
        Place element = elements[change.element].place;
        if (change.scope.empty()) {
            element.value->set("/Alt", std::move(change.alt));
            changed(pdf, element.owner);
        } else {
            add_scope(pdf, element, change.scope);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Pages: the page tree, artifacts, annotations.

// The page objects in order, each once.
std::vector<size_t> page_numbers(Document &pdf, Value const &catalog) {
    std::vector<size_t> pages;
    std::vector<bool> seen(pdf.object_count());
    std::vector<Value const *> stack;
    if (Value const *p = catalog.get("/Pages")) stack.push_back(p);
    while (!stack.empty()) {
        Value const *node = stack.back();
        stack.pop_back();
        if (!node->is(Kind::Ref)) continue;  // a page tree node is an indirect object
        size_t n = static_cast<size_t>(node->number);
        if (n >= seen.size() || seen[n]) continue;
        seen[n] = true;
        Value const *dict = pdf.dict(*node);
        if (!dict) continue;
        Value const *kids = dict->get("/Kids");
        if (!kids) {
            pages.push_back(n);
            continue;
        }
        Value const &array = pdf.resolve(*kids);
        if (!array.is(Kind::Array)) continue;
        for (size_t i = array.items.size(); i-- > 0;) stack.push_back(&array.items[i]);
    }
    return pages;
}

// A page's content, all its streams joined, with the untagged runs wrapped.
void finish_content(Document &pdf, size_t page_number, size_t index, bool pdfa) {
    std::string what = "the content of page " + std::to_string(index);
    Value *contents = pdf.object(page_number)->value().get("/Contents");
    if (!contents) return;  // no content: nothing painted, nothing to wrap
    if (Object *stream = pdf.stream(*contents)) {
        if (stream->new_data()) return;  // shared with a page already done
        std::string storage;
        std::string_view data = pdf.decoded(*stream, what, storage);
        ContentResult result = mark_artifacts(data, true, pdfa);
        if (result.bad) throw Failure{what + " has a syntax error"};
        pdf.replace_data(*stream, result.changed ? result.data : data);
        return;
    }
    Value const &parts = pdf.resolve(*contents);
    if (!parts.is(Kind::Array)) return;
    std::string data, storage;
    for (Value const &part : parts.items) {
        Object *stream = pdf.stream(part);
        if (!stream) continue;
        data += pdf.decoded(*stream, what, storage);
        data += "\n";  // a stream boundary separates tokens, as PDF says
    }
    ContentResult result = mark_artifacts(data, true, pdfa);
    if (result.bad) throw Failure{what + " has a syntax error"};
    Value dict = Value::dict();
    dict.set("/Filter", Value::name("/FlateDecode"));
    size_t joined = pdf.add_stream(std::move(dict), pdf.deflate(result.changed ? result.data : data));
    pdf.object(page_number)->value().set("/Contents", Value::ref(joined));
    changed(pdf, page_number);
}

// The number of the page a destination names, or 0.
size_t page_number_of(Document &pdf, Value const &destination, std::vector<size_t> const &numbers) {
    Value const *dest = &pdf.resolve(destination);
    if (dest->is(Kind::Dict)) {
        Value const *d = dest->get("/D");
        if (!d) return 0;
        dest = &pdf.resolve(*d);
    }
    if (!dest->is(Kind::Array) || dest->items.empty()) return 0;
    Value const &page = dest->items[0];
    if (page.is(Kind::Ref) && static_cast<size_t>(page.number) < numbers.size()) return numbers[page.number];
    return 0;
}

std::string string_text(Document &pdf, Value const *value) {
    if (!value) return std::string();
    Value const &v = pdf.resolve(*value);
    return v.is(Kind::String) ? text_utf8(v.text) : std::string();
}

// /Contents for a link that has none: where it goes, without words of any one language.
std::string link_description(Document &pdf, Value const &annot, std::vector<size_t> const &numbers) {
    Value const *dest = annot.get("/Dest");
    if (Value const *action = annot.get("/A") ? pdf.dict(*annot.get("/A")) : nullptr) {
        std::string uri = string_text(pdf, action->get("/URI"));
        if (!uri.empty()) return uri;
        if (Value const *d = action->get("/D"); d && !pdf.resolve(*d).is(Kind::Null)) dest = d;
        if (Value const *file = action->get("/F"); file && pdf.resolve(*file).is(Kind::String))
            return string_text(pdf, file);
    }
    if (dest) {
        Value const &d = pdf.resolve(*dest);
        if (d.is(Kind::String)) return "#" + text_utf8(d.text);
        if (d.is(Kind::Name)) return "#" + std::string(name_text(d.text));
        if (size_t page = page_number_of(pdf, d, numbers)) return "#page=" + std::to_string(page);
    }
    return "Link";
}

void finish_annotations(Document &pdf, size_t page_number, std::vector<size_t> const &numbers) {
    // The array is found again for each annotation: changing one (say, one that is the page
    // itself) may move the values that held the array.
    auto annots = [&]() -> Place {
        Value *entry = pdf.object(page_number)->value().get("/Annots");
        Place array = entry ? place_of(pdf, *entry, page_number) : Place{};
        return array.value && array.value->is(Kind::Array) ? array : Place{};
    };
    if (!annots().value || annots().value->items.empty()) return;
    for (size_t i = 0; annots().value && i < annots().value->items.size(); ++i) {
        Place array = annots();
        Value *annot = pdf.edit_dict(array.value->items[i], array.owner);
        if (!annot) continue;
        // Print on; Invisible, Hidden, NoView and ToggleNoView off (PDF/A; harmless for PDF/UA).
        Value const *f = annot->get("/F");
        long long flags = f && pdf.resolve(*f).is(Kind::Integer) ? pdf.resolve(*f).number : 0;
        flags = (flags | 4) & ~static_cast<long long>(1 | 2 | 32 | 256);
        annot->set("/F", Value::integer(flags));
        Value const *subtype = annot->get("/Subtype");
        if (subtype && pdf.resolve(*subtype).is_name("/Link") && string_text(pdf, annot->get("/Contents")).empty())
            annot->set("/Contents", pdf.text_value(link_description(pdf, *annot, numbers)));
    }
    pdf.object(page_number)->value().set("/Tabs", Value::name("/S"));  // tab order follows the structure
    changed(pdf, page_number);
}

// ---------------------------------------------------------------------------------------------
// Fonts, images, forms, the output intent.

void identity_cid_to_gid(Document &pdf, Value &value, size_t owner) {
    Place font = place_of(pdf, value, owner);
    if (!font.value || !font.value->is(Kind::Dict) || font.value->get("/CIDToGIDMap")) return;
    Value const *subtype = font.value->get("/Subtype");
    if (!subtype || !pdf.resolve(*subtype).is_name("/CIDFontType2")) return;
    font.value->set("/CIDToGIDMap", Value::name("/Identity"));
    changed(pdf, font.owner);
}

void add_char_set(Document &pdf, Value &font, size_t owner) {
    Value const *subtype = font.get("/Subtype");
    if (!subtype || !(pdf.resolve(*subtype).is_name("/Type1") || pdf.resolve(*subtype).is_name("/MMType1"))) return;
    Value const *base_font = font.get("/BaseFont");
    if (!base_font || !pdf.resolve(*base_font).is(Kind::Name) ||
        !subset_name(std::string(pdf.resolve(*base_font).text)))
        return;
    Value *entry = font.get("/FontDescriptor");
    Place descriptor = entry ? place_of(pdf, *entry, owner) : Place{};
    if (!descriptor.value || !descriptor.value->is(Kind::Dict) || descriptor.value->get("/CharSet")) return;
    std::vector<std::string> names;
    Value const *file3 = descriptor.value->get("/FontFile3");
    Value const *file = descriptor.value->get("/FontFile");
    Object *program = file3 ? pdf.stream(*file3) : nullptr;
    Value const *program_subtype = program ? program->value().get("/Subtype") : nullptr;
    if (program && program_subtype && pdf.resolve(*program_subtype).is_name("/Type1C")) {
        std::string storage;
        if (!cff_glyph_names(std::string(pdf.decoded(*program, "a CFF font program", storage)), names))
            throw Failure{"a CFF font program in the PDF is damaged"};
    } else if ((program = file ? pdf.stream(*file) : nullptr)) {
        Value const *length1 = program->value().get("/Length1");
        size_t l1 = 0;  // 0, or negative or too large: type1_glyph_names finds the clear-text part itself
        if (length1 && pdf.resolve(*length1).is(Kind::Integer) && !to_size(pdf.resolve(*length1).number, l1)) l1 = 0;
        std::string storage;
        names = type1_glyph_names(std::string(pdf.decoded(*program, "a Type 1 font program", storage)), l1);
    }
    if (names.empty()) return;
    std::string char_set;
    for (auto const &name : names) {
        char_set += '/';
        append_name_bytes(char_set, name);
    }
    descriptor.value->set("/CharSet", pdf.string_value(char_set));
    changed(pdf, descriptor.owner);
}

// Fonts everywhere; for PDF/A images' /Interpolate, inline images in forms; every stream left
// without a filter (Cairo's, written with CAIRO_DEBUG_PDF) deflated.
void finish_objects(Document &pdf, bool pdfa) {
    size_t count = pdf.object_count();
    for (size_t n = 1; n < count; ++n) {
        Object *o = pdf.object(n);
        if (!o) continue;
        if (!o->stream) {
            if (!o->value().is(Kind::Dict)) {
                pdf.forget(n);
                continue;
            }
            identity_cid_to_gid(pdf, o->value(), n);
            if (pdfa) add_char_set(pdf, o->value(), n);
            Value const *subtype = o->value().get("/Subtype");
            Value *descendants = o->value().get("/DescendantFonts");
            if (subtype && pdf.resolve(*subtype).is_name("/Type0") && descendants) {
                Place array = place_of(pdf, *descendants, n);
                if (array.value && array.value->is(Kind::Array))
                    for (Value &font : array.value->items) identity_cid_to_gid(pdf, font, array.owner);
            }
            pdf.forget(n);  // every object is read here: kept, the book's would be 12 MB of its peak
            continue;
        }
        if (o->new_data()) continue;  // page content, done
        Value const *subtype_entry = o->value().get("/Subtype");
        static Value const none;
        Value const &subtype = subtype_entry ? pdf.resolve(*subtype_entry) : none;
        if (pdfa && subtype.is_name("/Image") && o->value().get("/Interpolate")) {
            o->value().remove("/Interpolate");
            o->changed = true;
        } else if (pdfa && subtype.is_name("/Form")) {
            std::string storage;
            std::string_view data = pdf.decoded(*o, "a form XObject", storage);
            if (data.find("BI") != std::string_view::npos) {
                ContentResult result = mark_artifacts(data, false, true);
                if (result.bad) throw Failure{"a form XObject's content has a syntax error"};
                if (result.changed) {
                    pdf.replace_data(*o, result.data);
                    continue;
                }
            }
        }
        Value const *filter = o->value().get("/Filter");
        Value const *type = o->value().get("/Type");
        bool unfiltered = !filter || pdf.resolve(*filter).is(Kind::Null) ||
                          (pdf.resolve(*filter).is(Kind::Array) && pdf.resolve(*filter).items.empty());
        if (unfiltered && !(type && pdf.resolve(*type).is_name("/Metadata"))) pdf.replace_data(*o, o->data());
    }
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

Value output_intents(Document &pdf, std::string const &icc) {
    Value profile = Value::dict();
    profile.set("/N", Value::integer(3));
    profile.set("/Filter", Value::name("/FlateDecode"));
    size_t stream = pdf.add_stream(std::move(profile), pdf.deflate(icc));
    Value intent = Value::dict();
    intent.set("/Type", Value::name("/OutputIntent"));
    intent.set("/S", Value::name("/GTS_PDFA1"));
    intent.set("/OutputConditionIdentifier", pdf.string_value("sRGB IEC61966-2.1"));
    intent.set("/Info", pdf.string_value("sRGB IEC61966-2.1"));
    intent.set("/DestOutputProfile", Value::ref(stream));
    Value intents = Value::array();
    intents.items.push_back(Value::ref(pdf.add(std::move(intent))));
    return intents;
}

// The catalog's own entries. Each `set` replaces: no key is written twice.
void finish_catalog(Document &pdf, size_t root, std::string const &language, DocumentInfo const &info, int pdfa_part,
                    std::string const &icc) {
    bool pdfa = pdfa_part != 0;
    auto catalog = [&]() -> Value & { return pdf.object(root)->value(); };
    changed(pdf, root);
    catalog().set("/Lang", pdf.text_value(language));
    // /MarkInfo and /ViewerPreferences: Cairo's own dictionary, direct or not, or a new one.
    auto entry_dict = [&](char const *key) -> Place {
        Value *existing = catalog().get(key);
        Place place = existing ? place_of(pdf, *existing, root) : Place{};
        if (place.value && place.value->is(Kind::Dict)) {
            changed(pdf, place.owner);
            return place;
        }
        catalog().set(key, Value::dict());
        return {catalog().get(key), root};
    };
    Place mark_info = entry_dict("/MarkInfo");
    mark_info.value->set("/Marked", Value::boolean_value(true));
    mark_info.value->remove("/Suspects");
    Place preferences = entry_dict("/ViewerPreferences");
    preferences.value->set("/DisplayDocTitle", Value::boolean_value(true));

    Value metadata = Value::dict();
    metadata.set("/Type", Value::name("/Metadata"));
    metadata.set("/Subtype", Value::name("/XML"));
    size_t xmp = pdf.add_stream(std::move(metadata), xmp_packet(info, language, pdfa_part));
    catalog().set("/Metadata", Value::ref(xmp));
    if (pdfa) catalog().set("/OutputIntents", output_intents(pdf, icc));
}

// ---------------------------------------------------------------------------------------------
// Extras: the attached trip, encryption.

// The extras as checked: views of the caller's bytes, which outlive the call.
struct Extras {
    bool attach = false;
    std::string_view attachment, attachment_name, attachment_description;
    bool encrypt = false;
    std::string_view user_password, owner_password, random_seed;
    itinerary_pdf_keys const *keys = nullptr;  // when given, what the passwords and seed would give
    size_t signature_size = 0;                 // a signature's room in bytes of DER; 0: not signed
    std::string_view signature_label;
};

// The caller's bytes, or a Failure for a size without them.
std::string_view caller_bytes(void const *bytes, size_t size, char const *what) {
    if (!bytes && size > 0) throw Failure{std::string(what) + " has a size but no bytes"};
    return bytes ? std::string_view(static_cast<char const *>(bytes), size) : std::string_view();
}

// The passwords and seed of encryption, checked; the user password is given. A NULL owner password is the user's.
struct Passwords {
    std::string_view user, owner, seed;
};

Passwords check_passwords(unsigned char const *user_password, size_t user_password_size,
                          unsigned char const *owner_password, size_t owner_password_size,
                          unsigned char const *random_seed, size_t random_seed_size) {
    Passwords p;
    p.user = caller_bytes(user_password, user_password_size, "the user password");
    p.owner = caller_bytes(owner_password, owner_password_size, "the owner password");
    if (p.user.empty()) throw Failure{"the user password is empty"};
    if (owner_password && p.owner.empty()) throw Failure{"the owner password is empty"};
    if (!owner_password) p.owner = p.user;
    if (!valid_utf8(std::string(p.user))) throw Failure{"the user password is not UTF-8"};
    if (!valid_utf8(std::string(p.owner))) throw Failure{"the owner password is not UTF-8"};
    p.seed = caller_bytes(random_seed, random_seed_size, "the random seed");
    if (p.seed.size() < 32) throw Failure{"encryption needs a random seed of at least 32 bytes"};
    return p;
}

Extras check_extras(itinerary_pdf_extras const *given, bool pdfa) {
    Extras x;
    if (!given) return x;
    if (given->attachment) {
        x.attach = true;
        x.attachment = caller_bytes(given->attachment, given->attachment_size, "the attachment");
        if (!given->attachment_name || !*given->attachment_name) throw Failure{"the attachment needs a file name"};
        x.attachment_name = given->attachment_name;
        std::string name(x.attachment_name);
        if (name.size() > 255 || !valid_utf8(name))
            throw Failure{"the attachment's name is not a UTF-8 file name of at most 255 bytes"};
        for (unsigned char c : name)
            if (c < 0x20 || c == 0x7F || c == '/' || c == '\\')
                throw Failure{"the attachment's name holds a control character, '/' or '\\'"};
        if (given->attachment_description) {
            x.attachment_description = given->attachment_description;
            // At most 32,002 bytes as UTF-16: inside PDF/A's limit of 32,767 bytes a string.
            if (x.attachment_description.size() > 16000 || !valid_utf8(std::string(x.attachment_description)))
                throw Failure{"the attachment's description is not UTF-8 text of at most 16,000 bytes"};
        }
    } else if (given->attachment_size > 0) {
        caller_bytes(nullptr, given->attachment_size, "the attachment");
    }
    if (given->signature_size > 0) {
        // A CMS signature of this project's is a few kilobytes; 1 MB is room for any chain and time stamp.
        if (given->signature_size > (1u << 20)) throw Failure{"the room asked for the signature is over 1 MB"};
        if (!given->signature_label || !*given->signature_label) throw Failure{"the signature field needs a label"};
        x.signature_size = given->signature_size;
        x.signature_label = given->signature_label;
        if (x.signature_label.size() > 1000 || !valid_utf8(std::string(x.signature_label)))
            throw Failure{"the signature field's label is not UTF-8 text of at most 1,000 bytes"};
    }
    if (given->keys) {  // the passwords and the seed are not read
        x.encrypt = true;
        if (pdfa) throw Failure{"PDF/A forbids encryption"};
        x.keys = given->keys;
        return x;
    }
    caller_bytes(given->user_password, given->user_password_size, "the user password");
    caller_bytes(given->owner_password, given->owner_password_size, "the owner password");
    if (!given->user_password) {
        if (given->owner_password) throw Failure{"an owner password needs a user password"};
        return x;
    }
    x.encrypt = true;
    if (pdfa) throw Failure{"PDF/A forbids encryption"};
    Passwords p = check_passwords(given->user_password, given->user_password_size, given->owner_password,
                                  given->owner_password_size, given->random_seed, given->random_seed_size);
    x.user_password = p.user;
    x.owner_password = p.owner;
    x.random_seed = p.seed;
    return x;
}

// The trip as the document's associated file (issue #45): an embedded file stream and its file specification, in the
// catalog's /AF (PDF/A-3, 6.8: every embedded file associated) and its EmbeddedFiles name tree (where viewers list
// attachments), which joins the /Names dictionary Cairo writes for its link destinations. The file specification
// has /F and /UF (PDF/UA-1, 7.11; PDF/A-3), /UF always UTF-16BE, /F the same text as qpdf writes them.
void attach(Document &pdf, size_t root, Extras const &extras, DocumentInfo const &info) {
    auto catalog = [&]() -> Value & { return pdf.object(root)->value(); };
    if (catalog().get("/AF")) throw Failure{"the PDF already has associated files, which Cairo 1.16 does not write"};
    Value *names_entry = catalog().get("/Names");
    Place names = names_entry ? place_of(pdf, *names_entry, root) : Place{};
    if (names.value && names.value->is(Kind::Dict) && names.value->get("/EmbeddedFiles"))
        throw Failure{"the PDF already has embedded files, which Cairo 1.16 does not write"};

    Value params = Value::dict();
    params.set("/Size", Value::integer(static_cast<long long>(extras.attachment.size())));
    // The document's own date, as Info says it (the finisher reads no clock); none when Info has none.
    if (info.has_modified) params.set("/ModDate", pdf.string_value(pdf_date(info.modified)));
    Value file = Value::dict();
    file.set("/Type", Value::name("/EmbeddedFile"));
    file.set("/Subtype", Value::name("/application/json"));  // written /application#2Fjson
    file.set("/Params", std::move(params));
    file.set("/Filter", Value::name("/FlateDecode"));
    size_t stream = pdf.add_stream(std::move(file), pdf.deflate(extras.attachment));

    std::string name(extras.attachment_name);
    Value embedded = Value::dict();
    embedded.set("/F", Value::ref(stream));
    embedded.set("/UF", Value::ref(stream));
    Value spec = Value::dict();
    spec.set("/Type", Value::name("/Filespec"));
    spec.set("/F", pdf.text_value(name));
    spec.set("/UF", pdf.text_value(name, true));
    if (!extras.attachment_description.empty())
        spec.set("/Desc", pdf.text_value(std::string(extras.attachment_description)));
    spec.set("/AFRelationship", Value::name("/Source"));
    spec.set("/EF", std::move(embedded));
    size_t spec_number = pdf.add(std::move(spec));

    Value tree_names = Value::array();
    tree_names.items.push_back(pdf.text_value(name));  // a name tree's key is a string
    tree_names.items.push_back(Value::ref(spec_number));
    Value tree = Value::dict();
    tree.set("/Names", std::move(tree_names));
    if (names.value && names.value->is(Kind::Dict)) {
        names.value->set("/EmbeddedFiles", std::move(tree));
        changed(pdf, names.owner);
    } else {
        Value fresh = Value::dict();
        fresh.set("/EmbeddedFiles", std::move(tree));
        catalog().set("/Names", std::move(fresh));
    }
    Value associated = Value::array();
    associated.items.push_back(Value::ref(spec_number));
    catalog().set("/AF", std::move(associated));
    changed(pdf, root);
}

// The signature field (issue #51; include/pdf_finish.h says what it is). Cairo 1.16 writes no form, no annotation
// with a /StructParent and a flat parent tree (/Nums, no /Kids): anything else is refused, never merged.
void add_signature_field(Document &pdf, size_t root, size_t page, Extras const &extras, DocumentInfo const &info) {
    if (pdf.object(root)->value().get("/AcroForm"))
        throw Failure{"the PDF already has a form, which Cairo 1.16 does not write"};
    // Found again: the passes before may have let go of the tree's parsed objects (Document::forget).
    Value *tree_entry_of_root = pdf.object(root)->value().get("/StructTreeRoot");
    Place tree_root = tree_entry_of_root ? place_of(pdf, *tree_entry_of_root, root) : Place{};
    if (!tree_root.value || !tree_root.value->is(Kind::Dict)) throw Failure{"the PDF has no structure tree"};
    if (!info.has_created && !info.has_modified) throw Failure{"the PDF has no date for its signature's /M"};
    pdf.signature.object = pdf.add(Value::dict());
    pdf.signature.size = extras.signature_size;
    pdf.signature.date = pdf_date(info.has_created ? info.created : info.modified);

    // The parent tree's next key: past every key it has and its /ParentTreeNextKey.
    Value *tree_entry = tree_root.value->get("/ParentTree");
    Place tree = tree_entry ? place_of(pdf, *tree_entry, tree_root.owner) : Place{};
    Value *nums_entry = tree.value && tree.value->is(Kind::Dict) ? tree.value->get("/Nums") : nullptr;
    Place nums = nums_entry ? place_of(pdf, *nums_entry, tree.owner) : Place{};
    if (!nums.value || !nums.value->is(Kind::Array) || tree.value->get("/Kids"))
        throw Failure{"the PDF's structure parent tree is not the flat tree Cairo 1.16 writes"};
    long long key = 0;
    for (size_t i = 0; i < nums.value->items.size(); i += 2)
        if (nums.value->items[i].is(Kind::Integer)) key = std::max(key, nums.value->items[i].number + 1);
    if (Value const *next = tree_root.value->get("/ParentTreeNextKey"); next && pdf.resolve(*next).is(Kind::Integer))
        key = std::max(key, pdf.resolve(*next).number);

    Value appearance = Value::dict();
    appearance.set("/Type", Value::name("/XObject"));
    appearance.set("/Subtype", Value::name("/Form"));
    Value box = Value::array();
    for (int i = 0; i < 4; ++i) box.items.push_back(Value::integer(0));
    appearance.set("/BBox", box);
    Value normal = Value::dict();
    normal.set("/N", Value::ref(pdf.add_stream(std::move(appearance), std::string())));

    Value field = Value::dict();
    field.set("/Type", Value::name("/Annot"));
    field.set("/Subtype", Value::name("/Widget"));
    field.set("/FT", Value::name("/Sig"));
    field.set("/T", pdf.string_value("Signature"));
    field.set("/TU", pdf.text_value(std::string(extras.signature_label)));
    field.set("/V", Value::ref(pdf.signature.object));
    field.set("/Rect", std::move(box));
    field.set("/F", Value::integer(132));  // Print and Locked: invisible by its size, printed as PDF/A wants
    field.set("/P", Value::ref(page));
    field.set("/AP", std::move(normal));
    field.set("/StructParent", Value::integer(key));
    size_t widget = pdf.add(std::move(field));

    // The Form element, last in the document's element (the root's last child), its object the widget.
    Value *kids_entry = tree_root.value->get("/K");
    Place kids = kids_entry ? place_of(pdf, *kids_entry, tree_root.owner) : Place{};
    Value const *document_ref = kids.value && kids.value->is(Kind::Array) && !kids.value->items.empty()
                                    ? &kids.value->items.back()
                                    : kids.value;
    if (!document_ref || !document_ref->is(Kind::Ref))
        throw Failure{"the PDF's structure tree has no document element"};
    size_t document = static_cast<size_t>(document_ref->number);
    Value reference = Value::dict();
    reference.set("/Type", Value::name("/OBJR"));
    reference.set("/Obj", Value::ref(widget));
    reference.set("/Pg", Value::ref(page));
    Value form = Value::dict();
    form.set("/Type", Value::name("/StructElem"));
    form.set("/S", Value::name("/Form"));
    form.set("/P", Value::ref(document));
    form.set("/Pg", Value::ref(page));
    form.set("/K", std::move(reference));
    size_t form_number = pdf.add(std::move(form));
    Object *element = pdf.object(document);
    if (!element || element->stream || !element->value().is(Kind::Dict))
        throw Failure{"the PDF's structure tree has no document element"};
    Value *children = element->value().get("/K");
    Value *array = children ? pdf.edit_array(*children, document) : nullptr;
    if (array) {
        array->items.push_back(Value::ref(form_number));
    } else {
        Value both = Value::array();
        if (children) both.items.push_back(*children);
        both.items.push_back(Value::ref(form_number));
        element->value().set("/K", std::move(both));
    }
    changed(pdf, document);
    nums = place_of(pdf, *tree.value->get("/Nums"), tree.owner);  // the element's change may have moved values
    nums.value->items.push_back(Value::integer(key));
    nums.value->items.push_back(Value::ref(form_number));
    changed(pdf, nums.owner);
    tree_root.value->set("/ParentTreeNextKey", Value::integer(key + 1));
    changed(pdf, tree_root.owner);

    // The page's annotations, its tab order the structure's.
    Value &page_dict = pdf.object(page)->value();
    Value *annots_entry = page_dict.get("/Annots");
    Value *annots = annots_entry ? pdf.edit_array(*annots_entry, page) : nullptr;
    if (annots) {
        annots->items.push_back(Value::ref(widget));
    } else {
        Value fresh = Value::array();
        fresh.items.push_back(Value::ref(widget));
        pdf.object(page)->value().set("/Annots", std::move(fresh));
    }
    pdf.object(page)->value().set("/Tabs", Value::name("/S"));
    changed(pdf, page);

    Value fields = Value::array();
    fields.items.push_back(Value::ref(widget));
    Value form_dict = Value::dict();
    form_dict.set("/Fields", std::move(fields));
    form_dict.set("/SigFlags", Value::integer(3));  // signatures exist; append only
    pdf.object(root)->value().set("/AcroForm", std::move(form_dict));
    changed(pdf, root);
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

// The file, and where a signature's /Contents is in it.
std::string written(Document &pdf, Encryption *encryption, std::pair<size_t, size_t> &gap) {
    std::string bytes = pdf.write(encryption);
    gap = {pdf.signature.gap_start, pdf.signature.gap_end};
    return bytes;
}

std::string run(const unsigned char *bytes, size_t size, std::string const &language, char const *title_arg,
                std::vector<std::string> const &alternatives, bool pdfa, char const *icc_path, Extras const &extras,
                std::pair<size_t, size_t> &gap) {
    std::string icc;
    if (pdfa) {
        if (!icc_path || !*icc_path) throw Failure{"PDF/A needs an sRGB ICC profile path"};
        icc = read_file(icc_path);
        check_rgb_profile(icc, icc_path);
    }

    Document pdf(std::string_view(reinterpret_cast<char const *>(bytes), size), deflate_level);
    size_t root = static_cast<size_t>(pdf.trailer.get("/Root")->number);
    Object *catalog = pdf.object(root);
    if (!catalog || catalog->stream || !catalog->value().is(Kind::Dict)) throw Failure{"the PDF has no catalog"};
    Value *tree_entry = catalog->value().get("/StructTreeRoot");
    Place tree_root = tree_entry ? place_of(pdf, *tree_entry, root) : Place{};
    if (!tree_root.value || !tree_root.value->is(Kind::Dict))
        throw Failure{"the PDF has no structure tree (draw it with cairo_tag_begin/cairo_tag_end)"};

    std::string title = title_arg ? title_arg : "";
    if (title.empty()) title = info_title(pdf);
    if (title.empty()) throw Failure{"the document needs a title"};
    if (!valid_utf8(title)) throw Failure{"the title is not UTF-8"};

    finish_structure(pdf, tree_root, root, alternatives);

    std::vector<size_t> pages = page_numbers(pdf, pdf.object(root)->value());
    std::vector<size_t> numbers(pdf.object_count());
    for (size_t i = 0; i < pages.size(); ++i) numbers[pages[i]] = i + 1;
    for (size_t i = 0; i < pages.size(); ++i) {
        finish_content(pdf, pages[i], i + 1, pdfa);
        finish_annotations(pdf, pages[i], numbers);
    }
    finish_objects(pdf, pdfa);

    DocumentInfo info = settle_info(pdf, title);
    // PDF/A-2 allows only PDF/A files as attachments; PDF/A-3 any file, so an attached file makes it part 3.
    finish_catalog(pdf, root, language, info, pdfa ? (extras.attach ? 3 : 2) : 0, icc);
    if (extras.attach) attach(pdf, root, extras, info);
    if (extras.signature_size > 0) {
        if (pages.empty()) throw Failure{"the PDF has no page for its signature field"};
        add_signature_field(pdf, root, pages[0], extras, info);
    }
    if (!extras.encrypt) return written(pdf, nullptr, gap);
    // AES-256 is an extension of PDF 1.7 (Adobe's level 8) and part of PDF 2.0: the header stays 1.7, which PDF/UA-1
    // is made on, and the catalog names the extension, as Acrobat and qpdf write it.
    Value level = Value::dict();
    level.set("/BaseVersion", Value::name("/1.7"));
    level.set("/ExtensionLevel", Value::integer(8));
    Value extensions = Value::dict();
    extensions.set("/ADBE", std::move(level));
    pdf.object(root)->value().set("/Extensions", std::move(extensions));
    // Keys derived ahead (on another thread, while the document was drawn) leave only AES to do here; the same
    // passwords and seed give the same bytes either way.
    std::optional<Keys> derived;
    Keys const &keys = extras.keys ? extras.keys->keys
                                   : derived.emplace(extras.user_password, extras.owner_password, extras.random_seed);
    Encryption encryption(keys);
    return written(pdf, &encryption, gap);
}

// Runs `body` for a C entry point: what it returns, or NULL with every failure as one sentence in `error`.
template <typename Body>
auto caught(char *error, size_t error_capacity, Body body) -> decltype(body()) {
    set_error(error, error_capacity, "");
    try {
        return body();
    } catch (Failure const &f) {
        set_error(error, error_capacity, f.reason);
    } catch (std::bad_alloc const &) {
        set_error(error, error_capacity, "out of memory");
    } catch (std::exception const &e) {
        set_error(error, error_capacity, std::string("the finisher failed: ") + e.what());
    } catch (...) {
        set_error(error, error_capacity, "the finisher failed");
    }
    return nullptr;
}

// The finishing entry points: each gathers the alternative texts, then this checks them and runs.
template <typename Gather>
itinerary_pdf_finish *guarded(const unsigned char *pdf, size_t size, const char *language, const char *title,
                              Gather gather, int pdfa, const char *icc_profile_path, itinerary_pdf_extras const *extras,
                              char *error, size_t error_capacity) {
    return caught(error, error_capacity, [&] {
        if (!pdf || size == 0) throw Failure{"the PDF is empty"};
        if (!language || !valid_language(language))
            throw Failure{std::string("the language tag \"") + (language ? language : "") + "\" is not BCP 47"};
        std::vector<std::string> alts = gather();
        for (size_t i = 0; i < alts.size(); ++i) {
            if (alts[i].empty()) throw Failure{"alternative text " + std::to_string(i) + " is empty"};
            if (!valid_utf8(alts[i])) throw Failure{"alternative text " + std::to_string(i) + " is not UTF-8"};
        }
        Extras checked = check_extras(extras, pdfa != 0);
        std::pair<size_t, size_t> gap;
        std::string bytes = run(pdf, size, language, title, alts, pdfa != 0, icc_profile_path, checked, gap);
        return new itinerary_pdf_finish{std::move(bytes), gap.first, gap.second};
    });
}

}  // namespace
}  // namespace finish

extern "C" {

itinerary_pdf_finish *itinerary_pdf_finish_run(const unsigned char *pdf, size_t size, const char *language,
                                               const char *title, const char *const *alternatives,
                                               size_t alternative_count, int pdfa, const char *icc_profile_path,
                                               char *error, size_t error_capacity) {
    auto gather = [&] {
        using finish::Failure;
        if (alternative_count > 0 && !alternatives) throw Failure{"the alternative texts are missing"};
        std::vector<std::string> alts;
        alts.reserve(alternative_count);
        for (size_t i = 0; i < alternative_count; ++i) {
            if (!alternatives[i]) throw Failure{"alternative text " + std::to_string(i) + " is missing"};
            alts.emplace_back(alternatives[i]);
        }
        return alts;
    };
    return finish::guarded(pdf, size, language, title, gather, pdfa, icc_profile_path, nullptr, error, error_capacity);
}

itinerary_pdf_finish *itinerary_pdf_finish_run_sized(const unsigned char *pdf, size_t size, const char *language,
                                                     const char *title, const char *alternatives,
                                                     size_t alternatives_size, const size_t *alternative_sizes,
                                                     size_t alternative_count, int pdfa, const char *icc_profile_path,
                                                     char *error, size_t error_capacity) {
    return itinerary_pdf_finish_run_extras(pdf, size, language, title, alternatives, alternatives_size,
                                           alternative_sizes, alternative_count, pdfa, icc_profile_path, nullptr, error,
                                           error_capacity);
}

itinerary_pdf_finish *itinerary_pdf_finish_run_extras(const unsigned char *pdf, size_t size, const char *language,
                                                      const char *title, const char *alternatives,
                                                      size_t alternatives_size, const size_t *alternative_sizes,
                                                      size_t alternative_count, int pdfa, const char *icc_profile_path,
                                                      const itinerary_pdf_extras *extras, char *error,
                                                      size_t error_capacity) {
    auto gather = [&] {
        using finish::Failure;
        if ((alternatives_size > 0 && !alternatives) || (alternative_count > 0 && !alternative_sizes))
            throw Failure{"the alternative texts are missing"};
        // Each text is its own bytes, a NUL among them (written as U+0000 in that text's /Alt): with texts ended by
        // a NUL, one inside a text would split it and give every later figure the text before its own. The sizes
        // are checked against the bytes given as they are added, so none reaches past them and no sum wraps.
        std::vector<std::string> alts;
        size_t used = 0;
        for (size_t i = 0; i < alternative_count; ++i) {
            if (alternative_sizes[i] == 0) throw Failure{"alternative text " + std::to_string(i) + " is empty"};
            if (!finish::within(used, alternative_sizes[i], alternatives_size))
                throw Failure{"the alternative texts' sizes add up to more than the " +
                              std::to_string(alternatives_size) + " bytes given"};
            alts.emplace_back(alternatives + used, alternative_sizes[i]);
            used += alternative_sizes[i];
        }
        if (used != alternatives_size)
            throw Failure{"the alternative texts' sizes add up to " + std::to_string(used) + " bytes, not the " +
                          std::to_string(alternatives_size) + " given"};
        return alts;
    };
    return finish::guarded(pdf, size, language, title, gather, pdfa, icc_profile_path, extras, error, error_capacity);
}

size_t itinerary_pdf_finish_size(const itinerary_pdf_finish *result) {
    return result ? result->bytes.size() : 0;
}

void itinerary_pdf_finish_copy(const itinerary_pdf_finish *result, unsigned char *out) {
    if (result && out && !result->bytes.empty()) std::memcpy(out, result->bytes.data(), result->bytes.size());
}

const unsigned char *itinerary_pdf_finish_bytes(const itinerary_pdf_finish *result) {
    return result ? reinterpret_cast<unsigned char const *>(result->bytes.data()) : nullptr;
}

int itinerary_pdf_finish_signature_gap(const itinerary_pdf_finish *result, size_t *start, size_t *end) {
    *start = result ? result->gap_start : 0;
    *end = result ? result->gap_end : 0;
    return *end > *start ? 1 : 0;
}

int itinerary_pdf_finish_set_signature(itinerary_pdf_finish *result, const unsigned char *der, size_t size, char *error,
                                       size_t error_capacity) {
    finish::set_error(error, error_capacity, "");
    if (!result || result->gap_end <= result->gap_start) {
        finish::set_error(error, error_capacity, "the PDF was finished without a signature");
        return -1;
    }
    size_t room = (result->gap_end - result->gap_start - 2) / 2;
    if (!der || size == 0 || size > room) {
        finish::set_error(error, error_capacity,
                          "the signature of " + std::to_string(size) + " bytes does not fit the " +
                              std::to_string(room) + " made for it");
        return -1;
    }
    static char const digits[] = "0123456789ABCDEF";
    char *at = &result->bytes[result->gap_start + 1];
    for (size_t i = 0; i < size; ++i) {
        *at++ = digits[der[i] >> 4];
        *at++ = digits[der[i] & 15];
    }
    return 0;
}

void itinerary_pdf_finish_free(itinerary_pdf_finish *result) {
    delete result;
}

itinerary_pdf_keys *itinerary_pdf_keys_derive(const unsigned char *user_password, size_t user_password_size,
                                              const unsigned char *owner_password, size_t owner_password_size,
                                              const unsigned char *random_seed, size_t random_seed_size, char *error,
                                              size_t error_capacity) {
    return finish::caught(error, error_capacity, [&] {
        if (!user_password) {
            finish::caller_bytes(nullptr, user_password_size, "the user password");
            throw finish::Failure{"encryption needs a user password"};
        }
        finish::Passwords p = finish::check_passwords(user_password, user_password_size, owner_password,
                                                      owner_password_size, random_seed, random_seed_size);
        return new itinerary_pdf_keys(p.user, p.owner, p.seed);
    });
}

void itinerary_pdf_keys_free(itinerary_pdf_keys *keys) {
    delete keys;
}

}  // extern "C"

// Glyph names of embedded Type 1 font programs: what a subset's /CharSet lists (PDF/A).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace finish {

// The glyph names of a name-keyed CFF font program (FontFile3 /Type1C), without .notdef, in `names`: none for a
// CID-keyed font or an Expert charset, which name no glyphs this way. False if the program is damaged.
bool cff_glyph_names(std::string const &d, std::vector<std::string> &names);
// The glyph names in a Type 1 font program's /CharStrings (eexec-encrypted), without .notdef.
std::vector<std::string> type1_glyph_names(std::string const &font, size_t length1);
// A subset's name starts with six capital letters and '+'.
bool subset_name(std::string const &base_font);

}  // namespace finish

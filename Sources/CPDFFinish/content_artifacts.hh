// Artifacts: what a page paints outside its structure, wrapped in /Artifact BMC … EMC.
#pragma once

#include <string>
#include <string_view>

namespace finish {

struct ContentResult {
    std::string data;  // the new content; empty when nothing changed
    bool changed = false;
    bool bad = false;  // the content is not PDF syntax (an unbalanced ")", a bad hex string…)
};

// Marks a page's content (`wrap`), and for PDF/A turns an inline image's /Interpolate true into
// false (`no_interpolate`). With `wrap` false only the inline images change (form XObjects).
ContentResult mark_artifacts(std::string_view content, bool wrap, bool no_interpolate);

}  // namespace finish

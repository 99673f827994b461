// Writing SVG documents: escaped text, colours, numbers, and the size cap every document keeps.
#pragma once
#include <cstdint>
#include <string>

namespace lc::render {

// The most bytes one document may have (documented in <cube/render.h>).
constexpr size_t kMaxSvgBytes = 16u << 20;

// Text escaped for XML character data and attribute values (& < > " '); control bytes other than
// tab and newline, which XML 1.0 forbids, become '?'.
std::string xml_escaped(const std::string &text);

// "#rrggbb".
std::string hex_colour(uint32_t rgb);

// A number with at most two decimals and no trailing zeros ("12", "12.5", "-3.25"), whatever the locale.
std::string num(double v);

// The document's start tag (with width, height and viewBox) and its end; `body` goes between them.
// Throws Error(CUBE_ERROR_UNSUPPORTED) when the document would exceed kMaxSvgBytes.
std::string svg_document(double width, double height, const std::string &title, const std::string &body);

// Throws Error(CUBE_ERROR_UNSUPPORTED) once a document being built is over kMaxSvgBytes.
void check_svg_size(const std::string &body);

}  // namespace lc::render

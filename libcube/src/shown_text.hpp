// How a message quotes text it was given: printable ASCII as it is, every other byte as \xNN, so that the
// message stays one line of ASCII whatever the text held.
#pragma once
#include <string>

namespace lc {

// The case of the two hex digits of \xNN. Each message keeps the case it has always had.
enum class HexCase { lower, upper };

// `text` with every byte outside printable ASCII (0x20 to 0x7e), and every byte in `also`, as \xNN.
std::string shown_text(const std::string &text, HexCase hex_case, const char *also = "");

}  // namespace lc

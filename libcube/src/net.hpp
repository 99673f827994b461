// The cube as an unfolded net of letters, optionally with ANSI colours.
#pragma once
#include <string>

namespace lc {

std::string format_net(int size, const std::string &letters, bool color);

}  // namespace lc

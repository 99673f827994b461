// The keys a configuration file holds, read from the file itself: the host's config services read
// values by name only, and a misspelt key ("sped") must be refused, not silently ignored.
#pragma once
#include <string>
#include <utility>
#include <vector>

namespace cube_maestro {

// The pairs (section, key) of the file at `path` (at most 64 KiB; the host has already parsed it), in
// file order. Keys before any section header belong to section "". Throws Failure.
std::vector<std::pair<std::string, std::string>> file_keys(const std::string &path);

}  // namespace cube_maestro

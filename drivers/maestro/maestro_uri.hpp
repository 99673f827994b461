// The driver's URI options: "PATH?key=value&key=value", e.g. "/dev/ttyACM0?device=12&crc=0&config=FILE".
#pragma once
#include <string>
#include <utility>
#include <vector>

namespace cube_maestro {

struct UriOptions {
    std::string port;                                         // "" when the URI names none
    std::vector<std::pair<std::string, std::string>> values;  // in URI order
};

// The URI keys: config and those that set a [device] key of the same name.
bool known_uri_key(const std::string &key);

// Splits the options; throws Failure on an unknown key, a key without '=' or a repeated key.
UriOptions parse_uri(const std::string &options);

}  // namespace cube_maestro

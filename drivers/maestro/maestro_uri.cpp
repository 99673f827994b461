#include "maestro_uri.hpp"

#include <cube/common.h>

#include "maestro_failure.hpp"
#include "plugin_options.hpp"

namespace cube_maestro {

bool known_uri_key(const std::string &key) {
    static const char *const kKeys[] = {"config", "model", "range", "parallel", "protocol", "device", "crc", "stop",
                                        "concurrent", "close"};
    for (const char *k : kKeys)
        if (key == k) return true;
    return false;
}

UriOptions parse_uri(const std::string &options) {
    UriOptions out;
    size_t question = options.find('?');
    out.port = options.substr(0, question);
    if (question == std::string::npos) return out;
    for (const std::string &item : cube_plugin::split_items(options.substr(question + 1), '&')) {
        size_t eq = item.find('=');
        if (eq == std::string::npos)
            throw Failure{CUBE_ERROR_INVALID_ARGUMENT, "URI option \"" + item + "\": expected key=value"};
        std::string key = item.substr(0, eq);
        if (!known_uri_key(key))
            throw Failure{CUBE_ERROR_INVALID_ARGUMENT,
                          "unknown URI option \"" + key +
                              "\" (known: config, model, range, parallel, protocol, device, crc, stop, concurrent, close)"};
        for (const auto &kv : out.values)
            if (kv.first == key) throw Failure{CUBE_ERROR_INVALID_ARGUMENT, "URI option \"" + key + "\" given twice"};
        out.values.emplace_back(key, item.substr(eq + 1));
    }
    return out;
}

}  // namespace cube_maestro

#include "maestro_keys.hpp"

#include <cube/common.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include "maestro_failure.hpp"

namespace cube_maestro {
namespace {

constexpr size_t kMaxFileBytes = 65536;  // the host's limit for configuration files

std::string trim(const std::string &s) {
    size_t a = s.find_first_not_of(" \t\r"), b = s.find_last_not_of(" \t\r");
    return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

std::string read_capped(const std::string &path) {
    std::unique_ptr<FILE, int (*)(FILE *)> file(std::fopen(path.c_str(), "rb"), std::fclose);
    if (!file) throw Failure{CUBE_ERROR_IO, "configuration file " + path + ": " + std::strerror(errno)};
    std::string text(kMaxFileBytes + 1, '\0');
    size_t n = std::fread(&text[0], 1, text.size(), file.get());
    if (std::ferror(file.get())) throw Failure{CUBE_ERROR_IO, "configuration file " + path + ": read error"};
    if (n > kMaxFileBytes)
        throw Failure{CUBE_ERROR_INVALID_ARGUMENT, "configuration file " + path + ": larger than 64 KiB"};
    text.resize(n);
    return text;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> file_keys(const std::string &path) {
    std::string text = read_capped(path);
    std::vector<std::pair<std::string, std::string>> out;
    std::string section;
    size_t pos = 0;
    while (pos < text.size()) {
        size_t eol = text.find('\n', pos);
        if (eol == std::string::npos) eol = text.size();
        std::string line = text.substr(pos, eol - pos);
        pos = eol + 1;
        size_t comment = line.find('#');  // a comment starts a line or follows a blank (" #")
        while (comment != std::string::npos && comment > 0 && line[comment - 1] != ' ' && line[comment - 1] != '\t')
            comment = line.find('#', comment + 1);
        line = trim(line.substr(0, comment));
        if (line.empty()) continue;
        if (line.front() == '[') {
            section = trim(line.substr(1, line.find(']') - 1));
            continue;
        }
        out.emplace_back(section, trim(line.substr(0, line.find('='))));
    }
    return out;
}

}  // namespace cube_maestro

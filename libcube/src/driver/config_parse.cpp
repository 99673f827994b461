// Reading the configuration file format: [section] lines, key = value lines, '#' comments.
#include <cstring>
#include <map>

#include "driver/config.hpp"
#include "small_text_file.hpp"

namespace lc::driver {
namespace {

const char *const kBlanks = " \t\r\f\v";

std::string trimmed(const std::string &s) {
    size_t first = s.find_first_not_of(kBlanks);
    if (first == std::string::npos) return "";
    size_t last = s.find_last_not_of(kBlanks);
    return s.substr(first, last - first + 1);
}

// The line without its comment: from a '#' that starts the line or follows a blank.
std::string without_comment(const std::string &line) {
    for (size_t i = 0; i < line.size(); ++i)
        if (line[i] == '#' && (i == 0 || std::strchr(kBlanks, line[i - 1]))) return line.substr(0, i);
    return line;
}

// Parses line by line, remembering where each section and key was first seen.
class Parser {
  public:
    Parser(const std::string &origin, cube_driver_config &out) : origin_(origin), out_(out) {}

    void line(const std::string &raw) {
        ++number_;
        const std::string text = trimmed(without_comment(raw));
        if (text.empty()) return;
        if (text.front() == '[')
            section(text);
        else
            value(text);
    }

  private:
    [[noreturn]] void refuse(const std::string &why) const {
        throw Error(CUBE_ERROR_PARSE, origin_ + " line " + std::to_string(number_) + ": " + why);
    }

    void section(const std::string &text) {
        if (text.back() != ']') refuse("a section line is \"[name]\"");
        const std::string name = trimmed(text.substr(1, text.size() - 2));
        if (!config_name_ok(name)) refuse("section name \"" + name + "\" is empty or has a blank, [, ], = or #");
        auto seen = section_lines_.find(name);
        if (seen != section_lines_.end())
            refuse("section [" + name + "] again (first on line " + std::to_string(seen->second) + ")");
        section_lines_[name] = number_;
        out_.sections.push_back({name, {}});
    }

    void value(const std::string &text) {
        size_t eq = text.find('=');
        if (eq == std::string::npos) refuse("expected \"key = value\" or \"[section]\", found \"" + text + "\"");
        const std::string key = trimmed(text.substr(0, eq));
        if (!config_name_ok(key)) refuse("key \"" + key + "\" is empty or has a blank, [, ], = or #");
        if (out_.sections.empty()) refuse("key \"" + key + "\" before any [section]");
        cube_driver_config::Section &current = out_.sections.back();
        const std::string where = current.name + "." + key;
        auto seen = key_lines_.find(where);
        if (seen != key_lines_.end())
            refuse("key \"" + key + "\" twice in [" + current.name + "] (first on line " +
                   std::to_string(seen->second) + ")");
        key_lines_[where] = number_;
        current.values[key] = trimmed(text.substr(eq + 1));
    }

    const std::string &origin_;
    cube_driver_config &out_;
    int number_ = 0;
    std::map<std::string, int> section_lines_, key_lines_;
};

}  // namespace

bool config_name_ok(const std::string &name) {
    return !name.empty() && name.find_first_of(" \t\r\f\v\n[]=#") == std::string::npos;
}

void parse_config(const std::string &text, const std::string &origin, cube_driver_config &out) {
    Parser parser(origin, out);
    size_t start = 0;
    while (start <= text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        parser.line(text.substr(start, end - start));
        start = end + 1;
    }
}

std::string read_config_file(const std::string &path) {
    return read_small_text_file(path, {"configuration file", "a configuration"});
}

}  // namespace lc::driver

#include "table_search_state.hpp"

#include <cstdio>

#include "json_text.hpp"

namespace lc {
namespace {

// The text a C API call of the cube_tables_path() kind writes, whatever its length; its status (the
// text is kept when the call wrote it, also with a status such as CUBE_ERROR_UNSUPPORTED).
template <typename Call>
cube_status text_of(Call call, std::string &out) {
    int32_t length = 0;
    cube_status st = call(nullptr, 0, &length);
    if (st != CUBE_ERROR_BUFFER_TOO_SMALL) return st;
    std::string text(static_cast<size_t>(length) + 1, '\0');
    st = call(&text[0], length + 1, &length);
    if (st == CUBE_ERROR_BUFFER_TOO_SMALL || st == CUBE_ERROR_INVALID_ARGUMENT) return st;
    text.resize(static_cast<size_t>(length));
    out = text;
    return st;
}

int32_t state_of(cube_status verified) {
    switch (verified) {
    case CUBE_OK:
        return CUBE_TABLE_FILE_SOUND;
    case CUBE_ERROR_NOT_FOUND:
        return CUBE_TABLE_FILE_MISSING;
    case CUBE_ERROR_CORRUPT:
        return CUBE_TABLE_FILE_DAMAGED;
    case CUBE_ERROR_UNSUPPORTED:
        return CUBE_TABLE_FILE_OTHER_BYTE_ORDER;
    default:
        return CUBE_TABLE_FILE_UNREADABLE;
    }
}

TableFolder look_in(int32_t role, const std::string &dir) {
    TableFolder f;
    f.role = role;
    f.folder = dir;
    const char *d = dir.c_str();
    if (text_of([&](char *b, int32_t c, int32_t *n) { return cube_tables_path(d, b, c, n); }, f.file) != CUBE_OK)
        f.file = dir;
    cube_status verified = cube_tables_verify(d);
    f.state = state_of(verified);
    if (verified != CUBE_OK && verified != CUBE_ERROR_NOT_FOUND) f.error = cube_last_error();
    std::string other;
    auto other_order = [&](char *b, int32_t c, int32_t *n) { return cube_tables_other_order_file(d, b, c, n); };
    if (text_of(other_order, other) == CUBE_ERROR_UNSUPPORTED) {
        f.other_file = other;
        f.other_notice = cube_last_error();
    }
    return f;
}

// The role as the text form shows it, and its JSON key.
const char *role_name(int32_t role) {
    return role == CUBE_TABLE_FOLDER_ENV ? "CUBE_TABLE_DIR" : role == CUBE_TABLE_FOLDER_CACHE ? "user cache" : "system";
}
const char *role_key(int32_t role) {
    return role == CUBE_TABLE_FOLDER_ENV ? "env" : role == CUBE_TABLE_FOLDER_CACHE ? "cache" : "system";
}

const char *state_name(int32_t state) {
    static const char *const names[] = {"sound", "missing", "damaged", "unreadable", "other byte order"};
    return names[state];
}

// `text` as the CLI shows a message: printable ASCII as it is, every other byte as \xNN.
std::string shown(const std::string &text) {
    std::string out;
    for (char c : text) {
        auto byte = static_cast<unsigned char>(c);
        if (byte >= 0x20 && byte < 0x7f) {
            out += c;
            continue;
        }
        char escaped[8];
        std::snprintf(escaped, sizeof escaped, "\\x%02x", byte);
        out += escaped;
    }
    return out;
}

// A member ,"key":"text" with the text shown and quoted.
std::string member(const char *key, const std::string &text) {
    return std::string(",\"") + key + "\":" + json_quoted(shown(text));
}

std::string padded(const char *text) {
    char line[32];
    std::snprintf(line, sizeof line, "%-15s ", text);
    return line;
}

std::string text_line(const cube_table_search &s, size_t i) {
    const TableFolder &f = s.folders[i];
    std::string line = padded(role_name(f.role)) + f.file + ": " + state_name(f.state);
    if (!f.error.empty()) line += ": " + shown(f.error);
    if (static_cast<int32_t>(i) == s.used) line += " (used)";
    if (static_cast<int32_t>(i) == s.build_saves) line += " (a build saves here)";
    line += "\n";
    if (!f.other_file.empty()) line += padded("") + f.other_file + ": " + shown(f.other_notice) + "\n";
    return line;
}

std::string json_entry(const cube_table_search &s, size_t i) {
    const TableFolder &f = s.folders[i];
    std::string entry = std::string("{\"role\":\"") + role_key(f.role) + "\"" + member("file", f.file) +
                        member("state", state_name(f.state));
    if (!f.error.empty()) entry += member("error", f.error);
    if (static_cast<int32_t>(i) == s.used) entry += ",\"used\":true";
    if (static_cast<int32_t>(i) == s.build_saves) entry += ",\"build_saves_here\":true";
    if (!f.other_file.empty())
        entry += member("other_byte_order_file", f.other_file) + member("other_byte_order_notice", f.other_notice);
    return entry + "}";
}

}  // namespace

void run_table_search(cube_table_search &search) {
    int32_t role = 0;
    std::string dir;
    for (int32_t i = 0; text_of([&](char *b, int32_t c, int32_t *n) { return cube_tables_search_dir(i, &role, b, c, n); },
                                dir) == CUBE_OK;
         ++i)
        search.folders.push_back(look_in(role, dir));
    for (size_t i = 0; i < search.folders.size() && search.used < 0; ++i)
        if (search.folders[i].state == CUBE_TABLE_FILE_SOUND) search.used = static_cast<int32_t>(i);
    std::string chosen;
    if (text_of([](char *b, int32_t c, int32_t *n) { return cube_tables_path(nullptr, b, c, n); }, chosen) != CUBE_OK)
        return;
    search.path = search.used >= 0 ? search.folders[static_cast<size_t>(search.used)].file : chosen;
    for (size_t i = 0; i < search.folders.size() && search.used < 0 && search.build_saves < 0; ++i)
        if (search.folders[i].file == chosen) search.build_saves = static_cast<int32_t>(i);
}

std::string format_table_search(const cube_table_search &search, bool json) {
    std::string out = json ? "{\"ok\":true" : "";
    if (json && !search.path.empty()) out += member("path", search.path);
    if (json) out += ",\"search\":[";
    for (size_t i = 0; i < search.folders.size(); ++i) {
        if (json && i > 0) out += ",";
        out += json ? json_entry(search, i) : text_line(search, i);
    }
    return json ? out + "]}" : out;
}

}  // namespace lc

#include "table_search_state.hpp"

#include <cstdio>

#include "json_text.hpp"
#include "shown_text.hpp"
#include "tablefile/table_places.hpp"
#include "twophase/table_search.hpp"
#include "twophase/twophase.hpp"

namespace lc {
namespace {

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
    f.file = dir;
    const tablefile::TablePlaces places = tablefile::only_folder(dir);
    std::string why;
    cube_status verified = attempt(
        [&] {
            f.file = twophase::table_file_to_use(places);
            twophase::verify_file(f.file);
        },
        why);
    f.state = state_of(verified);
    if (verified != CUBE_OK && verified != CUBE_ERROR_NOT_FOUND) f.error = why;
    const std::string other = twophase::other_order_file_path(dir);
    if (attempt([&] { twophase::probe_file(other); }, why) == CUBE_ERROR_UNSUPPORTED) {
        f.other_file = other;
        f.other_notice = why;
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

// A member ,"key":"text" with the text shown and quoted.
std::string member(const char *key, const std::string &text) {
    return std::string(",\"") + key + "\":" + json_quoted(shown_text(text, HexCase::lower));
}

std::string padded(const char *text) {
    char line[32];
    std::snprintf(line, sizeof line, "%-15s ", text);
    return line;
}

std::string text_line(const cube_table_search &s, size_t i) {
    const TableFolder &f = s.folders[i];
    std::string line = padded(role_name(f.role)) + f.file + ": " + state_name(f.state);
    if (!f.error.empty()) line += ": " + shown_text(f.error, HexCase::lower);
    if (static_cast<int32_t>(i) == s.used) line += " (used)";
    if (static_cast<int32_t>(i) == s.build_saves) line += " (a build saves here)";
    line += "\n";
    if (!f.other_file.empty()) line += padded("") + f.other_file + ": " + shown_text(f.other_notice, HexCase::lower) + "\n";
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
    const tablefile::TablePlaces places = tablefile::search_path();
    for (size_t i = 0; i < places.folders.size(); ++i)
        search.folders.push_back(look_in(places.roles[i], places.folders[i]));
    for (size_t i = 0; i < search.folders.size() && search.used < 0; ++i)
        if (search.folders[i].state == CUBE_TABLE_FILE_SOUND) search.used = static_cast<int32_t>(i);
    std::string chosen;
    std::string why;
    if (attempt([&] { chosen = twophase::table_file_to_use(places); }, why) != CUBE_OK) return;
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

// C API: the state of the 3x3 table search path (cube/solver.h: cube_table_search_run() and its accessors,
// cube_table_search_format()).
#include <cube/solver.h>

#include <memory>

#include "api_util.hpp"
#include "table_search_state.hpp"

using namespace lc;

namespace {

const cube_table_search *search_impl(const cube_table_search *search) {
    return checked<const cube_table_search>(search, kMagicTableSearch, "search");
}

// The folder at `index`, or NULL (and an error) when there is none.
const TableFolder *folder_at(const cube_table_search *search, int32_t index) {
    const cube_table_search *s = search_impl(search);
    if (!s) return nullptr;
    if (index < 0 || static_cast<size_t>(index) >= s->folders.size()) {
        set_error(CUBE_ERROR_INVALID_ARGUMENT, "folder index %d is out of range (the search has %zu folders)", index,
                  s->folders.size());
        return nullptr;
    }
    return &s->folders[static_cast<size_t>(index)];
}

template <typename T>
void put(T *out, T value) {
    if (out) *out = value;
}

}  // namespace

extern "C" {

CUBE_API cube_status cube_table_search_run(cube_table_search **out) {
    return api_guard([&]() -> cube_status {
        cube_status st = check_out(out);
        if (st != CUBE_OK) return st;
        auto search = std::make_unique<cube_table_search>();
        run_table_search(*search);
        *out = search.release();
        cube_clear_error();
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_table_search_count(const cube_table_search *search, int32_t *count) {
    return api_guard([&]() -> cube_status {
        const cube_table_search *s = search_impl(search);
        if (!s) return CUBE_ERROR_INVALID_ARGUMENT;
        cube_status st = clear_out(count, "count");
        if (st != CUBE_OK) return st;
        *count = static_cast<int32_t>(s->folders.size());
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_table_search_choice(const cube_table_search *search, const char **path, int32_t *used,
                                              int32_t *build_saves) {
    return api_guard([&]() -> cube_status {
        const cube_table_search *s = search_impl(search);
        if (!s) return CUBE_ERROR_INVALID_ARGUMENT;
        put(path, s->path.c_str());
        put(used, s->used);
        put(build_saves, s->build_saves);
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_table_search_folder(const cube_table_search *search, int32_t index, int32_t *role,
                                              const char **folder, const char **file, int32_t *state,
                                              const char **error) {
    return api_guard([&]() -> cube_status {
        const TableFolder *f = folder_at(search, index);
        if (!f) return CUBE_ERROR_INVALID_ARGUMENT;
        put(role, f->role);
        put(folder, f->folder.c_str());
        put(file, f->file.c_str());
        put(state, f->state);
        put(error, f->error.c_str());
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_table_search_other_order(const cube_table_search *search, int32_t index,
                                                   const char **file, const char **notice) {
    return api_guard([&]() -> cube_status {
        const TableFolder *f = folder_at(search, index);
        if (!f) return CUBE_ERROR_INVALID_ARGUMENT;
        put(file, f->other_file.c_str());
        put(notice, f->other_notice.c_str());
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_table_search_format(const cube_table_search *search, int32_t format, char *buffer,
                                              int32_t capacity, int32_t *length) {
    return api_guard([&]() -> cube_status {
        const cube_table_search *s = search_impl(search);
        if (!s) return CUBE_ERROR_INVALID_ARGUMENT;
        if (format != CUBE_TABLE_SEARCH_FORMAT_TEXT && format != CUBE_TABLE_SEARCH_FORMAT_JSON)
            return set_error(CUBE_ERROR_INVALID_ARGUMENT,
                             "unknown table search format %d (CUBE_TABLE_SEARCH_FORMAT_TEXT or _JSON)", format);
        return copy_out(format_table_search(*s, format == CUBE_TABLE_SEARCH_FORMAT_JSON), buffer, capacity, length);
    });
}

CUBE_API void cube_table_search_free(cube_table_search *search) {
    if (search && search->tag.magic == kMagicTableSearch) delete search;
}

}  // extern "C"

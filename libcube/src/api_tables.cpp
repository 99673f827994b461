// C API: the 3x3 table file (generate, verify, where it is) and the system folder of the search path.
#include <cube/solver.h>

#include <string>

#include "api_util.hpp"
#include "cancel.hpp"
#include "tablefile/table_places.hpp"
#include "twophase/table_search.hpp"
#include "versioned.hpp"

namespace {

cube_tables_options default_tables_options() {
    cube_tables_options o{};
    o.struct_size = sizeof o;
    return o;
}

// One folder, or NULL: the search path.
lc::tablefile::TablePlaces places_of(const char *table_dir) {
    return table_dir ? lc::tablefile::only_folder(table_dir) : lc::tablefile::search_path();
}

std::string file_of(const char *table_dir) { return lc::twophase::table_file_to_use(places_of(table_dir)); }

}  // namespace

using namespace lc;

extern "C" {

CUBE_API cube_status cube_tables_options_init_sized(cube_tables_options *options, uint32_t size) {
    return api_guard([&]() -> cube_status { return init_versioned(options, size, default_tables_options()); });
}

CUBE_API cube_status cube_tables_generate(const cube_tables_options *options) {
    return api_guard([&]() -> cube_status {
        cube_tables_options o = default_tables_options();
        cube_status st = read_versioned(options, o, "options");
        if (st != CUBE_OK) return st;
        const std::atomic<int32_t> *token = nullptr;
        if ((st = cancel_flag(o.cancel, token, "options.cancel")) != CUBE_OK) return st;
        StopFlag stop(token);
        twophase::Progress progress;
        progress.fn = o.progress;
        progress.user = o.progress_user_data;
        progress.stop = &stop;
        twophase::load_or_build(places_of(o.table_dir), progress, true);
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_tables_verify(const char *table_dir) {
    return api_guard([&]() -> cube_status {
        twophase::verify_file(file_of(table_dir));
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_tables_path(const char *table_dir, char *buffer, int32_t capacity, int32_t *length) {
    return api_guard([&]() -> cube_status {
        return copy_out(file_of(table_dir), buffer, capacity, length);
    });
}

CUBE_API cube_status cube_tables_other_order_file(const char *table_dir, char *buffer, int32_t capacity,
                                                 int32_t *length) {
    return api_guard([&]() -> cube_status {
        if (!table_dir) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "table_dir is NULL");
        std::string path = twophase::other_order_file_path(table_dir);
        cube_status st = copy_out(path, buffer, capacity, length);
        if (st != CUBE_OK) return st;
        twophase::probe_file(path);
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_tables_system_dir(char *buffer, int32_t capacity, int32_t *length) {
    return api_guard([&]() -> cube_status { return copy_out(tablefile::system_dir(), buffer, capacity, length); });
}

CUBE_API cube_status cube_tables_search_dir(int32_t index, int32_t *role, char *buffer, int32_t capacity,
                                            int32_t *length) {
    return api_guard([&]() -> cube_status {
        if (index < 0) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "folder index %d is negative", index);
        tablefile::TablePlaces places = tablefile::search_path();
        if (static_cast<size_t>(index) >= places.folders.size())
            return set_error(CUBE_ERROR_NOT_FOUND, "the table search path has %zu folders; there is none at index %d",
                             places.folders.size(), index);
        if (role) *role = places.roles[index];
        return copy_out(places.folders[index], buffer, capacity, length);
    });
}

}  // extern "C"

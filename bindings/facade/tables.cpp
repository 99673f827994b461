// lcb::Tables: building, verifying and locating the 3x3 table file; lcb::TableSearch: the search path's state.
#include "call.hpp"
#include "listeners.hpp"

namespace lcb {
namespace {

void generateTables(const std::string &tableDir, ProgressListener *listener, const cube_cancel *cancel) {
    detail::ProgressContext context; // this call's: the build reports on the calling thread only
    context.listener = listener;
    cube_tables_options options;
    detail::check(cube_tables_options_init(&options));
    options.table_dir = detail::orNull(tableDir);
    if (listener != nullptr) {
        options.progress = detail::progress_trampoline;
        options.progress_user_data = &context;
    }
    options.cancel = cancel;
    detail::checkCall(cube_tables_generate(&options), &context);
}

} // namespace

void Tables::generate(const std::string &tableDir, ProgressListener *listener) {
    generateTables(tableDir, listener, nullptr);
}

void Tables::generate(const std::string &tableDir, ProgressListener *listener, const CancelToken &cancel) {
    generateTables(tableDir, listener, cancel.handle());
}

void Tables::verify(const std::string &tableDir) { detail::check(cube_tables_verify(detail::orNull(tableDir))); }

std::string Tables::path(const std::string &tableDir) {
    return detail::readText([&](char *buffer, int32_t capacity, int32_t *length) {
        return cube_tables_path(detail::orNull(tableDir), buffer, capacity, length);
    });
}

TableSearch *Tables::search() {
    cube_table_search *search = nullptr;
    detail::check(cube_table_search_run(&search));
    return new TableSearch(search);
}

TableSearch::TableSearch(cube_table_search *search) : search_(search) {}

TableSearch::~TableSearch() { cube_table_search_free(search_); }

int32_t TableSearch::count() const {
    int32_t count = 0;
    detail::check(cube_table_search_count(search_, &count));
    return count;
}

std::string TableSearch::path() const {
    const char *path = nullptr;
    detail::check(cube_table_search_choice(search_, &path, nullptr, nullptr));
    return detail::ownedText(path);
}

int32_t TableSearch::usedIndex() const {
    int32_t used = -1;
    detail::check(cube_table_search_choice(search_, nullptr, &used, nullptr));
    return used;
}

int32_t TableSearch::buildSavesIndex() const {
    int32_t saves = -1;
    detail::check(cube_table_search_choice(search_, nullptr, nullptr, &saves));
    return saves;
}

TableFolderRole TableSearch::role(int32_t index) const {
    int32_t role = 0;
    detail::check(cube_table_search_folder(search_, index, &role, nullptr, nullptr, nullptr, nullptr));
    return static_cast<TableFolderRole>(role);
}

std::string TableSearch::folder(int32_t index) const {
    const char *folder = nullptr;
    detail::check(cube_table_search_folder(search_, index, nullptr, &folder, nullptr, nullptr, nullptr));
    return detail::ownedText(folder);
}

std::string TableSearch::file(int32_t index) const {
    const char *file = nullptr;
    detail::check(cube_table_search_folder(search_, index, nullptr, nullptr, &file, nullptr, nullptr));
    return detail::ownedText(file);
}

TableFileState TableSearch::state(int32_t index) const {
    int32_t state = 0;
    detail::check(cube_table_search_folder(search_, index, nullptr, nullptr, nullptr, &state, nullptr));
    return static_cast<TableFileState>(state);
}

std::string TableSearch::error(int32_t index) const {
    const char *error = nullptr;
    detail::check(cube_table_search_folder(search_, index, nullptr, nullptr, nullptr, nullptr, &error));
    return detail::ownedText(error);
}

std::string TableSearch::otherOrderFile(int32_t index) const {
    const char *file = nullptr;
    detail::check(cube_table_search_other_order(search_, index, &file, nullptr));
    return detail::ownedText(file);
}

std::string TableSearch::otherOrderNotice(int32_t index) const {
    const char *notice = nullptr;
    detail::check(cube_table_search_other_order(search_, index, nullptr, &notice));
    return detail::ownedText(notice);
}

std::string TableSearch::format(int32_t kind) const {
    return detail::readFormat(cube_table_search_format, search_, kind);
}

std::string TableSearch::text() const { return format(CUBE_TABLE_SEARCH_FORMAT_TEXT); }

std::string TableSearch::json() const { return format(CUBE_TABLE_SEARCH_FORMAT_JSON); }

} // namespace lcb

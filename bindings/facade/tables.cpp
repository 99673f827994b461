// lcb::Tables: building, verifying and locating the 3x3 table file.
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

} // namespace lcb

// C API: generating the optimal solver's tables (cube_optimal_tables_generate, _size).
#include <cube/solver.h>

#include <chrono>
#include <string>
#include <thread>

#include "api_util.hpp"
#include "cancel.hpp"
#include "optimal/std_table.hpp"
#include "progress.hpp"
#include "tablefile/table_places.hpp"
#include "twophase/table_search.hpp"
#include "twophase/table_set.hpp"
#include "versioned.hpp"

namespace lc {
namespace {

using Clock = std::chrono::steady_clock;

// Sends one progress report (if there is a callback); true when the caller or the callback says stop.
struct Reports {
    cube_progress_fn fn;
    void *user;
    StopFlag &stop;
    Clock::time_point start = Clock::now(), last = start;
    bool send(int32_t event, const char *text, double fraction) {
        if (send_progress(fn, user, event, text, fraction, fraction, start) != 0) stop.stop();
        return stop.stopped();
    }
    // A stage report at most every 100 ms (always the first).
    bool stage(const char *text, double fraction) {
        Clock::time_point now = Clock::now();
        if (now - last < std::chrono::milliseconds(100) && now != start) return stop.stopped();
        last = now;
        return send(CUBE_PROGRESS_STAGE, text, fraction);
    }
};

// The first writable folder that exists or can be made and written; "" (with `why`) if none.
std::string save_folder(const tablefile::TablePlaces &places, std::string &why) {
    for (size_t i = 0; i < places.writable; ++i) {
        std::string problem;
        if (attempt([&] { tablefile::make_dirs(places.folders[i]); }, problem) == CUBE_OK)
            problem = tablefile::why_not_writable(places.folders[i]);
        if (problem.empty()) return places.folders[i];
        why += (why.empty() ? "" : "; ") + problem;
    }
    if (why.empty()) why = places.unnamed.empty() ? "no writable table folder" : places.unnamed;
    return "";
}

cube_status generate(const cube_tables_options *options, const optimal::Layout &layout) {
    cube_tables_options o{};
    o.struct_size = sizeof o;
    cube_status st = read_versioned(options, o, "options");
    if (st != CUBE_OK) return st;
    const std::atomic<int32_t> *token = nullptr;
    if ((st = cancel_flag(o.cancel, token, "options.cancel")) != CUBE_OK) return st;
    StopFlag stop(token);
    tablefile::TablePlaces places = o.table_dir ? tablefile::only_folder(o.table_dir) : tablefile::search_path();
    std::string why;
    if (optimal::find_std(places.folders, layout, why)) return CUBE_OK;
    std::string cannot;
    std::string dir = save_folder(places, cannot);
    if (dir.empty()) return set_error(CUBE_ERROR_IO, "cannot save the optimal table: %s", cannot.c_str());
    // The move and symmetry tables come from the 3x3 table file (built first if it is missing).
    twophase::Progress progress;
    progress.fn = o.progress;
    progress.user = o.progress_user_data;
    progress.stop = &stop;
    auto tables = twophase::load_or_build(places, progress, false);
    Reports r{o.progress, o.progress_user_data, stop};
    std::string path = dir + "/" + layout.file_name;
    std::string notice = why + "; building " + path + " (" + std::to_string(layout.bytes() >> 20) +
                         " MiB, minutes on two cores)";
    r.send(CUBE_PROGRESS_NOTICE, notice.c_str(), 0);
    int threads = static_cast<int>(std::thread::hardware_concurrency());
    threads = threads < 1 ? 1 : threads > 64 ? 64 : threads;
    auto table = optimal::build_std(*tables, layout, threads,
                                    [&](double f, int) { return r.stage("building the optimal table", f * 0.95); });
    optimal::save_std(*table, path, [&](double f) { return r.stage("writing the optimal table", 0.95 + f * 0.05); });
    r.send(CUBE_PROGRESS_STAGE, "done", 1.0);
    return CUBE_OK;
}

}  // namespace
}  // namespace lc

extern "C" {

CUBE_API cube_status cube_optimal_tables_generate(const cube_tables_options *options) {
    return cube_optimal_tables_generate_size(options, CUBE_OPTIMAL_TABLE_STANDARD);
}

CUBE_API cube_status cube_optimal_tables_generate_size(const cube_tables_options *options, int32_t size) {
    return lc::api_guard([&]() -> cube_status {
        if (size == CUBE_OPTIMAL_TABLE_STANDARD) return lc::generate(options, lc::optimal::kStdLayout);
        if (size == CUBE_OPTIMAL_TABLE_SMALL) return lc::generate(options, lc::optimal::kSmallLayout);
        return lc::set_error(CUBE_ERROR_INVALID_ARGUMENT,
                             "size %d: CUBE_OPTIMAL_TABLE_STANDARD (0) or CUBE_OPTIMAL_TABLE_SMALL (1)", size);
    });
}

}  // extern "C"

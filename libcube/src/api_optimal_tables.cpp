// C API: generating the optimal solver's tables (cube_optimal_tables_generate, _size).
#include <cube/solver.h>

#include <chrono>
#include <functional>
#include <string>
#include <thread>

#include "api_util.hpp"
#include "cancel.hpp"
#include "optimal/h48_table.hpp"
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

// One of the optimal solver's table files: how to find a sound one, how big it is, how to build and save it.
struct OptimalTable {
    using Fraction = std::function<bool(double)>;
    const char *file_name;
    uint64_t bytes;
    std::function<bool(const std::vector<std::string> &folders, std::string &why)> found;
    // Builds with `threads` workers (`progress`: the fraction done; true stops) and saves it at `path`.
    std::function<void(const twophase::Tables &tables, int threads, const Fraction &progress,
                       const std::string &path, const tablefile::StepProgress &saving)>
        build_and_save;
};

OptimalTable h48_table() {
    using namespace optimal::h48;
    uint64_t bytes = 0;
    for (uint64_t b : h48_sections(kH48Layout)) bytes += b;
    return {kH48Layout.file_name, bytes,
            [](const std::vector<std::string> &folders, std::string &why) {
                return find_h48(folders, kH48Layout, why) != nullptr;
            },
            [](const twophase::Tables &, int threads, const OptimalTable::Fraction &progress, const std::string &path,
               const tablefile::StepProgress &saving) {
                auto table = build_h48(kH48Layout, threads, [&](double f, int) { return progress(f); });
                save_h48(*table, path, saving);
            }};
}

OptimalTable std_table(const optimal::Layout &layout) {
    return {layout.file_name, layout.bytes(),
            [&layout](const std::vector<std::string> &folders, std::string &why) {
                return optimal::find_std(folders, layout, why) != nullptr;
            },
            [&layout](const twophase::Tables &tables, int threads, const OptimalTable::Fraction &progress,
                      const std::string &path, const tablefile::StepProgress &saving) {
                auto table = optimal::build_std(tables, layout, threads, [&](double f, int) { return progress(f); });
                optimal::save_std(*table, path, saving);
            }};
}

cube_status generate(const cube_tables_options *options, int32_t size) {
    cube_tables_options o{};
    o.struct_size = sizeof o;
    cube_status st = read_versioned(options, o, "options");
    if (st != CUBE_OK) return st;
    const std::atomic<int32_t> *token = nullptr;
    if ((st = cancel_flag(o.cancel, token, "options.cancel")) != CUBE_OK) return st;
    StopFlag stop(token);
    tablefile::TablePlaces places = o.table_dir ? tablefile::only_folder(o.table_dir) : tablefile::search_path();
    const OptimalTable table = size == CUBE_OPTIMAL_TABLE_H48        ? h48_table()
                               : size == CUBE_OPTIMAL_TABLE_STANDARD ? std_table(optimal::kStdLayout)
                                                                     : std_table(optimal::kSmallLayout);
    std::string why;
    if (table.found(places.folders, why)) return CUBE_OK;
    std::string cannot;
    std::string dir = save_folder(places, cannot);
    if (dir.empty()) return set_error(CUBE_ERROR_IO, "cannot save the optimal table: %s", cannot.c_str());
    // The 3x3 table file (built first if it is missing): every optimal solve reads it, and the standard
    // and small tables are built from its move and symmetry tables.
    twophase::Progress progress;
    progress.fn = o.progress;
    progress.user = o.progress_user_data;
    progress.stop = &stop;
    auto tables = twophase::load_or_build(places, progress, false);
    Reports r{o.progress, o.progress_user_data, stop};
    std::string path = dir + "/" + table.file_name;
    std::string notice = why + "; building " + path + " (" + std::to_string(table.bytes >> 20) +
                         " MiB, minutes on two cores)";
    r.send(CUBE_PROGRESS_NOTICE, notice.c_str(), 0);
    int threads = static_cast<int>(std::thread::hardware_concurrency());
    threads = threads < 1 ? 1 : threads > 64 ? 64 : threads;
    table.build_and_save(
        *tables, threads, [&](double f) { return r.stage("building the optimal table", f * 0.95); }, path,
        [&](double f) { return r.stage("writing the optimal table", 0.95 + f * 0.05); });
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
        if (size == CUBE_OPTIMAL_TABLE_STANDARD || size == CUBE_OPTIMAL_TABLE_SMALL || size == CUBE_OPTIMAL_TABLE_H48)
            return lc::generate(options, size);
        return lc::set_error(CUBE_ERROR_INVALID_ARGUMENT,
                             "size %d: CUBE_OPTIMAL_TABLE_STANDARD (0), CUBE_OPTIMAL_TABLE_SMALL (1) or "
                             "CUBE_OPTIMAL_TABLE_H48 (2)", size);
    });
}

}  // extern "C"

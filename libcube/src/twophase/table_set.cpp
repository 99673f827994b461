// Building, saving, mapping and checking the two-phase table file.
#include <algorithm>
#include <thread>

#include "error.hpp"
#include "twophase/tables.hpp"

namespace lc::twophase {
namespace {

// Runs `body`, turning an exception into lc::fail(...) and nullptr.
template <typename Fn>
std::shared_ptr<const Tables> guarded(Fn &&body) {
    try {
        return body();
    } catch (const Error &e) {
        fail(e.status, "%s", e.what());
    } catch (const std::bad_alloc &) {
        fail(CUBE_ERROR_NO_MEMORY, "out of memory while building tables");
    } catch (const std::exception &e) {
        fail(CUBE_ERROR_INTERNAL, "internal error: %s", e.what());
    }
    return nullptr;
}

constexpr const char *kFileName = "twophase3x3-v1.tbl";

std::shared_ptr<const Tables> build_tables(const Progress &progress) {
    std::vector<uint64_t> sizes = section_sizes();
    auto tables = std::make_shared<Tables>();
    bind(*tables, tablefile::Blob::allocate(tablefile::layout(sizes).back()));
    Tables &t = *tables;
    progress("move tables", 0.0);
    fill_move_tables(t);
    fill_conjugation_tables(t);
    progress("symmetry classes", 0.0);
    fill_class_tables(t);
    fill_cornslice_depth(t);
    fill_near_graph(t);
    int threads = std::max(1, std::min(2, static_cast<int>(std::thread::hardware_concurrency())));
    fill_corner_dist(t, threads, progress);
    fill_prune1(t, threads, progress);
    fill_prune2(t, threads, progress);
    tablefile::seal(*t.blob, kTableKind, sizes);
    progress("done", 1.0);
    return tables;
}

}  // namespace

std::string default_table_dir() { return tablefile::default_dir(); }

std::string table_file_path(const std::string &dir) { return dir + "/" + kFileName; }

uint64_t table_bytes(const Tables &t) { return t.blob->size(); }

bool tables_mapped(const Tables &t) { return t.blob->mapped_from_file(); }

std::shared_ptr<const Tables> build(const Progress &progress) {
    return guarded([&] { return build_tables(progress); });
}

cube_status verify_file(const std::string &path) {
    std::unique_ptr<tablefile::Blob> blob;
    std::string why;
    cube_status st = tablefile::map_file(path, kTableKind, section_sizes(), blob, &why);
    if (st != CUBE_OK) return fail(st, "%s", why.c_str());
    return CUBE_OK;
}

std::shared_ptr<const Tables> load_or_build(const std::string &dir, const Progress &progress, std::string *report) {
    return guarded([&]() -> std::shared_ptr<const Tables> {
        std::string path = table_file_path(dir);
        std::vector<uint64_t> sizes = section_sizes();
        cube_status mapped = CUBE_OK;
        auto try_map = [&](std::string *why) -> std::shared_ptr<const Tables> {
            std::unique_ptr<tablefile::Blob> blob;
            mapped = tablefile::map_file(path, kTableKind, sizes, blob, why);
            if (mapped != CUBE_OK) return nullptr;
            auto t = std::make_shared<Tables>();
            bind(*t, std::move(blob));
            return t;
        };
        std::string why;
        if (auto t = try_map(&why)) return t;
        bool can_save = tablefile::make_dirs(dir) == CUBE_OK;
        std::unique_ptr<tablefile::DirLock> lock;
        if (can_save) {
            // Another process may be building: wait for it, then look again.
            lock = std::make_unique<tablefile::DirLock>(path + ".lock");
            if (lock->ok()) {
                std::string again;
                if (auto t = try_map(&again)) return t;
                why = again;
            }
        }
        if (report) *report = why + (mapped == CUBE_ERROR_NOT_FOUND ? "; building it" : "; rebuilding");
        auto built = build_tables(progress);
        if (!can_save) {
            if (report) *report += std::string("; could not save: ") + cube_last_error();
            return built;
        }
        progress("writing table file", 0.0);
        if (tablefile::write_atomic(path, *built->blob) != CUBE_OK) {
            if (report) *report += std::string("; could not save: ") + cube_last_error();
            return built;
        }
        // Serve the file's pages (shared with other processes) rather than this private copy.
        std::string again;
        auto t = try_map(&again);
        return t ? t : built;
    });
}

}  // namespace lc::twophase

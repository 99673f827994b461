#include "twophase/table_search.hpp"

#include <vector>

#include "error.hpp"
#include "platform/available_memory.hpp"
#include "twophase/table_set.hpp"

namespace lc::twophase {
namespace {

// Runs `body`, turning any other exception into an lc::Error that names the table job.
template <typename Fn>
std::shared_ptr<const Tables> guarded(Fn &&body) {
    try {
        return body();
    } catch (const Error &) {
        throw;
    } catch (const std::bad_alloc &) {
        throw Error(CUBE_ERROR_NO_MEMORY, "out of memory while building tables");
    } catch (const std::exception &e) {
        throw Error(CUBE_ERROR_INTERNAL, error_text("internal error: %s", e.what()));
    }
}

std::vector<std::string> file_paths(const tablefile::TablePlaces &places) {
    std::vector<std::string> paths;
    for (const std::string &dir : places.folders) paths.push_back(table_file_path(dir));
    return paths;
}

void add_reason(std::string &reasons, const std::string &reason) {
    if (!reason.empty()) reasons += (reasons.empty() ? "" : "; ") + reason;
}

// The first writable folder that exists or can be made, and can be written, where no folder or other special
// file stands at the file's path; else the first where only such a file is in the way (build_in_folder then
// refuses it, naming the file); -1 if none (`reasons` then says why, folder by folder).
int first_writable(const tablefile::TablePlaces &places, std::string &reasons) {
    int blocked = -1;
    for (size_t i = 0; i < places.writable; ++i) {
        const std::string &dir = places.folders[i];
        std::string problem;
        if (attempt([&] { tablefile::make_dirs(dir); }, problem) == CUBE_OK)
            problem = tablefile::why_not_writable(dir);
        bool in_the_way = problem.empty() && !in_the_way_problem(table_file_path(dir)).empty();
        if (in_the_way && blocked < 0) blocked = static_cast<int>(i);
        if (problem.empty() && !in_the_way) return static_cast<int>(i);
        add_reason(reasons, problem);
    }
    if (blocked >= 0) return blocked;
    add_reason(reasons, places.unnamed);
    return -1;
}

// A table file that exists but cannot be used.
struct Damaged {
    size_t folder;
    std::string why;
};

// Names each damaged file but the one in folder `except` (announced when it is rebuilt).
void announce(Reporter &r, const std::vector<Damaged> &damaged, const std::string &ending, int except = -1) {
    for (const Damaged &d : damaged)
        if (static_cast<int>(d.folder) != except) r.notice(d.why + ending);
}

// The files of the other byte order in the folders (under that machine's name, or under this one's), each
// with its notice: passed over, never rebuilt over.
std::vector<std::string> other_order_notices(const std::vector<std::string> &folders) {
    std::vector<std::string> notices;
    for (const std::string &dir : folders)
        for (const std::string &path : {other_order_file_path(dir), table_file_path(dir)}) {
            std::string why;
            if (tablefile::probe_file(path, kTableKind, section_sizes(), &why) == CUBE_ERROR_UNSUPPORTED)
                notices.push_back(why);
        }
    return notices;
}

// Before a build that a caller may do without (the auto policy): throws lc::Error(CUBE_ERROR_NO_MEMORY)
// if the memory available is below what a build needs.
void check_memory_for_build(const std::string &target_dir) {
    std::string problem = build_memory_problem(platform::available_memory());
    if (problem.empty()) return;
    std::string where = target_dir.empty() ? "the table folder" : target_dir;
    throw Error(CUBE_ERROR_NO_MEMORY, problem + "; on such a machine, run `cube tables generate` on a bigger one and "
                                                "copy the file into " + where);
}

}  // namespace

std::shared_ptr<const Tables> load_or_build(const tablefile::TablePlaces &places, const Progress &progress,
                                            bool must_save, bool check_memory) {
    return guarded([&]() -> std::shared_ptr<const Tables> {
        Reporter r(progress);
        std::vector<std::string> paths = file_paths(places);
        LoadingHere mark(paths);
        r.stage(Stage::kChecking, 0.0);
        std::vector<Damaged> damaged;
        std::vector<std::string> other_order;
        std::string first_why;
        cube_status first_status = CUBE_ERROR_NOT_FOUND;
        for (size_t i = 0; i < paths.size(); ++i) {
            std::string why;
            cube_status mapped = CUBE_OK;
            auto t = try_map(paths[i], why, mapped, &r);
            if (t) {
                announce(r, damaged, "; using " + paths[i] + " instead");
                for (const std::string &notice : other_order) r.notice(notice + "; using " + paths[i] + " instead");
                if (i < places.writable) tidy_after_killed_writers(paths[i]);
                r.done();
                return t;
            }
            if (mapped == CUBE_ERROR_UNSUPPORTED) {  // the other byte order's, under this machine's name
                other_order.push_back(why);
                continue;
            }
            if (mapped != CUBE_ERROR_NOT_FOUND) damaged.push_back({i, why});
            if (i == 0) first_why = why, first_status = mapped;
        }
        std::string cannot_save;
        int target = first_writable(places, cannot_save);
        if (target < 0 && must_save) throw Error(CUBE_ERROR_IO, "cannot save the table file: " + cannot_save);
        std::string own_file = target < 0 ? table_file_name() + " in memory" : table_file_path(places.folders[target]);
        for (const std::string &notice : other_order_notices(places.folders))
            r.notice(notice + "; building the " + tablefile::byte_order_name(tablefile::big_endian_machine()) +
                     " file " + own_file);
        if (check_memory) check_memory_for_build(target < 0 ? "" : places.folders[target]);
        announce(r, damaged, "; not using it", target);
        std::shared_ptr<const Tables> t;
        if (target < 0) {
            if (paths.empty()) first_why = "no table folder";
            t = build_unsaved(r, build_notice(first_why, first_status), cannot_save);
        } else {
            t = build_in_folder(r, places.folders[target], must_save);
        }
        r.done();
        return t;
    });
}

std::shared_ptr<const Tables> load_or_build(const std::string &dir, const Progress &progress, bool must_save) {
    return load_or_build(tablefile::only_folder(dir), progress, must_save, false);
}

std::string build_memory_problem(uint64_t available) {
    uint64_t need = kBuildMemoryNeed + kBuildMemoryMargin;
    if (available == 0 || available >= need) return "";
    return "building the full 3x3 tables needs about " + std::to_string(need >> 20) + " MiB of memory and " +
           std::to_string(available >> 20) + " MiB are available; not building them";
}

std::string table_file_to_use(const tablefile::TablePlaces &places) {
    std::vector<std::string> paths = file_paths(places);
    for (const std::string &path : paths)
        if (tablefile::probe_file(path, kTableKind, section_sizes(), nullptr) == CUBE_OK) return path;
    for (size_t i = 0; i < places.writable; ++i)
        if (tablefile::why_not_writable(places.folders[i]).empty() && in_the_way_problem(paths[i]).empty())
            return paths[i];
    if (places.writable > 0) return paths[0];
    throw Error(CUBE_ERROR_NOT_FOUND, places.unnamed);
}

}  // namespace lc::twophase

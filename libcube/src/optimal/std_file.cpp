// Mapping and saving the standard table on the two-phase file's search path.
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>

#include "error.hpp"
#include "optimal/std_table.hpp"
#include "platform/available_memory.hpp"
#include "platform/platform.hpp"

namespace lc::optimal {
namespace {

// Memory left to the rest of the system when the table is copied (the copy's own size aside).
constexpr uint64_t kCopyHeadroom = uint64_t{1} << 30;

// Where the entries are read from: a copy in anonymous memory with huge pages (the kernel gives none
// to a file's pages on most file systems, and a 4 KiB page per probe costs a TLB miss on nearly every
// probe), unless $CUBE_OPTIMAL_TABLE_MEMORY is "mapped" or the system lacks the memory for the copy.
bool copy_wanted(size_t size) {
    const char *policy = std::getenv("CUBE_OPTIMAL_TABLE_MEMORY");
    if (policy && std::strcmp(policy, "mapped") == 0) return false;
    if (policy && std::strcmp(policy, "copy") == 0) return true;
    uint64_t available = platform::available_memory();
    return available == 0 || available >= size + kCopyHeadroom;
}

// The mapped file's bytes (checksums verified) in anonymous memory with huge pages; the mapping itself
// when the copy cannot be had.
std::unique_ptr<tablefile::Blob> into_anonymous(std::unique_ptr<tablefile::Blob> mapped) {
    std::unique_ptr<tablefile::Blob> copy;
    try {
        copy = tablefile::Blob::allocate(mapped->size());
    } catch (const Error &) {
        return mapped;
    }
    // allocate() has asked for huge pages before the first touch: the copy's faults take 2 MiB each.
    std::memcpy(copy->data(), mapped->data(), mapped->size());
    return copy;
}

}  // namespace

std::shared_ptr<const StdTable> find_std(const std::vector<std::string> &folders, const Layout &layout,
                                         std::string &why) {
    static std::mutex mutex;
    static std::map<std::string, std::shared_ptr<const StdTable>> mapped;  // kept: the pages are the file's
    std::lock_guard<std::mutex> lock(mutex);
    why.clear();
    for (const std::string &dir : folders) {
        std::string path = dir + "/" + layout.file_name;
        auto known = mapped.find(path);
        if (known != mapped.end()) return known->second;
        std::unique_ptr<tablefile::Blob> blob;
        std::string problem;
        cube_status st = tablefile::map_file(path, layout.kind, std_sections(layout), blob, &problem);
        if (st == CUBE_OK) {
            if (copy_wanted(blob->size())) {
                blob = into_anonymous(std::move(blob));
            } else {
                // Huge pages for the file's pages where the kernel gives them (a hint: fewer TLB misses).
                platform::advise_huge_pages(blob->data(), blob->size());
            }
            auto table = std::make_shared<const StdTable>(layout, std::move(blob));
            mapped[path] = table;
            return table;
        }
        if (st != CUBE_ERROR_NOT_FOUND && why.empty()) why = problem;
    }
    if (why.empty()) why = std::string("no ") + layout.file_name + " on the table search path";
    return nullptr;
}

void save_std(const StdTable &table, const std::string &path, const tablefile::StepProgress &progress) {
    tablefile::write_atomic(path, table.blob(), progress);
}

}  // namespace lc::optimal

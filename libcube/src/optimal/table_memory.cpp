#include "optimal/table_memory.hpp"

#include <cstdlib>
#include <cstring>

#include "error.hpp"
#include "platform/available_memory.hpp"
#include "platform/platform.hpp"

namespace lc::optimal {
namespace {

// Memory left to the rest of the system when the table is copied (the copy's own size aside).
constexpr uint64_t kCopyHeadroom = uint64_t{1} << 30;

bool copy_wanted(size_t size) {
    const char *policy = std::getenv("CUBE_OPTIMAL_TABLE_MEMORY");
    if (policy && std::strcmp(policy, "mapped") == 0) return false;
    if (policy && std::strcmp(policy, "copy") == 0) return true;
    const uint64_t available = platform::available_memory();
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

cube_status load_table(const std::string &path, uint64_t kind, const std::vector<uint64_t> &sections,
                       std::unique_ptr<tablefile::Blob> &out, std::string *why) {
    std::unique_ptr<tablefile::Blob> blob;
    const cube_status st = tablefile::map_file(path, kind, sections, blob, why);
    if (st != CUBE_OK) return st;
    if (copy_wanted(blob->size())) {
        blob = into_anonymous(std::move(blob));
    } else {
        // Huge pages for the file's pages where the kernel gives them (a hint: fewer TLB misses).
        platform::advise_huge_pages(blob->data(), blob->size());
    }
    out = std::move(blob);
    return CUBE_OK;
}

}  // namespace lc::optimal

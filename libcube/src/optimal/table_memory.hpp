// Finding an optimal-solver table file on the table search path and keeping it in memory: mapped and
// checked, then copied into anonymous memory with huge pages (or left mapped: $CUBE_OPTIMAL_TABLE_MEMORY).
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "tablefile/table_file.hpp"

namespace lc::optimal {

// Maps the file at `path` (tablefile::map_file: kind, sections, checksums) and then keeps it where the
// search reads it fastest: a copy in anonymous memory with huge pages (the kernel gives none to a file's
// pages on most file systems, and a 4 KiB page per probe costs a TLB miss on nearly every probe), unless
// $CUBE_OPTIMAL_TABLE_MEMORY is "mapped" or the system lacks the memory for the copy ("copy": always).
cube_status load_table(const std::string &path, uint64_t kind, const std::vector<uint64_t> &sections,
                       std::unique_ptr<tablefile::Blob> &out, std::string *why);

// The first sound file `file_name` in `folders`, loaded and made a Table by `make(blob)`; nullptr if none
// (`why` says what was found). Loaded once per process and path: later calls share it.
template <class Table, class Make>
std::shared_ptr<const Table> find_table(const std::vector<std::string> &folders, const std::string &file_name,
                                        uint64_t kind, const std::vector<uint64_t> &sections, std::string &why,
                                        Make make) {
    static std::mutex mutex;
    static std::map<std::string, std::shared_ptr<const Table>> loaded;
    std::lock_guard<std::mutex> lock(mutex);
    why.clear();
    for (const std::string &dir : folders) {
        const std::string path = dir + "/" + file_name;
        auto known = loaded.find(path);
        if (known != loaded.end()) return known->second;
        std::unique_ptr<tablefile::Blob> blob;
        std::string problem;
        const cube_status st = load_table(path, kind, sections, blob, &problem);
        if (st == CUBE_OK) {
            std::shared_ptr<const Table> table = make(std::move(blob));
            loaded[path] = table;
            return table;
        }
        if (st != CUBE_ERROR_NOT_FOUND && why.empty()) why = problem;
    }
    if (why.empty()) why = "no " + file_name + " on the table search path";
    return nullptr;
}

}  // namespace lc::optimal

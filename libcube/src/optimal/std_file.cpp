// Mapping and saving the standard table on the two-phase file's search path.
#include <map>
#include <mutex>

#include "error.hpp"
#include "optimal/std_table.hpp"
#include "platform/platform.hpp"

namespace lc::optimal {

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
            // Huge pages for the file's pages where the kernel gives them (a hint: fewer TLB misses).
            platform::advise_huge_pages(blob->data(), blob->size());
            auto table = std::make_shared<const StdTable>(layout, std::move(blob));
            mapped[path] = table;
            return table;
        }
        if (st != CUBE_ERROR_NOT_FOUND && why.empty()) why = problem;
    }
    if (why.empty()) why = std::string("no ") + layout.file_name + " on the table search path";
    return nullptr;
}

cube_status save_std(const StdTable &table, const std::string &path, const tablefile::StepProgress &progress) {
    return tablefile::write_atomic(path, table.blob(), progress);
}

}  // namespace lc::optimal

// Mapping and saving the standard table on the two-phase file's search path.
#include "optimal/std_table.hpp"
#include "optimal/table_memory.hpp"

namespace lc::optimal {

std::shared_ptr<const StdTable> find_std(const std::vector<std::string> &folders, const Layout &layout,
                                         std::string &why) {
    return find_table<StdTable>(folders, layout.file_name, layout.kind, std_sections(layout), why,
                                [&](std::unique_ptr<tablefile::Blob> blob) {
                                    return std::make_shared<const StdTable>(layout, std::move(blob));
                                });
}

void save_std(const StdTable &table, const std::string &path, const tablefile::StepProgress &progress) {
    tablefile::write_atomic(path, table.blob(), progress);
}

}  // namespace lc::optimal

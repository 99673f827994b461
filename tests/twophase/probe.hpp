// What tests and benchmarks ask of a table set that the library itself never needs: kept here, out of
// the shipped library.
#pragma once
#include <cstdint>
#include <memory>

#include "twophase/build_progress.hpp"
#include "twophase/tables.hpp"

namespace lc::twophase {

// Size of the table data in memory.
inline uint64_t table_bytes(const Tables &t) { return t.blob->size(); }

// Whether the tables are served from the file mapping (not from memory the process built).
inline bool tables_mapped(const Tables &t) { return t.blob->mapped_from_file(); }

// Builds the tables in memory only, without a file; throws lc::Error on failure.
inline std::shared_ptr<const Tables> build_in_memory() {
    Reporter reporter{Progress{}};
    return build_tables(reporter);
}

}  // namespace lc::twophase

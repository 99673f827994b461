// The small tables a search step reads for every child (moves, symmetry classes, corner distances),
// optionally copied into one block of anonymous memory with huge pages: the 3x3 table file's pages
// are a file's (4 KiB, a TLB miss per read once the big table's probes have filled the TLB).
#pragma once
#include <cstdint>
#include <memory>

#include "tablefile/table_file.hpp"
#include "twophase/tables.hpp"

namespace lc::optimal {

struct HotTables {
    // The tables' own pages (`copy` false), or a copy in huge pages when it can be had.
    HotTables(const twophase::Tables &t, bool copy);
    const uint16_t *twist_move, *flip_move, *slice_move, *corners_move, *twist_conj, *co_class;
    const uint8_t *co_sym;
    const uint32_t *fs_classsym;
    const uint8_t *corner_dist;
    bool copied() const { return blob_ != nullptr; }

    uint32_t corner_index(int corners, int twist) const {
        return twophase::corner_index_in(co_class, co_sym, twist_conj, corners, twist);
    }

private:
    std::unique_ptr<tablefile::Blob> blob_;
};

}  // namespace lc::optimal

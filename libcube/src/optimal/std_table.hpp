// The optimal solver's own pruning table (README.md, "Standard table"): phase-1 symmetry class x twist
// x which corner positions hold the U corners, 2 bits an entry: the distance as "at most 9", 10, 11 or
// "12 or more".
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "cubie.hpp"
#include "tablefile/table_file.hpp"
#include "twophase/tables.hpp"

namespace lc::optimal {

constexpr int kCornerSets = 70;  // C(8,4): the positions of the 4 U corners (URF, UFL, ULB, UBR)
constexpr int kUnknown = 3;      // an entry not reached yet: while building, and "12 or more" when built
// Entries of a built table: 0 = at most kFirstCoded - 1 moves, 1..3 = kFirstCoded..kFirstCoded + 2 (3:
// or more). While building, the levels below kFirstCoded are held mod 3, then all read 0.
constexpr int kFirstCoded = 10;
// The lower bound an entry gives.
inline int entry_bound(int e) { return e == 0 ? 0 : kFirstCoded - 1 + e; }

// How entries are laid out: for each (class, twist) a block of `block_entries` 2-bit entries, one per
// corner set (the rest padding). The standard layout has 70 sets in 72-entry (18-byte) blocks; the
// phase-1 layout (one set, so the table holds phase-1 distances) lets the tests build the same code
// at 1/70 of the size.
struct Layout {
    int sets;
    int block_entries;  // a multiple of 4, at most 96
    uint64_t kind;      // the table file's kind (tablefile): content and version
    const char *file_name;
    int block_bytes() const { return block_entries / 4; }
    uint64_t blocks() const { return uint64_t{twophase::kFlipSliceClasses} * twophase::kTwist; }
    uint64_t bytes() const { return blocks() * block_bytes(); }
};

constexpr uint32_t kStdVersion = 2;  // 1 held the distances mod 3
// "3x3 opt", then the version; the phase-1 layout's kind differs in its last byte but one.
constexpr Layout kStdLayout{kCornerSets, 72, 0x3378336f70740000ULL | kStdVersion, "optimal3x3-std-v2.tbl"};
constexpr Layout kPhase1Layout{1, 4, 0x3378336f70740100ULL | kStdVersion, "optimal3x3-phase1-v2.tbl"};

// The corner-set coordinate, its moves and its conjugation by the 16 UD symmetries (which map the U
// corners to the U or the D corners: a set or its complement's image; both are a set again).
struct CornerSets {
    uint8_t of_mask[256];                   // bit i = position i holds a U corner -> 0..69 (255: not 4 bits)
    uint8_t move[kCornerSets][18];          // the set after move m
    uint8_t conj[kCornerSets][16];          // the set of the cube conjugated by symmetry s (as twist_conj)
    uint8_t home;                           // the solved cube's set
};
const CornerSets &corner_sets();
int corner_set_of(const CubieCube &c);

inline int entry_at(const uint8_t *table, uint64_t i) { return table[i >> 2] >> ((i & 3) << 1) & 3; }

// A built or mapped table with what reads it needs.
class StdTable {
public:
    StdTable(const Layout &layout, std::unique_ptr<tablefile::Blob> blob);
    const Layout &layout() const { return layout_; }
    const uint8_t *data() const { return data_; }
    const tablefile::Blob &blob() const { return *blob_; }

    // The entry index of (class, twist and set conjugated into the class's frame by its symmetry).
    uint64_t index(uint32_t cls, int twist, int set) const {
        return (uint64_t{cls} * twophase::kTwist + static_cast<uint32_t>(twist)) * layout_.block_entries +
               static_cast<uint32_t>(set);
    }
    // The index of a state: flipslice's class symmetry `classsym` (twophase fs_classsym) and its twist
    // and corner set in the cube's own frame; `sets` is 0 in the phase-1 layout.
    uint64_t index_of(const twophase::Tables &t, uint32_t classsym, int twist, int set) const {
        return index_of(t.twist_conj, corner_sets(), classsym, twist, set);
    }
    // The same with the conjugation tables given (the search's copies of them).
    uint64_t index_of(const uint16_t *twist_conj, const CornerSets &sets, uint32_t classsym, int twist,
                      int set) const {
        uint32_t s = classsym & 15;
        int sc = layout_.sets == 1 ? 0 : sets.conj[set][s];
        return index(classsym >> 4, twist_conj[twist * 16 + s], sc);
    }
    int entry(uint64_t i) const { return entry_at(data_, i); }

private:
    Layout layout_;
    std::unique_ptr<tablefile::Blob> blob_;
    const uint8_t *data_;
};

// The section sizes of a layout's file (one section: the entries).
std::vector<uint64_t> std_sections(const Layout &layout);

// Builds a table by breadth-first search from the goal (forward levels while the frontier is small,
// then backward ones: every unknown entry with a neighbour at the level) up to level kFirstCoded + 1,
// with `threads` workers.
// `progress` (on the calling thread, with the fraction of entries found) returns true to stop: then
// lc::Error(CUBE_ERROR_CANCELLED). Throws lc::Error(CUBE_ERROR_NO_MEMORY) if the table cannot be had.
using BuildProgress = std::function<bool(double fraction, int level)>;
std::shared_ptr<const StdTable> build_std(const twophase::Tables &t, const Layout &layout, int threads,
                                          const BuildProgress &progress);

// Mapping and saving, on the two-phase file's search path (std_file.cpp).
// The file in the first folder of `folders` that holds a sound one, mapped (with huge pages where the
// kernel gives them for files); nullptr if none (`why` says what was found). Mapped once per process:
// later calls for the same path share it.
std::shared_ptr<const StdTable> find_std(const std::vector<std::string> &folders, const Layout &layout,
                                         std::string &why);
// Saves a built table at `path` (tablefile::write_atomic); throws lc::Error if it cannot.
void save_std(const StdTable &table, const std::string &path, const tablefile::StepProgress &progress);

}  // namespace lc::optimal

// The optimal solver's own pruning tables (README.md, "Standard table", "Small table"): phase-1 symmetry
// class x twist x which corner positions hold the U corners, 3 bits an entry: the distance as "at most
// 7", 8 to 12, or "13 or more"; or x the pair of such a set and its complement, 1 bit an entry: whether
// the distance is at least kSmallFrom.
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
constexpr int kCornerPairs = 35; // a set and its complement (the D corners' positions) as one
constexpr int kUnknown = 3;      // a 2-bit entry not reached yet: while building, and the top when built
// A 3-bit entry: its low 2 bits hold the level mod 3 (as the build writes it), its high bit is set from
// level kHighFrom on. Once level kFirstExact - 1 is complete the build sets every entry found to that
// level's value mod 3 and then finds the levels up to kLastExact, each code its own (code_bound); the
// entries left unknown read kLastExact + 1 or more.
constexpr int kFirstExact = 8;
constexpr int kHighFrom = 10;
constexpr int kLastExact = 12;
// The lower bound of the distance a 3-bit code (low bits | high bit << 2) gives.
constexpr int code_bound(int code) {
    const int low = code & 3;
    const bool high = code >> 2;
    if (low == kUnknown) return kLastExact + 1;
    for (int level = kFirstExact; level <= kLastExact; ++level)
        if (level % 3 == low && (level >= kHighFrom) == high) return level;
    return 0;
}
static_assert(code_bound((kFirstExact - 1) % 3) == 0, "the entries found early read 0");
// The same as a table, for the search's reads.
constexpr uint8_t kCodeBounds[8] = {code_bound(0), code_bound(1), code_bound(2), code_bound(3),
                                    code_bound(4), code_bound(5), code_bound(6), code_bound(7)};
static_assert(code_bound(kLastExact % 3 | 4) == kLastExact && code_bound(kFirstExact % 3) == kFirstExact,
              "the levels kFirstExact..kLastExact have codes of their own");
// A 1-bit entry is 1 when the distance is at least this (the levels below are built, then dropped).
constexpr int kSmallFrom = 11;

// The corner part of a layout's coordinate.
enum class Corners : uint8_t { kNone, kSets, kPairs };

// How entries are laid out: for each (class, twist) a block of entries, one per corner coordinate, the
// rest padding. 3-bit layouts are built in place: groups of 8 entries in 3 bytes (their low bits in two
// bytes, 2 bits an entry, then their high bits), so that an entry's two parts share a cache line. 1-bit
// layouts are built in 2-bit blocks of `block_entries`, then packed into `sets` bits a block. The
// standard layout has 70 sets in 72-entry (27-byte) blocks; the small one 35 pairs. The phase-1 layouts
// (no corners, so the table holds phase-1 distances) let the tests build the same code at 1/70 of the size.
struct Layout {
    Corners corners;
    int sets;           // 1, 70 or 35
    int block_entries;  // in the build, at most 96: a multiple of 8 (3 bits) or of 4 (2-bit blocks)
    int bits;           // of an entry in the file: 3 (coded distances) or 1 (at least kSmallFrom)
    uint64_t kind;      // the table file's kind (tablefile): content and version
    const char *file_name;
    uint64_t blocks() const { return uint64_t{twophase::kFlipSliceClasses} * twophase::kTwist; }
    // Bytes of a block while building (2-bit blocks for a 1-bit layout).
    int block_bytes() const { return bits == 3 ? block_entries / 8 * 3 : block_entries / 4; }
    uint64_t build_bytes() const { return blocks() * static_cast<uint64_t>(block_bytes()); }
    // Entries a block holds in the file.
    uint32_t stored_block() const { return static_cast<uint32_t>(bits == 3 ? block_entries : sets); }
    uint64_t bytes() const { return bits == 3 ? build_bytes() : (blocks() * stored_block() + 7) / 8; }
    // The last level the build finds, and the bound of an entry not found by then.
    int last_level() const { return bits == 3 ? kLastExact : kSmallFrom - 1; }
    int top() const { return last_level() + 1; }
};

constexpr uint32_t kStdVersion = 3;    // 1 held the distances mod 3, 2 "at most 9", 10, 11, "12 or more"
constexpr uint32_t kSmallVersion = 1;
// "3x3 opt", then the layout (the byte but last) and the version.
constexpr Layout kStdLayout{Corners::kSets, kCornerSets, 72, 3, 0x3378336f70740000ULL | kStdVersion,
                            "optimal3x3-std-v3.tbl"};
constexpr Layout kPhase1Layout{Corners::kNone, 1, 8, 3, 0x3378336f70740100ULL | kStdVersion,
                               "optimal3x3-phase1-v3.tbl"};
constexpr Layout kSmallLayout{Corners::kPairs, kCornerPairs, 36, 1, 0x3378336f70740200ULL | kSmallVersion,
                              "optimal3x3-small-v1.tbl"};
constexpr Layout kPhase1SmallLayout{Corners::kNone, 1, 4, 1, 0x3378336f70740300ULL | kSmallVersion,
                                    "optimal3x3-phase1-small-v1.tbl"};

// The corner-set coordinate, its moves and its conjugation by the 16 UD symmetries (which map the U
// corners to the U or the D corners: a set or its complement's image; both are a set again).
struct CornerSets {
    uint8_t of_mask[256];                   // bit i = position i holds a U corner -> 0..69 (255: not 4 bits)
    uint8_t move[kCornerSets][18];          // the set after move m
    uint8_t conj[kCornerSets][16];          // the set of the cube conjugated by symmetry s (as twist_conj)
    uint8_t home;                           // the solved cube's set
    uint8_t pair[kCornerSets];              // the set's pair (0..34)
    uint8_t pair_rep[kCornerPairs];         // a set of each pair
};
const CornerSets &corner_sets();
int corner_set_of(const CubieCube &c);
// The layout's corner coordinate of corner set `set`, and a set whose coordinate is x.
int layout_coord(const Layout &layout, int set);
int layout_rep(const Layout &layout, int x);

// A 2-bit entry of contiguous 2-bit blocks.
inline int entry_at(const uint8_t *table, uint64_t i) { return table[i >> 2] >> ((i & 3) << 1) & 3; }
// The byte that holds the low bits of 3-bit entry i (its group's high bits are at the group's third byte).
inline uint64_t low_byte(uint64_t i) { return (i >> 3) * 3 + (i >> 2 & 1); }
// The byte that holds the high bits of 3-bit entry i's group (bit i & 7).
inline uint64_t high_byte(uint64_t i) { return (i >> 3) * 3 + 2; }
// A 3-bit entry's code (low bits | high bit << 2).
inline int code_at(const uint8_t *table, uint64_t i) {
    return (table[low_byte(i)] >> ((i & 3) << 1) & 3) | (table[high_byte(i)] >> (i & 7) & 1) << 2;
}

// A built or mapped table with what reads it needs.
class StdTable {
public:
    StdTable(const Layout &layout, std::unique_ptr<tablefile::Blob> blob);
    StdTable(const StdTable &) = delete;
    StdTable &operator=(const StdTable &) = delete;
    const Layout &layout() const { return layout_; }
    const uint8_t *data() const { return data_; }
    const tablefile::Blob &blob() const { return *blob_; }

    // The entry index of (class, twist and corner coordinate conjugated into the class's frame by its
    // symmetry).
    uint64_t index(uint32_t cls, int twist, int coord) const {
        return (uint64_t{cls} * twophase::kTwist + static_cast<uint32_t>(twist)) * layout_.stored_block() +
               static_cast<uint32_t>(coord);
    }
    // The index of a state: flipslice's class symmetry `classsym` (twophase fs_classsym) and its twist
    // and corner set in the cube's own frame.
    uint64_t index_of(const twophase::Tables &t, uint32_t classsym, int twist, int set) const {
        return index_of(t.twist_conj, classsym, twist, set);
    }
    // The same with twist_conj given (the search's copy of it).
    uint64_t index_of(const uint16_t *twist_conj, uint32_t classsym, int twist, int set) const {
        uint32_t s = classsym & 15;
        return index(classsym >> 4, twist_conj[twist * 16 + s], conj_[set][s]);
    }
    // Entry i: a 3-bit code or a bit.
    int entry(uint64_t i) const { return layout_.bits == 3 ? code_at(data_, i) : data_[i >> 3] >> (i & 7) & 1; }
    // The first byte of the entry's group or byte (to prefetch).
    const uint8_t *byte_of(uint64_t i) const { return data_ + (layout_.bits == 3 ? (i >> 3) * 3 : i >> 3); }
    // The lower bound of the distance that entry i gives.
    int bound(uint64_t i) const {
        int e = entry(i);
        return layout_.bits == 3 ? kCodeBounds[e] : e * kSmallFrom;
    }

private:
    Layout layout_;
    std::unique_ptr<tablefile::Blob> blob_;
    const uint8_t *data_;
    uint8_t conj_[kCornerSets][16];  // the layout's coordinate of corner set conjugated by symmetry s
};

// The section sizes of a layout's file (one section: the entries).
std::vector<uint64_t> std_sections(const Layout &layout);

// Builds a table by breadth-first search from the goal (forward levels while the frontier is small,
// then backward ones: every unknown entry with a neighbour at the level) up to the layout's last level,
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

// The H48 table (README.md, "H48 tables"): h0 and the h7 entries of the first `classes` corner classes in
// one table file, versioned and checksummed, found on the table search path like the standard table.
// Both sections are arrays of bytes (4-bit and 2-bit entries, the low bits first), the same on every byte
// order.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "optimal/h48_coord.hpp"
#include "optimal/h48_h0.hpp"
#include "optimal/h48_h7.hpp"
#include "optimal/h48_near.hpp"
#include "optimal/std_table.hpp"
#include "tablefile/table_file.hpp"

namespace lc::optimal::h48 {

constexpr uint32_t kCornerClasses = 3393;  // the classes of cocsep under the 48 symmetries (checked)

struct H48Layout {
    uint32_t classes;  // the h0 and h7 entries of classes [0, classes): all of them, or the tests' few
    int kept_bits;     // 7: the flips kKeptFlips; 0: none (each code is then h0's distance, coded)
    int near_depth;    // the codes' budget is near_depth + 2
    uint64_t kind;     // the table file's kind (tablefile): content and version
    const char *file_name;
    uint64_t entries() const { return uint64_t{classes} * kEsep; }
    int budget() const { return near_depth + 2; }
    unsigned kept_mask() const { return (1u << kept_bits) - 1; }
    uint64_t code_bytes() const { return ((entries() << kept_bits) + 3) / 4; }
};

constexpr uint32_t kH48Version = 1;
// "3x3 opt", then the layout (the byte but last: 4 to 6, after the standard table's 0 to 3) and the version.
constexpr H48Layout kH48Layout{kCornerClasses, 7, 9, 0x3378336f70740400ULL | kH48Version, "optimal3x3-h48-v1.tbl"};
// The first two classes with a budget of 8: the tests' table of the sweep, built in a few seconds.
constexpr H48Layout kH48TestLayout{2, 7, 6, 0x3378336f70740500ULL | kH48Version, "optimal3x3-h48test-v1.tbl"};
// Every class, no flips kept (the codes follow from h0): the tests' table for the search, built in a few
// seconds, a weaker bound than h7's with the same reads.
constexpr H48Layout kH48NoFlipsLayout{kCornerClasses, 0, 9, 0x3378336f70740600ULL | kH48Version,
                                      "optimal3x3-h48noflips-v1.tbl"};
static_assert(kKeptFlips == (1u << 7) - 1, "the kept flips are the low bits");

// The section sizes of a layout's file: h0's 4-bit entries, then the 2-bit codes.
std::vector<uint64_t> h48_sections(const H48Layout &layout);

// A built or loaded table with what reads it needs.
class H48Table {
public:
    H48Table(const H48Layout &layout, std::unique_ptr<tablefile::Blob> blob);
    H48Table(const H48Table &) = delete;
    H48Table &operator=(const H48Table &) = delete;
    const H48Layout &layout() const { return layout_; }
    const tablefile::Blob &blob() const { return *blob_; }
    const uint8_t *h0_bytes() const { return h0_; }
    const uint8_t *h7_bytes() const { return h7_; }

    // Where the bound of a coset is read: its h0 entry and its code entry.
    struct Entry {
        uint64_t index, code;
    };
    // The entries of the coset with these coordinates (the cube's own frame): its class's, with the edges
    // and the kept flips conjugated into the class's frame.
    Entry locate(uint32_t corners, uint32_t edges, unsigned flips) const {
        return locate(corners, slices_of(coords_, edges), flips);
    }
    Entry locate(uint32_t corners, const Slices &slices, unsigned flips) const {
        const uint32_t cc = coords_.cocsep_class[corners];
        const int k = static_cast<int>(cc >> 16);
        const uint64_t index = uint64_t{cc & 0xffff} * kEsep + conj_esep(coords_, slices, k);
        return {index, code_entry(index, conj_flips(coords_, flips, slices, k))};
    }
    int bound(const Entry &e) const { return bound(e.index, e.code); }

    // The exact distance of h0 entry `index` (class * kEsep + esep in the class's frame).
    int h0(uint64_t index) const { return h0_[index >> 1] >> (index & 1) * 4 & 15; }
    // The code of the coset of h0 entry `index` whose flips in the class's frame are `flips` (the layout
    // keeps some of them).
    uint64_t code_entry(uint64_t index, unsigned flips) const {
        return index << layout_.kept_bits | (flips & layout_.kept_mask());
    }
    int code(uint64_t entry) const { return h7_[entry >> 2] >> (entry & 3) * 2 & 3; }
    // The byte that holds that code (to prefetch).
    const uint8_t *code_byte(uint64_t entry) const { return h7_ + (entry >> 2); }
    // The lower bound of the distance that code entry `entry` of h0 entry `index` gives: code 0 (at most
    // budget - 2) reads h0; code 3 gives budget + 1, at least h0's largest distance (12) with kH48Layout's.
    int bound(uint64_t index, uint64_t entry) const {
        const int c = code(entry);
        return c ? layout_.budget() - 2 + c : h0(index);
    }
    // A cube's lower bound; the cube's corner class must be one of the layout's.
    int bound(const CubieCube &c) const;

private:
    const Coords &coords_;
    H48Layout layout_;
    std::unique_ptr<tablefile::Blob> blob_;
    const uint8_t *h0_;
    const uint8_t *h7_;
};

// Builds h0 (or takes `h0`), then for a layout that keeps flips the near set of its depth (or takes `near`)
// and the h7 sweep, for one that keeps none the codes from h0, into the file's sections, sealed; `threads`
// workers. `progress` (on the calling thread: the fraction of the whole build done, and the step's number
// 1 to 3) returns true to stop: then lc::Error(CUBE_ERROR_CANCELLED). Throws lc::Error(CUBE_ERROR_NO_MEMORY)
// if the table cannot be had.
std::shared_ptr<const H48Table> build_h48(const H48Layout &layout, int threads, const BuildProgress &progress,
                                          const H0Table *h0 = nullptr, const NearSet *near = nullptr);

// The sound file of the layout in the first folder of `folders` that holds one, loaded (table_memory.hpp);
// nullptr if none (`why` says what was found).
std::shared_ptr<const H48Table> find_h48(const std::vector<std::string> &folders, const H48Layout &layout,
                                         std::string &why);
// Saves a built table at `path` (tablefile::write_atomic); throws lc::Error if it cannot.
void save_h48(const H48Table &table, const std::string &path, const tablefile::StepProgress &progress);

}  // namespace lc::optimal::h48

// The H48 table file: building it into the file's sections, reading, loading and saving (h48_table.hpp).
#include "optimal/h48_table.hpp"

#include <algorithm>
#include <cstring>
#include <optional>

#include "error.hpp"
#include "optimal/table_memory.hpp"

namespace lc::optimal::h48 {
namespace {

// The share of the build's time each step takes (measured: h0 1%, the near set 9%, h7 90%).
constexpr double kH0Share = 0.01;
constexpr double kNearShare = 0.09;

// The codes of a layout that keeps no flips: each entry's h0 distance against the budget.
void codes_from_h0(const H48Layout &layout, const H0Table &h0, uint8_t *out) {
    const int budget = layout.budget();
    for (uint64_t i = 0; i < layout.entries(); ++i) {
        const int d = h0.distance(static_cast<uint32_t>(i));
        const int code = d <= budget - 2 ? 0 : std::min(3, d - (budget - 2));
        out[i >> 2] = static_cast<uint8_t>(out[i >> 2] | code << (i & 3) * 2);
    }
}

std::shared_ptr<const H48Table> sealed(const H48Layout &layout, std::unique_ptr<tablefile::Blob> blob,
                                       const BuildProgress &progress) {
    if (!tablefile::seal(*blob, layout.kind, h48_sections(layout), [&](double) { return progress && progress(1.0, 3); }))
        throw Error(CUBE_ERROR_CANCELLED, "building the H48 table: cancelled");
    return std::make_shared<const H48Table>(layout, std::move(blob));
}

}  // namespace

std::vector<uint64_t> h48_sections(const H48Layout &layout) {
    return {(layout.entries() + 1) / 2, layout.code_bytes()};
}

H48Table::H48Table(const H48Layout &layout, std::unique_ptr<tablefile::Blob> blob)
    : coords_(coords()), layout_(layout), blob_(std::move(blob)) {
    const std::vector<uint64_t> at = tablefile::layout(h48_sections(layout));
    h0_ = blob_->data() + at[0];
    h7_ = blob_->data() + at[1];
}

int H48Table::bound(const CubieCube &c) const {
    const uint32_t corners = static_cast<uint32_t>(cocsep(c));
    if ((coords_.cocsep_class[corners] & 0xffff) >= layout_.classes)
        throw Error(CUBE_ERROR_INTERNAL, "h48: a corner class the table lacks");
    return bound(locate(corners, static_cast<uint32_t>(esep(c)), static_cast<unsigned>(flips(c))));
}

std::shared_ptr<const H48Table> build_h48(const H48Layout &layout, int threads, const BuildProgress &progress,
                                          const H0Table *h0, const NearSet *near) {
    const Coords &t = coords();
    if (t.classes != static_cast<int>(kCornerClasses) || layout.classes > kCornerClasses)
        throw Error(CUBE_ERROR_INTERNAL, error_text("h48: %d corner classes, %u expected", t.classes, kCornerClasses));
    if (near && near->depth() != layout.near_depth) throw Error(CUBE_ERROR_INTERNAL, "h48: a near set of another depth");
    const std::vector<uint64_t> sections = h48_sections(layout);
    const std::vector<uint64_t> at = tablefile::layout(sections);
    std::unique_ptr<tablefile::Blob> blob = tablefile::Blob::allocate(at.back());
    std::optional<H0Table> own_h0;
    if (!h0) {
        own_h0.emplace(H0Table::build(t, threads, [&](double f, int) { return progress && progress(f * kH0Share, 1); }));
        h0 = &*own_h0;
    }
    std::memcpy(blob->data() + at[0], h0->nibbles(), size_t(sections[0]));
    if (layout.kept_bits == 0) {
        codes_from_h0(layout, *h0, blob->data() + at[1]);
        return sealed(layout, std::move(blob), progress);
    }
    if (layout.kept_bits != 7) throw Error(CUBE_ERROR_INTERNAL, "h48: the sweep keeps 7 flips");
    std::optional<NearSet> own_near;
    if (!near) {
        own_near.emplace(NearSet::build(t, layout.near_depth, threads, [&] { return progress && progress(kH0Share, 2); }));
        near = &*own_near;
    }
    const double h7_from = kH0Share + kNearShare;
    build_h7(t, *h0, *near, 0, layout.classes, blob->data() + at[1], threads, [&](uint32_t done) {
        return progress && progress(h7_from + (1 - h7_from) * done / layout.classes, 3);
    });
    return sealed(layout, std::move(blob), progress);
}

std::shared_ptr<const H48Table> find_h48(const std::vector<std::string> &folders, const H48Layout &layout,
                                         std::string &why) {
    return find_table<H48Table>(folders, layout.file_name, layout.kind, h48_sections(layout), why,
                                [&](std::unique_ptr<tablefile::Blob> blob) {
                                    return std::make_shared<const H48Table>(layout, std::move(blob));
                                });
}

void save_h48(const H48Table &table, const std::string &path, const tablefile::StepProgress &progress) {
    tablefile::write_atomic(path, table.blob(), progress);
}

}  // namespace lc::optimal::h48

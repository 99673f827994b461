#include "optimal/h48_near.hpp"

#include <algorithm>
#include <iterator>
#include <system_error>
#include <thread>

#include "error.hpp"

namespace lc::optimal::h48 {
namespace {

// A coset as one number: its h0 entry, then its flips in the class's frame.
constexpr int kFlipBits = 12;
uint64_t key_of(uint32_t cls, uint32_t edges, unsigned flips) {
    return (uint64_t{cls} * kEsep + edges) << kFlipBits | flips;
}

// The coset and its images under the self-symmetries of its class's representative.
void add_with_images(const Coords &t, std::vector<uint64_t> &out, uint32_t cls, uint32_t edges, unsigned flips) {
    for (uint64_t syms = t.class_stab[cls]; syms; syms &= syms - 1) {
        const int k = __builtin_ctzll(syms);
        out.push_back(key_of(cls, t.esep_conj[size_t(k) * kEsep + edges], conj_flips(t, flips, edges, k)));
    }
}

// The neighbours of keys [begin, end), sorted, with repeats.
std::vector<uint64_t> neighbours(const Coords &t, const uint64_t *begin, const uint64_t *end) {
    std::vector<uint64_t> out;
    out.reserve(size_t(end - begin) * kMoves * 5 / 4);
    for (const uint64_t *p = begin; p != end; ++p) {
        const uint32_t h0 = static_cast<uint32_t>(*p >> kFlipBits);
        const unsigned flips = static_cast<unsigned>(*p & ((1u << kFlipBits) - 1));
        const uint32_t rep = t.class_rep[h0 / kEsep], edges = h0 % kEsep;
        for (int m = 0; m < kMoves; ++m) {
            const uint32_t cc = t.cocsep_class[cocsep_moved(t, rep, m)];
            const int k = static_cast<int>(cc >> 16);
            const uint32_t moved = t.esep_move[size_t(m) * kEsep + edges];
            const unsigned moved_flips = flips_moved(t, flips, m);
            add_with_images(t, out, cc & 0xffff, t.esep_conj[size_t(k) * kEsep + moved],
                            conj_flips(t, moved_flips, moved, k));
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

// The next level: the neighbours of `level` that are in neither it nor `before`.
std::vector<uint64_t> next_level(const Coords &t, const std::vector<uint64_t> &before, const std::vector<uint64_t> &level,
                                 int threads) {
    const size_t parts = static_cast<size_t>(std::max(1, threads));
    std::vector<std::vector<uint64_t>> found(parts);
    std::vector<std::thread> pool;
    auto part = [&](size_t k) {
        const size_t from = level.size() * k / parts, to = level.size() * (k + 1) / parts;
        found[k] = neighbours(t, level.data() + from, level.data() + to);
    };
    for (size_t k = 1; k < parts; ++k) {
        try {
            pool.emplace_back(part, k);
        } catch (const std::system_error &) {
            part(k);  // no thread to be had: this one does it
        }
    }
    part(0);
    for (std::thread &th : pool) th.join();
    std::vector<uint64_t> all = std::move(found[0]);
    for (size_t k = 1; k < parts; ++k) {
        std::vector<uint64_t> merged;
        merged.reserve(all.size() + found[k].size());
        std::merge(all.begin(), all.end(), found[k].begin(), found[k].end(), std::back_inserter(merged));
        all = std::move(merged);
        std::vector<uint64_t>().swap(found[k]);
    }
    all.erase(std::unique(all.begin(), all.end()), all.end());
    std::vector<uint64_t> without_level, next;
    std::set_difference(all.begin(), all.end(), level.begin(), level.end(), std::back_inserter(without_level));
    std::vector<uint64_t>().swap(all);
    std::set_difference(without_level.begin(), without_level.end(), before.begin(), before.end(), std::back_inserter(next));
    return next;
}

}  // namespace

NearSet NearSet::build(const Coords &t, int depth, int threads, const std::function<bool()> &stop) {
    NearSet near;
    near.depth_ = depth;
    std::vector<std::vector<uint64_t>> levels(1);
    const uint32_t goal = h0_index(t, cocsep(CubieCube::solved()), esep(CubieCube::solved()));
    add_with_images(t, levels[0], goal / kEsep, goal % kEsep, 0);
    std::sort(levels[0].begin(), levels[0].end());
    levels[0].erase(std::unique(levels[0].begin(), levels[0].end()), levels[0].end());
    for (int d = 0; d < depth; ++d) {
        if (stop && stop()) throw Error(CUBE_ERROR_CANCELLED, "building the h7 table: cancelled");
        static const std::vector<uint64_t> kNone;
        levels.push_back(next_level(t, d > 0 ? levels[size_t(d) - 1] : kNone, levels[size_t(d)], threads));
    }
    // One list per h0 entry, nearest first.
    near.offsets_.assign(size_t(t.classes) * kEsep + 1, 0);
    size_t total = 0;
    for (const std::vector<uint64_t> &level : levels) {
        near.levels_.push_back(level.size());
        total += level.size();
        for (uint64_t key : level) ++near.offsets_[(key >> kFlipBits) + 1];
    }
    for (size_t k = 1; k < near.offsets_.size(); ++k) near.offsets_[k] += near.offsets_[k - 1];
    near.elements_.resize(total);
    std::vector<uint32_t> fill(near.offsets_.begin(), near.offsets_.end() - 1);
    for (size_t d = 0; d < levels.size(); ++d) {
        for (uint64_t key : levels[d])
            near.elements_[fill[key >> kFlipBits]++] = static_cast<uint16_t>((key & ((1u << kFlipBits) - 1)) | d << kFlipBits);
        std::vector<uint64_t>().swap(levels[d]);
    }
    return near;
}

}  // namespace lc::optimal::h48

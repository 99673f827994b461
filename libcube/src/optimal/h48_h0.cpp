#include "optimal/h48_h0.hpp"

#include <algorithm>
#include <atomic>

#include "error.hpp"
#include "optimal/workers.hpp"

namespace lc::optimal::h48 {
namespace {

constexpr int kUnknownDistance = 15;
constexpr uint64_t kChunk = 1 << 16;

class Builder {
public:
    Builder(const Coords &t, uint8_t *nibbles) : t_(t), nibbles_(nibbles) {}

    int get(uint64_t index) const {
        const uint8_t byte = __atomic_load_n(&nibbles_[index >> 1], __ATOMIC_RELAXED);
        return byte >> (index & 1) * 4 & 15;
    }
    // Sets an unknown entry to `value` (the only value written during a level); whether it was unknown.
    bool set(uint64_t index, int value) {
        if (get(index) != kUnknownDistance) return false;
        const int shift = static_cast<int>(index & 1) * 4;
        const uint8_t keep = static_cast<uint8_t>(~(15 << shift) | value << shift);
        __atomic_fetch_and(&nibbles_[index >> 1], keep, __ATOMIC_RELAXED);
        return true;
    }
    // The entry a move leads to from the class's representative with edges `edges`: its class and edges
    // in the class's frame.
    void neighbour(uint32_t cls, uint32_t edges, int m, uint32_t &to_class, uint32_t &to_edges) const {
        const uint32_t v = cocsep_moved(t_, t_.class_rep[cls], m);
        const uint32_t cc = t_.cocsep_class[v];
        to_class = cc & 0xffff;
        const uint32_t moved = t_.esep_move[size_t(m) * kEsep + edges];
        to_edges = t_.esep_conj[size_t(cc >> 16) * kEsep + moved];
    }
    // Sets the entry and its images under the symmetries that keep its class's representative.
    uint64_t set_with_images(uint32_t cls, uint32_t edges, int value) {
        uint64_t count = 0;
        for (uint64_t syms = t_.class_stab[cls]; syms; syms &= syms - 1) {
            const uint32_t image = t_.esep_conj[size_t(__builtin_ctzll(syms)) * kEsep + edges];
            count += set(uint64_t{cls} * kEsep + image, value);
        }
        return count;
    }
    uint64_t forward(uint64_t index, int level) {
        if (get(index) != level) return 0;
        const uint32_t cls = static_cast<uint32_t>(index / kEsep), edges = static_cast<uint32_t>(index % kEsep);
        uint64_t count = 0;
        for (int m = 0; m < kMoves; ++m) {
            uint32_t to_class = 0, to_edges = 0;
            neighbour(cls, edges, m, to_class, to_edges);
            if (get(uint64_t{to_class} * kEsep + to_edges) == kUnknownDistance)
                count += set_with_images(to_class, to_edges, level + 1);
        }
        return count;
    }
    uint64_t backward(uint64_t index, int level) {
        if (get(index) != kUnknownDistance) return 0;
        const uint32_t cls = static_cast<uint32_t>(index / kEsep), edges = static_cast<uint32_t>(index % kEsep);
        for (int m = 0; m < kMoves; ++m) {
            uint32_t to_class = 0, to_edges = 0;
            neighbour(cls, edges, m, to_class, to_edges);
            if (get(uint64_t{to_class} * kEsep + to_edges) == level) return set(index, level + 1);
        }
        return 0;
    }

private:
    const Coords &t_;
    uint8_t *nibbles_;
};

}  // namespace

H0Table H0Table::build(const Coords &t, int threads, const BuildProgress &progress) {
    H0Table table;
    table.entries_ = uint64_t(t.classes) * kEsep;
    table.nibbles_.assign((table.entries_ + 1) / 2, 0xff);
    Builder b(t, table.nibbles_.data());
    const uint32_t goal = h0_index(t, cocsep(CubieCube::solved()), esep(CubieCube::solved()));
    uint64_t found = b.set_with_images(goal / kEsep, goal % kEsep, 0);
    uint64_t at_level = found;
    std::atomic<bool> stop{false};
    for (int level = 0; at_level > 0 && found < table.entries_; ++level) {
        if (level + 1 >= kUnknownDistance) throw Error(CUBE_ERROR_INTERNAL, "building the h0 table: too deep");
        const bool backward = at_level * 4 > table.entries_ - found;
        std::atomic<uint64_t> next{0}, added{0};
        auto work = [&](bool reporting) {
            uint64_t count = 0;
            for (;;) {
                const uint64_t begin = next.fetch_add(kChunk);
                if (begin >= table.entries_ || stop.load(std::memory_order_relaxed)) break;
                const uint64_t end = std::min(begin + kChunk, table.entries_);
                for (uint64_t k = begin; k < end; ++k) count += backward ? b.backward(k, level) : b.forward(k, level);
                const double guess = std::min(1.0, double(found + count * uint64_t(threads)) / double(table.entries_));
                if (reporting && progress && progress(guess, level + 1)) stop = true;
            }
            added.fetch_add(count);
        };
        run_workers(threads, work);
        if (stop) throw Error(CUBE_ERROR_CANCELLED, "building the h0 table: cancelled");
        at_level = added.load();
        found += at_level;
    }
    return table;
}

std::vector<uint64_t> H0Table::histogram() const {
    std::vector<uint64_t> counts(16, 0);
    for (uint64_t k = 0; k < entries_; ++k) ++counts[static_cast<size_t>(distance(static_cast<uint32_t>(k)))];
    while (!counts.empty() && counts.back() == 0) counts.pop_back();
    return counts;
}

}  // namespace lc::optimal::h48

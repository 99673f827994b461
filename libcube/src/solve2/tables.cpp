// Builds the tables of a metric (move tables, then the search) and keeps one per metric.
#include "solve2/tables.hpp"

#include <memory>
#include <mutex>

#include "solve2/bfs.hpp"

namespace lc::solve2 {
namespace {

int index_of(Metric m) { return m == Metric::kHtm ? 0 : 1; }

}  // namespace

std::shared_ptr<const Tables> build_tables(Metric metric) {
    auto t = std::make_shared<Tables>();
    t->metric = metric;
    t->nmoves = 0;
    for (int m = 0; m < kMoves; m++)
        if (metric == Metric::kHtm || m % 3 != 1) t->moves[t->nmoves++] = m;
    build_move_tables(t->mt);
    t->packed.assign(kPositions / 2, 0);
    bfs_distances(t->mt, t->moves, t->nmoves, t->packed.data(), t->counts);
    return t;
}

const Tables &tables(Metric metric) {
    static std::once_flag once[2];
    static std::shared_ptr<const Tables> built[2];
    int i = index_of(metric);
    std::call_once(once[i], [&] { built[i] = build_tables(metric); });
    return *built[i];
}

Metric metric_of(const Tables &t) { return t.metric; }

std::array<int64_t, 16> distribution(const Tables &t) { return t.counts; }

size_t memory_bytes(const Tables &t) { return t.packed.size() + sizeof(MoveTables); }

}  // namespace lc::solve2

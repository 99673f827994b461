// Optimal 3x3 solving (HTM and QTM): IDA* over the whole cube group with the two-phase tables as bounds.
// README.md in this folder describes the coordinates, the symmetry, the table layout and the probes.
#pragma once
#include <cube/common.h>

#include <cstdint>
#include <functional>
#include <vector>

#include "cancel.hpp"
#include "cubie.hpp"
#include "move.hpp"

namespace lc::twophase {
struct Tables;
}

namespace lc::optimal {

class StdTable;
namespace h48 {
class H48Table;
}

// The longest optimal solutions (God's numbers): every cube has a solution this short.
constexpr int kGodsNumber = 20;     // face turns (HTM)
constexpr int kGodsNumberQtm = 26;  // quarter turns (QTM: a half turn counts 2)

enum class Metric { kHtm, kQtm };

// Where the search is, for a progress report.
struct Progress {
    int depth = 0;          // the depth being searched (every shorter one is finished)
    uint64_t nodes = 0;     // nodes visited so far
    int64_t elapsed_us = 0; // since the search started
};

struct Options {
    Metric metric = Metric::kHtm;   // what a solution's length counts
    int max_length = kGodsNumber;   // look no further than this length (above God's number: that)
    int64_t timeout_us = 0;         // 0 = no limit
    const StopFlag *stop = nullptr; // polled every few thousand nodes
    bool all_solutions = false;     // every optimal solution (up to `limit`), not only the first
    int limit = 1;                  // with all_solutions: the most solutions kept (>= 1)
    int threads = 1;                // workers for this one cube (>= 1)
    // First solution in HTM: before each depth, the two-phase search looks for a solution of that length
    // within this many of its nodes for each node of the depth before (0: never; README "Two-phase
    // attempts"). Its nodes cost about a twentieth of the search's with the standard table.
    uint64_t attempt_nodes_per_node = 16;
    const StdTable *table = nullptr;  // the standard or small table (std_table.hpp), else prune1 bounds the search
    const h48::H48Table *h48 = nullptr;  // the H48 table (h48_table.hpp): it bounds the search, not `table`
    // Called on the calling thread when a depth starts and about twice a second; true stops the search.
    std::function<bool(const Progress &)> progress;
};

struct Result {
    std::vector<MoveList> solutions;  // face turns (kinds 0..5, amounts 1..3), shortest first found first
    int length = -1;                  // their length in the metric, -1 if none was found
    int lower_bound = 0;              // every solution has at least this many moves (proven)
    bool proven_optimal = false;      // the solutions are shortest (the search finished their depth)
    uint64_t nodes = 0;
    bool standard_table = false;      // the standard table bounded the search (else the two-phase tables)
    bool small_table = false;         // the small table did
    bool h48_table = false;           // the H48 table did
};

// Searches depth by depth from the tables' lower bound up to max_length (QTM: the HTM bounds, which no
// quarter-turn solution can beat, and only lengths of the corner permutation's parity): the solutions in
// `result`. Otherwise it throws lc::Error once the search has ended, `result` holding what it found (the lower
// bound reached, the nodes): CUBE_ERROR_UNSOLVABLE when nothing of at most max_length moves exists;
// CUBE_ERROR_TIMEOUT or CUBE_ERROR_CANCELLED (the stop flag or the progress callback); CUBE_ERROR_INVALID_ARGUMENT
// for an invalid cube or options. The per-node search code throws nothing.
// Deterministic for a given cube and options, whatever the number of threads (the solutions of
// all_solutions beyond `limit` excepted: which ones are kept then may vary with threads > 1).
void solve(const twophase::Tables &tables, const CubieCube &cube, const Options &options, Result &result);

}  // namespace lc::optimal

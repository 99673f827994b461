// A search of the whole cube group for the solution a robot performs fastest: depth-first branch and
// bound in robot time (SequenceCost), cheapest move first, pruned by the moves still needed (the
// phase-1 distance on all three axes and the corners' distance, from the two-phase tables) times the
// least time of a turn. All work is counted in nodes, so one input always gives one answer.
#pragma once
#include <cstdint>

#include "cubie.hpp"
#include "move.hpp"
#include "robot/sequence_cost.hpp"

namespace lc::twophase {
struct Tables;
}  // namespace lc::twophase

namespace lc::robot {

struct TimeSearch {
    int max_length = 22;       // no solution longer than this
    int64_t bound_us = 0;      // only solutions quicker than this (0: any)
    uint64_t node_limit = 0;   // 0: none
    // What it found: the quickest solution (empty moves when none beat the bound), its time, the
    // nodes visited, and whether the search finished (then no solution within max_length is quicker).
    MoveList moves;
    int64_t us = SequenceCost::kNever;
    uint64_t nodes = 0;
    bool complete = false;
};

// Searches solutions taking `cube` to solved, as `search` says. Throws lc::Error on a bad cube.
void time_search(const twophase::Tables &tables, const SequenceCost &cost, const CubieCube &cube, TimeSearch &search);

}  // namespace lc::robot

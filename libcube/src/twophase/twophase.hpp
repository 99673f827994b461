// Kociemba's two-phase solver for the 3x3: the table set it needs and the search itself.
//
// Phase 1 takes the cube into <U, D, R2, L2, F2, B2> (twist, flip and UD slice solved); phase 2
// solves it inside that group. The search tries the three axis orientations of the cube and its
// inverse (six variants), phase-1 depth by depth with the six searches interleaved node by node
// (so that one waits for memory while the others work). It returns the first solution of at most
// max_length moves; with min_effort it keeps looking for shorter ones until the time limit.
#pragma once
#include <cube/common.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include "cubie.hpp"
#include "move.hpp"

namespace lc::twophase {

// Immutable once built or mapped: one instance serves any number of threads at once.
struct Tables;

// Reports table generation: `stage` names the step, `fraction` (0..1) how far it is.
struct Progress {
    void (*fn)(void *user, const char *stage, double fraction) = nullptr;
    void *user = nullptr;
    void operator()(const char *stage, double fraction) const {
        if (fn) fn(user, stage, fraction);
    }
};

// Maps the table file in `dir` (created if needed); when it is missing, truncated, corrupt or of an
// older version, says so in *report, builds the tables (about 212 MB, using 2 threads), writes them
// to a temporary file and renames it into place. Concurrent processes wait on a lock file rather
// than build twice. If the folder cannot be written, the built tables are still returned (and
// *report says why they were not saved). Returns nullptr with lc::fail(...) set if it cannot.
std::shared_ptr<const Tables> load_or_build(const std::string &dir, const Progress &progress, std::string *report);

// Builds the tables in memory only (no file).
std::shared_ptr<const Tables> build(const Progress &progress);

// Checks a table file completely: CUBE_OK, or CUBE_ERROR_NOT_FOUND / CUBE_ERROR_CORRUPT /
// CUBE_ERROR_IO with lc::fail(...) describing what is wrong.
cube_status verify_file(const std::string &path);

std::string default_table_dir();                            // $CUBE_TABLE_DIR, $XDG_CACHE_HOME/libcube, ~/.cache/libcube
std::string table_file_path(const std::string &dir);        // dir + "/twophase3x3-v1.tbl"
// The file is checked completely (every section's checksum) each time it is mapped.
uint64_t table_bytes(const Tables &tables);                 // size of the table data in memory
bool tables_mapped(const Tables &tables);                   // true when backed by the file mapping

struct Options {
    int max_length = 20;               // accept solutions of at most this many face turns
    int64_t timeout_us = 0;            // 0 = no limit
    bool min_effort = false;           // keep searching for shorter solutions until the timeout
                                       // (or until the search proves none is shorter: without a
                                       // timeout that can take very long)
    const std::atomic<bool> *cancel = nullptr;  // polled during the search
};

// Finds face turns (kinds 0..5, amounts 1..3) that take `start` to `target`; both must be valid
// (solvable) cubie states. CUBE_OK with the moves in `out`; CUBE_ERROR_UNSOLVABLE when nothing of
// at most max_length moves was found (lc::fail says whether the time ran out or the search was
// exhausted); CUBE_ERROR_CANCELLED; CUBE_ERROR_INVALID_ARGUMENT for max_length < 0.
// Deterministic for a given input and options unless the timeout or cancel flag cuts it short.
cube_status solve(const Tables &tables, const CubieCube &start, const CubieCube &target, const Options &options,
                  MoveList &out);

}  // namespace lc::twophase

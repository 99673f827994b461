// Kociemba's two-phase solver for the 3x3: the table set it needs and the search itself.
//
// Phase 1 takes the cube into <U, D, R2, L2, F2, B2> (twist, flip and UD slice solved); phase 2
// solves it inside that group. The search tries the three axis orientations of the cube and its
// inverse (six variants), phase-1 depth by depth with the six searches interleaved node by node
// (so that one waits for memory while the others work). It returns the first solution of at most
// max_length moves; with min_effort it keeps looking for shorter ones until the time limit.
#pragma once
#include <cube/common.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "cancel.hpp"
#include "cubie.hpp"
#include "move.hpp"

namespace lc::twophase {

// Immutable once built or mapped: one instance serves any number of threads at once.
struct Tables;

// What a table build reports to and watches. fn gets cube_progress reports (stages and notices) on
// the thread that calls load_or_build(); a nonzero answer stops the build, as does `stop`.
struct Progress {
    cube_progress_fn fn = nullptr;
    void *user = nullptr;
    StopFlag *stop = nullptr;  // nullptr: nothing but fn can stop the build
};

// Maps the table file in `dir` (created if needed). When it is missing, truncated, corrupt or of an
// older version, sends a notice saying so, builds the tables (about 320 MB, using 2 threads), writes
// them to a temporary file and renames it into place. Concurrent processes wait on a lock file rather
// than build twice. If the folder cannot be written, the built tables are still returned (a notice
// says why they were not saved) unless `must_save`, which makes that CUBE_ERROR_IO. Throws lc::Error
// if it cannot: CUBE_ERROR_CANCELLED when stopped (no file is left behind),
// CUBE_ERROR_UNSUPPORTED when called on a thread that is already loading this file (from the
// progress callback of that load). (The same over the search path: table_search.hpp.)
std::shared_ptr<const Tables> load_or_build(const std::string &dir, const Progress &progress, bool must_save = false);

// Checks a table file completely; throws lc::Error CUBE_ERROR_NOT_FOUND / CUBE_ERROR_CORRUPT /
// CUBE_ERROR_IO / CUBE_ERROR_UNSUPPORTED (made on a machine of the other byte order) describing what is
// wrong.
void verify_file(const std::string &path);
// The same from the header and the size alone (no checksum is read).
void probe_file(const std::string &path);

std::string default_table_dir();                            // $CUBE_TABLE_DIR, else the user cache
// The file of a machine's byte order: "twophase3x3-vN.tbl" little-endian (the name of files made before
// the byte order was recorded), "twophase3x3-vN-be.tbl" big-endian; N the content version.
std::string table_file_name_for(bool big_endian);
std::string table_file_name();                              // table_file_name_for(this machine)
std::string table_file_path(const std::string &dir);        // dir + "/" + table_file_name()
std::string other_order_file_path(const std::string &dir);  // the file a machine of the other byte order uses

struct Options {
    int max_length = 20;               // accept solutions of at most this many face turns (24 and more:
                                       // any solution, as every cube has one of at most 20)
    int64_t timeout_us = 0;            // 0 = no limit (the C API always passes one: solver_request.cpp)
    bool timeout_is_default = false;   // timeout_us is the caller's default limit (error messages say so)
    bool min_effort = false;           // keep searching for shorter solutions until the timeout
                                       // (or until the search proves none is shorter: without a
                                       // timeout that can take very long)
    const StopFlag *stop = nullptr;    // polled during the search (every few microseconds)
    uint64_t node_limit = 0;           // 0 = none; else the search ends after this many nodes (phase-1 and
                                       // phase-2 steps): a limit on work that gives the same answer on any
                                       // machine, unlike the timeout
    // With a collector, every solution of at most max_length moves the search meets is passed to it, in
    // the search's order, shorter or not (min_effort is ignored); the search goes on until the collector
    // returns false, the node limit or the timeout, and ends with CUBE_OK.
    const std::function<bool(const MoveList &)> *collect = nullptr;
    // With a collector: every phase-2 ending of each phase-1 solution within max_length, not only the
    // shortest one (many more solutions per node, for choosing among them by another cost).
    bool collect_every_ending = false;
};

// Finds face turns (kinds 0..5, amounts 1..3) that take `start` to `target`; both must be valid
// (solvable) cubie states: the moves in `out`. Without a solution it throws lc::Error: CUBE_ERROR_UNSOLVABLE
// when the search proved that nothing of at most max_length moves exists; CUBE_ERROR_TIMEOUT when the time
// (or node_limit) ran out before any solution was found (with min_effort and a solution found, that solution
// is returned); CUBE_ERROR_CANCELLED when the stop flag was set; CUBE_ERROR_INVALID_ARGUMENT for
// max_length < 0. Deterministic for a given input and options unless the timeout or cancel flag cuts it short.
// (The per-node search code throws nothing: it records why it stops and throws once, at the end.)
void solve(const Tables &tables, const CubieCube &start, const CubieCube &target, const Options &options,
           MoveList &out);

}  // namespace lc::twophase

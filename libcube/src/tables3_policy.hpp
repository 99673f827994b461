// The 3x3 tables a solver answers with, as its table policy says (cube_table_policy in cube/solver.h):
// the full set, waited for; the compact set at once while a background thread loads the full set; or
// the compact set alone.
#pragma once
#include <cube/solver.h>

#include <string>

#include "background_tables.hpp"
#include "cancel.hpp"
#include "compact3/compact3.hpp"
#include "table_loader.hpp"
#include "twophase/twophase.hpp"

namespace lc {

// The set that answers one solve: the full tables if there are, else the compact ones (SolverTables3
// throws lc::Error when there are neither).
struct Tables3 {
    const twophase::Tables *full = nullptr;
    const compact3::Tables *compact = nullptr;
    explicit operator bool() const { return full || compact; }
    // twophase::solve() or compact3::solve(): the same kind of answer, at different speeds.
    void solve(const CubieCube &start, const CubieCube &target, const twophase::Options &options,
                      MoveList &out) const;
};

class SolverTables3 {
public:
    explicit SolverTables3(int32_t policy) : policy_(policy) {}
    // The tables for one solve, from the folder `table_dir` (empty: the search path), reporting to
    // fn(user, ...). Full policy: waits for the full set (loaded on this thread unless another is at
    // it); auto: the full set if it is ready, else the compact set, after starting the background load;
    // compact: the compact set.
    Tables3 get(const std::string &table_dir, cube_progress_fn fn, void *user, StopFlag &stop);
    // The full set whatever the policy but compact (refused: CUBE_ERROR_UNSUPPORTED), waited for: for
    // searches whose answer must not depend on the set (node limits, collected solutions).
    Tables3 get_full(const std::string &table_dir, cube_progress_fn fn, void *user, StopFlag &stop);
    // Whether the policy is compact: the full set is never used.
    bool compact_only() const { return policy_ == CUBE_TABLES_COMPACT; }
    // Stops the background load and waits for it (BackgroundTables::stop()).
    void stop_background() { background_.stop(); }

private:
    const int32_t policy_;
    TableLoader full_;             // CUBE_TABLES_FULL
    BackgroundTables background_;  // CUBE_TABLES_AUTO
};

}  // namespace lc

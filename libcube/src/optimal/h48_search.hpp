// IDA* with the H48 table as the bound (README.md, "H48 search"): one probe of the 48-symmetric coordinate
// per child, and one of its inverse's for the children that pass, in search_driver.hpp's depth loop (its
// units, threads, two-phase attempts and stop conditions).
#pragma once
#include "optimal/h48_table.hpp"
#include "optimal/optimal.hpp"

namespace lc::optimal::h48 {

// optimal::solve() with `table` as the bound: the same options, answers and errors. `table` must hold
// every corner class.
void solve(const twophase::Tables &tables, const H48Table &table, const CubieCube &cube, const Options &options,
           Result &result);

}  // namespace lc::optimal::h48

#include "tables3_policy.hpp"

#include "tablefile/table_places.hpp"

namespace lc {
namespace {

tablefile::TablePlaces places_of(const std::string &table_dir) {
    return table_dir.empty() ? tablefile::search_path() : tablefile::only_folder(table_dir);
}

}  // namespace

void Tables3::solve(const CubieCube &start, const CubieCube &target, const twophase::Options &options,
                    MoveList &out) const {
    if (!full && (options.collect || options.node_limit))
        throw Error(CUBE_ERROR_INTERNAL, "node limits and collected solutions need the full 3x3 tables");
    if (full) {
        twophase::solve(*full, start, target, options, out);
    } else {
        compact3::solve(*compact, start, target, options, out);
    }
}

Tables3 SolverTables3::get(const std::string &table_dir, cube_progress_fn fn, void *user, StopFlag &stop) {
    Tables3 t;
    if (policy_ == CUBE_TABLES_FULL) return get_full(table_dir, fn, user, stop);
    if (policy_ == CUBE_TABLES_AUTO && (t.full = background_.ready())) return t;
    t.compact = compact3::tables();
    if (t.compact && policy_ == CUBE_TABLES_AUTO && !background_.started())
        background_.start(places_of(table_dir), fn, user);
    return t;
}

Tables3 SolverTables3::get_full(const std::string &table_dir, cube_progress_fn fn, void *user, StopFlag &stop) {
    Tables3 t;
    if (policy_ == CUBE_TABLES_COMPACT)
        throw Error(CUBE_ERROR_UNSUPPORTED, "this needs the full 3x3 tables, and the solver's table policy is compact");
    if (policy_ == CUBE_TABLES_AUTO && (t.full = background_.ready())) return t;
    t.full = full_.ready();
    if (!t.full) t.full = full_.get(places_of(table_dir), fn, user, stop);
    return t;
}

}  // namespace lc

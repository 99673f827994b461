// The compact tables: built once per process on first use, in memory.
#include <memory>
#include <mutex>
#include <new>
#include <stdexcept>

#include "compact3/tables.hpp"
#include "error.hpp"

namespace lc::compact3 {
namespace {

template <typename T>
size_t bytes_of(const std::vector<T> &v) {
    return v.size() * sizeof(T);
}

}  // namespace

const Tables *tables() {
    static std::once_flag once;
    static const Tables *built = nullptr;  // never freed: threads may still solve while the process exits
    try {
        std::call_once(once, [] {
            auto t = std::make_unique<Tables>();
            fill_symmetries(*t);
            fill_move_tables(*t);
            fill_class_tables(*t);
            fill_prune_tables(*t);
            built = t.release();
        });
    } catch (const std::bad_alloc &) {
        throw Error(CUBE_ERROR_NO_MEMORY, "out of memory while building the compact 3x3 tables");
    } catch (const std::exception &e) {
        throw Error(CUBE_ERROR_INTERNAL, error_text("compact 3x3 tables: %s", e.what()));
    }
    return built;
}

size_t table_bytes(const Tables &t) {
    size_t n = sizeof(Tables);
    for (const auto *v : {&t.twist_move, &t.flip_move, &t.slice_move, &t.twist_sym, &t.flip_sym, &t.twist_rep, &t.flip_rep,
                          &t.twist_self, &t.flip_self, &t.flip_conj, &t.slice_conj, &t.corner_sym, &t.edge_sym, &t.corner_rep,
                          &t.edge_rep, &t.corner_self, &t.edge_self, &t.corner_move, &t.edge_move, &t.mperm_move, &t.mperm_conj})
        n += bytes_of(*v);
    for (const auto *v : {&t.slice_twist_prune, &t.slice_flip_prune, &t.twist_flip_prune, &t.corner_mperm_prune,
                          &t.edge_mperm_prune})
        n += bytes_of(*v);
    return n;
}

}  // namespace lc::compact3

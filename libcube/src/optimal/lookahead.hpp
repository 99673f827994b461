// The depth-first search of a unit that both workers share (search.cpp, h48_search.cpp): the nodes of
// the path and their children two levels ahead in an arena, so that a worker finds the children of many
// nodes at once and their table reads overlap (README.md, "H48 search").
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "optimal/search_driver.hpp"

namespace lc::optimal {

constexpr uint8_t kNoMove = kMoveCount;  // the move of a unit's first node when its prefix is empty

// A node of the search in a worker's arena, with where its children are.
template <class Node>
struct ArenaEntry {
    Node node;
    uint32_t first;  // its children that pass the bounds, in move order: entries [first, first + count)
    uint8_t count;
    uint8_t move;    // the move that gave it (kNoMove: none)
    int8_t budget;   // the moves left
};

// The worker `Derived` finds children: expand(begin, end) appends to arena_ the children of entries
// [begin, end) in order and sets each one's first and count (none for an entry with no moves left), and
// solved(node) says whether a node's cube is solved.
template <class Derived, class Node>
class Lookahead {
public:
    void flush() { sh_.nodes.fetch_add(std::exchange(nodes_, 0), std::memory_order_relaxed); }

protected:
    using Entry = ArenaEntry<Node>;
    Lookahead(Shared &sh, bool reporting) : sh_(sh), reporting_(reporting) {}

    // Searches the rest of the depth from `n`, the end of the unit's first `at` moves (path_), with
    // `budget` moves left; `prev` the last of those moves (-1: none).
    void search_from(const Node &n, int budget, int prev, int at) {
        arena_.clear();
        arena_.push_back(Entry{n, 0, 0, prev < 0 ? kNoMove : static_cast<uint8_t>(prev), static_cast<int8_t>(budget)});
        self().expand(0, 1);
        self().expand(arena_[0].first, arena_[0].first + arena_[0].count);
        dfs(0, at);
    }
    // The move that gave an entry, -1 for none (the tables of the moves that may follow take it plus one).
    static int prev_of(const Entry &e) { return e.move == kNoMove ? -1 : e.move; }

    Shared &sh_;
    bool reporting_;
    int unit_ = 0;
    uint64_t nodes_ = 0;
    uint8_t path_[kGodsNumberQtm + 2] = {};
    std::vector<Entry> arena_;  // the nodes of the path and their children, two levels ahead

private:
    Derived &self() { return static_cast<Derived &>(*this); }

    // True when the search of this unit is to end. The entry's children and theirs are known; the
    // children of all its grandchildren are found together.
    bool dfs(uint32_t at_entry, int at) {
        if (++nodes_ % kPollNodes == 0 && poll_due(sh_, unit_, nodes_, reporting_)) return true;
        const Entry e = arena_[at_entry];
        if (e.budget == 0) return self().solved(e.node) && record_solution(sh_, unit_, path_, at);
        const size_t mark = arena_.size();
        if (e.count) {
            const Entry &last = arena_[e.first + e.count - 1];
            self().expand(arena_[e.first].first, last.first + last.count);
        }
        for (uint32_t i = e.first; i < e.first + e.count; ++i) {
            path_[at] = arena_[i].move;
            if (dfs(i, at + 1)) return true;
        }
        arena_.resize(mark);
        return false;
    }
};

}  // namespace lc::optimal

// What a cube_solutions list holds: per entry a status, a message and (when solved) a move sequence,
// packed so that long lists stay small. Immutable once handed to the caller.
#pragma once
#include <cube/solver.h>

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "error.hpp"
#include "move.hpp"

struct cube_solutions {
    lc::HandleTag tag{lc::kMagicSolutions};
    std::vector<cube_status> statuses;     // per entry
    std::vector<uint8_t> sizes;            // per entry: the cube size of its moves
    std::vector<uint32_t> message_ids;     // per entry, into messages (0: "")
    std::vector<std::string> messages{""}; // each distinct message once
    std::vector<uint64_t> ends;            // entry i's moves are moves[ends[i - 1] .. ends[i])
    std::vector<lc::Move> moves;

    int32_t count() const { return static_cast<int32_t>(statuses.size()); }
    const std::string &message(int32_t i) const { return messages[message_ids[i]]; }
    lc::MoveList entry_moves(int32_t i) const {
        uint64_t begin = i == 0 ? 0 : ends[i - 1];
        return lc::MoveList(moves.begin() + static_cast<ptrdiff_t>(begin), moves.begin() + static_cast<ptrdiff_t>(ends[i]));
    }
    ~cube_solutions() { tag.magic = 0; }
};

namespace lc {

// Fills a new list entry by entry, in order.
class SolutionsBuilder {
public:
    SolutionsBuilder() : list_(std::make_unique<cube_solutions>()) {}

    void add_solution(int size, const MoveList &m) {
        list_->moves.insert(list_->moves.end(), m.begin(), m.end());
        push(CUBE_OK, size, 0);
    }
    void add_failure(cube_status status, const std::string &message) { push(status, 0, message_id(message)); }

    cube_solutions *release() { return list_.release(); }

private:
    void push(cube_status status, int size, uint32_t message) {
        list_->statuses.push_back(status);
        list_->sizes.push_back(static_cast<uint8_t>(size));
        list_->message_ids.push_back(message);
        list_->ends.push_back(list_->moves.size());
    }
    uint32_t message_id(const std::string &message) {
        auto found = ids_.find(message);
        if (found != ids_.end()) return found->second;
        uint32_t id = static_cast<uint32_t>(list_->messages.size());
        list_->messages.push_back(message);
        ids_.emplace(message, id);
        return id;
    }

    std::unique_ptr<cube_solutions> list_;
    std::unordered_map<std::string, uint32_t> ids_{{"", 0}};
};

}  // namespace lc

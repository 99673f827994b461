// lcb::Moves: a cube_moves sequence.
#include "call.hpp"

namespace lcb {

Moves::Moves(int32_t size) : moves_(nullptr) { detail::check(cube_moves_new(size, &moves_)); }

Moves::Moves(cube_moves *moves) : moves_(moves) {}

Moves::~Moves() { cube_moves_free(moves_); }

Moves *Moves::parse(const std::string &notation) { return parse(notation, 3); }

Moves *Moves::parse(const std::string &notation, int32_t size) {
    cube_moves *moves = nullptr;
    detail::check(cube_moves_parse(notation.c_str(), size, &moves));
    return new Moves(moves);
}

Moves *Moves::scramble(int32_t size, int64_t seed, int32_t length) {
    cube_moves *moves = nullptr;
    detail::check(cube_scramble(size, static_cast<uint64_t>(seed), length, &moves));
    return new Moves(moves);
}

Moves *Moves::adopt(cube_moves *moves) {
    if (moves == nullptr) {
        detail::fail(Status::InvalidArgument, "Moves::adopt: no sequence");
    }
    try {
        return new Moves(moves);
    } catch (...) {
        cube_moves_free(moves);
        throw;
    }
}

Moves *Moves::copy() const {
    cube_moves *moves = nullptr;
    detail::check(cube_moves_copy(moves_, &moves));
    return new Moves(moves);
}

int32_t Moves::count() const {
    int32_t count = 0;
    detail::check(cube_moves_count(moves_, &count));
    return count;
}

int32_t Moves::length(Metric metric) const {
    int32_t length = 0;
    detail::check(cube_moves_length(moves_, static_cast<int32_t>(metric), &length));
    return length;
}

MoveKind Moves::kindAt(int32_t index) const {
    int32_t kind = 0, amount = 0;
    detail::check(cube_moves_get(moves_, index, &kind, &amount));
    return static_cast<MoveKind>(kind);
}

int32_t Moves::amountAt(int32_t index) const {
    int32_t kind = 0, amount = 0;
    detail::check(cube_moves_get(moves_, index, &kind, &amount));
    return amount;
}

void Moves::push(MoveKind kind, int32_t amount) {
    detail::check(cube_moves_push(moves_, static_cast<int32_t>(kind), amount));
}

void Moves::append(const Moves &tail) { detail::check(cube_moves_append(moves_, tail.moves_)); }

void Moves::invert() { detail::check(cube_moves_invert(moves_)); }

void Moves::simplify() { detail::check(cube_moves_simplify(moves_)); }

std::string Moves::text() const {
    const char *text = nullptr;
    detail::check(cube_moves_text(moves_, &text));
    return text;
}

bool Moves::sameAs(const Moves &other) const {
    int32_t count = this->count();
    if (other.count() != count) {
        return false;
    }
    for (int32_t i = 0; i < count; ++i) {
        int32_t kind = 0, amount = 0, otherKind = 0, otherAmount = 0;
        detail::check(cube_moves_get(moves_, i, &kind, &amount));
        detail::check(cube_moves_get(other.moves_, i, &otherKind, &otherAmount));
        if (kind != otherKind || amount != otherAmount) {
            return false;
        }
    }
    return true;
}

const cube_moves *Moves::handle() const { return moves_; }

} // namespace lcb

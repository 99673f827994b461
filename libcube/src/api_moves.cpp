// C API: move sequences and applying them.
#include <memory>

#include "api_util.hpp"
#include "geometry.hpp"
#include "handles.hpp"
#include "notation.hpp"
#include "random.hpp"

using namespace lc;

namespace {

cube_status apply_list(cube_state *s, const MoveList &list) {
    const Geometry &g = geometry(s->size);
    for (size_t i = 0; i < list.size(); ++i)
        if (!g.has_move(list[i].kind))
            return set_error(CUBE_ERROR_INVALID_ARGUMENT, "move %zu (%s) cannot be applied to a %dx%d", i + 1,
                             format_move(list[i]).c_str(), s->size, s->size);
    for (const Move &m : list) apply_move(g, s->letters, m);
    return CUBE_OK;
}


}  // namespace

extern "C" {

CUBE_API cube_status cube_moves_new(int32_t size, cube_moves **out) {
    return api_guard([&]() -> cube_status {
        cube_status st = check_out_and_size(out, size);
        if (st != CUBE_OK) return st;
        *out = new_moves_handle(size, {});
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_moves_parse(const char *text, int32_t size, cube_moves **out) {
    return api_guard([&]() -> cube_status {
        cube_status st = check_out_and_size(out, size);
        if (st != CUBE_OK) return st;
        *out = new_moves_handle(size, parse_moves(text, size));
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_moves_copy(const cube_moves *moves, cube_moves **out) {
    return api_guard([&]() -> cube_status {
        cube_status st = check_out(out);
        if (st != CUBE_OK) return st;
        cube_moves *m = moves_impl(moves);
        if (!m) return CUBE_ERROR_INVALID_ARGUMENT;
        *out = new_moves_handle(m->size, m->list());
        return CUBE_OK;
    });
}

CUBE_API void cube_moves_free(cube_moves *moves) {
    if (moves && moves->tag.magic == kMagicMoves) delete moves;
}

CUBE_API cube_status cube_moves_count(const cube_moves *moves, int32_t *count) {
    if (count) *count = 0;
    cube_moves *m = moves_impl(moves);
    if (!m) return CUBE_ERROR_INVALID_ARGUMENT;
    if (!count) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "count pointer is NULL");
    *count = static_cast<int32_t>(m->list().size());
    return CUBE_OK;
}

CUBE_API cube_status cube_moves_length(const cube_moves *moves, int32_t metric, int32_t *length) {
    if (length) *length = 0;
    cube_moves *m = moves_impl(moves);
    if (!m) return CUBE_ERROR_INVALID_ARGUMENT;
    if (!length) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "length pointer is NULL");
    if (metric < CUBE_METRIC_HTM || metric > CUBE_METRIC_STM)
        return set_error(CUBE_ERROR_INVALID_ARGUMENT, "unknown metric %d", metric);
    *length = moves_length(m->list(), metric);
    return CUBE_OK;
}

CUBE_API cube_status cube_moves_get(const cube_moves *moves, int32_t index, int32_t *kind, int32_t *amount) {
    if (kind) *kind = 0;
    if (amount) *amount = 0;
    cube_moves *m = moves_impl(moves);
    if (!m) return CUBE_ERROR_INVALID_ARGUMENT;
    if (!kind || !amount) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "kind or amount pointer is NULL");
    const MoveList &list = m->list();
    if (index < 0 || static_cast<size_t>(index) >= list.size())
        return set_error(CUBE_ERROR_INVALID_ARGUMENT, "move index %d out of range (sequence has %zu moves)", index,
                         list.size());
    *kind = list[static_cast<size_t>(index)].kind;
    *amount = list[static_cast<size_t>(index)].amount;
    return CUBE_OK;
}

CUBE_API cube_status cube_moves_push(cube_moves *moves, int32_t kind, int32_t amount) {
    return api_guard([&]() -> cube_status {
        cube_moves *m = moves_impl(moves);
        if (!m) return CUBE_ERROR_INVALID_ARGUMENT;
        if (kind < 0 || kind >= kMoveKinds) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "unknown move kind %d", kind);
        if (!move_allowed(m->size, kind))
            return set_error(CUBE_ERROR_INVALID_ARGUMENT, "move kind %d is not available on the %dx%d", kind, m->size,
                             m->size);
        if (amount == -1) amount = 3;
        if (amount < 1 || amount > 3)
            return set_error(CUBE_ERROR_INVALID_ARGUMENT, "move amount %d: must be 1, 2, 3 (or -1)", amount);
        m->push(Move{static_cast<uint8_t>(kind), static_cast<uint8_t>(amount)});
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_moves_append(cube_moves *moves, const cube_moves *tail) {
    return api_guard([&]() -> cube_status {
        cube_moves *m = moves_impl(moves), *t = moves_impl(tail, "tail");
        if (!m || !t) return CUBE_ERROR_INVALID_ARGUMENT;
        for (const Move &x : t->list())
            if (!move_allowed(m->size, x.kind))
                return set_error(CUBE_ERROR_INVALID_ARGUMENT, "move %s is not available on the %dx%d",
                                 format_move(x).c_str(), m->size, m->size);
        MoveList joined = m->list();  // tail may be the same sequence
        joined.insert(joined.end(), t->list().begin(), t->list().end());
        m->assign(std::move(joined));
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_moves_invert(cube_moves *moves) {
    return api_guard([&]() -> cube_status {
        cube_moves *m = moves_impl(moves);
        if (!m) return CUBE_ERROR_INVALID_ARGUMENT;
        m->assign(inverted(m->list()));
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_moves_simplify(cube_moves *moves) {
    return api_guard([&]() -> cube_status {
        cube_moves *m = moves_impl(moves);
        if (!m) return CUBE_ERROR_INVALID_ARGUMENT;
        m->assign(simplified(m->list()));
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_moves_text(const cube_moves *moves, const char **text) {
    if (text) *text = nullptr;
    const cube_moves *m = moves_impl(moves);
    if (!m) return CUBE_ERROR_INVALID_ARGUMENT;
    if (!text) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "text pointer is NULL");
    *text = m->text().c_str();
    return CUBE_OK;
}

CUBE_API cube_status cube_moves_copy_text(const cube_moves *moves, char *buffer, int32_t capacity, int32_t *length) {
    return api_guard([&]() -> cube_status {
        cube_moves *m = moves_impl(moves);
        if (!m) return CUBE_ERROR_INVALID_ARGUMENT;
        return copy_out(m->text(), buffer, capacity, length);
    });
}

CUBE_API cube_status cube_state_apply(cube_state *state, const cube_moves *moves) {
    return api_guard([&]() -> cube_status {
        cube_state *s = state_impl(state);
        cube_moves *m = moves_impl(moves);
        if (!s || !m) return CUBE_ERROR_INVALID_ARGUMENT;
        return apply_list(s, m->list());
    });
}

CUBE_API cube_status cube_state_apply_text(cube_state *state, const char *text) {
    return api_guard([&]() -> cube_status {
        cube_state *s = state_impl(state);
        if (!s) return CUBE_ERROR_INVALID_ARGUMENT;
        return apply_list(s, parse_moves(text, s->size));
    });
}

CUBE_API cube_status cube_scramble(int32_t size, uint64_t seed, int32_t length, cube_moves **out) {
    return api_guard([&]() -> cube_status {
        cube_status st = check_out_and_size(out, size);
        if (st != CUBE_OK) return st;
        if (length < 0 || length > 10000)
            return set_error(CUBE_ERROR_INVALID_ARGUMENT, "scramble length %d: must be 0 (default) to 10000", length);
        if (length == 0) length = size == 3 ? 25 : 11;
        Rng rng(seed);
        *out = new_moves_handle(size, random_scramble(rng, size, length));
        return CUBE_OK;
    });
}

}  // extern "C"

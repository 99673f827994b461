// C API: cube state handles.
#include <memory>

#include "api_util.hpp"
#include "facelets.hpp"
#include "handles.hpp"
#include "net.hpp"
#include "random.hpp"

using namespace lc;

extern "C" {

CUBE_API cube_status cube_state_new(int32_t size, cube_state **out) {
    return api_guard([&]() -> cube_status {
        cube_status st = check_out_and_size(out, size);
        if (st != CUBE_OK) return st;
        auto s = std::make_unique<cube_state>();
        s->size = size;
        s->letters = solved_facelets(size);
        *out = s.release();
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_state_from_facelets(const char *facelets, int32_t size, cube_state **out) {
    return api_guard([&]() -> cube_status {
        cube_status st = check_out(out);
        if (st != CUBE_OK) return st;
        Facelets parsed = parse_facelets(facelets, size);
        auto s = std::make_unique<cube_state>();
        s->size = parsed.size;
        s->letters = std::move(parsed.letters);
        *out = s.release();
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_validate_facelets(const char *facelets, int32_t size) {
    return api_guard([&]() -> cube_status {
        parse_facelets(facelets, size);
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_state_copy(const cube_state *state, cube_state **out) {
    return api_guard([&]() -> cube_status {
        cube_status st = check_out(out);
        if (st != CUBE_OK) return st;
        cube_state *s = state_impl(state);
        if (!s) return CUBE_ERROR_INVALID_ARGUMENT;
        auto c = std::make_unique<cube_state>();
        c->size = s->size;
        c->letters = s->letters;
        *out = c.release();
        return CUBE_OK;
    });
}

CUBE_API void cube_state_free(cube_state *state) {
    if (state && state->tag.magic == kMagicState) delete state;
}

CUBE_API cube_status cube_state_size(const cube_state *state, int32_t *size) {
    if (size) *size = 0;
    cube_state *s = state_impl(state);
    if (!s) return CUBE_ERROR_INVALID_ARGUMENT;
    if (!size) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "size pointer is NULL");
    *size = s->size;
    return CUBE_OK;
}

CUBE_API cube_status cube_state_equal(const cube_state *a, const cube_state *b, int32_t *equal) {
    if (equal) *equal = 0;
    cube_state *x = state_impl(a, "first state"), *y = state_impl(b, "second state");
    if (!x || !y) return CUBE_ERROR_INVALID_ARGUMENT;
    if (!equal) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "equal pointer is NULL");
    *equal = x->size == y->size && x->letters == y->letters;
    return CUBE_OK;
}

CUBE_API cube_status cube_state_is_solved(const cube_state *state, int32_t *solved) {
    if (solved) *solved = 0;
    cube_state *s = state_impl(state);
    if (!s) return CUBE_ERROR_INVALID_ARGUMENT;
    if (!solved) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "solved pointer is NULL");
    *solved = faces_uniform(s->size, s->letters);
    return CUBE_OK;
}

CUBE_API cube_status cube_state_facelets(const cube_state *state, const char **facelets) {
    if (facelets) *facelets = nullptr;
    cube_state *s = state_impl(state);
    if (!s) return CUBE_ERROR_INVALID_ARGUMENT;
    if (!facelets) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "facelets pointer is NULL");
    *facelets = s->letters.c_str();
    return CUBE_OK;
}

CUBE_API cube_status cube_state_copy_facelets(const cube_state *state, char *buffer, int32_t capacity,
                                              int32_t *length) {
    return api_guard([&]() -> cube_status {
        cube_state *s = state_impl(state);
        if (!s) return CUBE_ERROR_INVALID_ARGUMENT;
        return copy_out(s->letters, buffer, capacity, length);
    });
}

CUBE_API cube_status cube_state_format_net(const cube_state *state, uint32_t flags, char *buffer, int32_t capacity,
                                           int32_t *length) {
    return api_guard([&]() -> cube_status {
        cube_state *s = state_impl(state);
        if (!s) return CUBE_ERROR_INVALID_ARGUMENT;
        if (flags & ~static_cast<uint32_t>(CUBE_NET_COLOR))
            return set_error(CUBE_ERROR_INVALID_ARGUMENT, "unknown net flags 0x%x", flags);
        return copy_out(format_net(s->size, s->letters, flags & CUBE_NET_COLOR), buffer, capacity, length);
    });
}

CUBE_API cube_status cube_state_random(int32_t size, uint64_t seed, cube_state **out) {
    return api_guard([&]() -> cube_status {
        cube_status st = check_out_and_size(out, size);
        if (st != CUBE_OK) return st;
        Rng rng(seed);
        auto s = std::make_unique<cube_state>();
        s->size = size;
        s->letters = cubies_to_facelets(size, size == 3 ? random_cubie(rng) : random_corners_dbl_fixed(rng));
        *out = s.release();
        return CUBE_OK;
    });
}

}  // extern "C"

// C API: reading a list of solutions (cube_solve_all, cube_solve_batch).
#include "api_util.hpp"
#include "handles.hpp"
#include "solutions.hpp"

using namespace lc;

namespace {

const cube_solutions *list_impl(const cube_solutions *list) {
    return checked<const cube_solutions>(list, kMagicSolutions, "list");
}

// The list, if `index` is one of its entries; nullptr (and an error) otherwise.
const cube_solutions *entry_of(const cube_solutions *list, int32_t index) {
    const cube_solutions *l = list_impl(list);
    if (!l) return nullptr;
    if (index < 0 || index >= l->count()) {
        set_error(CUBE_ERROR_INVALID_ARGUMENT, "index %d is outside the list of %d entries", index, l->count());
        return nullptr;
    }
    return l;
}

}  // namespace

extern "C" {

CUBE_API cube_status cube_solutions_count(const cube_solutions *list, int32_t *count) {
    if (cube_status cleared = clear_out(count, "count"); cleared != CUBE_OK) return cleared;
    const cube_solutions *l = list_impl(list);
    if (!l) return CUBE_ERROR_INVALID_ARGUMENT;
    *count = l->count();
    return CUBE_OK;
}

CUBE_API cube_status cube_solutions_status(const cube_solutions *list, int32_t index, cube_status *status) {
    if (!status) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "status pointer is NULL");
    *status = CUBE_OK;
    const cube_solutions *l = entry_of(list, index);
    if (!l) return CUBE_ERROR_INVALID_ARGUMENT;
    *status = l->statuses[index];
    return CUBE_OK;
}

CUBE_API cube_status cube_solutions_message(const cube_solutions *list, int32_t index, const char **message) {
    if (cube_status cleared = clear_out(message, "message"); cleared != CUBE_OK) return cleared;
    const cube_solutions *l = entry_of(list, index);
    if (!l) return CUBE_ERROR_INVALID_ARGUMENT;
    *message = l->message(index).c_str();
    return CUBE_OK;
}

CUBE_API cube_status cube_solutions_get(const cube_solutions *list, int32_t index, cube_moves **out) {
    return api_guard([&]() -> cube_status {
        cube_status st = check_out(out);
        if (st != CUBE_OK) return st;
        const cube_solutions *l = entry_of(list, index);
        if (!l) return CUBE_ERROR_INVALID_ARGUMENT;
        if (l->statuses[index] != CUBE_OK) return set_error(l->statuses[index], "%s", l->message(index).c_str());
        *out = new_moves_handle(l->sizes[index], l->entry_moves(index));
        return CUBE_OK;
    });
}

CUBE_API void cube_solutions_free(cube_solutions *list) {
    if (list && list->tag.magic == kMagicSolutions) delete list;
}

}  // extern "C"

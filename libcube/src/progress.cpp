#include "progress.hpp"

#include "versioned.hpp"

namespace lc {

int32_t send_progress(cube_progress_fn fn, void *user, int32_t event, const char *stage, double stage_fraction,
                      double fraction, std::chrono::steady_clock::time_point start) {
    if (!fn) return 0;
    cube_progress p = sized_struct<cube_progress>();
    p.event = event;
    p.stage = stage;
    p.stage_fraction = stage_fraction;
    p.fraction = fraction;
    p.elapsed_us =
        std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start).count();
    return fn(user, &p);
}

}  // namespace lc

// Bringing a driver's robot to its rest state from wherever it is.
#pragma once
#include <cube/driver.h>

struct cube_driver;

namespace lc::driver {

// When the driver's positions are not the rest state, plans the way there (no moves, from the
// driver's positions) and runs it as a run would (no scramble, no progress). Throws lc::Error (the fault
// recorded) when it cannot.
void bring_to_rest(cube_driver *d);

}  // namespace lc::driver

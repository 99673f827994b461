/* Shared by the Tic tests: six fake boards on an emulated bus, the driver opened from the build folder. */
#ifndef TIC_FIXTURE_H
#define TIC_FIXTURE_H

#include <cube/driver.h>

#include "fake_tic.h"

#define TIC_STEPS_PER_QUARTER 400 /* 200 steps x 8 microsteps / 4 */

/* Exits 77 (skipped) with a reason when the test does not run under umockdev's preload. */
void tic_skip_unless_emulated(void);
/* argv[1]: the folder holding cube-driver-tic.so. */
void tic_set_plugin_folder(const char *folder);
cube_driver_registry *tic_registry(void);
/* The URI of a six-motor robot on the six boards of `bus`, with `extra` options appended ("" for none). */
const char *tic_uri(const fake_bus *bus, const char *extra);
/* Opens `uri`; asserts success. */
cube_driver *tic_open(const char *uri);
/* A plan solving a scramble of `length` moves (seed), for the driver's robot; the scramble text in `scramble`. */
cube_plan *tic_plan(cube_driver *driver, uint64_t seed, int32_t length, char *scramble, size_t capacity);
/* Milliseconds since some fixed point. */
int64_t tic_now_ms(void);

#endif

// Calling a plugin through its table, whatever its version: version-1 tables get version-1 commands
// and a stop without level; optional functions that a table lacks do the documented default.
#pragma once
#include <cube/driver_plugin.h>

#include <cstdint>

#include "driver/registry.hpp"

namespace lc::driver {

// Commands that start together: the most a step has.
inline constexpr int32_t kMaxStepCommands = 3;

// Opens an instance: open_host with `host` when the table has it, else open.
int32_t call_open(const Entry &e, const cube_driver_host *host, const char *options, void **instance, char *err,
                  int32_t err_capacity);
// Runs one step: execute_steps with pointers to version-2 commands, or execute with an array of
// version-1 commands (copied, 24 bytes each).
int32_t call_execute(const Entry &e, void *instance, const cube_driver_command *commands, int32_t count);
// stop_level(level), or stop() for a table without it.
int32_t call_stop(const Entry &e, void *instance, int32_t level);
// prepare / rest, CUBE_OK when the table has none.
int32_t call_prepare(const Entry &e, void *instance);
int32_t call_rest(const Entry &e, void *instance);
// The plugin's fault record into `out` (struct_size set by the caller); false when the table has none.
bool call_fault(const Entry &e, void *instance, cube_driver_fault &out);
// Whether the plugin opted in to concurrent steps (query "concurrent-steps" answers "yes"), and its
// speed factor (query "speed": a number above 0, else 1). Plugins that do not know the keys run steps
// one at a time.
bool call_concurrent(const Entry &e, void *instance, double &speed);
// The plugin's deadline margin in microseconds, or -1 when the table has none (clamped to 0..60 s).
int64_t call_margin_us(const Entry &e, void *instance);

}  // namespace lc::driver

// The public headers must compile as C++ (built with -pedantic -Werror), and their macros (versioned-struct
// sizes and init macros) must work there.
#include <cube/cube.h>
#include <cube/driver_plugin.h>

#include <cstdint>
#include <type_traits>

#define HEADER_CHECK(name, condition) static_assert(condition, #name)

static_assert(std::is_same<cube_status, std::int32_t>::value, "cube_status is int32_t");
static_assert(std::is_same<cube_scan_colour_space, cube_scan_color_space>::value, "the 1.2 enum tag is an alias");
#include "header_checks.inc"

int main() { return init_every_struct(); }

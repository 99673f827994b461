/* The public headers must compile as strict C99 (built with -std=c99 -pedantic -Werror), and their macros
 * (versioned-struct sizes and init macros) must work there. */
#include <cube/cube.h>
#include <cube/driver_plugin.h>

/* C99 has no static_assert: an array of negative size fails to compile. */
#define HEADER_CHECK(name, condition) typedef char name[(condition) ? 1 : -1]

#include "header_checks.inc"

int main(void) { return init_every_struct(); }

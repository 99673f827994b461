/* The public headers must compile as strict C99 (built with -std=c99 -pedantic -Werror). */
#include <cube/cube.h>

int main(void) { return cube_version() == CUBE_VERSION_NUMBER ? 0 : 1; }

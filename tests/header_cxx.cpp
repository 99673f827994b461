// The public headers must compile as C++ (built with -pedantic -Werror).
#include <cube/cube.h>

int main() { return cube_version() == CUBE_VERSION_NUMBER ? 0 : 1; }

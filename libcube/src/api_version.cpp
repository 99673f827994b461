// C API: run-time version.
#include <cube/version.h>

extern "C" {

CUBE_API uint32_t cube_version(void) { return CUBE_VERSION_NUMBER; }
CUBE_API const char *cube_version_string(void) { return CUBE_VERSION_STRING; }

}  // extern "C"

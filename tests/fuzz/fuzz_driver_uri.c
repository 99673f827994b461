/* Fuzz target: driver URIs and options (cube_driver_open on a registry of the built-in drivers only),
 * which reaches the sim driver's option parser ("sim:model=four-arm,speed=10,fail_after=3,...").
 * Checks: a failure leaves NULL and a message; an open driver has a name and a robot spec. */
#include <cube/cube.h>
#include <cube/driver.h>

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Built-in drivers only: the empty search path loads no plugin. Made once and kept for the whole run. */
static cube_driver_registry *builtin_registry(void) {
    static cube_driver_registry *registry = NULL;
    if (!registry) FUZZ_CHECK(cube_driver_registry_new("", &registry) == CUBE_OK);
    return registry;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *uri = fuzz_text(data, size);

    cube_driver *driver = (cube_driver *)uri; /* not NULL: the call must reset it */
    cube_status status = cube_driver_open(builtin_registry(), uri, &driver);
    if (status != CUBE_OK) {
        FUZZ_CHECK(driver == NULL);
        FUZZ_CHECK(cube_last_error()[0] != '\0');
        free(uri);
        return 0;
    }
    FUZZ_CHECK(cube_driver_name(driver) != NULL);
    FUZZ_CHECK(cube_driver_robot_spec(driver) != NULL);
    cube_driver_close(driver);
    free(uri);
    return 0;
}

/* A complete version-2 table with one flaw, chosen when it is built, that the registry must refuse:
 * FLAW_SMALL_TABLE (a version-2 table of version 1's size), FLAW_ABI_ZERO (abi_version 0) or
 * FLAW_NO_EXECUTE (neither execute nor execute_steps). */
#include <cube/driver_plugin.h>

static int32_t open_host(const cube_driver_host *host, const char *options, void **instance, char *err, int32_t cap) {
    (void)host, (void)options, (void)err, (void)cap;
    *instance = (void *)1;
    return CUBE_OK;
}
static const char *robot_spec(void *instance) {
    (void)instance;
    return "";
}
static int32_t actuator_count(void *instance) {
    (void)instance;
    return 0;
}
static const char *actuator_name(void *instance, int32_t index) {
    (void)instance, (void)index;
    return NULL;
}
static int32_t configure(void *instance, const char *key, const char *value) {
    (void)instance, (void)key, (void)value;
    return CUBE_ERROR_UNSUPPORTED;
}
static int32_t execute_steps(void *instance, const cube_driver_command *const *commands, int32_t count) {
    (void)instance, (void)commands, (void)count;
    return CUBE_OK;
}
static int32_t status(void *instance, cube_driver_status *out) {
    (void)instance, (void)out;
    return CUBE_OK;
}
static int32_t position(void *instance, int32_t actuator, int32_t *value) {
    (void)instance, (void)actuator, (void)value;
    return CUBE_ERROR_INVALID_ARGUMENT;
}
static int32_t query(void *instance, const char *key, char *buffer, int32_t capacity, int32_t *length) {
    (void)instance, (void)key, (void)buffer, (void)capacity, (void)length;
    return CUBE_ERROR_UNSUPPORTED;
}
static int32_t stop_level(void *instance, int32_t level) {
    (void)instance, (void)level;
    return CUBE_OK;
}
static const char *last_error(void *instance) {
    (void)instance;
    return "";
}
static void close_instance(void *instance) {
    (void)instance;
}

CUBE_DRIVER_EXPORT const cube_driver_api *cube_driver_entry(uint32_t host) {
    (void)host;
    static cube_driver_api api;
    api.struct_size = sizeof api;
    api.abi_version = CUBE_DRIVER_ABI_VERSION;
    api.name = "flawed";
    api.description = "a complete table but for one flaw";
    api.open_host = open_host;
    api.robot_spec = robot_spec;
    api.actuator_count = actuator_count;
    api.actuator_name = actuator_name;
    api.configure = configure;
    api.execute_steps = execute_steps;
    api.status = status;
    api.position = position;
    api.query = query;
    api.stop_level = stop_level;
    api.last_error = last_error;
    api.close = close_instance;
#if defined(FLAW_SMALL_TABLE)
    api.struct_size = CUBE_DRIVER_API_SIZE_V1;
#elif defined(FLAW_ABI_ZERO)
    api.abi_version = 0;
#elif defined(FLAW_NO_EXECUTE)
    api.execute_steps = NULL;
#endif
    return &api;
}

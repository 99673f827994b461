// The edge of a driver's C function table (cube_driver_api): what a driver's C++ parts throw (Failure)
// becomes a status and a message there, so that nothing is thrown across the C ABI. Shared by the built-in
// sim and the plugins in drivers/ (public headers only, header-only).
#pragma once
#include <cube/driver_plugin.h>

#include <cstdint>
#include <cstdio>
#include <exception>
#include <new>
#include <string>

namespace cube_plugin {

// How a driver's C++ parts report a failure: a status and a message.
struct Failure {
    int32_t status;
    std::string message;
};

// Runs call(*driver), turning whatever it throws into a status that driver->fail(status, message) records.
template <typename Driver, typename Call>
int32_t guarded(Driver *driver, Call call) {
    if (!driver) return CUBE_ERROR_INVALID_ARGUMENT;
    try {
        return call(*driver);
    } catch (const Failure &f) {
        return driver->fail(f.status, f.message);
    } catch (const std::bad_alloc &) {
        return driver->fail(CUBE_ERROR_NO_MEMORY, "out of memory");
    } catch (const std::exception &e) {
        return driver->fail(CUBE_ERROR_INTERNAL, e.what());
    } catch (...) {
        return driver->fail(CUBE_ERROR_INTERNAL, "unknown exception");
    }
}

// The body of open_host: refuses a NULL `instance` and a host that is not `host_usable`, then sets
// *instance = make(); what make() throws becomes the status, with its message in `err`.
template <typename Make>
int32_t open_instance(bool host_usable, void **instance, char *err, int32_t err_capacity, Make make) {
    auto say = [&](int32_t status, const std::string &message) {
        if (err && err_capacity > 0) std::snprintf(err, size_t(err_capacity), "%s", message.c_str());
        return status;
    };
    if (!instance) return say(CUBE_ERROR_INVALID_ARGUMENT, "instance pointer is NULL");
    *instance = nullptr;
    if (!host_usable) return say(CUBE_ERROR_INVALID_ARGUMENT, "the host's services are missing or too old");
    try {
        *instance = make();
        return CUBE_OK;
    } catch (const Failure &f) {
        return say(f.status, f.message);
    } catch (const std::bad_alloc &) {
        return say(CUBE_ERROR_NO_MEMORY, "out of memory");
    } catch (const std::exception &e) {
        return say(CUBE_ERROR_INTERNAL, e.what());
    } catch (...) {
        return say(CUBE_ERROR_INTERNAL, "unknown exception");
    }
}

}  // namespace cube_plugin

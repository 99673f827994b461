// C API: listing the devices a driver can see, through the plugin's optional list_devices.
#include <algorithm>
#include <cstring>

#include "api_util.hpp"
#include "driver/api_driver.hpp"

namespace {

// What the plugin's sink calls carry: the user's callback and the listing so far.
struct Listing {
    cube_driver_device_fn found;
    void *user_data;
    int32_t next_index = 0;
};

const char *text_or_empty(const char *s) {
    return s ? s : "";
}

// cube_driver_device_sink: reads of the plugin's struct only what its struct_size covers and hands the
// user a complete one.
int32_t device_sink(void *sink, const cube_driver_device *device) {
    auto *listing = static_cast<Listing *>(sink);
    if (!device) return 0;
    cube_driver_device in{};
    std::memcpy(&in, device, std::min<size_t>(device->struct_size, sizeof in));
    cube_driver_device out{};
    out.struct_size = sizeof out;
    out.index = listing->next_index++;
    out.uri = text_or_empty(in.uri);
    out.product = text_or_empty(in.product);
    out.serial = text_or_empty(in.serial);
    out.detail = text_or_empty(in.detail);
    return listing->found(listing->user_data, &out);
}

}  // namespace

extern "C" {

CUBE_API cube_status cube_driver_registry_list_devices(const cube_driver_registry *registry, int32_t index,
                                                       cube_driver_device_fn found, void *user_data) {
    return lc::api_guard([&]() -> cube_status {
        const lc::driver::Entry *e = lc::entry_at(registry, index);
        if (!e) return cube_last_status();
        if (!found) return lc::set_error(CUBE_ERROR_INVALID_ARGUMENT, "found is NULL");
        if (!e->api.list_devices)
            return lc::set_error(CUBE_ERROR_UNSUPPORTED, "driver %s cannot list devices", e->name.c_str());
        auto host = lc::driver::make_host(e->name, lc::registry_impl(registry)->log);
        Listing listing{found, user_data};
        int32_t s = e->api.list_devices(&host->table, &listing, device_sink);
        if (s == CUBE_OK) return CUBE_OK;
        if (s >= 0 || s < CUBE_ERROR_INTERNAL) s = CUBE_ERROR_IO;
        return lc::set_error(cube_status(s), "driver %s: listing devices failed (%s)", e->name.c_str(),
                             cube_status_name(cube_status(s)));
    });
}

}  // extern "C"

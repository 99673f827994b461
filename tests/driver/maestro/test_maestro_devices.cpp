// The Maestro driver's device listing (drivers/maestro/maestro_devices.cpp, compiled in) over a fake sysfs
// tree: a Mini Maestro 12's command port (interface 00) is listed with its /dev path, product and serial;
// its TTL port (interface 02), another vendor's port and a tty without a device are not; a missing tty
// folder lists nothing; the sink can stop the listing.
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "maestro_devices.hpp"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
extern "C" {
#include <cmocka.h>
}

namespace {

std::string root;  // the fake /sys

void write_file(const std::string &path, const std::string &text) {
    std::ofstream(path) << text << "\n";
}

// A USB device folder with its ids, and an interface folder below it whose tty is `tty`.
void usb_tty(const std::string &usb, const char *vendor, const char *product, const char *serial,
             const char *interface, const std::string &tty) {
    const std::string device = root + "/devices/" + usb;
    const std::string iface = device + "/" + usb + ":1." + interface;
    mkdir((root + "/devices").c_str(), 0755);
    mkdir(device.c_str(), 0755);
    mkdir(iface.c_str(), 0755);
    write_file(device + "/idVendor", vendor);
    write_file(device + "/idProduct", product);
    write_file(device + "/serial", serial);
    write_file(iface + "/bInterfaceNumber", interface);
    const std::string tty_dir = root + "/class/tty/" + tty;
    mkdir(tty_dir.c_str(), 0755);
    assert_int_equal(symlink(iface.c_str(), (tty_dir + "/device").c_str()), 0);
}

struct Seen {
    std::vector<std::string> uris, products, serials;
    int stop_after = 0;  // 0: never
};

int32_t keep(void *sink, const cube_driver_device *d) {
    Seen &seen = *static_cast<Seen *>(sink);
    assert_true(d->struct_size >= CUBE_DRIVER_DEVICE_SIZE_V1);
    assert_int_equal(d->index, int32_t(seen.uris.size()));
    seen.uris.push_back(d->uri);
    seen.products.push_back(d->product);
    seen.serials.push_back(d->serial);
    return seen.stop_after != 0 && int(seen.uris.size()) >= seen.stop_after;
}

void only_command_ports_of_maestros_are_listed(void **) {
    Seen seen;
    assert_int_equal(cube_maestro::list_devices((root + "/class/tty").c_str(), &seen, keep), CUBE_OK);
    assert_int_equal(seen.uris.size(), 1);
    assert_string_equal(seen.uris[0].c_str(), "maestro:/dev/ttyACM0");
    assert_string_equal(seen.products[0].c_str(), "Mini Maestro 12");
    assert_string_equal(seen.serials[0].c_str(), "00123456");
}

void the_sink_can_stop_the_listing(void **) {
    usb_tty("1-3", "1ffb", "0089", "00999999", "00", "ttyACM5");
    Seen seen;
    seen.stop_after = 1;
    assert_int_equal(cube_maestro::list_devices((root + "/class/tty").c_str(), &seen, keep), CUBE_OK);
    assert_int_equal(seen.uris.size(), 1);
}

void no_tty_folder_lists_nothing(void **) {
    Seen seen;
    assert_int_equal(cube_maestro::list_devices((root + "/no-such-folder").c_str(), &seen, keep), CUBE_OK);
    assert_true(seen.uris.empty());
    assert_int_equal(cube_maestro::list_devices((root + "/class/tty").c_str(), &seen, nullptr),
                     CUBE_ERROR_INVALID_ARGUMENT);
}

}  // namespace

int main() {
    char dir[] = "/tmp/cube-maestro-sys-XXXXXX";
    if (!mkdtemp(dir)) return 2;
    root = dir;
    mkdir((root + "/class").c_str(), 0755);
    mkdir((root + "/class/tty").c_str(), 0755);
    usb_tty("1-1", "1ffb", "008a", "00123456", "00", "ttyACM0");  // the command port
    usb_tty("1-1", "1ffb", "008a", "00123456", "02", "ttyACM1");  // the same Maestro's TTL port
    usb_tty("1-2", "2341", "0043", "85735313", "00", "ttyACM2");  // another vendor's board
    mkdir((root + "/class/tty/ttyS0").c_str(), 0755);             // a serial port without a USB device
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(only_command_ports_of_maestros_are_listed),
        cmocka_unit_test(the_sink_can_stop_the_listing),
        cmocka_unit_test(no_tty_folder_lists_nothing),
    };
    int failed = cmocka_run_group_tests(tests, nullptr, nullptr);
    std::string cleanup = "rm -rf '" + root + "'";
    if (std::system(cleanup.c_str()) != 0) print_error("could not remove %s\n", root.c_str());
    return failed;
}

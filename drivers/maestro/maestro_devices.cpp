#include "maestro_devices.hpp"

#include <dirent.h>

#include <cstdio>
#include <memory>
#include <string>

namespace cube_maestro {
namespace {

constexpr size_t kMaxAttributeBytes = 256;  // a sysfs attribute of interest is a short line

// The first line of a small sysfs file, "" when it cannot be read.
std::string attribute(const std::string &path) {
    std::unique_ptr<FILE, int (*)(FILE *)> file(std::fopen(path.c_str(), "rb"), std::fclose);
    if (!file) return "";
    char buffer[kMaxAttributeBytes] = "";
    size_t n = std::fread(buffer, 1, sizeof buffer - 1, file.get());
    std::string text(buffer, n);
    return text.substr(0, text.find('\n'));
}

const char *product_name(const std::string &product) {
    if (product == "0089") return "Micro Maestro 6";
    if (product == "008a") return "Mini Maestro 12";
    if (product == "008b") return "Mini Maestro 18";
    if (product == "008c") return "Mini Maestro 24";
    return nullptr;
}

}  // namespace

int32_t list_devices(const char *sys_tty, void *sink, cube_driver_device_sink found) {
    if (!found) return CUBE_ERROR_INVALID_ARGUMENT;
    try {
        std::unique_ptr<DIR, int (*)(DIR *)> dir(opendir(sys_tty), closedir);
        if (!dir) return CUBE_OK;  // no tty class: no devices
        int32_t index = 0;
        while (dirent *entry = readdir(dir.get())) {
            std::string name = entry->d_name;
            if (name[0] == '.') continue;
            std::string device = std::string(sys_tty) + "/" + name + "/device";
            if (attribute(device + "/bInterfaceNumber") != "00") continue;  // the command port is interface 00
            if (attribute(device + "/../idVendor") != "1ffb") continue;
            std::string product_id = attribute(device + "/../idProduct");
            const char *product = product_name(product_id);
            if (!product) continue;
            std::string serial = attribute(device + "/../serial");
            std::string uri = "maestro:/dev/" + name;
            std::string detail = "command port /dev/" + name + " (USB 1ffb:" + product_id + ")";
            cube_driver_device d{};
            d.struct_size = sizeof d;
            d.index = index++;
            d.uri = uri.c_str();
            d.product = product;
            d.serial = serial.c_str();
            d.detail = detail.c_str();
            if (found(sink, &d) != 0) break;
        }
        return CUBE_OK;
    } catch (...) {
        return CUBE_ERROR_NO_MEMORY;
    }
}

}  // namespace cube_maestro

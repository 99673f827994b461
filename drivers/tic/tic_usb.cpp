#include "tic_usb.hpp"

#include <cstdio>

namespace cube_tic {
namespace {

int32_t read_i32(const uint8_t *p) {
    return int32_t(uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24);
}

uint16_t read_u16(const uint8_t *p) {
    return uint16_t(p[0] | p[1] << 8);
}

std::string bus_path(libusb_device *device) {
    char text[32];
    std::snprintf(text, sizeof text, "bus %u device %u", libusb_get_bus_number(device),
                  libusb_get_device_address(device));
    return text;
}

}  // namespace

std::string UsbError::describe() const {
    std::string why;
    if (code == LIBUSB_ERROR_TIMEOUT)
        why = "the board stopped answering";
    else if (code == LIBUSB_ERROR_NO_DEVICE)
        why = "the board was unplugged";
    else if (code == LIBUSB_ERROR_PIPE)
        why = "the board refused the request";
    else
        why = "the transfer failed";
    return what + ": " + why + " (" + libusb_error_name(code) + ")";
}

Board::Board(libusb_device_handle *handle, const Product *product, std::string serial, uint16_t bcd_device)
    : handle_(handle), product_(product), serial_(std::move(serial)), bcd_device_(bcd_device) {}

Board::~Board() {
    libusb_close(handle_);
}

bool Board::command(std::mutex &usb_mu, uint8_t request, uint16_t value, uint16_t index, UsbError &error) {
    int r;
    {
        std::lock_guard<std::mutex> lock(usb_mu);
        r = libusb_control_transfer(handle_, kRequestOut, request, value, index, nullptr, 0, kTransferTimeoutMs);
    }
    if (r >= 0) return true;
    char what[48];
    std::snprintf(what, sizeof what, "command 0x%02X", request);
    error = {r, what};
    return false;
}

bool Board::command32(std::mutex &usb_mu, uint8_t request, int32_t argument, UsbError &error) {
    uint32_t bits = uint32_t(argument);
    return command(usb_mu, request, uint16_t(bits & 0xFFFF), uint16_t(bits >> 16), error);
}

bool Board::read_variables(std::mutex &usb_mu, bool clear_errors, Variables &out, UsbError &error) {
    uint8_t block[kVariablesPolled] = {};
    uint8_t request = clear_errors ? kGetVariablesAndClearErrors : kGetVariables;
    int r;
    {
        std::lock_guard<std::mutex> lock(usb_mu);
        r = libusb_control_transfer(handle_, kRequestIn, request, 0, 0, block, sizeof block, kTransferTimeoutMs);
    }
    if (r < 0) {
        error = {r, "get variables"};
        return false;
    }
    if (r != int(sizeof block)) {
        error = {LIBUSB_ERROR_IO, "get variables: " + std::to_string(r) + " bytes instead of " +
                                      std::to_string(sizeof block)};
        return false;
    }
    out.operation_state = block[kOperationState];
    out.misc_flags = block[kMiscFlags];
    out.error_status = read_u16(block + kErrorStatus);
    out.errors_occurred = uint32_t(read_i32(block + kErrorsOccurred));
    out.target_position = read_i32(block + kTargetPosition);
    out.current_position = read_i32(block + kCurrentPosition);
    out.vin_mv = read_u16(block + kVinMv);
    return true;
}

std::vector<Found> find_boards(libusb_context *context, std::vector<std::string> &problems) {
    std::vector<Found> found;
    libusb_device **list = nullptr;
    ssize_t count = libusb_get_device_list(context, &list);
    if (count < 0) {
        problems.push_back(std::string("cannot list USB devices: ") + libusb_error_name(int(count)));
        return found;
    }
    for (ssize_t i = 0; i < count; ++i) {
        libusb_device_descriptor desc{};
        if (libusb_get_device_descriptor(list[i], &desc) != 0 || desc.idVendor != kVendor) continue;
        const Product *product = product_of(desc.idProduct);
        if (!product) continue;
        libusb_device_handle *handle = nullptr;
        int r = libusb_open(list[i], &handle);
        if (r != 0) {
            problems.push_back(bus_path(list[i]) + " (" + product->name + "): cannot open: " + libusb_error_name(r));
            continue;
        }
        unsigned char serial[64] = {};
        r = desc.iSerialNumber ? libusb_get_string_descriptor_ascii(handle, desc.iSerialNumber, serial, sizeof serial)
                               : LIBUSB_ERROR_NOT_FOUND;
        if (r < 0) {
            problems.push_back(bus_path(list[i]) + " (" + product->name + "): cannot read its serial number: " +
                               libusb_error_name(r));
            libusb_close(handle);
            continue;
        }
        found.push_back({handle, product, std::string(reinterpret_cast<char *>(serial), size_t(r)), desc.bcdDevice});
    }
    libusb_free_device_list(list, 1);
    return found;
}

std::string firmware_text(uint16_t bcd_device) {
    char text[16];
    std::snprintf(text, sizeof text, "%x.%02x", bcd_device >> 8, bcd_device & 0xFF);
    return text;
}

}  // namespace cube_tic

// One Tic on USB: finding boards by vendor, product and serial string, and its control transfers.
// Each call makes one transfer with a time limit; every failure comes back as a UsbError with the
// libusb error, for the caller to name the board and actuator.
#pragma once
#include <libusb.h>

#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "tic_protocol.hpp"

namespace cube_tic {

// How long one transfer may take: a Tic answers within a millisecond.
constexpr unsigned kTransferTimeoutMs = 200;

// A failed transfer: the libusb error code (LIBUSB_ERROR_*) and what was being done.
struct UsbError {
    int code;
    std::string what;
    std::string describe() const;  // e.g. "get variables: the board stopped answering (LIBUSB_ERROR_TIMEOUT)"
};

// The decoded variables the driver uses.
struct Variables {
    uint8_t operation_state = 0;
    uint8_t misc_flags = 0;
    uint16_t error_status = 0;
    uint32_t errors_occurred = 0;
    int32_t target_position = 0;
    int32_t current_position = 0;
    uint16_t vin_mv = 0;
};

// An open board. Its transfers are serialised by `usb_mu` (one per board in the driver, so that steps on
// different boards do not wait for each other), so that stop, the keep-alive thread and several executes
// may send while another thread polls.
class Board {
  public:
    Board(libusb_device_handle *handle, const Product *product, std::string serial, uint16_t bcd_device);
    ~Board();
    Board(const Board &) = delete;
    Board &operator=(const Board &) = delete;

    const std::string &serial() const { return serial_; }
    const Product &product() const { return *product_; }
    uint16_t bcd_device() const { return bcd_device_; }

    // A command without argument data (wValue, wIndex). Returns false and fills `error` on failure.
    bool command(std::mutex &usb_mu, uint8_t request, uint16_t value, uint16_t index, UsbError &error);
    // A command with a 32-bit argument (low 16 bits in wValue, high in wIndex).
    bool command32(std::mutex &usb_mu, uint8_t request, int32_t argument, UsbError &error);
    // Reads the variable block; `clear_errors` uses 0xA2 (also clears "errors occurred").
    bool read_variables(std::mutex &usb_mu, bool clear_errors, Variables &out, UsbError &error);

  private:
    libusb_device_handle *handle_;
    const Product *product_;
    std::string serial_;
    uint16_t bcd_device_;
};

// A board found on the bus, not yet matched to an actuator.
struct Found {
    libusb_device_handle *handle;  // owned by the caller until handed to a Board
    const Product *product;
    std::string serial;
    uint16_t bcd_device;
};

// Opens every Tic on the bus of `context`. Boards that cannot be opened are skipped with a line in
// `problems` (the bus path and the libusb error).
std::vector<Found> find_boards(libusb_context *context, std::vector<std::string> &problems);

// "1.09" from bcdDevice 0x0109.
std::string firmware_text(uint16_t bcd_device);

}  // namespace cube_tic

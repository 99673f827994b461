// list_devices: every Tic on USB with its product, serial, firmware and state, without opening a driver.
#include <cstdio>

#include "tic_driver.hpp"
#include "tic_faults.hpp"

namespace cube_tic {
namespace {

std::string state_text(Board &board, std::mutex &usb_mu) {
    Variables v;
    UsbError e;
    if (!board.read_variables(usb_mu, false, v, e)) return "state unknown (" + e.describe() + ")";
    char vin[32];
    std::snprintf(vin, sizeof vin, ", VIN %u mV", v.vin_mv);
    // The operation state already says "de-energized" when it is; the flag is named only when it adds to it.
    const bool says_it = !(v.misc_flags & kFlagEnergized) && v.operation_state == kStateDeenergized;
    return std::string(operation_state_name(v.operation_state)) +
           (says_it ? "" : v.misc_flags & kFlagEnergized ? ", energized" : ", not energized") +
           (v.misc_flags & kFlagPositionUncertain ? ", position uncertain" : "") + vin +
           ", errors: " + error_names(v.error_status);
}

}  // namespace

int32_t list_devices(const cube_driver_host *host, void *sink, cube_driver_device_sink found) {
    (void)host;
    libusb_context *context = nullptr;
    if (libusb_init(&context) != 0) return CUBE_ERROR_IO;
    std::vector<std::string> problems;
    std::vector<Found> boards = find_boards(context, problems);
    std::mutex usb_mu;
    static const char *const kSixMotor[6] = {"U", "R", "F", "D", "L", "B"};
    // Six boards: a URI that opens a six-motor robot on them as printed (faces in listing order: swap the
    // serials to match the wiring). Any other count needs a configuration file naming every actuator.
    std::string six = "tic:";
    for (size_t i = 0; i < boards.size() && boards.size() == 6; ++i)
        six += std::string(i ? "," : "") + kSixMotor[i] + "=" + boards[i].serial;
    bool stopped = false;
    for (size_t i = 0; i < boards.size(); ++i) {
        Board board(boards[i].handle, boards[i].product, boards[i].serial, boards[i].bcd_device);
        if (stopped) continue;  // the Board closes the handle
        std::string uri = boards.size() == 6 ? six : "tic:config=FILE";
        std::string detail = "firmware " + firmware_text(board.bcd_device()) + ", " + state_text(board, usb_mu);
        cube_driver_device device{};
        device.struct_size = CUBE_DRIVER_DEVICE_SIZE_V1;
        device.index = int32_t(i);
        device.uri = uri.c_str();
        device.product = board.product().name;
        device.serial = board.serial().c_str();
        device.detail = detail.c_str();
        stopped = found(sink, &device) != 0;
    }
    libusb_exit(context);
    return CUBE_OK;
}

}  // namespace cube_tic

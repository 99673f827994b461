// Opening the driver: settings, the boards on USB matched to actuators by serial number.
#include <new>

#include "tic_driver.hpp"

namespace cube_tic {
namespace {

// Closes the handles of boards not handed to the driver.
struct FoundList {
    std::vector<Found> boards;
    ~FoundList() {
        for (Found &f : boards)
            if (f.handle) libusb_close(f.handle);
    }
};

std::string serial_list(const std::vector<Found> &boards) {
    std::string text;
    for (const Found &f : boards) text += (text.empty() ? "" : ", ") + f.serial;
    return text.empty() ? "none" : text;
}

// The boards for the motors, in their order; a missing or duplicated board is an error in `err`.
int32_t match_boards(const Settings &s, FoundList &found, const std::vector<std::string> &problems,
                     std::vector<std::unique_ptr<Board>> &boards, std::string &err) {
    for (const Motor &m : s.motors) {
        Found *match = nullptr;
        for (Found &f : found.boards) {
            if (f.serial != m.serial) continue;
            if (match) {
                err = "tic: two boards have serial " + m.serial + " (actuator " + m.actuator +
                      "): unplug one or give it another serial number";
                return CUBE_ERROR_INVALID_ARGUMENT;
            }
            match = &f;
        }
        if (!match) {
            err = "tic: no Tic with serial " + m.serial + " for actuator " + m.actuator + " (Tics found: " +
                  serial_list(found.boards) + ")";
            for (const std::string &p : problems) err += "; " + p;
            return CUBE_ERROR_NOT_FOUND;
        }
        if (m.current_ma > 0 && match->product->current_divisor_ma == 0) {
            err = "tic: actuator " + m.actuator + ": board " + m.serial + " is a " + match->product->name +
                  ", whose current limit this driver cannot set: remove `current` and set it with the Tic "
                  "Control Center";
            return CUBE_ERROR_UNSUPPORTED;
        }
        boards.push_back(std::make_unique<Board>(match->handle, match->product, match->serial, match->bcd_device));
        match->handle = nullptr;
    }
    return CUBE_OK;
}

}  // namespace

int32_t Driver::open(const cube_driver_host &host, const std::string &options, Driver **out, std::string &err) {
    Settings settings;
    try {
        settings = read_settings(host, options);
    } catch (const SettingsError &e) {
        err = e.message;
        return e.status;
    }
    libusb_context *context = nullptr;
    int r = libusb_init(&context);
    if (r != 0) {
        err = std::string("tic: cannot start libusb: ") + libusb_error_name(r);
        return CUBE_ERROR_IO;
    }
    std::vector<std::unique_ptr<Board>> boards;
    int32_t st;
    {
        std::vector<std::string> problems;
        FoundList found;
        found.boards = find_boards(context, problems);
        st = match_boards(settings, found, problems, boards, err);
    }
    cube_robot *robot = nullptr;
    if (st == CUBE_OK && host.robot_parse(settings.robot_spec.c_str(), &robot) != CUBE_OK) {
        err = "tic: the robot " + settings.robot_spec + ": " + host.last_error();
        st = CUBE_ERROR_INVALID_ARGUMENT;
    }
    if (st != CUBE_OK) {
        boards.clear();
        libusb_exit(context);
        return st;
    }
    *out = new (std::nothrow) Driver(host, std::move(settings), context, robot, std::move(boards));
    if (!*out) {
        err = "tic: out of memory";
        return CUBE_ERROR_NO_MEMORY;
    }
    return CUBE_OK;
}

}  // namespace cube_tic

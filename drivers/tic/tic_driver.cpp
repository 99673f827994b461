// The driver's robot, its boards' commands, the keep-alive thread and fault recording.
#include "tic_driver.hpp"

#include <cstring>

#include "tic_faults.hpp"

namespace cube_tic {
namespace {

// How often the keep-alive thread wakes, and how old a board's last command may be before it gets a
// reset-command-timeout (the Tic stops the motor after 1000 ms without one).
constexpr auto kKeepAliveTick = std::chrono::milliseconds(100);
constexpr int64_t kKeepAliveAfterNs = 250 * 1000000LL;

int64_t now_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count();
}

// Commands after which the Tic restarts its command timeout.
bool resets_timeout(uint8_t request) {
    return request == kSetTargetPosition || request == kSetTargetVelocity || request == kHaltAndSetPosition ||
           request == kHaltAndHold || request == kGoHome || request == kResetCommandTimeout;
}

// The family part of a robot spec ("six-motor" of "six-motor:turn90=20").
std::string family_of(const std::string &spec) {
    size_t end = spec.find_first_of(":,; \n");
    return spec.substr(0, end);
}

}  // namespace

Driver::Driver(const cube_driver_host &host, Settings settings, libusb_context *context, cube_robot *robot,
               std::vector<std::unique_ptr<Board>> boards)
    : host_(host), settings_(std::move(settings)), context_(context), robot_(robot), boards_(std::move(boards)),
      last_command_ns_(new std::atomic<int64_t>[boards_.size()]), usb_mu_(new std::mutex[boards_.size()]) {
    for (size_t i = 0; i < boards_.size(); ++i) last_command_ns_[i] = 0;
    positions_.assign(boards_.size(), 0);
    where_.assign(boards_.size(), Where::kKnown);
    measured_.assign(boards_.size(), 0);
    int32_t count = 0;
    host_.robot_rest_positions(robot_, positions_.data(), int32_t(positions_.size()), &count);
    launched_ = positions_;
    busy_.assign(boards_.size(), false);
    keep_alive_ = std::thread([this] { keep_alive_loop(); });
}

Driver::~Driver() {
    {
        std::lock_guard<std::mutex> lock(mu_);
        quit_ = true;
    }
    wake_.notify_all();
    keep_alive_.join();
    boards_.clear();
    host_.robot_free(robot_);
    libusb_exit(context_);
}

const char *Driver::actuator_name(int32_t index) const {
    if (index < 0 || size_t(index) >= settings_.motors.size()) return nullptr;
    return settings_.motors[size_t(index)].actuator.c_str();
}

int32_t Driver::configure(const char *key, const char *value) {
    if (!key || !value) {
        std::lock_guard<std::mutex> lock(mu_);
        error_ = "tic: configure: key or value is NULL";
        return CUBE_ERROR_INVALID_ARGUMENT;
    }
    if (std::strcmp(key, "recover") == 0) return recover(value);
    if (std::strcmp(key, "robot") != 0) return CUBE_ERROR_UNSUPPORTED;
    std::string family = family_of(value);
    if (family == family_of(settings_.model)) return CUBE_OK;  // the driver keeps its own times
    std::lock_guard<std::mutex> lock(mu_);
    fault_ = Fault{};
    fault_.code = CUBE_FAULT_MISMATCH;
    fault_.status = CUBE_ERROR_INVALID_ARGUMENT;
    fault_.text = error_ = "tic: this driver drives a " + family_of(settings_.model) + " robot (model=), not " +
                           family;
    return CUBE_ERROR_INVALID_ARGUMENT;
}

std::string Driver::who(size_t board) const {
    if (board >= boards_.size()) return "the boards";
    return "board " + boards_[board]->serial() + " (actuator " + settings_.motors[board].actuator + ")";
}

bool Driver::send(size_t i, uint8_t request, uint16_t value, uint16_t index, UsbError &error) {
    if (!boards_[i]->command(usb_mu_[i], request, value, index, error)) return false;
    if (resets_timeout(request)) last_command_ns_[i] = now_ns();
    return true;
}

bool Driver::send32(size_t i, uint8_t request, int32_t argument, UsbError &error) {
    uint32_t bits = uint32_t(argument);
    return send(i, request, uint16_t(bits & 0xFFFF), uint16_t(bits >> 16), error);
}

int32_t Driver::keep_alive_due(int32_t action_index) {
    int64_t now = now_ns();
    for (size_t i = 0; i < boards_.size(); ++i) {
        if (now - last_command_ns_[i] < kKeepAliveAfterNs) continue;
        UsbError e;
        if (!send(i, kResetCommandTimeout, 0, 0, e))
            return failed(i, CUBE_FAULT_COMMUNICATION, CUBE_ERROR_IO, i, action_index, 0,
                          who(i) + ": reset command timeout: " + e.describe());
    }
    return CUBE_OK;
}

void Driver::keep_alive_loop() {
    std::unique_lock<std::mutex> lock(mu_);
    int tick = 0;
    while (!quit_) {
        wake_.wait_for(lock, kKeepAliveTick);
        // During steps, each execute keeps its boards alive; after a fault the boards are halted already.
        if (quit_ || !keep_alive_on_ || state_ == CUBE_DRIVER_BUSY || state_ == CUBE_DRIVER_FAULT) continue;
        lock.unlock();
        bool ok = keep_alive_due(-1) == CUBE_OK;
        // Every few ticks, look at the boards' errors too, so a fault between steps is not missed.
        bool look = ++tick % 3 == 0;
        for (size_t i = 0; ok && look && i < boards_.size(); ++i) {
            Variables v;
            UsbError e;
            if (!boards_[i]->read_variables(usb_mu_[i], false, v, e)) {
                failed(i, CUBE_FAULT_COMMUNICATION, CUBE_ERROR_IO, i, -1, 0, who(i) + ": " + e.describe());
                ok = false;
            } else if (check_board(i, v, -1) != CUBE_OK) {
                ok = false;
            }
        }
        lock.lock();
        if (!ok) {
            idle_fault_ = true;
            keep_alive_on_ = false;
        }
    }
}

void Driver::halt_all(size_t except) {
    for (size_t i = 0; i < boards_.size(); ++i) {
        if (i == except) continue;
        UsbError e;
        if (!send(i, kHaltAndHold, 0, 0, e)) log(CUBE_LOG_ERROR, who(i) + ": halt and hold: " + e.describe());
    }
}

int32_t Driver::failed(size_t except, int32_t code, int32_t status, size_t board, int32_t action_index,
                       uint32_t bits, const std::string &text) {
    bool first = false;
    {
        std::lock_guard<std::mutex> lock(mu_);
        if (halted_ && in_flight_ > 0) {  // a step in flight: the first fault of its run is the one
            error_ = "tic: halted by the fault of another step: " + fault_.text;
        } else {
            // Recorded before the halts, so that executes in flight return this fault's status.
            first = true;
            halted_ = true;
            fault_settled_ = false;
            fault_ = Fault{};
            fault_.code = code;
            fault_.status = status;
            fault_.actuator = board < boards_.size() ? int32_t(board) : -1;
            fault_.action_index = action_index;
            fault_.device_bits = bits;
            fault_.positions_known = 0;
            fault_.stop_level = CUBE_STOP_HALT;
            fault_.text = error_ = "tic: " + text;
            state_ = CUBE_DRIVER_FAULT;
            prepared_ = false;
        }
    }
    wake_.notify_all();
    if (!first) return halted_status();
    halt_all(except);
    bool known = refresh_positions();
    {
        std::lock_guard<std::mutex> lock(mu_);
        at_standstill_ = true;
        fault_.positions_known = known ? 1 : 0;
        if (!known) fault_.text = error_ = fault_.text + "; " + unknown_text_locked();
        fault_settled_ = true;
    }
    wake_.notify_all();
    return status;
}

int32_t Driver::halted_status() {
    std::unique_lock<std::mutex> lock(mu_);
    wake_.wait_for(lock, std::chrono::seconds(1), [this] { return fault_settled_ || quit_; });
    return fault_.status;
}

bool Driver::pause(Clock::duration duration) {
    std::unique_lock<std::mutex> lock(mu_);
    wake_.wait_for(lock, duration, [this] { return stop_requested_ || halted_ || quit_; });
    return !stop_requested_ && !halted_;
}

void Driver::log(int32_t level, const std::string &message) const {
    if (host_.log) host_.log(host_.context, level, message.c_str());
}

}  // namespace cube_tic

// Requests and replies on the command port: stray bytes, silence, short replies, a closed port and
// impossible values all become a CUBE_FAULT_COMMUNICATION naming the channel; error bits a
// CUBE_FAULT_DEVICE naming them.
#include "maestro.hpp"

namespace cube_maestro {
namespace {

// Positions and targets are 14-bit quarter-microseconds: anything larger is not a Maestro's reply.
constexpr int kMaxQus = 16383;

}  // namespace

std::string Maestro::servo_text(int32_t actuator) const {
    if (actuator < 0 || actuator >= actuator_count()) return "the Maestro on " + settings_.port;
    const Servo &s = settings_.servos[size_t(actuator)];
    return "channel " + std::to_string(s.channel) + " (" + s.actuator + ") of the Maestro on " + settings_.port;
}

void Maestro::link_fault(int32_t actuator, const std::string &what, Io io, const Bytes &got, size_t want) {
    FaultRecord f;
    f.code = CUBE_FAULT_COMMUNICATION;
    f.status = CUBE_ERROR_IO;
    f.actuator = actuator;
    f.positions_known = 0;
    std::string limit = std::to_string(settings_.reply_timeout_ms) + " ms";
    std::string where = what + " for " + servo_text(actuator) + ": ";
    switch (io) {
        case Io::kTimeout:
            f.text = where + (got.empty() ? "no reply within " + limit + " (silence)"
                                          : "short reply: " + std::to_string(got.size()) + " of " +
                                                std::to_string(want) + " bytes (" + hex(got) + ") within " + limit);
            break;
        case Io::kClosed:
            f.text = where + "the port closed (" + port_->error() + "): is the Maestro unplugged?";
            break;
        case Io::kError:
            f.text = where + port_->error();
            break;
        case Io::kOk:
            f.text = where + "garbage reply " + hex(got);
            break;
    }
    throw StepFault{f};
}

void Maestro::send(const Bytes &bytes, int32_t actuator, const char *what) {
    Io io = port_->write_all(bytes, settings_.reply_timeout_ms);
    if (io != Io::kOk) link_fault(actuator, what, io, Bytes{}, 0);
}

Bytes Maestro::request(const Bytes &bytes, size_t reply_size, int32_t actuator, const char *what) {
    Bytes stray;
    Io io = port_->drain(stray);
    if (io != Io::kOk) link_fault(actuator, what, io, stray, 0);
    if (!stray.empty()) link_fault(actuator, std::string(what) + " (bytes nobody asked for)", Io::kOk, stray, 0);
    send(bytes, actuator, what);
    Bytes reply;
    io = port_->read_exact(reply_size, reply, settings_.reply_timeout_ms);
    if (io != Io::kOk) link_fault(actuator, what, io, reply, reply_size);
    return reply;
}

int Maestro::read_position(int32_t actuator) {
    const Servo &s = settings_.servos[size_t(actuator)];
    Bytes reply = request(get_position(settings_.framing, s.channel), 2, actuator, "get-position");
    int qus = reply[0] | (reply[1] << 8);
    if (qus > kMaxQus) link_fault(actuator, "get-position", Io::kOk, reply, 2);
    return qus;
}

void Maestro::check_errors(int32_t actuator_hint) {
    Bytes reply = request(get_errors(settings_.framing), 2, actuator_hint, "get-errors");
    uint16_t bits = uint16_t(reply[0] | (reply[1] << 8));
    if (bits & ~kKnownErrorBits) link_fault(actuator_hint, "get-errors", Io::kOk, reply, 2);
    if (bits == 0) return;
    FaultRecord f;
    f.code = CUBE_FAULT_DEVICE;
    f.status = CUBE_ERROR_IO;
    f.actuator = actuator_hint;
    f.device_bits = bits;
    const std::string &servo = settings_.servos[size_t(actuator_hint >= 0 ? actuator_hint : 0)].actuator;
    f.text = "the Maestro on " + settings_.port + " reported " + error_names(bits) + " after the step on channel " +
             std::to_string(settings_.servos[size_t(actuator_hint >= 0 ? actuator_hint : 0)].channel) + " (" + servo + ")";
    throw StepFault{f};
}

void Maestro::set_target(int32_t actuator, int qus) {
    const Servo &s = settings_.servos[size_t(actuator)];
    send(channel_value(settings_.framing, kSetTarget, s.channel, qus), actuator, "set-target");
    std::lock_guard<std::mutex> lock(mu_);
    targets_[size_t(actuator)] = qus;
}

}  // namespace cube_maestro

#include "fake_maestro.hpp"

#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <termios.h>
#include <unistd.h>

#include <cstdlib>
#include <stdexcept>

namespace maestro_test {
namespace {

using Clock = std::chrono::steady_clock;

constexpr uint16_t kCrcError = 1u << 3;
constexpr uint16_t kProtocolError = 1u << 4;

// Data bytes after each command byte.
int data_size(uint8_t command) {
    switch (command) {
        case 0x84: case 0x87: case 0x89: return 3;
        case 0x90: return 1;
        case 0x93: case 0xA1: case 0xA2: return 0;
        default: return -1;
    }
}

}  // namespace

uint8_t fake_crc7(const Bytes &bytes) {
    unsigned crc = 0;
    for (uint8_t byte : bytes) {
        crc ^= byte;
        for (int bit = 0; bit < 8; ++bit) crc = (crc & 1u) ? (crc ^ 0x91u) >> 1 : crc >> 1;
    }
    return uint8_t(crc);
}

FakeMaestro::FakeMaestro(int channels, bool crc, int device) : crc_(crc), device_(device), channels_(size_t(channels)) {
    char name[256];
    termios raw{};
    cfmakeraw(&raw);
    if (openpty(&master_, &slave_, name, &raw, nullptr) != 0) throw std::runtime_error("openpty failed");
    path_ = name;
    int flags = fcntl(master_, F_GETFL);
    fcntl(master_, F_SETFL, flags | O_NONBLOCK);
    thread_ = std::thread([this] { serve(); });
}

FakeMaestro::~FakeMaestro() {
    quit_ = true;
    thread_.join();
    if (master_ >= 0) close(master_);
    if (slave_ >= 0) close(slave_);
}

void FakeMaestro::misbehave(Misbehave how, int after) {
    std::lock_guard<std::mutex> lock(mu_);
    how_ = how;
    misbehave_after_ = int(requests_) + after;
}

void FakeMaestro::error_bits(uint16_t bits, int after) {
    std::lock_guard<std::mutex> lock(mu_);
    armed_bits_ = bits;
    bits_after_ = after;
}

Bytes FakeMaestro::stream() {
    std::lock_guard<std::mutex> lock(mu_);
    return stream_;
}

std::vector<Event> FakeMaestro::history() {
    std::lock_guard<std::mutex> lock(mu_);
    return history_;
}

void FakeMaestro::set_position(int channel, int qus) {
    std::lock_guard<std::mutex> lock(mu_);
    Channel &c = channels_[size_t(channel)];
    c.start = qus;
    c.target = qus;
    c.since = Clock::now();
}

int FakeMaestro::position(int channel) {
    std::lock_guard<std::mutex> lock(mu_);
    return position_locked(channel);
}

bool FakeMaestro::moving(int channel) {
    std::lock_guard<std::mutex> lock(mu_);
    return position_locked(channel) != channels_[size_t(channel)].target;
}

uint16_t FakeMaestro::errors() {
    std::lock_guard<std::mutex> lock(mu_);
    return errors_;
}

size_t FakeMaestro::requests() {
    std::lock_guard<std::mutex> lock(mu_);
    return requests_;
}

// Moves at `speed` quarter-us per 10 ms from where the last target found it; speed 0, or a channel
// without pulses, jumps at once (as the Maestro does).
int FakeMaestro::position_locked(int channel) {
    const Channel &c = channels_[size_t(channel)];
    if (c.speed == 0 || c.start == 0 || c.target == 0) return c.target;
    double tens_of_ms = std::chrono::duration<double>(Clock::now() - c.since).count() * 100.0;
    int moved = int(tens_of_ms * c.speed);
    int distance = std::abs(c.target - c.start);
    if (moved >= distance) return c.target;
    return c.start + (c.target > c.start ? moved : -moved);
}

void FakeMaestro::serve() {
    while (!quit_) {
        pollfd p{master_, POLLIN, 0};
        if (poll(&p, 1, 5) <= 0) continue;
        uint8_t buffer[256];
        ssize_t n = read(master_, buffer, sizeof buffer);
        if (n <= 0) continue;
        std::lock_guard<std::mutex> lock(mu_);
        if (closed_) continue;
        stream_.insert(stream_.end(), buffer, buffer + n);
        pending_.insert(pending_.end(), buffer, buffer + n);
        while (!closed_ && parse_one()) {
        }
    }
}

bool FakeMaestro::parse_one() {
    if (pending_.empty()) return false;
    bool pololu = pending_[0] == 0xAA;
    size_t head = pololu ? 3 : 1;
    if (pending_.size() < head) return false;
    uint8_t command = pololu ? uint8_t(pending_[2] | 0x80) : pending_[0];
    int size = data_size(command);
    if (size < 0 || (!pololu && !(command & 0x80))) {
        errors_ |= kProtocolError;
        pending_.erase(pending_.begin());
        return true;
    }
    size_t total = head + size_t(size) + (crc_ ? 1 : 0);
    if (pending_.size() < total) return false;
    Bytes frame(pending_.begin(), pending_.begin() + long(total));
    pending_.erase(pending_.begin(), pending_.begin() + long(total));
    if (crc_) {
        Bytes body(frame.begin(), frame.end() - 1);
        if (fake_crc7(body) != frame.back()) {
            errors_ |= kCrcError;
            return true;
        }
    }
    if (pololu && frame[1] != device_) return true;  // another device's command
    handle(command, Bytes(frame.begin() + long(head), frame.begin() + long(head) + size));
    return true;
}

void FakeMaestro::handle(uint8_t command, const Bytes &data) {
    auto value = [&] { return data[1] | (data[2] << 7); };
    if (command == 0x84 || command == 0x87 || command == 0x89) {
        int ch = data[0];
        if (ch >= int(channels_.size())) {
            errors_ |= kProtocolError;
            return;
        }
        Channel &c = channels_[size_t(ch)];
        if (command == 0x84) {
            c.start = position_locked(ch);
            c.target = value();
            c.since = Clock::now();
            history_.push_back(Event{ch, c.target});
        } else if (command == 0x87) {
            c.start = position_locked(ch);
            c.since = Clock::now();
            c.speed = value();
        }
        return;
    }
    if (command == 0x90) {
        int ch = data[0];
        int at = ch < int(channels_.size()) ? position_locked(ch) : 0;
        reply(Bytes{uint8_t(at & 0xFF), uint8_t(at >> 8)});
    } else if (command == 0x93) {
        bool moving = false;
        for (size_t ch = 0; ch < channels_.size(); ++ch) moving |= position_locked(int(ch)) != channels_[ch].target;
        reply(Bytes{uint8_t(moving)});
    } else if (command == 0xA1) {
        history_.push_back(Event{-1, 0});
        if (bits_after_ == 0) errors_ |= armed_bits_;
        if (bits_after_ >= 0) --bits_after_;
        uint16_t bits = errors_;
        errors_ = 0;
        reply(Bytes{uint8_t(bits & 0xFF), uint8_t(bits >> 8)});
    }
}

void FakeMaestro::reply(Bytes bytes) {
    size_t index = requests_++;
    if (misbehave_after_ >= 0 && index >= size_t(misbehave_after_)) {
        switch (how_) {
            case Misbehave::kNone: break;
            case Misbehave::kGarbage: bytes = Bytes{0xFF, 0xFF, 0xFF}; break;
            case Misbehave::kShort: bytes.resize(1); break;
            case Misbehave::kSilence: return;
            case Misbehave::kClose:
                closed_ = true;
                close(slave_);
                close(master_);
                slave_ = master_ = -1;
                return;
        }
    }
    ssize_t n = write(master_, bytes.data(), bytes.size());
    (void)n;
}

}  // namespace maestro_test

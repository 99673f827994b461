// A fake Pololu Maestro on a pseudo-terminal: a thread serves the master side, parses the compact and
// Pololu protocols (with or without CRC-7), moves each channel at its speed in real time, answers
// get-position / get-moving-state / get-errors, records every byte and every target, and misbehaves
// when told to. The driver opens path() as it would /dev/ttyACM0.
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace maestro_test {

using Bytes = std::vector<uint8_t>;

// Ways to misbehave, from the n-th request that wants a reply on.
enum class Misbehave { kNone, kGarbage, kShort, kSilence, kClose };

// One entry of the servo history: a target set, or a get-errors (which ends every driver step).
struct Event {
    int channel;  // -1: get-errors
    int target;   // quarter-us
};

class FakeMaestro {
  public:
    FakeMaestro(int channels, bool crc, int device = 12);
    ~FakeMaestro();
    FakeMaestro(const FakeMaestro &) = delete;
    FakeMaestro &operator=(const FakeMaestro &) = delete;

    const std::string &path() const { return path_; }
    // From the `after`-th reply-wanting request on (0: the next one), misbehave as `how`.
    void misbehave(Misbehave how, int after);
    // Report `bits` at the `after`-th get-errors from now (0: the next one).
    void error_bits(uint16_t bits, int after);

    // A servo held at `qus` (pulses on, still), as an earlier process may have left it.
    void set_position(int channel, int qus);
    Bytes stream();               // every byte the driver sent
    std::vector<Event> history();  // targets and get-errors in order
    int position(int channel);    // quarter-us now
    bool moving(int channel);     // short of its target now
    uint16_t errors();            // bits the fake has raised (CRC, protocol) and not reported yet
    size_t requests();            // requests that wanted a reply

  private:
    struct Channel {
        int start = 0, target = 0, speed = 0;
        std::chrono::steady_clock::time_point since;
    };
    void serve();
    bool parse_one();  // false: wait for more bytes
    void handle(uint8_t command, const Bytes &data);
    void reply(Bytes bytes);
    int position_locked(int channel);

    std::string path_;
    int master_ = -1, slave_ = -1;
    bool crc_;
    int device_;
    std::atomic<bool> quit_{false};
    std::thread thread_;

    std::mutex mu_;
    std::vector<Channel> channels_;
    Bytes stream_, pending_;
    std::vector<Event> history_;
    uint16_t errors_ = 0;
    Misbehave how_ = Misbehave::kNone;
    int misbehave_after_ = -1;
    int bits_after_ = -1;
    uint16_t armed_bits_ = 0;
    size_t requests_ = 0;
    bool closed_ = false;
};

// The CRC-7 of the Maestro, written out here again so that the driver's is checked, not trusted.
uint8_t fake_crc7(const Bytes &bytes);

}  // namespace maestro_test

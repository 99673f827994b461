// The Maestro's serial command set (compact and Pololu protocol, optional CRC-7) as byte strings, and
// the names of its error bits. Pure functions: no I/O.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace cube_maestro {

using Bytes = std::vector<uint8_t>;

// How commands are framed.
struct Framing {
    bool pololu = false;  // false: compact protocol
    uint8_t device = 12;  // Pololu protocol device number, 0-127
    bool crc = false;     // a CRC-7 byte after every command
};

// Command bytes (compact protocol values; the Pololu protocol sends them with bit 7 cleared).
enum Command : uint8_t {
    kSetTarget = 0x84,
    kSetSpeed = 0x87,
    kSetAcceleration = 0x89,
    kGetPosition = 0x90,
    kGetMovingState = 0x93,
    kGetErrors = 0xA1,
};

// The Maestro's CRC-7: polynomial 0x91, least significant bit first, over every byte of the command.
uint8_t crc7(const uint8_t *data, size_t size);

// One framed command: `command` with its data bytes (each 0-127), then the CRC if enabled.
Bytes frame(const Framing &framing, uint8_t command, const Bytes &data);

// Set target / speed / acceleration of `channel` to `value` (14 bits, sent low 7 bits first).
Bytes channel_value(const Framing &framing, uint8_t command, int channel, int value);

// Get position of `channel` (reply: 2 bytes, little-endian, quarter-microseconds).
Bytes get_position(const Framing &framing, int channel);

// Get errors (reply: 2 bytes, little-endian error bits; reading clears them).
Bytes get_errors(const Framing &framing);

// The error bits the Maestro defines (0-8); any other bit in a reply means the reply is garbage.
constexpr uint16_t kKnownErrorBits = 0x01FF;

// "serial CRC error (bit 3), ..." for the bits set; "" for none.
std::string error_names(uint16_t bits);

// Bytes as "84 02 70 2E", for logs and messages.
std::string hex(const Bytes &bytes);

}  // namespace cube_maestro

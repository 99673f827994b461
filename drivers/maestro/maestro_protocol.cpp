#include "maestro_protocol.hpp"

#include <cstdio>

namespace cube_maestro {
namespace {

constexpr uint8_t kPololuStart = 0xAA;
constexpr uint8_t kCrcPolynomial = 0x91;

// The names of the Maestro's error bits, as its user's guide gives them.
const char *const kErrorNames[] = {
    "serial signal error",   "serial overrun error",         "serial RX buffer full",
    "serial CRC error",      "serial protocol error",        "serial timeout error",
    "script stack error",    "script call stack error",      "script program counter error",
};

}  // namespace

uint8_t crc7(const uint8_t *data, size_t size) {
    uint8_t crc = 0;
    for (size_t i = 0; i < size; ++i) {
        crc ^= data[i];
        for (int bit = 0; bit < 8; ++bit) {
            if (crc & 1) crc ^= kCrcPolynomial;
            crc >>= 1;
        }
    }
    return crc;
}

Bytes frame(const Framing &framing, uint8_t command, const Bytes &data) {
    Bytes out;
    if (framing.pololu) {
        out.push_back(kPololuStart);
        out.push_back(framing.device & 0x7F);
        out.push_back(command & 0x7F);
    } else {
        out.push_back(command);
    }
    out.insert(out.end(), data.begin(), data.end());
    if (framing.crc) out.push_back(crc7(out.data(), out.size()));
    return out;
}

Bytes channel_value(const Framing &framing, uint8_t command, int channel, int value) {
    Bytes data{uint8_t(channel & 0x7F), uint8_t(value & 0x7F), uint8_t((value >> 7) & 0x7F)};
    return frame(framing, command, data);
}

Bytes get_position(const Framing &framing, int channel) {
    return frame(framing, kGetPosition, Bytes{uint8_t(channel & 0x7F)});
}

Bytes get_errors(const Framing &framing) {
    return frame(framing, kGetErrors, Bytes{});
}

std::string error_names(uint16_t bits) {
    std::string out;
    for (int bit = 0; bit < 16; ++bit) {
        if (!(bits & (1u << bit))) continue;
        const char *name = bit < 9 ? kErrorNames[bit] : "unknown error";
        out += (out.empty() ? "" : ", ") + std::string(name) + " (bit " + std::to_string(bit) + ")";
    }
    return out;
}

std::string hex(const Bytes &bytes) {
    std::string out;
    char two[4];
    for (size_t i = 0; i < bytes.size(); ++i) {
        std::snprintf(two, sizeof two, "%02X", bytes[i]);
        out += (i ? " " : "") + std::string(two);
    }
    return out;
}

}  // namespace cube_maestro

#include "tic_faults.hpp"

#include "tic_protocol.hpp"

namespace cube_tic {

std::string error_names(uint32_t bits) {
    std::string text;
    for (int bit = 0; bit < 32; ++bit) {
        if (!(bits & (1u << bit))) continue;
        text += (text.empty() ? "" : ", ") + std::string(error_bit_name(bit));
    }
    return text.empty() ? "none" : text;
}

}  // namespace cube_tic

// Plans as text and JSON.
#include <cstdio>
#include <string>
#include <vector>

#include "notation.hpp"
#include "plan.hpp"

namespace lc::robot {
namespace {

std::string ms(int64_t us) {
    char b[32];
    std::snprintf(b, sizeof b, "%.3f", us / 1000.0);
    return b;
}

std::string json_string(const std::string &s) {
    std::string o = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') o += '\\';
        if (static_cast<unsigned char>(c) < 0x20) continue;
        o += c;
    }
    return o + "\"";
}

// The frame as JSON, or as a text line at its time.
std::string frame_text(const ScanFrame &f, size_t index, bool json) {
    const std::string face(1, "URFDLB"[f.face]);
    if (json)
        return "{\"face\":\"" + face + "\",\"rotation\":" + std::to_string(f.rotation) +
               ",\"after_action\":" + std::to_string(f.actions_done) + ",\"time_ms\":" + ms(f.time_us) + "}";
    char line[160];
    std::snprintf(line, sizeof line, "%10s %10s  %-10s frame %zu: face %s, turned %d quarter%s clockwise\n",
                  ms(f.time_us).c_str(), ms(f.time_us).c_str(), "camera", index + 1, face.c_str(), int(f.rotation),
                  f.rotation == 1 ? "" : "s");
    return line;
}

std::string json_numbers(const std::vector<int32_t> &values) {
    std::string o = "[";
    for (size_t i = 0; i < values.size(); ++i)
        o += (i ? "," : "") + std::to_string(values[i]);
    return o + "]";
}

}  // namespace

std::string format_plan(const Plan &plan, bool json) {
    const Model &m = plan.robot->model();
    std::string moves = format_moves(plan.moves);
    std::string o;
    if (json) {
        o = "{\"robot\":" + json_string(plan.robot->spec()) + ",\"moves\":" + json_string(moves) +
            ",\"start\":" + json_numbers(plan.start_positions) + ",\"total_ms\":" + ms(plan.total_us) +
            ",\"steps\":" + std::to_string(plan.steps) + ",\"actions\":[";
        for (size_t i = 0; i < plan.actions.size(); ++i) {
            const Action &a = plan.actions[i];
            o += (i ? ",{" : "{");
            o += "\"actuator\":" + json_string(m.actuator_name(a.actuator)) + ",\"kind\":\"" +
                 command_kind_name(a.kind) + "\",\"param\":" + std::to_string(a.param) +
                 ",\"start_ms\":" + ms(a.start_us) +
                 ",\"end_ms\":" + ms(a.end_us) + ",\"move\":" + std::to_string(a.move_index) + "}";
        }
        o += "]";
        if (!plan.frames.empty()) {
            o += ",\"frames\":[";
            for (size_t i = 0; i < plan.frames.size(); ++i)
                o += (i ? "," : "") + frame_text(plan.frames[i], i, true);
            o += "]";
        }
        return o + "}\n";
    }
    o = "robot " + plan.robot->spec() + "\nmoves " + moves + "\n";
    size_t next_frame = 0;
    for (size_t i = 0; i <= plan.actions.size(); ++i) {
        for (; next_frame < plan.frames.size() && size_t(plan.frames[next_frame].actions_done) == i; ++next_frame)
            o += frame_text(plan.frames[next_frame], next_frame, false);
        if (i == plan.actions.size()) break;
        const Action &a = plan.actions[i];
        char line[160];
        std::snprintf(line, sizeof line, "%10s %10s  %-10s %s %+d", ms(a.start_us).c_str(), ms(a.end_us).c_str(),
                      m.actuator_name(a.actuator), command_kind_name(a.kind), a.param);
        o += line;
        if (a.move_index >= 0) o += "  (" + format_move(plan.moves[a.move_index]) + ")";
        o += "\n";
    }
    return o + "total " + ms(plan.total_us) + " ms in " + std::to_string(plan.steps) + " steps\n";
}

}  // namespace lc::robot

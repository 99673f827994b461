// Solve answers as `cube solve` prints them: a solution a line, or one JSON object.
#include "solve_format.hpp"

#include <cube/moves.h>

#include "json_text.hpp"
#include "notation.hpp"

namespace lc {
namespace {

const char *metric_name(int metric) {
    if (metric == CUBE_METRIC_QTM) return "qtm";
    return metric == CUBE_METRIC_STM ? "stm" : "htm";
}

// The end of a JSON answer: its length and metric.
std::string json_tail(int length, int metric) {
    return ",\"length\":" + std::to_string(length) + ",\"metric\":\"" + metric_name(metric) + "\"}";
}

}  // namespace

std::string format_solution(const MoveList &solution, int metric, bool json) {
    const std::string text = format_moves(solution);
    if (!json) return text + "\n";
    return "{\"ok\":true,\"solution\":" + json_quoted(text) + json_tail(moves_length(solution, metric), metric);
}

std::string format_solution_list(const std::vector<MoveList> &solutions, int metric, bool json) {
    std::string o = json ? "{\"ok\":true,\"solutions\":[" : "";
    for (size_t i = 0; i < solutions.size(); ++i) {
        const std::string text = format_moves(solutions[i]);
        if (i > 0) o += json ? "," : ", ";
        o += json ? json_quoted(text) : text;
    }
    if (!json) return o + "\n";
    const int length = solutions.empty() ? 0 : moves_length(solutions.front(), metric);
    return o + "]" + json_tail(length, metric);
}

}  // namespace lc

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

// The solutions' notation separated by `separator`, each a JSON string when `quoted`.
std::string joined(const std::vector<MoveList> &solutions, const char *separator, bool quoted = false) {
    std::string o;
    for (size_t i = 0; i < solutions.size(); ++i) {
        const std::string text = format_moves(solutions[i]);
        if (i > 0) o += separator;
        o += quoted ? json_quoted(text) : text;
    }
    return o;
}

// The first solution's length in `metric`, 0 for none.
int first_length(const std::vector<MoveList> &solutions, int metric) {
    return solutions.empty() ? 0 : moves_length(solutions.front(), metric);
}

}  // namespace

std::string format_solution(const MoveList &solution, int metric, bool json) {
    const std::string text = format_moves(solution);
    if (!json) return text + "\n";
    return "{\"ok\":true,\"solution\":" + json_quoted(text) + json_tail(moves_length(solution, metric), metric);
}

std::string format_solution_list(const std::vector<MoveList> &solutions, int metric, bool json) {
    if (!json) return joined(solutions, ", ") + "\n";
    return "{\"ok\":true,\"solutions\":[" + joined(solutions, ",", true) + "]" +
           json_tail(first_length(solutions, metric), metric);
}

std::string format_optimal(const OptimalAnswer &answer, int metric, bool json) {
    const std::vector<MoveList> first(answer.solutions.begin(),
                                      answer.solutions.begin() + (answer.solutions.empty() ? 0 : 1));
    const std::vector<MoveList> &shown = answer.every ? answer.solutions : first;
    if (!json) return joined(shown, ", ") + "\n";
    std::string o = answer.every ? "{\"ok\":true,\"solutions\":[" + joined(shown, ",", true) + "]"
                                 : "{\"ok\":true,\"solution\":" + json_quoted(shown.empty() ? "" : format_moves(shown[0]));
    o += std::string(",\"optimal\":") + json_bool(answer.proven) + ",\"nodes\":" + std::to_string(answer.nodes) +
         ",\"standard_table\":" + json_bool(answer.standard_table) +
         ",\"h48_table\":" + json_bool(answer.h48_table) +
         ",\"small_table\":" + json_bool(answer.small_table);
    return o + json_tail(first_length(shown, metric), metric);
}

std::string format_optimal_count(int64_t count, int distance, int metric, bool json) {
    if (!json) return std::to_string(count) + "\n";
    return "{\"ok\":true,\"count\":" + std::to_string(count) + json_tail(distance, metric);
}

}  // namespace lc

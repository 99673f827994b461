// Method solutions as `cube solve --method lbl` prints them: lines per stage, one batch line, or JSON.
#include "method/format.hpp"

#include "json_text.hpp"
#include "notation.hpp"

namespace lc::method {
namespace {

using SolutionStage = cube_method_solution::Stage;

// The formulas a stage performed, with repeats in a row counted: "  (sexy-move x3, edge-left)".
std::string formulas_text(const SolutionStage &stage) {
    std::string o;
    const std::vector<std::string> &f = stage.formulas;
    for (size_t a = 0; a < f.size();) {
        size_t run = 1;
        while (a + run < f.size() && f[a + run] == f[a])
            ++run;
        o += a == 0 ? "  (" : ", ";
        o += f[a];
        if (run > 1) o += " x" + std::to_string(run);
        a += run;
    }
    return f.empty() ? o : o + ")";
}

std::string json_stage(const SolutionStage &stage) {
    std::string o = "{\"name\":" + json_quoted(stage.name) + ",\"moves\":" + json_quoted(format_moves(stage.moves));
    o += ",\"length\":" + std::to_string(moves_length(stage.moves, CUBE_METRIC_HTM)) + ",\"algorithms\":[";
    for (size_t a = 0; a < stage.formulas.size(); ++a)
        o += (a ? "," : "") + json_quoted(stage.formulas[a]);
    return o + "],\"facelets\":" + json_quoted(stage.facelets) + "}";
}

}  // namespace

std::string format_solution(const cube_method_solution &solution, int32_t kind) {
    MoveList all;
    for (const SolutionStage &stage : solution.stages)
        all.insert(all.end(), stage.moves.begin(), stage.moves.end());
    const std::string total = std::to_string(moves_length(all, CUBE_METRIC_HTM));
    std::string o;
    if (kind == CUBE_METHOD_FORMAT_JSON) {
        o = "{\"ok\":true,\"method\":\"lbl\",\"solution\":" + json_quoted(format_moves(all)) + ",\"length\":" + total +
            ",\"metric\":\"htm\",\"stages\":[";
        for (size_t k = 0; k < solution.stages.size(); ++k)
            o += (k ? "," : "") + json_stage(solution.stages[k]);
        return o + "]}";
    }
    for (const SolutionStage &stage : solution.stages) {
        const std::string moves = format_moves(stage.moves);
        if (kind == CUBE_METHOD_FORMAT_LINE)
            o += stage.name + ": " + moves + " | ";
        else
            o += stage.name + ": " + (stage.moves.empty() ? "(nothing to do)" : moves) + formulas_text(stage) + "\n";
    }
    return o + (kind == CUBE_METHOD_FORMAT_LINE ? "total: " + total + "\n" : "total: " + total + " moves (htm)\n");
}

}  // namespace lc::method

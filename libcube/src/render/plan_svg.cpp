#include "plan_svg.hpp"

#include <algorithm>
#include <cmath>

#include "notation.hpp"
#include "robot/model.hpp"
#include "svg.hpp"

namespace lc::render {
namespace {

constexpr double kLabelWidth = 120;  // actuator names
constexpr double kRowHeight = 30;
constexpr double kBarHeight = 22;
constexpr double kAxisHeight = 34;
constexpr double kLegendHeight = 30;
constexpr double kMinPlotWidth = 600;
constexpr double kMaxPlotWidth = 4000;
constexpr double kShortestBarPx = 28;  // the plot is widened until the shortest action is this wide
constexpr double kCharPx = 7;          // width of a label character at font-size 12

struct KindStyle {
    int kind;
    const char *name;
    const char *fill;
};
constexpr KindStyle kKinds[] = {{robot::kTurn, "turn", "#4e79a7"},
                                {robot::kGrip, "grip", "#f28e2b"},
                                {robot::kFlip, "flip", "#b07aa1"}};

const KindStyle &style_of(int kind) {
    for (const KindStyle &k : kKinds)
        if (k.kind == kind) return k;
    return kKinds[0];
}

std::string ms(int64_t us) { return num(static_cast<double>(us) / 1000.0); }

// A tick spacing of 1, 2 or 5 x 10^k ms giving about ten ticks.
double tick_ms(double total_ms) {
    double raw = std::max(total_ms / 10.0, 0.001);
    double power = std::pow(10.0, std::floor(std::log10(raw)));
    for (double f : {1.0, 2.0, 5.0})
        if (f * power >= raw) return f * power;
    return 10 * power;
}

double plot_width(const robot::Plan &plan) {
    int64_t shortest = INT64_MAX;
    for (const robot::Action &a : plan.actions)
        shortest = std::min<int64_t>(shortest, std::max(1, a.end_us - a.start_us));
    if (plan.actions.empty() || plan.total_us <= 0) return kMinPlotWidth;
    double wanted = static_cast<double>(plan.total_us) / static_cast<double>(shortest) * kShortestBarPx;
    return std::clamp(wanted, kMinPlotWidth, kMaxPlotWidth);
}

}  // namespace

std::string plan_svg(const robot::Plan &plan) {
    const robot::Model &model = plan.robot->model();
    const int rows = model.actuators();
    const double width = plot_width(plan);
    const double total_us = std::max<double>(1, static_cast<double>(plan.total_us));
    const double px_per_us = width / total_us;
    const double plot_top = kAxisHeight;
    const double plot_bottom = plot_top + rows * kRowHeight;
    std::string o;
    // Rows and their names.
    for (int r = 0; r < rows; ++r) {
        double y = plot_top + r * kRowHeight;
        o += "<rect class=\"row\" x=\"" + num(kLabelWidth) + "\" y=\"" + num(y) + "\" width=\"" + num(width) +
             "\" height=\"" + num(kRowHeight) + "\" fill=\"" + (r % 2 ? "#ffffff" : "#f2f2f2") + "\"/>\n";
        o += "<text class=\"actuator\" x=\"" + num(kLabelWidth - 6) + "\" y=\"" + num(y + kRowHeight / 2 + 4) +
             "\" font-size=\"12\" text-anchor=\"end\">" + xml_escaped(model.actuator_name(r)) + "</text>\n";
    }
    // The time axis: a tick and its time in ms every 1, 2 or 5 x 10^k ms.
    const double step = tick_ms(total_us / 1000.0);
    o += "<g class=\"axis\" stroke=\"#999999\" stroke-width=\"1\">\n";
    for (double t = 0; t <= total_us / 1000.0 + 1e-9; t += step) {
        double x = kLabelWidth + t * 1000.0 * px_per_us;
        o += "<line x1=\"" + num(x) + "\" y1=\"" + num(plot_top - 6) + "\" x2=\"" + num(x) + "\" y2=\"" +
             num(plot_bottom) + "\"/>\n";
    }
    o += "</g>\n<g class=\"axis-labels\" font-size=\"11\" text-anchor=\"middle\">\n";
    for (double t = 0; t <= total_us / 1000.0 + 1e-9; t += step)
        o += "<text x=\"" + num(kLabelWidth + t * 1000.0 * px_per_us) + "\" y=\"" + num(plot_top - 10) + "\">" +
             num(t) + "</text>\n";
    o += "<text x=\"" + num(kLabelWidth / 2) + "\" y=\"" + num(plot_top - 10) + "\">time (ms)</text>\n</g>\n";
    // One bar per action, labelled with the move it serves.
    for (const robot::Action &a : plan.actions) {
        const KindStyle &k = style_of(a.kind);
        double x = kLabelWidth + a.start_us * px_per_us;
        double w = std::max(1.0, (a.end_us - a.start_us) * px_per_us);
        double y = plot_top + a.actuator * kRowHeight + (kRowHeight - kBarHeight) / 2;
        std::string move = a.move_index >= 0 ? format_move(plan.moves[static_cast<size_t>(a.move_index)]) : "";
        std::string tip = std::string(model.actuator_name(a.actuator)) + " " + k.name + " " +
                          (a.param > 0 && a.kind == robot::kTurn ? "+" : "") + std::to_string(a.param) +
                          (move.empty() ? "" : " for " + move) + ", " + ms(a.start_us) + "-" + ms(a.end_us) + " ms";
        o += "<rect class=\"action " + std::string(k.name) + "\" data-move=\"" + std::to_string(a.move_index) +
             "\" x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(w) + "\" height=\"" + num(kBarHeight) +
             "\" fill=\"" + k.fill + "\" stroke=\"#333333\" stroke-width=\"0.5\"><title>" + xml_escaped(tip) +
             "</title></rect>\n";
        if (!move.empty() && w >= kCharPx * static_cast<double>(move.size()) + 4)
            o += "<text class=\"move\" x=\"" + num(x + w / 2) + "\" y=\"" + num(y + kBarHeight / 2 + 4) +
                 "\" font-size=\"12\" text-anchor=\"middle\" fill=\"#ffffff\">" + xml_escaped(move) + "</text>\n";
        check_svg_size(o);
    }
    // The legend.
    double lx = kLabelWidth;
    const double ly = plot_bottom + 10;
    for (const KindStyle &k : kKinds) {
        o += "<rect class=\"legend\" x=\"" + num(lx) + "\" y=\"" + num(ly) + "\" width=\"14\" height=\"14\" fill=\"" +
             k.fill + "\"/>\n<text x=\"" + num(lx + 18) + "\" y=\"" + num(ly + 11) + "\" font-size=\"12\">" + k.name +
             "</text>\n";
        lx += 70;
    }
    o += "<text x=\"" + num(lx + 10) + "\" y=\"" + num(ly + 11) + "\" font-size=\"12\">" +
         xml_escaped(format_moves(plan.moves)) + " in " + ms(plan.total_us) + " ms</text>\n";
    std::string title = "plan of " + format_moves(plan.moves) + " on " + plan.robot->spec();
    return svg_document(kLabelWidth + width + 20, plot_bottom + kLegendHeight + 10, title, o);
}

}  // namespace lc::render

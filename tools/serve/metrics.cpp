#include "metrics.h"

#include <cstdio>

namespace serve {

metrics::metrics(std::vector<std::string> endpoints)
    : endpoints_(std::move(endpoints)), latency_(endpoints_.size()) {}

void metrics::record(int endpoint, int code, double seconds) {
    if (endpoint < 0 || endpoint >= (int)endpoints_.size()) return;
    std::lock_guard<std::mutex> hold(lock_);
    ++counts_[{endpoint, code}];
    histogram &h = latency_[(size_t)endpoint];
    for (size_t i = 0; i < bounds.size(); ++i)
        if (seconds <= bounds[i]) ++h.buckets[i];
    ++h.count;
    h.sum += seconds;
}

void metrics::rejected() {
    std::lock_guard<std::mutex> hold(lock_);
    ++rejected_;
}

namespace {

// A sample line: name{labels} value.
void line(std::string &out, const std::string &name, const std::string &labels, double value) {
    char number[64];
    snprintf(number, sizeof number, "%.17g", value);
    out += name;
    if (!labels.empty()) out += "{" + labels + "}";
    out += " ";
    out += number;
    out += "\n";
}

void header(std::string &out, const char *name, const char *type, const char *help) {
    out += std::string("# HELP ") + name + " " + help + "\n# TYPE " + name + " " + type + "\n";
}

} // namespace

std::string metrics::text(const std::vector<gauge> &gauges) const {
    std::lock_guard<std::mutex> hold(lock_);
    std::string out;
    header(out, "cube_http_requests_total", "counter", "HTTP requests answered, by endpoint and status code.");
    for (const auto &c : counts_)
        line(out, "cube_http_requests_total",
             "endpoint=\"" + endpoints_[(size_t)c.first.first] + "\",code=\"" + std::to_string(c.first.second) + "\"",
             (double)c.second);
    header(out, "cube_http_request_duration_seconds", "histogram",
           "Time from a request's arrival to the end of its answer, by endpoint.");
    for (size_t e = 0; e < endpoints_.size(); ++e) {
        const histogram &h = latency_[e];
        if (!h.count) continue;
        std::string label = "endpoint=\"" + endpoints_[e] + "\"";
        for (size_t i = 0; i < bounds.size(); ++i) {
            char le[32];
            snprintf(le, sizeof le, "%g", bounds[i]);
            line(out, "cube_http_request_duration_seconds_bucket", label + ",le=\"" + le + "\"", (double)h.buckets[i]);
        }
        line(out, "cube_http_request_duration_seconds_bucket", label + ",le=\"+Inf\"", (double)h.count);
        line(out, "cube_http_request_duration_seconds_sum", label, h.sum);
        line(out, "cube_http_request_duration_seconds_count", label, (double)h.count);
    }
    header(out, "cube_solves_rejected_total", "counter", "Solves refused with 503 because every solve slot was busy.");
    line(out, "cube_solves_rejected_total", "", (double)rejected_);
    for (const auto &g : gauges) {
        header(out, g.name.c_str(), g.type.c_str(), g.help.c_str());
        line(out, g.name, "", g.value);
    }
    return out;
}

} // namespace serve

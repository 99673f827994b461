// Request counts by endpoint and status code and latency histograms by endpoint, written in the Prometheus
// text format (version 0.0.4) for GET /metrics.
#ifndef CUBE_SERVE_METRICS_H
#define CUBE_SERVE_METRICS_H

#include <array>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace serve {

// A value of the moment (or a count kept elsewhere, `type` "counter"), written with its help text.
struct gauge {
    std::string name, help;
    double value;
    std::string type = "gauge";
};

class metrics {
public:
    // `endpoints`: the label of each endpoint index that record() is given.
    explicit metrics(std::vector<std::string> endpoints);

    // One answered request: its endpoint index, HTTP status and time from its arrival to its last byte sent.
    void record(int endpoint, int code, double seconds);
    // A solve refused because every solve slot stayed busy (503).
    void rejected();

    // The exposition text, `gauges` last.
    std::string text(const std::vector<gauge> &gauges) const;

private:
    static constexpr std::array<double, 14> bounds = {0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01,
                                                      0.025,  0.05,    0.1,    0.25,  0.5,    1,     5};
    struct histogram {
        std::array<uint64_t, bounds.size()> buckets{};
        uint64_t count = 0;
        double sum = 0;
    };
    mutable std::mutex lock_;
    std::vector<std::string> endpoints_;
    std::vector<histogram> latency_;
    std::map<std::pair<int, int>, uint64_t> counts_;
    uint64_t rejected_ = 0;
};

} // namespace serve

#endif

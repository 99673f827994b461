// Reading request bodies with nlohmann::json: parse errors become 400 answers that quote the parser.
#include "request.h"

#include <nlohmann/json.hpp>

#include <set>
#include <utility>
#include <vector>

extern "C" {
#include "../escape.h"
}

namespace serve {

using json = nlohmann::json;

std::string shown(std::string_view text) {
    std::string copy(text.substr(0, 1000));
    std::string out(4 * copy.size() + 8, '\0');
    cli_escape(copy.c_str(), out.data(), out.size());
    out.resize(std::char_traits<char>::length(out.c_str()));
    if (text.size() > 1000) out += "...";
    return out;
}

namespace {

// The fields of one request object: each read checks its type and range; done() refuses the rest.
class fields {
public:
    fields(const json &object, failure &why) : object_(object), why_(why) {}

    bool string(const char *key, std::string &out) {
        const json *v = find(key);
        if (!v) return true;
        if (!v->is_string()) return wrong(key, "a string");
        out = v->get<std::string>();
        if (out.find('\0') != std::string::npos) return refuse(std::string("field '") + key + "' holds a NUL character");
        return true;
    }

    bool integer(const char *key, int64_t min, int64_t max, int32_t &out) {
        const json *v = find(key);
        if (!v) return true;
        if (!v->is_number_integer()) return wrong(key, "a whole number");
        int64_t n = v->is_number_unsigned() && v->get<uint64_t>() > INT64_MAX ? max + 1 : v->get<int64_t>();
        if (n < min || n > max)
            return refuse(std::string("field '") + key + "' must be from " + std::to_string(min) + " to " +
                          std::to_string(max));
        out = (int32_t)n;
        return true;
    }

    bool boolean(const char *key, bool &out) {
        const json *v = find(key);
        if (!v) return true;
        if (!v->is_boolean()) return wrong(key, "true or false");
        out = v->get<bool>();
        return true;
    }

    // A string naming one of `names`; `out` gets its value.
    template <typename T>
    bool choice(const char *key, const std::vector<std::pair<const char *, T>> &names, T &out) {
        std::string text;
        if (!find(key)) return true;
        if (!string(key, text)) return false;
        std::string list;
        for (const auto &n : names) {
            if (text == n.first) {
                out = n.second;
                return true;
            }
            list += list.empty() ? "" : ", ";
            list += n.first;
        }
        return refuse(std::string("unknown ") + key + " '" + shown(text) + "': expected one of " + list);
    }

    // The cube fields shared by several requests.
    bool cube(cube_input &out) {
        return string("facelets", out.facelets) && string("scramble", out.scramble) && integer("size", 2, 3, out.size);
    }

    // A field passed on as it is (NULL when absent).
    const json *pass(const char *key) { return find(key); }

    // Refuses a field that no read asked for.
    bool done() {
        for (const auto &item : object_.items())
            if (!known_.count(item.key()))
                return refuse("unknown field '" + shown(item.key()) + "'");
        return true;
    }

private:
    const json *find(const char *key) {
        known_.insert(key);
        auto it = object_.find(key);
        return it == object_.end() || it->is_null() ? nullptr : &*it;
    }
    bool wrong(const char *key, const char *what) {
        return refuse(std::string("field '") + key + "' must be " + what);
    }
    bool refuse(std::string message) {
        why_ = failure{400, CUBE_ERROR_INVALID_ARGUMENT, std::move(message)};
        return false;
    }

    const json &object_;
    failure &why_;
    std::set<std::string> known_;
};

// The body as a JSON object; false with a 400 failure quoting the parser.
bool parse_object(std::string_view body, json &out, failure &why) {
    // The keys of each object being read, innermost last: a key given twice is refused (the parser would
    // keep the last one silently).
    std::vector<std::set<std::string>> open;
    std::string twice;
    auto watch = [&open, &twice](int, json::parse_event_t event, json &parsed) {
        if (event == json::parse_event_t::object_start) open.emplace_back();
        if (event == json::parse_event_t::object_end && !open.empty()) open.pop_back();
        if (event == json::parse_event_t::key && !open.empty()) {
            std::string key = parsed.get<std::string>();
            if (!open.back().insert(key).second && twice.empty()) twice = key;
        }
        return true;
    };
    try {
        out = json::parse(body.begin(), body.end(), watch);
    } catch (const json::exception &e) {
        why = failure{400, CUBE_ERROR_PARSE, "the request body is not JSON: " + shown(e.what())};
        return false;
    }
    if (!twice.empty()) {
        why = failure{400, CUBE_ERROR_PARSE, "the request body gives field '" + shown(twice) + "' more than once"};
        return false;
    }
    if (!out.is_object()) {
        why = failure{400, CUBE_ERROR_PARSE, "the request body must be a JSON object"};
        return false;
    }
    return true;
}

} // namespace

bool parse_solve(std::string_view body, solve_request &out, failure &why) {
    json object;
    if (!parse_object(body, object, why)) return false;
    fields f(object, why);
    const std::vector<std::pair<const char *, solve_method>> methods = {
        {"twophase", solve_method::twophase}, {"optimal", solve_method::optimal}, {"lbl", solve_method::lbl}};
    const std::vector<std::pair<const char *, int32_t>> metrics = {{"htm", CUBE_METRIC_HTM}, {"qtm", CUBE_METRIC_QTM}};
    if (!(f.cube(out.cube) && f.string("target", out.target) && f.choice("method", methods, out.method) &&
          f.choice("metric", metrics, out.metric) && f.integer("max_length", 1, 1000, out.max_length) &&
          f.integer("timeout_ms", 1, 86400000, out.timeout_ms) && f.boolean("min_effort", out.min_effort) &&
          f.boolean("steps", out.steps) && f.boolean("all", out.all) && f.integer("limit", 1, 10000000, out.limit) &&
          f.done()))
        return false;
    if (out.limit && !out.all) {
        why = failure{400, CUBE_ERROR_INVALID_ARGUMENT, "field 'limit' goes with \"all\": true"};
        return false;
    }
    return true;
}

bool parse_validate(std::string_view body, validate_request &out, failure &why) {
    json object;
    if (!parse_object(body, object, why)) return false;
    fields f(object, why);
    return f.cube(out.cube) && f.done();
}

bool parse_plan(std::string_view body, plan_request &out, failure &why) {
    json object;
    if (!parse_object(body, object, why)) return false;
    fields f(object, why);
    const std::vector<std::pair<const char *, int32_t>> strategies = {
        {"optimal", CUBE_PLAN_OPTIMAL}, {"greedy", CUBE_PLAN_GREEDY}, {"naive", CUBE_PLAN_NAIVE}};
    if (!(f.string("robot", out.robot) && f.cube(out.cube) && f.string("moves", out.moves) &&
          f.choice("strategy", strategies, out.strategy) && f.boolean("shortest", out.shortest) &&
          f.boolean("svg", out.svg) && f.integer("timeout_ms", 1, 86400000, out.timeout_ms) && f.done()))
        return false;
    if (out.robot.empty()) {
        why = failure{400, CUBE_ERROR_INVALID_ARGUMENT, "field 'robot' is required (a spec such as \"four-arm\")"};
        return false;
    }
    if (out.robot[0] == '@') {
        why = failure{400, CUBE_ERROR_INVALID_ARGUMENT, "the server reads no files: give the robot's spec text"};
        return false;
    }
    int given = !out.moves.empty() + !out.cube.facelets.empty() + !out.cube.scramble.empty();
    if (given != 1) {
        why = failure{400, CUBE_ERROR_INVALID_ARGUMENT, "give one of 'facelets', 'scramble' or 'moves'"};
        return false;
    }
    return true;
}

bool parse_scan(std::string_view body, scan_request &out, failure &why) {
    json object;
    if (!parse_object(body, object, why)) return false;
    fields f(object, why);
    if (!f.integer("alternatives", 0, CUBE_SCAN_ALTERNATIVES_MAX, out.alternatives)) return false;
    json scan = json::object();
    for (const char *key : {"samples", "space", "weights"})
        if (const json *v = f.pass(key)) scan[key] = *v;
    if (!f.done()) return false;
    out.scan = scan.dump(-1, ' ', true, json::error_handler_t::replace);
    return true;
}

bool make_state(const cube_input &in, cube_state **out, failure &why) {
    *out = nullptr;
    if (in.facelets.empty() == in.scramble.empty()) {
        why = failure{400, CUBE_ERROR_INVALID_ARGUMENT, "give the cube as 'facelets' or as 'scramble' (one of them)"};
        return false;
    }
    cube_status st = CUBE_OK;
    if (!in.facelets.empty()) {
        st = cube_state_from_facelets(in.facelets.c_str(), in.size, out);
    } else {
        st = cube_state_new(in.size ? in.size : 3, out);
        if (st == CUBE_OK) st = cube_state_apply_text(*out, in.scramble.c_str());
    }
    if (st == CUBE_OK) return true;
    int http = st == CUBE_ERROR_INVALID_ARGUMENT ? 400 : st == CUBE_ERROR_NO_MEMORY ? 500 : 422;
    why = failure{http, st, shown(cube_last_error())};
    if (!in.scramble.empty()) why.message = "scramble: " + why.message;
    cube_state_free(*out);
    *out = nullptr;
    return false;
}

} // namespace serve

// The sim driver. Options (comma-separated): model=FAMILY and robot keys (turn90=..., see
// cube_robot_parse), speed=S (S times real time; 0 = instant; default 1), fail_after=N (the N+1-th
// command fails, to test error handling). Queries: "cube" (facelets, as the robot sees it), "solved",
// "time_us" (simulated time). Configure: "robot" (adopted if no model was given; must be the same
// family otherwise), "scramble" (moves applied to a solved cube before running).
#include "driver/sim.hpp"

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "api_util.hpp"
#include "error.hpp"
#include "facelets.hpp"
#include "geometry.hpp"
#include "notation.hpp"
#include "robot/plan.hpp"
#include "robot/robot.hpp"

namespace lc::driver {
namespace {

using robot::Robot;

// Speeds a run may have (times real time): slower than 1/1000 would turn a quarter turn into hours and
// overflow the wait; faster than a million is "instant" (speed=0).
constexpr double kMinSpeed = 1e-3;
constexpr double kMaxSpeed = 1e6;

struct Sim {
    std::shared_ptr<const Robot> robot;
    bool fixed_model = false;
    double speed = 1;
    long fail_after = -1;
    uint32_t mech = 0;
    std::string cube = solved_facelets(3);
    std::vector<int32_t> position;
    int64_t time_us = 0;
    int32_t done = 0;
    int32_t state = CUBE_DRIVER_IDLE;
    std::string spec, error;
    std::mutex mu;
    std::condition_variable cv;
    bool stop_requested = false;

    int32_t fail(int32_t status, const std::string &msg) {
        error = msg;
        return status;
    }
    void set_robot(std::shared_ptr<const Robot> r) {
        robot = std::move(r);
        spec = robot->spec();
        mech = robot->model().initial();
        position.assign(robot->model().actuators(), 0);
        for (int i = 0; i < robot->model().actuators(); ++i)  // grips of arm robots start engaged
            if (std::strstr(robot->model().actuator_name(i), ".slide") ||
                std::strstr(robot->model().actuator_name(i), ".grip"))
                position[i] = 1;
    }
};

Sim *sim(void *p) {
    return static_cast<Sim *>(p);
}

int32_t sim_open(const char *options, void **instance, char *err, int32_t cap) {
    auto say = [&](const std::string &m) {
        if (err && cap > 0) std::snprintf(err, size_t(cap), "%s", m.c_str());
    };
    if (!instance) return say("instance pointer is NULL"), CUBE_ERROR_INVALID_ARGUMENT;
    try {
        auto s = std::make_unique<Sim>();
        std::string robot_items;
        std::string opts = options ? options : "";
        size_t pos = 0;
        while (pos <= opts.size()) {
            size_t comma = opts.find(',', pos);
            std::string item = opts.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
            pos = comma == std::string::npos ? opts.size() + 1 : comma + 1;
            if (item.empty()) continue;
            size_t eq = item.find('=');
            std::string k = item.substr(0, eq), v = eq == std::string::npos ? "" : item.substr(eq + 1);
            char *end = nullptr;
            if (k == "speed") {
                s->speed = std::strtod(v.c_str(), &end);
                bool instant = s->speed == 0;
                if (v.empty() || *end || !(instant || (s->speed >= kMinSpeed && s->speed <= kMaxSpeed)))
                    return say("sim: speed=\"" + v + "\": expected 0 (instant) or a number from 0.001 to 1000000"),
                           CUBE_ERROR_INVALID_ARGUMENT;
            } else if (k == "fail_after") {
                s->fail_after = std::strtol(v.c_str(), &end, 10);
                if (v.empty() || *end || s->fail_after < 0)
                    return say("sim: fail_after=\"" + v + "\": expected a count >= 0"), CUBE_ERROR_INVALID_ARGUMENT;
            } else {
                robot_items += (robot_items.empty() ? "" : ",") + item;
                s->fixed_model |= k == "model";
            }
        }
        if (!robot_items.empty()) {
            if (!s->fixed_model) return say("sim: robot keys given without model=FAMILY"), CUBE_ERROR_INVALID_ARGUMENT;
            s->set_robot(std::make_shared<const Robot>(robot::parse_spec(robot_items)));
        }
        *instance = s.release();
        return CUBE_OK;
    } catch (const Error &e) {
        say(std::string("sim: ") + e.what());
        return e.status;
    } catch (const std::exception &e) {
        say(std::string("sim: ") + e.what());
        return CUBE_ERROR_INTERNAL;
    }
}

const char *sim_robot_spec(void *p) {
    return sim(p)->spec.c_str();
}

int32_t sim_actuator_count(void *p) {
    return sim(p)->robot ? sim(p)->robot->model().actuators() : 0;
}

const char *sim_actuator_name(void *p, int32_t i) {
    return sim(p)->robot ? sim(p)->robot->model().actuator_name(i) : nullptr;
}

int32_t sim_configure(void *p, const char *key, const char *value) {
    Sim *s = sim(p);
    if (!key || !value) return s->fail(CUBE_ERROR_INVALID_ARGUMENT, "sim: key or value is NULL");
    try {
        if (!std::strcmp(key, "robot")) {
            auto r = std::make_shared<const Robot>(robot::parse_spec(value));
            if (!s->fixed_model) {
                s->set_robot(r);
            } else if (r->params().family != s->robot->params().family) {
                return s->fail(CUBE_ERROR_INVALID_ARGUMENT, std::string("sim: this sim is a ") +
                                                                robot::family_name(s->robot->params().family) +
                                                                ", not a " + robot::family_name(r->params().family));
            }
            return CUBE_OK;
        }
        if (!std::strcmp(key, "scramble")) {
            MoveList m;
            if (parse_moves(value, 3, m) != CUBE_OK)
                return s->fail(CUBE_ERROR_PARSE, std::string("sim: scramble: ") + cube_last_error());
            s->cube = solved_facelets(3);
            for (const Move &mv : m)
                apply_move(geometry(3), s->cube, mv);
            return CUBE_OK;
        }
    } catch (const Error &e) {
        return s->fail(e.status, std::string("sim: ") + key + ": " + e.what());
    }
    return s->fail(CUBE_ERROR_UNSUPPORTED, std::string("sim: unknown option ") + key);
}

// Waits `us` of simulated time scaled by the speed; false if stop() came first.
bool wait(Sim *s, int64_t us) {
    std::unique_lock<std::mutex> lock(s->mu);
    if (s->speed > 0 && us > 0) {
        auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(int64_t(us / s->speed));
        s->cv.wait_until(lock, until, [&] { return s->stop_requested; });
    }
    return !s->stop_requested;
}

int32_t sim_execute(void *p, const cube_driver_command *cmds, int32_t count) {
    Sim *s = sim(p);
    {
        std::lock_guard<std::mutex> lock(s->mu);
        s->stop_requested = false;
    }
    if (!s->robot)
        return s->fail(CUBE_ERROR_INVALID_ARGUMENT, "sim: no robot model (give model= or configure \"robot\")");
    if (!cmds || count < 1 || count > 3) return s->fail(CUBE_ERROR_INVALID_ARGUMENT, "sim: a step has 1 to 3 commands");
    const robot::Model &model = s->robot->model();
    robot::CmdSet cs;
    int64_t longest = 0;
    for (int32_t i = 0; i < count; ++i) {
        const cube_driver_command &c = cmds[i];
        if (c.struct_size < sizeof(cube_driver_command))
            return s->fail(CUBE_ERROR_INVALID_ARGUMENT, "sim: command struct too small");
        if (c.actuator < 0 || c.actuator >= model.actuators())
            return s->fail(CUBE_ERROR_INVALID_ARGUMENT, "sim: no actuator " + std::to_string(c.actuator));
        robot::Cmd cmd{uint8_t(c.actuator), uint8_t(c.kind), int8_t(c.param)};
        int32_t need = model.duration(cmd);
        if (need < 0)
            return s->fail(CUBE_ERROR_INVALID_ARGUMENT,
                           std::string("sim: ") + model.actuator_name(c.actuator) + " cannot do that command");
        if (c.duration_us < need)
            return s->fail(CUBE_ERROR_INVALID_ARGUMENT, std::string("sim: ") + model.actuator_name(c.actuator) +
                                                            " needs " + std::to_string(need) + " us, given " +
                                                            std::to_string(c.duration_us));
        longest = std::max<int64_t>(longest, c.duration_us);
        cs.add(cmd);
    }
    if (s->fail_after >= 0 && s->done + count > s->fail_after) {
        s->state = CUBE_DRIVER_FAULT;
        return s->fail(CUBE_ERROR_IO, "sim: injected failure after " + std::to_string(s->fail_after) + " commands");
    }
    uint32_t next;
    robot::Effect eff;
    std::string why;
    if (!model.simulate(s->mech, cs, next, eff, &why)) {
        s->state = CUBE_DRIVER_FAULT;
        return s->fail(CUBE_ERROR_INVALID_ARGUMENT, "sim: the robot refuses the step: " + why);
    }
    s->state = CUBE_DRIVER_BUSY;
    if (!wait(s, longest)) {
        s->state = CUBE_DRIVER_STOPPED;
        return s->fail(CUBE_ERROR_CANCELLED, "sim: stopped");
    }
    // The step completed: the mechanism and the cube move on.
    s->mech = next;
    robot::apply_effect(s->cube, eff);
    for (int k = 0; k < cs.n; ++k) {
        const robot::Cmd &c = cs.cmd[k];
        int32_t &pos = s->position[c.actuator];
        pos = c.kind == robot::kTurn ? pos + c.param : c.kind == robot::kGrip ? c.param : pos;
    }
    s->time_us += longest;
    s->done += count;
    s->state = CUBE_DRIVER_IDLE;
    return CUBE_OK;
}

int32_t sim_status(void *p, cube_driver_status *out) {
    if (!out || out->struct_size < sizeof(cube_driver_status))
        return sim(p)->fail(CUBE_ERROR_INVALID_ARGUMENT, "sim: bad status struct");
    out->state = sim(p)->state;
    out->commands_done = sim(p)->done;
    return CUBE_OK;
}

int32_t sim_position(void *p, int32_t actuator, int32_t *value) {
    Sim *s = sim(p);
    if (!value || actuator < 0 || actuator >= int32_t(s->position.size()))
        return s->fail(CUBE_ERROR_INVALID_ARGUMENT, "sim: no actuator " + std::to_string(actuator));
    *value = s->position[actuator];
    return CUBE_OK;
}

int32_t sim_query(void *p, const char *key, char *buffer, int32_t capacity, int32_t *length) {
    Sim *s = sim(p);
    std::string answer;
    if (!key) return s->fail(CUBE_ERROR_INVALID_ARGUMENT, "sim: key is NULL");
    if (!std::strcmp(key, "cube"))
        answer = s->cube;
    else if (!std::strcmp(key, "solved"))
        answer = faces_uniform(3, s->cube) ? "1" : "0";
    else if (!std::strcmp(key, "time_us"))
        answer = std::to_string(s->time_us);
    else
        return s->fail(CUBE_ERROR_UNSUPPORTED, std::string("sim: unknown query ") + key);
    cube_status st = copy_out(answer, buffer, capacity, length);
    if (st != CUBE_OK) s->error = cube_last_error();
    return st;
}

int32_t sim_stop(void *p) {
    Sim *s = sim(p);
    {
        std::lock_guard<std::mutex> lock(s->mu);
        s->stop_requested = true;
    }
    s->cv.notify_all();
    return CUBE_OK;
}

const char *sim_last_error(void *p) {
    return sim(p)->error.c_str();
}

void sim_close(void *p) {
    delete sim(p);
}

}  // namespace

cube_driver_api sim_api(const char *name, const char *description) {
    cube_driver_api a{};
    a.struct_size = sizeof a;
    a.abi_version = CUBE_DRIVER_ABI_VERSION;
    a.name = name;
    a.description = description;
    a.open = sim_open;
    a.robot_spec = sim_robot_spec;
    a.actuator_count = sim_actuator_count;
    a.actuator_name = sim_actuator_name;
    a.configure = sim_configure;
    a.execute = sim_execute;
    a.status = sim_status;
    a.position = sim_position;
    a.query = sim_query;
    a.stop = sim_stop;
    a.last_error = sim_last_error;
    a.close = sim_close;
    return a;
}

}  // namespace lc::driver

// C API: robot descriptions.
#include <cstdio>
#include <fstream>
#include <sstream>

#include "api_util.hpp"
#include "robot/robot_handles.hpp"

namespace lc {

cube_robot *new_robot_handle(std::shared_ptr<const robot::Robot> impl) {
    auto *h = new cube_robot;
    h->spec = impl->spec();
    h->impl = std::move(impl);
    return h;
}

namespace {

cube_status make(const robot::Params &p, cube_robot **out) {
    *out = new_robot_handle(std::make_shared<const robot::Robot>(p));
    return CUBE_OK;
}

robot::Params params_of(const cube_robot_desc &d) {
    robot::Params p;
    p.family = robot::Family(d.family);
    p.turn90_us = d.turn90_us;
    p.turn180_us = d.turn180_us;
    p.grip_us = d.grip_us;
    p.flip_us = d.flip_us;
    p.twist_range = d.twist_range;
    p.allow_parallel = d.allow_parallel;
    return p;
}

cube_status check_desc(const cube_robot_desc *d, const char *what) {
    return check_versioned(d, what, sizeof(cube_robot_desc));
}

}  // namespace
}  // namespace lc

extern "C" {

CUBE_API cube_status cube_robot_desc_init(cube_robot_desc *desc, int32_t family) {
    return lc::api_guard([&] {
        if (!desc) return lc::fail(CUBE_ERROR_INVALID_ARGUMENT, "desc is NULL");
        if (!lc::robot::family_name(lc::robot::Family(family)))
            return lc::fail(CUBE_ERROR_INVALID_ARGUMENT, "unknown robot family %d (1..4)", family);
        lc::robot::Params p = lc::robot::default_params(lc::robot::Family(family));
        *desc =
            cube_robot_desc{sizeof(cube_robot_desc), family,          p.turn90_us, p.turn180_us, p.grip_us, p.flip_us,
                            p.twist_range,           p.allow_parallel};
        return CUBE_OK;
    });
}

CUBE_API const char *cube_robot_family_name(int32_t family) {
    return lc::robot::family_name(lc::robot::Family(family));
}

CUBE_API cube_status cube_robot_new(const cube_robot_desc *desc, cube_robot **out) {
    return lc::api_guard([&] {
        cube_status st = lc::check_out(out);
        if (st == CUBE_OK) st = lc::check_desc(desc, "desc");
        if (st != CUBE_OK) return st;
        return lc::make(lc::params_of(*desc), out);
    });
}

CUBE_API cube_status cube_robot_parse(const char *spec, cube_robot **out) {
    return lc::api_guard([&] {
        cube_status st = lc::check_out(out);
        if (st != CUBE_OK) return st;
        if (!spec) return lc::fail(CUBE_ERROR_INVALID_ARGUMENT, "spec is NULL");
        return lc::make(lc::robot::parse_spec(spec), out);
    });
}

CUBE_API cube_status cube_robot_load(const char *path, cube_robot **out) {
    return lc::api_guard([&] {
        cube_status st = lc::check_out(out);
        if (st != CUBE_OK) return st;
        if (!path) return lc::fail(CUBE_ERROR_INVALID_ARGUMENT, "path is NULL");
        std::ifstream in(path);
        if (!in) return lc::fail(CUBE_ERROR_NOT_FOUND, "cannot open robot file %s", path);
        std::ostringstream text;
        text << in.rdbuf();
        if (in.bad()) return lc::fail(CUBE_ERROR_IO, "cannot read robot file %s", path);
        try {
            return lc::make(lc::robot::parse_spec(text.str()), out);
        } catch (const lc::Error &e) {
            return lc::fail(e.status, "%s: %s", path, e.what());
        }
    });
}

CUBE_API void cube_robot_free(cube_robot *robot) {
    if (robot && robot->tag.magic == lc::kMagicRobot) delete robot;
}

CUBE_API cube_status cube_robot_get_desc(const cube_robot *robot, cube_robot_desc *desc) {
    return lc::api_guard([&] {
        cube_robot *r = lc::robot_impl(robot);
        if (!r) return cube_last_status();
        cube_status st = lc::check_desc(desc, "desc");
        if (st != CUBE_OK) return st;
        const lc::robot::Params &p = r->impl->params();
        *desc =
            cube_robot_desc{sizeof(cube_robot_desc), int32_t(p.family), p.turn90_us, p.turn180_us, p.grip_us, p.flip_us,
                            p.twist_range,           p.allow_parallel};
        return CUBE_OK;
    });
}

CUBE_API const char *cube_robot_spec(const cube_robot *robot) {
    cube_robot *r = lc::robot_impl(robot);
    return r ? r->spec.c_str() : nullptr;
}

CUBE_API int32_t cube_robot_actuator_count(const cube_robot *robot) {
    cube_robot *r = lc::robot_impl(robot);
    return r ? r->impl->model().actuators() : cube_last_status();
}

CUBE_API const char *cube_robot_actuator_name(const cube_robot *robot, int32_t index) {
    cube_robot *r = lc::robot_impl(robot);
    if (!r) return nullptr;
    const char *name = r->impl->model().actuator_name(index);
    if (!name)
        lc::fail(CUBE_ERROR_INVALID_ARGUMENT, "actuator %d: the robot has %d", index, r->impl->model().actuators());
    return name;
}

}  // extern "C"

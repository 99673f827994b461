// C API: robot descriptions, making robots, and what a robot says about itself.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>

#include "api_util.hpp"
#include "robot/positions.hpp"
#include "robot/robot_handles.hpp"
#include "versioned.hpp"

namespace lc {

cube_status copy_positions(const std::vector<int32_t> &values, int32_t *positions, int32_t capacity, int32_t *count) {
    if (count) *count = 0;
    if (capacity < 0) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "capacity %d is negative", capacity);
    if (!positions && capacity > 0)
        return set_error(CUBE_ERROR_INVALID_ARGUMENT, "positions is NULL but capacity is %d", capacity);
    const int32_t n = static_cast<int32_t>(values.size());
    if (count) *count = n;
    if (capacity < n)
        return set_error(CUBE_ERROR_BUFFER_TOO_SMALL, "room for %d positions: the robot has %d actuators", capacity, n);
    std::copy(values.begin(), values.end(), positions);
    return CUBE_OK;
}

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
    p.camera = d.camera;
    p.overlap_permille = d.overlap_permille;
    return p;
}

cube_robot_desc desc_of(const robot::Params &p) {
    cube_robot_desc d{};
    d.struct_size = sizeof d;
    d.family = int32_t(p.family);
    d.turn90_us = p.turn90_us;
    d.turn180_us = p.turn180_us;
    d.grip_us = p.grip_us;
    d.flip_us = p.flip_us;
    d.twist_range = p.twist_range;
    d.allow_parallel = p.allow_parallel;
    d.camera = p.camera;
    d.overlap_permille = p.overlap_permille;
    return d;
}

bool known_family(int32_t family) {
    return robot::family_name(robot::Family(family)) != nullptr;
}

}  // namespace
}  // namespace lc

extern "C" {

CUBE_API cube_status cube_robot_desc_init_sized(cube_robot_desc *desc, uint32_t size, int32_t family) {
    return lc::api_guard([&]() -> cube_status {
        if (!lc::known_family(family))
            return lc::set_error(CUBE_ERROR_INVALID_ARGUMENT, "unknown robot family %d (1..6)", family);
        cube_robot_desc defaults = lc::desc_of(lc::robot::default_params(lc::robot::Family(family)));
        return lc::init_versioned(desc, size, defaults);
    });
}

CUBE_API cube_status cube_robot_family_name(int32_t family, const char **name) {
    cube_status st = lc::clear_out(name, "name");
    if (st != CUBE_OK) return st;
    if (!lc::known_family(family))
        return lc::set_error(CUBE_ERROR_INVALID_ARGUMENT, "unknown robot family %d (1..6)", family);
    *name = lc::robot::family_name(lc::robot::Family(family));
    return CUBE_OK;
}

CUBE_API cube_status cube_robot_new(const cube_robot_desc *desc, cube_robot **out) {
    return lc::api_guard([&]() -> cube_status {
        cube_status st = lc::check_out(out);
        if (st != CUBE_OK) return st;
        if (!desc) return lc::set_error(CUBE_ERROR_INVALID_ARGUMENT, "desc is NULL");
        cube_robot_desc d{};  // a field a caller's older struct lacks is zero: its old behaviour
        if ((st = lc::read_versioned(desc, d, "desc")) != CUBE_OK) return st;
        return lc::make(lc::params_of(d), out);
    });
}

CUBE_API cube_status cube_robot_parse(const char *spec, cube_robot **out) {
    return lc::api_guard([&]() -> cube_status {
        cube_status st = lc::check_out(out);
        if (st != CUBE_OK) return st;
        if (!spec) return lc::set_error(CUBE_ERROR_INVALID_ARGUMENT, "spec is NULL");
        // strnlen reads no further than one byte past the cap, however long the text.
        if (strnlen(spec, lc::robot::kMaxSpecBytes + 1) > lc::robot::kMaxSpecBytes)
            return lc::set_error(CUBE_ERROR_INVALID_ARGUMENT, "robot spec longer than %zu bytes, the most it may have",
                                 lc::robot::kMaxSpecBytes);
        return lc::make(lc::robot::parse_spec(spec), out);
    });
}

CUBE_API cube_status cube_robot_load(const char *path, cube_robot **out) {
    return lc::api_guard([&]() -> cube_status {
        cube_status st = lc::check_out(out);
        if (st != CUBE_OK) return st;
        if (!path) return lc::set_error(CUBE_ERROR_INVALID_ARGUMENT, "path is NULL");
        const std::string text = lc::read_small_text_file(path, {"robot file", "a robot description"});
        try {
            return lc::make(lc::robot::parse_spec(text), out);
        } catch (const lc::Error &e) {
            return lc::set_error(e.status, "%s: %s", path, e.what());
        }
    });
}

CUBE_API void cube_robot_free(cube_robot *robot) {
    if (robot && robot->tag.magic == lc::kMagicRobot) delete robot;
}

CUBE_API cube_status cube_robot_get_desc(const cube_robot *robot, cube_robot_desc *desc) {
    return lc::api_guard([&]() -> cube_status {
        cube_robot *r = lc::robot_impl(robot);
        if (!r) return cube_last_status();
        return lc::write_versioned(lc::desc_of(r->impl->params()), desc, "desc");
    });
}

CUBE_API cube_status cube_robot_spec(const cube_robot *robot, const char **spec) {
    cube_status st = lc::clear_out(spec, "spec");
    if (st != CUBE_OK) return st;
    cube_robot *r = lc::robot_impl(robot);
    if (!r) return cube_last_status();
    *spec = r->spec.c_str();
    return CUBE_OK;
}

CUBE_API cube_status cube_robot_actuator_count(const cube_robot *robot, int32_t *count) {
    cube_status st = lc::clear_out(count, "count");
    if (st != CUBE_OK) return st;
    cube_robot *r = lc::robot_impl(robot);
    if (!r) return cube_last_status();
    *count = r->impl->model().actuators();
    return CUBE_OK;
}

CUBE_API cube_status cube_robot_actuator_name(const cube_robot *robot, int32_t index, const char **name) {
    cube_status st = lc::clear_out(name, "name");
    if (st != CUBE_OK) return st;
    cube_robot *r = lc::robot_impl(robot);
    if (!r) return cube_last_status();
    const char *found = r->impl->model().actuator_name(index);
    if (!found)
        return lc::set_error(CUBE_ERROR_INVALID_ARGUMENT, "actuator %d: the robot has %d", index,
                             r->impl->model().actuators());
    *name = found;
    return CUBE_OK;
}

CUBE_API cube_status cube_robot_rest_positions(const cube_robot *robot, int32_t *positions, int32_t capacity,
                                               int32_t *count) {
    return lc::api_guard([&]() -> cube_status {
        if (count) *count = 0;
        cube_robot *r = lc::robot_impl(robot);
        if (!r) return cube_last_status();
        return lc::copy_positions(lc::robot::rest_positions(*r->impl), positions, capacity, count);
    });
}

}  // extern "C"

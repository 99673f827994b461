// C API: a robot's scan sequence, its camera frames, plans one after another, and frame-ordered samples.
#include <memory>

#include "api_util.hpp"
#include "robot/robot_handles.hpp"
#include "scan/scan_handles.hpp"
#include "versioned.hpp"

namespace lc {
namespace {

constexpr int kFrames = 6;
constexpr int kSamplesPerFrame = 9;

cube_scan_frame frame_of(const robot::ScanFrame &f) {
    cube_scan_frame value{};
    value.struct_size = sizeof value;
    value.face = f.face;
    value.rotation = f.rotation;
    value.actions_done = f.actions_done;
    value.time_us = f.time_us;
    return value;
}

}  // namespace
}  // namespace lc

extern "C" {

CUBE_API cube_status cube_scan_frame_init_sized(cube_scan_frame *frame, uint32_t size) {
    cube_scan_frame zero{};
    zero.struct_size = sizeof zero;
    return lc::init_versioned(frame, size, zero);
}

CUBE_API cube_status cube_robot_scan_plan(const cube_robot *robot, cube_plan **out) {
    return lc::api_guard([&]() -> cube_status {
        cube_status st = lc::check_out(out);
        if (st != CUBE_OK) return st;
        cube_robot *r = lc::robot_impl(robot);
        if (!r) return cube_last_status();
        auto p = std::make_unique<cube_plan>();
        p->plan = lc::robot::make_scan_plan(r->impl);
        *out = p.release();
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_plan_scan_frame_count(const cube_plan *plan, int32_t *count) {
    cube_status st = lc::clear_out(count, "count");
    if (st != CUBE_OK) return st;
    cube_plan *p = lc::plan_impl(plan);
    if (!p) return cube_last_status();
    *count = static_cast<int32_t>(p->plan.frames.size());
    return CUBE_OK;
}

CUBE_API cube_status cube_plan_get_scan_frame(const cube_plan *plan, int32_t index, cube_scan_frame *frame) {
    cube_plan *p = lc::plan_impl(plan);
    if (!p) return cube_last_status();
    if (index < 0 || size_t(index) >= p->plan.frames.size())
        return lc::set_error(CUBE_ERROR_INVALID_ARGUMENT, "frame %d: the plan has %zu", index, p->plan.frames.size());
    return lc::write_versioned(lc::frame_of(p->plan.frames[size_t(index)]), frame, "frame");
}

CUBE_API cube_status cube_plan_concat(const cube_plan *first, const cube_plan *second, cube_plan **out) {
    return lc::api_guard([&]() -> cube_status {
        cube_status st = lc::check_out(out);
        if (st != CUBE_OK) return st;
        cube_plan *a = lc::plan_impl(first, "first");
        cube_plan *b = a ? lc::plan_impl(second, "second") : nullptr;
        if (!a || !b) return cube_last_status();
        auto p = std::make_unique<cube_plan>();
        p->plan = lc::robot::concat_plans(a->plan, b->plan);
        *out = p.release();
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_scan_input_from_frames(const cube_plan *plan, const cube_scan_input *frames,
                                                 cube_scan_input **out) {
    return lc::api_guard([&]() -> cube_status {
        cube_status st = lc::check_out(out);
        if (st != CUBE_OK) return st;
        cube_plan *p = lc::plan_impl(plan);
        if (!p) return cube_last_status();
        auto *in = lc::checked<cube_scan_input>(const_cast<cube_scan_input *>(frames), lc::kMagicScanInput, "frames");
        if (!in) return cube_last_status();
        const auto &list = p->plan.frames;
        if (list.size() != size_t(lc::kFrames))
            return lc::set_error(CUBE_ERROR_INVALID_ARGUMENT,
                                 "the plan has %zu camera frames, not 6: make it with cube_robot_scan_plan()", list.size());
        if (in->samples.size() != size_t(lc::kFrames * lc::kSamplesPerFrame))
            return lc::set_error(CUBE_ERROR_INVALID_ARGUMENT,
                                 "the frames hold %zu samples, not 54", in->samples.size());
        auto mapped = std::make_unique<cube_scan_input>(*in);
        mapped->tag = lc::HandleTag{lc::kMagicScanInput};
        for (size_t f = 0; f < list.size(); ++f)
            for (size_t k = 0; k < size_t(lc::kSamplesPerFrame); ++k)
                mapped->samples[list[f].facelets[k]] = in->samples[f * lc::kSamplesPerFrame + k];
        *out = mapped.release();
        return CUBE_OK;
    });
}

}  // extern "C"

// Versioned structs (see "Versioned structs" in cube/common.h): one rule for every public struct that
// begins with struct_size. The published sizes of each struct are listed here, once.
#pragma once
#include <cube/cube.h>
#include <cube/driver_plugin.h>

#include <cstddef>
#include <cstdint>

namespace lc {

// The sizes a struct has been published with, oldest first; the last is this library's sizeof.
template <typename T>
struct StructInfo;

#define LC_VERSIONED_STRUCT(T, ...)                                                   \
    template <>                                                                        \
    struct StructInfo<T> {                                                             \
        static constexpr const char *name = #T;                                        \
        static constexpr uint32_t sizes[] = {__VA_ARGS__};                             \
    };                                                                                 \
    static_assert(sizeof(T) == StructInfo<T>::sizes[sizeof(StructInfo<T>::sizes) /     \
                                                    sizeof(uint32_t) - 1],             \
                  #T " grew: publish its new size as CUBE_..._SIZE_Vn and list it here")

LC_VERSIONED_STRUCT(cube_solver_config, CUBE_SOLVER_CONFIG_SIZE_V1, CUBE_SOLVER_CONFIG_SIZE_V2);
LC_VERSIONED_STRUCT(cube_solve_options, CUBE_SOLVE_OPTIONS_SIZE_V1);
LC_VERSIONED_STRUCT(cube_tables_options, CUBE_TABLES_OPTIONS_SIZE_V1);
LC_VERSIONED_STRUCT(cube_robot_desc, CUBE_ROBOT_DESC_SIZE_V1, CUBE_ROBOT_DESC_SIZE_V2, CUBE_ROBOT_DESC_SIZE_V3);
LC_VERSIONED_STRUCT(cube_plan_options, CUBE_PLAN_OPTIONS_SIZE_V1, CUBE_PLAN_OPTIONS_SIZE_V2);
LC_VERSIONED_STRUCT(cube_action, CUBE_ACTION_SIZE_V1);
LC_VERSIONED_STRUCT(cube_robot_solve_options, CUBE_ROBOT_SOLVE_OPTIONS_SIZE_V1, CUBE_ROBOT_SOLVE_OPTIONS_SIZE_V2);
LC_VERSIONED_STRUCT(cube_render_options, CUBE_RENDER_OPTIONS_SIZE_V1);
LC_VERSIONED_STRUCT(cube_progress, CUBE_PROGRESS_SIZE_V1);
LC_VERSIONED_STRUCT(cube_driver_device, CUBE_DRIVER_DEVICE_SIZE_V1);
LC_VERSIONED_STRUCT(cube_driver_status, CUBE_DRIVER_STATUS_SIZE_V1);
LC_VERSIONED_STRUCT(cube_driver_fault, CUBE_DRIVER_FAULT_SIZE_V1);
LC_VERSIONED_STRUCT(cube_run_report, CUBE_RUN_REPORT_SIZE_V1);
LC_VERSIONED_STRUCT(cube_run_options, CUBE_RUN_OPTIONS_SIZE_V1);
LC_VERSIONED_STRUCT(cube_driver_command, CUBE_DRIVER_COMMAND_SIZE_V1, CUBE_DRIVER_COMMAND_SIZE_V2);
LC_VERSIONED_STRUCT(cube_driver_host, CUBE_DRIVER_HOST_SIZE_V1, CUBE_DRIVER_HOST_SIZE_V2);
LC_VERSIONED_STRUCT(cube_driver_api, CUBE_DRIVER_API_SIZE_V1, CUBE_DRIVER_API_SIZE_V2);
LC_VERSIONED_STRUCT(cube_method_options, CUBE_METHOD_OPTIONS_SIZE_V1);
LC_VERSIONED_STRUCT(cube_scan_options, CUBE_SCAN_OPTIONS_SIZE_V1);
LC_VERSIONED_STRUCT(cube_scan_frame, CUBE_SCAN_FRAME_SIZE_V1);
LC_VERSIONED_STRUCT(cube_optimal_options, CUBE_OPTIMAL_OPTIONS_SIZE_V1);
LC_VERSIONED_STRUCT(cube_optimal_result, CUBE_OPTIMAL_RESULT_SIZE_V1, CUBE_OPTIMAL_RESULT_SIZE_V2,
                    CUBE_OPTIMAL_RESULT_SIZE_V3);
LC_VERSIONED_STRUCT(cube_optimal_progress, CUBE_OPTIMAL_PROGRESS_SIZE_V1);

#undef LC_VERSIONED_STRUCT

// The untyped rule behind the templates below.
struct StructRule {
    const char *name;
    const uint32_t *sizes;
    size_t count;
    size_t current() const { return sizes[count - 1]; }
};

template <typename T>
StructRule rule_of() {
    return StructRule{StructInfo<T>::name, StructInfo<T>::sizes, sizeof(StructInfo<T>::sizes) / sizeof(uint32_t)};
}

// Reads a caller's struct over `out` (which holds the defaults): every published size is accepted, a
// larger one if its unknown tail is zero. NULL keeps the defaults.
cube_status read_struct(const StructRule &rule, const void *in, void *out, const char *what);
// Zeroes `size` bytes of a caller's struct, copies the defaults into the part this library knows, and
// sets struct_size to `size`.
cube_status init_struct(const StructRule &rule, void *s, uint32_t size, const void *defaults);
// Writes `value` into a caller's struct as far as its struct_size reaches (zeroing a larger one's tail).
cube_status write_struct(const StructRule &rule, const void *value, void *out, const char *what);

template <typename T>
cube_status read_versioned(const T *in, T &out, const char *what) {
    return read_struct(rule_of<T>(), in, &out, what);
}
template <typename T>
cube_status init_versioned(T *s, uint32_t size, const T &defaults) {
    return init_struct(rule_of<T>(), s, size, &defaults);
}
template <typename T>
cube_status write_versioned(const T &value, T *out, const char *what) {
    return write_struct(rule_of<T>(), &value, out, what);
}

// A versioned struct as this library fills one: zeroed, with struct_size its sizeof (defaults start here).
template <typename T>
T sized_struct() {
    T s{};
    s.struct_size = sizeof s;
    return s;
}

}  // namespace lc

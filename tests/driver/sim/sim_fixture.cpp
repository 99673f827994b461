#include "sim_fixture.hpp"

#include <dlfcn.h>

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
extern "C" {
#include <cmocka.h>
}

#include "driver/sim/sim_driver.h"

namespace sim_test {
namespace {

std::string plugin_file;

void capture(void *user_data, int32_t level, const char *, const char *message) {
    Log *log = static_cast<Log *>(user_data);
    std::lock_guard<std::mutex> lock(log->mu);
    log->lines.emplace_back(level, message);
}

}  // namespace

const cube_driver_api *builtin_table() {
    return lc_sim_driver_table();
}

void set_plugin_file(const std::string &path) {
    plugin_file = path;
}

void *plugin_handle() {
    static void *handle = dlopen(plugin_file.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) print_error("dlopen %s: %s\n", plugin_file.c_str(), dlerror());
    assert_non_null(handle);
    return handle;
}

cube_driver_entry_fn plugin_entry() {
    auto entry = reinterpret_cast<cube_driver_entry_fn>(dlsym(plugin_handle(), CUBE_DRIVER_ENTRY_SYMBOL));
    assert_non_null(entry);
    return entry;
}

const cube_driver_api *plugin_table() {
    const cube_driver_api *api = plugin_entry()(CUBE_DRIVER_ABI_VERSION);
    assert_non_null(api);
    return api;
}

bool Log::contains(int32_t level, const std::string &part) {
    std::lock_guard<std::mutex> lock(mu);
    for (const auto &line : lines)
        if (line.first == level && line.second.find(part) != std::string::npos) return true;
    return false;
}

bool Log::has(int32_t level, const std::string &part) {
    if (contains(level, part)) return true;
    print_error("no log line of level %d contains \"%s\"\n", level, part.c_str());
    return false;
}

cube_driver_command command(int32_t actuator, int32_t kind, int32_t param, int32_t duration_us, int32_t action_index) {
    cube_driver_command c{};
    c.struct_size = CUBE_DRIVER_COMMAND_SIZE_V2;
    c.actuator = actuator;
    c.kind = kind;
    c.param = param;
    c.duration_us = duration_us;
    c.move_index = -1;
    c.action_index = action_index;
    return c;
}

int32_t Sim::try_open(const cube_driver_api *api, const cube_driver_host *host, const char *options,
                      std::string &error) {
    char err[256] = "";
    void *instance = nullptr;
    int32_t status = api->open_host(host, options, &instance, err, sizeof err);
    error = err;
    if (status == CUBE_OK) api->close(instance);
    else assert_null(instance);
    return status;
}

Sim::Sim(const cube_driver_api *table, const char *options) : api(table) {
    auto sink = std::make_shared<lc::driver::LogSink>();
    sink->fn = capture;
    sink->user_data = &log;
    sink->max_level = CUBE_LOG_DEBUG;
    host_ = lc::driver::make_host(api->name, sink);
    char err[256] = "";
    int32_t status = api->open_host(&host_->table, options, &instance, err, sizeof err);
    if (status != CUBE_OK) print_error("open \"%s\": %s\n", options, err);
    assert_int_equal(status, CUBE_OK);
}

Sim::~Sim() {
    api->stop_level(instance, CUBE_STOP_DEENERGIZE);
    api->close(instance);
}

int32_t Sim::step(std::vector<cube_driver_command> commands) {
    std::vector<const cube_driver_command *> pointers;
    for (const cube_driver_command &c : commands)
        pointers.push_back(&c);
    return api->execute_steps(instance, pointers.data(), int32_t(pointers.size()));
}

void Sim::step_ok(std::vector<cube_driver_command> commands) {
    int32_t status = step(std::move(commands));
    if (status != CUBE_OK) print_error("step refused: %s\n", api->last_error(instance));
    assert_int_equal(status, CUBE_OK);
}

int32_t Sim::configure(const char *key, const char *value) {
    return api->configure(instance, key, value);
}

int32_t Sim::state() {
    cube_driver_status status{};
    status.struct_size = sizeof status;
    assert_int_equal(api->status(instance, &status), CUBE_OK);
    return status.state;
}

int32_t Sim::commands_done() {
    cube_driver_status status{};
    status.struct_size = sizeof status;
    assert_int_equal(api->status(instance, &status), CUBE_OK);
    return status.commands_done;
}

cube_driver_fault Sim::fault() {
    cube_driver_fault fault{};
    fault.struct_size = sizeof fault;
    assert_int_equal(api->fault(instance, &fault), CUBE_OK);
    return fault;
}

std::vector<int32_t> Sim::positions() {
    std::vector<int32_t> values(size_t(api->actuator_count(instance)));
    for (size_t i = 0; i < values.size(); ++i)
        assert_int_equal(api->position(instance, int32_t(i), &values[i]), CUBE_OK);
    return values;
}

std::string Sim::query(const char *key) {
    char buffer[128] = "";
    int32_t status = api->query(instance, key, buffer, sizeof buffer, nullptr);
    if (status != CUBE_OK) print_error("query %s: %s\n", key, api->last_error(instance));
    assert_int_equal(status, CUBE_OK);
    return buffer;
}

std::string Sim::last_error() {
    return api->last_error(instance);
}

}  // namespace sim_test

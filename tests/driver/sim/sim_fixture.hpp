// A sim opened straight through its function table (the built-in one or the plugin's), with the host's
// own services and a log the test reads: for feeding it hand-made steps.
#pragma once
#include <cube/driver_plugin.h>

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "driver/host.hpp"

namespace sim_test {

// The built-in table (lc_sim_driver_table) and the plugin's, from the file given to the test.
const cube_driver_api *builtin_table();
const cube_driver_api *plugin_table();
void set_plugin_file(const std::string &path);
// The plugin's handle (dlopen) and entry point, to call with other host versions.
void *plugin_handle();
cube_driver_entry_fn plugin_entry();

// Log lines a sim wrote, with their levels.
struct Log {
    std::mutex mu;
    std::vector<std::pair<int32_t, std::string>> lines;
    bool contains(int32_t level, const std::string &part);
    bool has(int32_t level, const std::string &part);  // contains, or says what is missing
};

// A command as an executor sends it (version 2 unless struct_size is changed).
cube_driver_command command(int32_t actuator, int32_t kind, int32_t param, int32_t duration_us,
                            int32_t action_index = -1);

class Sim {
  public:
    // Opens `options` on `api`, asserting success.
    Sim(const cube_driver_api *api, const char *options);
    ~Sim();
    Sim(const Sim &) = delete;
    Sim &operator=(const Sim &) = delete;

    // Opens without asserting: the status, and the message in `error`.
    static int32_t try_open(const cube_driver_api *api, const cube_driver_host *host, const char *options,
                            std::string &error);
    const cube_driver_host &host() const { return host_->table; }

    int32_t step(std::vector<cube_driver_command> commands);
    void step_ok(std::vector<cube_driver_command> commands);  // asserts success, or says why not
    int32_t configure(const char *key, const char *value);
    int32_t state();
    int32_t commands_done();
    cube_driver_fault fault();
    std::vector<int32_t> positions();  // asserts every position is known
    std::string query(const char *key);  // asserts success
    std::string last_error();

    const cube_driver_api *api;
    void *instance = nullptr;
    Log log;

  private:
    std::unique_ptr<lc::driver::Host> host_;
};

}  // namespace sim_test

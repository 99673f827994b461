// lcb::RunOptions, DriverRegistry and Driver over cube_driver_registry and cube_driver.
#include "call.hpp"
#include "listeners.hpp"

namespace lcb {

// ---- RunOptions ----

RunOptions::RunOptions() = default;
bool RunOptions::resume() const { return resume_; }
void RunOptions::setResume(bool resume) { resume_ = resume; }
void RunOptions::setListener(RunListener *listener) { listener_ = listener; }
void RunOptions::setCancel(const CancelToken &cancel) { cancel_ = cancel.cancel_; }
void RunOptions::clearCancel() { cancel_.reset(); }
StopLevel RunOptions::stopLevel() const { return stopLevel_; }
void RunOptions::setStopLevel(StopLevel level) { stopLevel_ = level; }
int32_t RunOptions::marginMs() const { return marginMs_; }
void RunOptions::setMarginMs(int32_t marginMs) { marginMs_ = marginMs; }

// ---- DriverRegistry ----

namespace {

/// Throws Error(InvalidArgument) unless `index` names one of the registry's `count` drivers.
void requireDriverIndex(int32_t index, int32_t count) {
    if (index < 0 || index >= count) {
        detail::fail(Status::InvalidArgument, "driver index " + std::to_string(index) + " is out of range: " +
                                                  std::to_string(count) + (count == 1 ? " driver" : " drivers"));
    }
}

/// Collects the devices cube_driver_registry_list_devices() reports.
struct DeviceCollector {
    std::vector<DeviceInfo> devices;
    bool failed = false; // out of memory while copying
};

std::string orEmpty(const char *text) { return text != nullptr ? text : ""; }

int32_t collectDevice(void *user, const cube_driver_device *device) {
    auto *collector = static_cast<DeviceCollector *>(user);
    try {
        DeviceInfo info;
        info.index = device->index;
        info.uri = orEmpty(device->uri);
        info.product = orEmpty(device->product);
        info.serial = orEmpty(device->serial);
        info.detail = orEmpty(device->detail);
        collector->devices.push_back(std::move(info));
        return 0;
    } catch (...) {
        collector->failed = true;
        return 1;
    }
}

} // namespace

DriverRegistry::DriverRegistry() : registry_(nullptr) { detail::check(cube_driver_registry_new(nullptr, &registry_)); }

DriverRegistry::DriverRegistry(const std::string &searchPath) : registry_(nullptr) {
    detail::check(cube_driver_registry_new(searchPath.c_str(), &registry_));
}

DriverRegistry::~DriverRegistry() { cube_driver_registry_free(registry_); }

int32_t DriverRegistry::count() const {
    int32_t count = cube_driver_registry_count(registry_);
    if (count < 0) {
        detail::check(count);
    }
    return count;
}

std::string DriverRegistry::name(int32_t index) const {
    requireDriverIndex(index, count());
    return detail::ownedText(cube_driver_registry_name(registry_, index));
}

std::string DriverRegistry::description(int32_t index) const {
    requireDriverIndex(index, count());
    return detail::ownedText(cube_driver_registry_description(registry_, index));
}

std::string DriverRegistry::path(int32_t index) const {
    requireDriverIndex(index, count());
    return detail::ownedText(cube_driver_registry_path(registry_, index));
}

std::vector<std::string> DriverRegistry::problems() const {
    int32_t count = cube_driver_registry_problem_count(registry_);
    if (count < 0) {
        detail::check(count);
    }
    std::vector<std::string> problems;
    for (int32_t i = 0; i < count; ++i) {
        problems.push_back(detail::ownedText(cube_driver_registry_problem(registry_, i)));
    }
    return problems;
}

std::vector<DeviceInfo> DriverRegistry::devices(int32_t index) const {
    requireDriverIndex(index, count());
    DeviceCollector collector;
    detail::check(cube_driver_registry_list_devices(registry_, index, collectDevice, &collector));
    if (collector.failed) {
        throw std::bad_alloc();
    }
    return std::move(collector.devices);
}

Driver *DriverRegistry::open(const std::string &uri) const {
    cube_driver *driver = nullptr;
    detail::check(cube_driver_open(registry_, uri.c_str(), &driver));
    return new Driver(driver);
}

// ---- Driver ----

Driver::Driver(cube_driver *driver) : driver_(driver) {}

Driver::~Driver() { cube_driver_close(driver_); }

std::string Driver::name() const { return detail::ownedText(cube_driver_name(driver_)); }

std::string Driver::robotSpec() const { return detail::ownedText(cube_driver_robot_spec(driver_)); }

void Driver::configure(const std::string &key, const std::string &value) {
    detail::check(cube_driver_configure(driver_, key.c_str(), value.c_str()));
}

std::string Driver::query(const std::string &key) {
    return detail::readText([&](char *buffer, int32_t capacity, int32_t *length) {
        return cube_driver_query(driver_, key.c_str(), buffer, capacity, length);
    });
}

void Driver::prepare() { detail::check(cube_driver_prepare(driver_)); }

void Driver::rest() { detail::check(cube_driver_rest(driver_)); }

void Driver::stop(StopLevel level) { detail::check(cube_driver_stop(driver_, static_cast<int32_t>(level))); }

DriverState Driver::state() {
    cube_driver_status status;
    detail::check(cube_driver_status_init(&status));
    detail::check(cube_driver_get_status(driver_, &status));
    return static_cast<DriverState>(status.state);
}

int32_t Driver::commandsDone() {
    cube_driver_status status;
    detail::check(cube_driver_status_init(&status));
    detail::check(cube_driver_get_status(driver_, &status));
    return status.commands_done;
}

std::vector<int32_t> Driver::positions() {
    return detail::readInts([&](int32_t *positions, int32_t capacity, int32_t *count) {
        return cube_driver_positions(driver_, positions, capacity, count);
    });
}

DriverFault Driver::fault() {
    cube_driver_fault c;
    detail::check(cube_driver_fault_init(&c));
    detail::check(cube_driver_get_fault(driver_, &c));
    DriverFault fault;
    fault.code = static_cast<FaultCode>(c.code);
    fault.status = static_cast<Status>(c.status);
    fault.actuator = c.actuator;
    fault.actionIndex = c.action_index;
    fault.deviceBits = static_cast<int64_t>(c.device_bits);
    fault.positionsKnown = c.positions_known != 0;
    fault.stopLevel = c.stop_level;
    fault.text = orEmpty(c.text);
    return fault;
}

RunReport Driver::run(const Plan &plan) { return run(plan, RunOptions()); }

RunReport Driver::run(const Plan &plan, const RunOptions &options) {
    detail::RunContext context; // this call's: steps are reported on the running thread
    context.listener = options.listener_;
    cube_run_options c;
    detail::check(cube_run_options_init(&c));
    c.resume = options.resume_ ? 1 : 0;
    if (options.listener_ != nullptr) {
        c.progress = detail::run_trampoline;
        c.user_data = &context;
    }
    c.cancel = options.cancel_.get();
    c.stop_level = static_cast<int32_t>(options.stopLevel_);
    c.margin_ms = options.marginMs_;
    cube_run_report report;
    detail::check(cube_run_report_init(&report));
    cube_status status = cube_driver_run_plan(driver_, plan.handle(), &c, &report);
    // Kept also when the run failed: it says where the run stopped.
    lastReport_ = RunReport{static_cast<Status>(report.status), report.actions_done, report.action_count,
                            report.plan_time_us, report.elapsed_us};
    detail::checkCall(status, &context);
    return lastReport_;
}

RunReport Driver::lastReport() const { return lastReport_; }

void Driver::cancel() { detail::check(cube_driver_cancel(driver_)); }

} // namespace lcb

#include "maestro_rig.hpp"

#include <cube/moves.h>
#include <cube/state.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <stdexcept>

#include "driver/host_step.hpp"

namespace maestro_test {
namespace {

std::string plugin_folder;

// Pulse widths in microseconds: twists/wrists 1000/1500/2000 (range 1), slides/grips 1200 out, 1800 in.
int pulse_us(bool turns, int position) {
    return turns ? 1500 + 500 * position : (position ? 1800 : 1200);
}

bool solved(const std::string &f) {
    if (f.size() != 54) return false;
    for (size_t face = 0; face < 6; ++face)
        for (size_t i = 1; i < 9; ++i)
            if (f[face * 9 + i] != f[face * 9]) return false;
    return true;
}

}  // namespace

void set_plugin_folder(const std::string &plugin_file) {
    plugin_folder = plugin_file.substr(0, plugin_file.rfind('/'));
}

Rig::Rig(const Setup &s) : setup(s) {
    cube_robot *robot = nullptr;
    if (cube_robot_parse(s.model.c_str(), &robot) != CUBE_OK) throw std::runtime_error(cube_last_error());
    int32_t count = 0;
    cube_robot_actuator_count(robot, &count);
    for (int32_t i = 0; i < count; ++i) {
        const char *name = nullptr;
        cube_robot_actuator_name(robot, i, &name);
        names.emplace_back(name);
    }
    cube_robot_free(robot);
    fake = std::make_unique<FakeMaestro>(count, s.crc);
    char templ[] = "/tmp/maestro-test-XXXXXX";
    if (!mkdtemp(templ)) throw std::runtime_error("mkdtemp failed");
    folder = templ;
    config = folder + "/maestro.conf";
    std::ofstream out(config);
    // confirm_ms: the fake reads the port on its own thread, which a loaded machine under a sanitizer held back
    // past the default 50 ms (a position fault in place of the silence the test planted); a longer window
    // only waits when a position is late. timeout_ms: the same for replies (Setup::reply_timeout_ms).
    out << "# a " << s.model << " robot on the fake Maestro\n[device]\nprotocol = " << (s.pololu ? "pololu" : "compact")
        << "\ncrc = " << (s.crc ? 1 : 0) << "\nstop = " << s.stop << "\nconfirm_ms = 2000\ntimeout_ms = " << s.reply_timeout_ms
        << "\n" << s.extra_device
        << "[defaults]\nspeed = "
        << s.speed << "\naccel = 0\nsettle_ms = " << s.settle_ms << "\n";
    for (int a = 0; a < count; ++a) {
        out << "[" << names[size_t(a)] << "]\nchannel = " << a << "\n";
        for (int p = turns(a) ? -1 : 0; p <= 1; ++p) out << "pulse." << p << " = " << pulse_us(turns(a), p) << "\n";
    }
}

Rig::~Rig() {
    cube_driver_close(driver);
    std::remove(config.c_str());
    rmdir(folder.c_str());
}

std::string Rig::uri() const {
    return "maestro:" + fake->path() + "?config=" + config + "&model=" + setup.model;
}

cube_status Rig::try_open(const std::string &u, std::string &error) {
    cube_driver_registry *r = nullptr;
    cube_status st = cube_driver_registry_new(plugin_folder.c_str(), &r);
    if (st != CUBE_OK) throw std::runtime_error(cube_last_error());
    cube_driver *d = nullptr;
    st = cube_driver_open(r, u.c_str(), &d);
    error = st == CUBE_OK ? "" : cube_last_error();
    cube_driver_registry_free(r);
    if (st == CUBE_OK) {
        cube_driver_close(driver);
        driver = d;
    }
    return st;
}

void Rig::open(const std::string &uri_tail) {
    std::string error;
    if (try_open(uri() + uri_tail, error) != CUBE_OK) throw std::runtime_error("open: " + error);
}

cube_plan *Rig::plan(const char *moves) {
    cube_robot *robot = nullptr;
    cube_moves *m = nullptr;
    cube_plan *p = nullptr;
    if (cube_robot_parse(cube_driver_robot_spec(driver), &robot) != CUBE_OK ||
        cube_moves_parse(moves, 3, &m) != CUBE_OK || cube_plan_new(robot, m, nullptr, &p) != CUBE_OK)
        throw std::runtime_error(std::string("plan: ") + cube_last_error());
    cube_moves_free(m);
    cube_robot_free(robot);
    return p;
}

bool Rig::turns(int a) const {
    const std::string &n = names[size_t(a)];
    return n.find("twist") != std::string::npos || n.find("wrist") != std::string::npos;
}

int Rig::pulse(int a, int position) const {
    return 4 * pulse_us(turns(a), position);
}

Bytes Rig::frame(uint8_t command, Bytes data) const {
    Bytes out = setup.pololu ? Bytes{0xAA, 12, uint8_t(command & 0x7F)} : Bytes{command};
    out.insert(out.end(), data.begin(), data.end());
    if (setup.crc) out.push_back(fake_crc7(out));
    return out;
}

Bytes Rig::target(int channel, int qus) const {
    return frame(0x84, Bytes{uint8_t(channel), uint8_t(qus & 0x7F), uint8_t(qus >> 7)});
}

std::vector<int32_t> Rig::rest() const {
    std::vector<int32_t> r;
    for (int a = 0; a < actuators(); ++a) r.push_back(turns(a) ? 0 : 1);
    return r;
}

Bytes Rig::prepare_bytes() const {
    Bytes out;
    auto add = [&](const Bytes &b) { out.insert(out.end(), b.begin(), b.end()); };
    for (int ch = 0; ch < actuators(); ++ch) add(frame(0x90, Bytes{uint8_t(ch)}));  // where an earlier process left them
    add(frame(0xA1, {}));
    for (int ch = 0; ch < actuators(); ++ch) {
        add(frame(0x87, Bytes{uint8_t(ch), uint8_t(setup.speed & 0x7F), uint8_t(setup.speed >> 7)}));
        add(frame(0x89, Bytes{uint8_t(ch), 0, 0}));
    }
    for (int ch = 0; ch < actuators(); ++ch) add(target(ch, pulse(ch, rest()[size_t(ch)])));
    for (int ch = 0; ch < actuators(); ++ch) add(frame(0x90, Bytes{uint8_t(ch)}));
    add(frame(0xA1, {}));
    return out;
}

std::string Rig::replay(const std::string &scramble) {
    cube_robot *robot = nullptr;
    cube_robot_parse(setup.model.c_str(), &robot);
    std::unique_ptr<cube_robot, void (*)(cube_robot *)> owned(robot, cube_robot_free);
    cube_state *state = nullptr;
    cube_state_new(3, &state);
    cube_state_apply_text(state, scramble.c_str());
    const char *f = nullptr;
    cube_state_facelets(state, &f);
    std::string facelets = f;
    cube_state_free(state);
    std::vector<int32_t> at = rest();
    std::map<int, int> targets;
    std::vector<Event> events = fake->history();
    size_t steps = 0;
    bool started = false;  // prepare's rest targets end with its get-errors
    for (const Event &e : events) {
        if (e.channel >= 0) {
            targets[e.channel] = e.target;
            continue;
        }
        if (!started) {
            started = true;
            targets.clear();
            continue;
        }
        std::vector<cube_driver_command> cmds;
        for (const auto &t : targets) {
            int a = t.first, position = -99;
            for (int p = -1; p <= 1; ++p)
                if (pulse(a, p) == t.second) position = p;
            if (position == -99) return "step " + std::to_string(steps) + ": target " + std::to_string(t.second) + " on channel " + std::to_string(a) + " is no position";
            if (position == at[size_t(a)]) continue;
            cube_driver_command c{};
            c.struct_size = sizeof c;
            c.actuator = a;
            c.kind = turns(a) ? CUBE_ACTION_TURN : CUBE_ACTION_GRIP;
            c.param = turns(a) ? position - at[size_t(a)] : position;
            c.duration_us = 1000000;
            c.move_index = c.action_index = -1;
            cmds.push_back(c);
        }
        targets.clear();
        if (cmds.empty()) continue;
        std::vector<const cube_driver_command *> pointers;
        for (const auto &c : cmds) pointers.push_back(&c);
        std::vector<int32_t> next(at.size());
        char buffer[55];
        std::snprintf(buffer, sizeof buffer, "%s", facelets.c_str());
        if (lc::driver::host_robot_step(robot, at.data(), pointers.data(), int32_t(pointers.size()), next.data(), buffer) != CUBE_OK)
            return "step " + std::to_string(steps) + " is not allowed: " + cube_last_error();
        facelets = buffer;
        at = next;
        ++steps;
    }
    if (!solved(facelets)) return "after " + std::to_string(steps) + " steps the cube is " + facelets;
    return "";
}

cube_driver_fault Rig::fault() {
    cube_driver_fault f;
    cube_driver_fault_init(&f);
    cube_driver_get_fault(driver, &f);
    return f;
}

}  // namespace maestro_test

#include "sim_robot.hpp"

#include <algorithm>
#include <sstream>

#include "sim_failure.hpp"

namespace cube_sim {
namespace {

// Positions tried for the longest command: turns within three quarters, grips, the cover's three.
constexpr int32_t kLeastPosition = -3;
constexpr int32_t kMostPosition = 3;

bool ends_with(const std::string &text, const char *tail) {
    std::string t = tail;
    return text.size() >= t.size() && text.compare(text.size() - t.size(), t.size(), t) == 0;
}

}  // namespace

Robot::Robot(const cube_driver_host &host, const std::string &spec) : host_(host) {
    cube_status parsed = host_.robot_parse(spec.c_str(), &robot_);
    if (parsed != CUBE_OK) throw Failure{parsed, host_.last_error()};
    try {
        cube_robot_desc_init(&desc_, CUBE_ROBOT_SIX_MOTOR);
        const char *text = nullptr;
        int32_t count = 0;
        if (cube_robot_get_desc(robot_, &desc_) != CUBE_OK || cube_robot_spec(robot_, &text) != CUBE_OK ||
            host_.robot_actuator_count(robot_, &count) != CUBE_OK)
            throw Failure{CUBE_ERROR_INTERNAL, cube_last_error()};
        spec_ = text;
        for (int32_t i = 0; i < count; ++i) {
            const char *name = nullptr;
            if (host_.robot_actuator_name(robot_, i, &name) != CUBE_OK) throw Failure{CUBE_ERROR_INTERNAL, host_.last_error()};
            names_.push_back(name);
        }
        rest_.assign(size_t(count), 0);
        if (host_.robot_rest_positions(robot_, rest_.data(), count, &count) != CUBE_OK)
            throw Failure{CUBE_ERROR_INTERNAL, host_.last_error()};
        if (desc_.family == CUBE_ROBOT_DESCRIBED) read_described();
    } catch (...) {
        host_.robot_free(robot_);
        throw;
    }
}

Robot::~Robot() {
    host_.robot_free(robot_);
}

const char *Robot::family_name() const {
    const char *name = "unknown";
    cube_robot_family_name(desc_.family, &name);
    return name;
}

const char *Robot::actuator_name(int32_t index) const {
    return index >= 0 && index < actuator_count() ? names_[size_t(index)].c_str() : nullptr;
}

bool Robot::has_arms() const {
    return desc_.family == CUBE_ROBOT_FOUR_ARM || desc_.family == CUBE_ROBOT_TWO_GRIPPER || claws_;
}

void Robot::read_described() {
    kinds_.assign(names_.size(), Kind::kTurn);
    tracked_.assign(names_.size(), false);
    auto index = [&](const std::string &name) {
        for (size_t i = 0; i < names_.size(); ++i)
            if (names_[i] == name) return int(i);
        return -1;
    };
    std::stringstream items(spec_);
    for (std::string item; std::getline(items, item, ',');) {
        std::istringstream in(item);
        std::vector<std::string> w;
        for (std::string word; in >> word;)
            w.push_back(word);
        if (w.size() >= 3 && w[0] == "actuator" && index(w[1]) >= 0) {
            const size_t i = size_t(index(w[1]));
            kinds_[i] = w[2] == "grip"      ? Kind::kGrip
                        : w[2] == "flipper" ? Kind::kFlip
                        : w[2] == "cover"   ? Kind::kCover
                                            : Kind::kTurn;
            for (const std::string &word : w) {
                const bool claw = word.compare(0, 5, "claw:") == 0;
                claws_ |= claw;
                if (claw || word == "stops") tracked_[i] = true;
            }
            continue;
        }
        const size_t eq = item.find('=');
        const size_t dot = item.rfind(".range", eq);
        if (eq != std::string::npos && dot != std::string::npos && dot + 6 == eq && index(item.substr(0, dot)) >= 0)
            tracked_[size_t(index(item.substr(0, dot)))] = item.substr(eq + 1) != "0";
    }
}

// Actuators by name (cube_robot_actuator_name): slides, grippers and the holder grip; the flipper flips;
// the hold-and-flip cover grips and flips; motors, twists, wrists and the turntable turn.
Robot::Kind Robot::kind_of(int32_t actuator) const {
    if (!kinds_.empty()) return kinds_[size_t(actuator)];
    const std::string &name = names_[size_t(actuator)];
    if (ends_with(name, ".slide") || ends_with(name, ".grip") || name == "holder") return Kind::kGrip;
    if (name == "flipper") return Kind::kFlip;
    if (name == "cover") return Kind::kCover;
    return Kind::kTurn;
}

bool Robot::can_do(int32_t actuator, int32_t kind, int32_t param) const {
    if (actuator < 0 || actuator >= actuator_count()) return false;
    const bool grip = kind == CUBE_ACTION_GRIP && (param == 0 || param == 1);
    const bool flip = kind == CUBE_ACTION_FLIP && param == 1;
    switch (kind_of(actuator)) {
        case Kind::kTurn:
            return kind == CUBE_ACTION_TURN && param != 0 && param >= -3 && param <= 3;
        case Kind::kGrip:
            return grip;
        case Kind::kFlip:
            return flip;
        case Kind::kCover:
            return grip || flip;
    }
    return false;
}

bool Robot::least_us(const std::vector<int32_t> &positions, const cube_driver_command *const *commands, int32_t count,
                     std::vector<int32_t> &least, std::string &why) const {
    std::vector<int32_t> triples;
    for (int32_t i = 0; i < count; ++i) {
        triples.push_back(commands[i]->actuator);
        triples.push_back(commands[i]->kind);
        triples.push_back(commands[i]->param);
    }
    least.assign(size_t(count), 0);
    if (cube_robot_step_us(robot_, positions.data(), int32_t(positions.size()), triples.data(), count, least.data()) ==
        CUBE_OK)
        return true;
    why = cube_last_error();
    return false;
}

// The uniform times of the description: a floor under what per-actuator keys can only lengthen.
int32_t Robot::longest_command_us() const {
    if (longest_us_ >= 0) return longest_us_;
    int32_t longest = std::max(desc_.turn90_us, desc_.turn180_us);
    if (desc_.family != CUBE_ROBOT_SIX_MOTOR) longest = std::max(longest, desc_.grip_us);
    if (desc_.family == CUBE_ROBOT_TURNTABLE_FLIPPER) longest = std::max(longest, desc_.flip_us);
    if (desc_.family == CUBE_ROBOT_HOLD_FLIP || desc_.family == CUBE_ROBOT_DESCRIBED)
        longest = std::max(longest, desc_.flip_us + desc_.grip_us);
    // Every command of every actuator from each of its positions, with one other actuator anywhere.
    const int32_t n = actuator_count();
    const int32_t commands[][2] = {{CUBE_ACTION_TURN, 1},  {CUBE_ACTION_TURN, -1}, {CUBE_ACTION_TURN, 2},
                                   {CUBE_ACTION_TURN, -2}, {CUBE_ACTION_TURN, 3},  {CUBE_ACTION_TURN, -3},
                                   {CUBE_ACTION_GRIP, 0},  {CUBE_ACTION_GRIP, 1},  {CUBE_ACTION_FLIP, 1}};
    std::vector<int32_t> at = rest_;
    for (int32_t a = 0; a < n; ++a) {
        for (int32_t other = -1; other < n; ++other) {
            if (other == a) continue;
            for (int32_t pa = kLeastPosition; pa <= kMostPosition; ++pa) {
                for (int32_t po = kLeastPosition; po <= kMostPosition; ++po) {
                    if (other < 0 && po > kLeastPosition) break;
                    at = rest_;
                    at[size_t(a)] = pa;
                    if (other >= 0) at[size_t(other)] = po;
                    for (const auto &c : commands) {
                        if (!can_do(a, c[0], c[1])) continue;
                        const int32_t triple[3] = {a, c[0], c[1]};
                        int32_t least = 0;
                        if (cube_robot_step_us(robot_, at.data(), n, triple, 1, &least) == CUBE_OK)
                            longest = std::max(longest, least);
                    }
                }
            }
        }
    }
    longest_us_ = longest;
    return longest;
}

// Turns that accumulate freely (six-motor motors, the turntable) are at rest at any angle; twists,
// wrists and the hold-and-flip table only at home, a whole number of turns from it (a twist without end
// stops, range 0, may have gone round).
bool Robot::at_rest(const std::vector<int32_t> &positions, std::string &why) const {
    for (int32_t i = 0; i < actuator_count(); ++i) {
        const bool turn = kind_of(i) == Kind::kTurn;
        const bool tracked = desc_.family == CUBE_ROBOT_DESCRIBED ? tracked_[size_t(i)]
                                                                  : has_arms() || desc_.family == CUBE_ROBOT_HOLD_FLIP;
        const bool free_turn = turn && !tracked;
        const int64_t off = int64_t(positions[size_t(i)]) - rest_[size_t(i)];
        if (free_turn || off == 0 || (turn && off % 4 == 0)) continue;
        why = names_[size_t(i)] + " is at " + std::to_string(positions[size_t(i)]) + ", rest is " +
              std::to_string(rest_[size_t(i)]);
        return false;
    }
    return true;
}

}  // namespace cube_sim

// Helpers for the internal robot tests: parsing moves, random sequences, planning and checking.
#pragma once
#include <cstdio>
#include <memory>
#include <random>
#include <string>

#include "error.hpp"
#include "notation.hpp"
#include "robot/plan.hpp"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
extern "C" {
#include <cmocka.h>
}

namespace rt {

// Whether a message contains `needle`; says what it was if not.
inline bool says(const std::string &why, const char *needle) {
    if (why.find(needle) != std::string::npos) return true;
    print_error("the message is \"%s\", expected it to contain \"%s\"\n", why.c_str(), needle);
    return false;
}

inline lc::MoveList moves(const char *text) {
    try {
        return lc::parse_moves(text, 3);
    } catch (const lc::Error &e) {
        print_error("cannot parse %s: %s\n", text, e.what());
        fail();
    }
    return {};
}

inline std::shared_ptr<const lc::robot::Robot> robot(const char *spec) {
    return std::make_shared<const lc::robot::Robot>(lc::robot::parse_spec(spec));
}

// A random face-turn sequence with no face repeated and no opposite-face cancellation pattern.
inline lc::MoveList random_moves(std::mt19937 &rng, int n) {
    lc::MoveList m;
    int last = -1, before = -1;
    while (int(m.size()) < n) {
        int f = int(rng() % 6);
        if (f == last || (before == f && last == (f + 3) % 6)) continue;
        m.push_back({uint8_t(f), uint8_t(1 + rng() % 3)});
        before = last;
        last = f;
    }
    return m;
}

// A query of strategy s with the given ends.
inline lc::robot::PlanQuery ended(lc::robot::Strategy s, const lc::robot::PlanEnds &ends) {
    lc::robot::PlanQuery q(s);
    q.ends = ends;
    return q;
}

// Plans and checks the plan by replay; returns the total time in microseconds.
inline int64_t planned(const std::shared_ptr<const lc::robot::Robot> &r, const lc::MoveList &m,
                       lc::robot::Strategy s = lc::robot::Strategy::kOptimal,
                       const lc::robot::PlanEnds &ends = lc::robot::PlanEnds{}) {
    lc::robot::Plan p;
    lc::robot::make_plan(r, m, ended(s, ends), p);
    std::string why = lc::robot::check_plan(p);
    if (!why.empty())
        print_error("invalid plan for %s on %s: %s\n", lc::format_moves(m).c_str(), r->spec().c_str(), why.c_str());
    assert_true(why.empty());
    return p.total_us;
}

}  // namespace rt

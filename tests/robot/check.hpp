// A minimal test runner for the robot and driver tests: CHECK records failures, main runs every TEST.
#pragma once
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace rt {

struct Test {
    const char *name;
    std::function<void()> fn;
};
inline std::vector<Test> &tests() {
    static std::vector<Test> t;
    return t;
}
inline int &failures() {
    static int f = 0;
    return f;
}
struct Register {
    Register(const char *name, std::function<void()> fn) { tests().push_back({name, std::move(fn)}); }
};

inline int run_all(int argc, char **argv) {
    int run = 0;
    for (const Test &t : tests()) {
        if (argc > 1 && std::string(t.name).find(argv[1]) == std::string::npos) continue;
        int before = failures();
        t.fn();
        ++run;
        std::printf("%s %s\n", failures() == before ? "ok  " : "FAIL", t.name);
    }
    std::printf("%d tests, %d failed checks\n", run, failures());
    return failures() ? 1 : 0;
}

}  // namespace rt

#define TEST(name)                               \
    static void name();                          \
    static rt::Register reg_##name(#name, name); \
    static void name()

#define CHECK(cond)                                                                \
    do {                                                                           \
        if (!(cond)) {                                                             \
            std::printf("  %s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond); \
            ++rt::failures();                                                      \
        }                                                                          \
    } while (0)

#define CHECK_EQ(a, b)                                                                                          \
    do {                                                                                                        \
        auto va_ = (a);                                                                                         \
        auto vb_ = (b);                                                                                         \
        if (!(va_ == vb_)) {                                                                                    \
            std::printf("  %s:%d: %s == %s failed: %lld vs %lld\n", __FILE__, __LINE__, #a, #b, (long long)va_, \
                        (long long)vb_);                                                                        \
            ++rt::failures();                                                                                   \
        }                                                                                                       \
    } while (0)

#define TEST_MAIN()                     \
    int main(int argc, char **argv) {   \
        return rt::run_all(argc, argv); \
    }

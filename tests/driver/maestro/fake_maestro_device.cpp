// A fake Maestro served to another process, such as cube.exe under Wine on a COM port mapped onto the fake's
// pseudo-terminal (scripts/test-windows-maestro.sh). Usage: fake_maestro_device MODEL SCRAMBLE [silence|close N]
// (silence: no more replies from the N-th request that wants one; close: the port closes there, an unplug).
// Prints the pseudo-terminal's path and the configuration file written for MODEL (maestro_rig.cpp), one a
// line; serves until stdin ends; then replays the servo history on the robot's physics from the cube after
// SCRAMBLE and prints "replay: cube solved, N bytes received" (exit 0), or why not (exit 1).
#include <cube/common.h>

#include <cstdio>
#include <exception>
#include <string>

#include "maestro_rig.hpp"

int main(int argc, char **argv) {
    std::string how = argc == 5 ? argv[3] : "";
    if ((argc != 3 && argc != 5) || (argc == 5 && how != "silence" && how != "close")) {
        std::fprintf(stderr, "usage: fake_maestro_device MODEL SCRAMBLE [silence|close N]\n");
        return 2;
    }
    try {
        maestro_test::Setup setup;
        setup.model = argv[1];
        setup.reply_timeout_ms = 100;  // the driver's own limit: scripts/test-windows-maestro.sh plants a silence
        maestro_test::Rig rig(setup);
        if (!how.empty())
            rig.fake->misbehave(how == "silence" ? maestro_test::Misbehave::kSilence : maestro_test::Misbehave::kClose,
                                std::stoi(argv[4]));
        std::printf("%s\n%s\n", rig.fake->path().c_str(), rig.config.c_str());
        std::fflush(stdout);
        char line[256];
        while (std::fgets(line, sizeof line, stdin)) {
        }
        std::string why = rig.replay(argv[2]);
        if (!why.empty()) {
            std::printf("replay: %s (%zu bytes received)\n", why.c_str(), rig.fake->stream().size());
            return 1;
        }
        std::printf("replay: cube solved, %zu bytes received\n", rig.fake->stream().size());
        return 0;
    } catch (const std::exception &e) {
        std::fprintf(stderr, "fake_maestro_device: %s\n", e.what());
        return 1;
    }
}

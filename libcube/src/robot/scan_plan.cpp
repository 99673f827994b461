// The scan sequence of a robot: whole-cube rotations (never a layer turn) that show each face of the cube
// to a fixed camera, found on the robot's own steps, and the picture each frame takes.
#include <climits>
#include <functional>
#include <queue>
#include <string>

#include "error.hpp"
#include "geometry.hpp"
#include "orient_mech.hpp"
#include "plan.hpp"
#include "positions.hpp"
#include "search.hpp"

namespace lc::robot {
namespace {

struct Node {
    uint32_t mech;
    int orient;
};

// The quickest free steps (regrips, rotations, unwinding: no layer turns) from `from` to a node `wanted`
// accepts (Dijkstra over mechanism x orientation). Appends them to `path`; false if none is reachable.
bool quickest(const Robot &robot, Node from, const std::function<bool(Node)> &wanted, std::vector<PathStep> &path,
              Node &reached) {
    const Orientations &ot = orientations();
    const size_t nodes = MechFirst::count(robot.model().mech_count());
    std::vector<int64_t> dist(nodes, INT64_MAX);
    std::vector<size_t> prev_node(nodes, SIZE_MAX);
    std::vector<const Step *> prev_step(nodes, nullptr);
    using Entry = std::pair<int64_t, size_t>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> queue;
    const size_t start = MechFirst::encode(from.mech, from.orient);
    dist[start] = 0;
    queue.push({0, start});
    while (!queue.empty()) {
        const auto [d, u] = queue.top();
        queue.pop();
        if (d > dist[u]) continue;
        const Node node{MechFirst::mech(uint32_t(u)), MechFirst::orient(uint32_t(u))};
        if (wanted(node)) {
            std::vector<PathStep> back;
            for (size_t v = u; v != start; v = prev_node[v])
                back.push_back({prev_step[v], {-1, -1}});
            path.insert(path.end(), back.rbegin(), back.rend());
            reached = node;
            return true;
        }
        for (const Step &s : robot.free_steps(node.mech)) {
            const int orient = ot.then[node.orient][s.rot];
            const size_t v = MechFirst::encode(s.next, orient);
            if (d + s.duration >= dist[v]) continue;
            dist[v] = d + s.duration;
            prev_node[v] = u;
            prev_step[v] = &s;
            queue.push({dist[v], v});
        }
    }
    return false;
}

// The facelet layout index that a picture turned `rotation` quarters clockwise shows at sample k.
int layout_index(int k, int rotation) {
    int row = k / 3, col = k % 3;
    for (int r = 0; r < rotation; ++r) {
        const int was_row = row;
        row = 2 - col;
        col = was_row;
    }
    return 3 * row + col;
}

// The frame of the camera at `position` when the cube's stickers are where `labels` says (labels[i]: the
// facelet index at the start of the sticker now at i).
ScanFrame frame_at(const std::string &labels, int position, int32_t actions_done, int32_t time_us) {
    ScanFrame f;
    f.actions_done = actions_done;
    f.time_us = time_us;
    for (int k = 0; k < 9; ++k)
        f.facelets[size_t(k)] = uint8_t(labels[size_t(9 * position + k)]);
    f.face = uint8_t(f.facelets[4] / 9);
    for (int r = 0; r < 4; ++r) {
        bool match = true;
        for (int k = 0; k < 9; ++k)
            match = match && f.facelets[size_t(k)] == 9 * f.face + layout_index(k, r);
        if (match) f.rotation = uint8_t(r);
    }
    return f;
}

// The whole-cube rotations of the steps, as moves x y z (what the plan's moves say it does).
MoveList rotations_of(const std::vector<PathStep> &path) {
    MoveList moves;
    for (const PathStep &ps : path)
        if (ps.step->eff.rot_axis >= 0)
            moves.push_back(Move{uint8_t(kRotX + ps.step->eff.rot_axis), uint8_t(((ps.step->eff.rot_q % 4) + 4) % 4)});
    return moves;
}

// A robot that cannot turn the cube: the operator shows the faces in URFDLB order before mounting it.
Plan by_hand(const std::shared_ptr<const Robot> &robot) {
    Plan p;
    p.robot = robot;
    p.start_positions = rest_positions(*robot);
    p.start_mech = robot->model().initial();
    for (int face = 0; face < 6; ++face) {
        ScanFrame f;
        f.face = uint8_t(face);
        for (int k = 0; k < 9; ++k)
            f.facelets[size_t(k)] = uint8_t(9 * face + k);
        p.frames.push_back(f);
    }
    return p;
}

}  // namespace

Plan make_scan_plan(const std::shared_ptr<const Robot> &robot) {
    const int camera = camera_position(robot->params());
    if (camera < 0) return by_hand(robot);
    const Orientations &ot = orientations();
    const uint32_t rest = robot->model().initial();
    // Greedy: the quickest way to a face not yet seen, then the next, then back to rest as the cube started.
    std::vector<PathStep> path;
    std::vector<size_t> stops;  // path length at each frame
    int seen = 0;
    Node at{rest, 0};
    for (int frame = 0; frame < 6; ++frame) {
        auto unseen = [&](Node n) {
            return robot->model().camera_clear(n.mech) && !(seen >> ot.faces[size_t(n.orient)][size_t(camera)] & 1);
        };
        if (!quickest(*robot, at, unseen, path, at))
            throw Error(CUBE_ERROR_UNSUPPORTED, "this robot cannot show every face to its camera");
        seen |= 1 << ot.faces[size_t(at.orient)][size_t(camera)];
        stops.push_back(path.size());
    }
    auto home = [&](Node n) { return n.mech == rest && n.orient == 0; };
    if (!quickest(*robot, at, home, path, at))
        throw Error(CUBE_ERROR_UNSUPPORTED, "this robot cannot return the cube to its start after a scan");

    Plan p;
    p.robot = robot;
    p.start_positions = rest_positions(*robot);
    p.start_mech = rest;
    p.moves = rotations_of(path);
    build_timeline(path, p, false);
    // Replays the steps on labelled stickers to read what the camera sees at each frame.
    std::string labels(54, '\0');
    for (int i = 0; i < 54; ++i)
        labels[size_t(i)] = char(i);
    size_t done_steps = 0, done_actions = 0;
    int64_t t = 0;
    for (const size_t steps : stops) {
        for (; done_steps < steps; ++done_steps) {
            const Step &s = *path[done_steps].step;
            apply_effect(labels, s.eff);
            done_actions += s.cmds.n;
            t += s.duration;
        }
        p.frames.push_back(frame_at(labels, camera, int32_t(done_actions), int32_t(t)));
    }
    return p;
}

}  // namespace lc::robot

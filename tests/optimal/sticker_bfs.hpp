// An independent judge of optimal lengths for the tests: the 48 moving stickers of a 3x3 turned by
// rotating their 3D positions, and a breadth-first search from both ends. It shares no code with
// libcube (not even its move definitions): only the names U R F D L B and their directions.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace sticker_bfs {

using Vec = std::array<int, 3>;
using State = std::string;  // state[i]: the sticker now at place i (48 places, centres left out)

inline Vec cross(const Vec &a, const Vec &b) {
    return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
inline int dot(const Vec &a, const Vec &b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

class Model {
public:
    Model() {
        // Face normals in the order U R F D L B (x right, y up, z front).
        const Vec normals[6] = {{0, 1, 0}, {1, 0, 0}, {0, 0, 1}, {0, -1, 0}, {-1, 0, 0}, {0, 0, -1}};
        for (const Vec &n : normals)
            for (int a = -1; a <= 1; ++a)
                for (int b = -1; b <= 1; ++b) {
                    Vec p{};
                    int k = 0;
                    for (int i = 0; i < 3; ++i) p[i] = n[i] != 0 ? n[i] : (k++ == 0 ? a : b);
                    if (a == 0 && b == 0) continue;  // centre
                    places_.push_back({p, n});
                }
        for (int f = 0; f < 6; ++f) {
            const Vec &axis = normals[f];
            std::vector<int> perm(places_.size());
            for (size_t i = 0; i < places_.size(); ++i) {
                auto [p, n] = places_[i];
                if (dot(p, axis) == 1) p = turn(p, axis), n = turn(n, axis);
                perm[i] = find(p, n);
            }
            quarter_[f] = perm;
        }
    }
    State solved() const {
        State s(places_.size(), 0);
        for (size_t i = 0; i < s.size(); ++i) s[i] = static_cast<char>(i);
        return s;
    }
    // Face f (U R F D L B) turned clockwise `amount` quarters.
    State apply(const State &s, int f, int amount) const {
        State r = s;
        for (int k = 0; k < amount; ++k) {
            State next(r.size(), 0);
            for (size_t i = 0; i < r.size(); ++i) next[static_cast<size_t>(quarter_[f][i])] = r[i];
            r = next;
        }
        return r;
    }
    // The fewest face turns (HTM; with `quarter`, quarter turns: QTM) between `from` and solved, if it is
    // at most `upper`; else -1.
    int distance(const State &from, int upper, bool quarter = false) const {
        std::unordered_map<State, int> a = ball(from, (upper + 1) / 2, quarter), b = ball(solved(), upper / 2, quarter);
        int best = -1;
        for (const auto &[s, d] : a) {
            auto it = b.find(s);
            if (it != b.end() && (best < 0 || d + it->second < best)) best = d + it->second;
        }
        return best;
    }

private:
    // Clockwise seen from outside along `axis`: a quarter turn by -90 degrees about it.
    static Vec turn(const Vec &v, const Vec &axis) {
        Vec c = cross(axis, v);
        int along = dot(axis, v);
        return {along * axis[0] - c[0], along * axis[1] - c[1], along * axis[2] - c[2]};
    }
    int find(const Vec &p, const Vec &n) const {
        for (size_t i = 0; i < places_.size(); ++i)
            if (places_[i].first == p && places_[i].second == n) return static_cast<int>(i);
        return -1;
    }
    // Every state within `radius` turns of `centre` (quarter: quarter turns only), with its distance.
    std::unordered_map<State, int> ball(const State &centre, int radius, bool quarter) const {
        std::unordered_map<State, int> seen{{centre, 0}};
        std::vector<State> layer{centre};
        for (int d = 1; d <= radius; ++d) {
            std::vector<State> next;
            for (const State &s : layer)
                for (int f = 0; f < 6; ++f)
                    for (int a = 1; a <= 3; a += quarter ? 2 : 1) {
                        State t = apply(s, f, a);
                        if (seen.emplace(t, d).second) next.push_back(std::move(t));
                    }
            layer = std::move(next);
        }
        return seen;
    }

    std::vector<std::pair<Vec, Vec>> places_;
    std::array<std::vector<int>, 6> quarter_;
};

}  // namespace sticker_bfs

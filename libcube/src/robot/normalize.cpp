#include "normalize.hpp"

#include <cstddef>

#include "orient.hpp"

namespace lc::robot {

std::vector<FaceTurn> face_turns(const MoveList &moves) {
    std::vector<FaceTurn> out;
    int o = 0;  // which original face each position of the sequence's current frame holds
    auto push = [&](int position, int amount, int source) {
        out.push_back({orientations().faces[o][position], uint8_t(((amount % 4) + 4) % 4), source});
    };
    for (std::size_t i = 0; i < moves.size(); ++i) {
        int kind = moves[i].kind, a = moves[i].amount, src = static_cast<int>(i);
        if (kind < kWideU) {
            push(kind, a, src);
        } else if (kind < kSliceM) {  // Rw = L x
            int p = kind - kWideU;
            push(kOpposite[p], a, src);
            o = rotate(o, kAxisOf[p], a * kSignOf[p]);
        } else if (kind < kRotX) {                     // M = R L' x', E = U D' y', S = F' B z
            static const int kFollows[3] = {4, 3, 2};  // L, D, F
            int f = kFollows[kind - kSliceM];
            push(f, -a, src);
            push(kOpposite[f], a, src);
            o = rotate(o, kAxisOf[f], a * kSignOf[f]);
        } else {
            o = rotate(o, kind - kRotX, a);
        }
    }
    return out;
}

}  // namespace lc::robot

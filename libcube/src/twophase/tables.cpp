#include "twophase/tables.hpp"

#include "twophase/symmetry.hpp"

namespace lc::twophase {

std::vector<uint64_t> section_sizes() {
    std::vector<uint64_t> s(kSectionCount);
    s[kSecTwistMove] = 2ull * kTwist * kMoves;
    s[kSecFlipMove] = 2ull * kFlip * kMoves;
    s[kSecSliceMove] = 2ull * kSliceSorted * kMoves;
    s[kSecUEdgesMove] = 2ull * kSliceSorted * kMoves;
    s[kSecDEdgesMove] = 2ull * kSliceSorted * kMoves;
    s[kSecCornersMove] = 2ull * kCorners8 * kMoves;
    s[kSecUdEdgesMove] = 2ull * kUdEdges * kMoves;
    s[kSecTwistConj] = 2ull * kTwist * 16;
    s[kSecUdEdgesConj] = 2ull * kUdEdges * 16;
    s[kSecFsClassSym] = 4ull * kFlipSlice;
    s[kSecFsRep] = 4ull * kFlipSliceClasses;
    s[kSecFsSelfSym] = 2ull * kFlipSliceClasses;
    s[kSecCoClass] = 2ull * kCorners8;
    s[kSecCoSym] = kCorners8;
    s[kSecCoRep] = 2ull * kCornerClasses;
    s[kSecCoSelfSym] = 2ull * kCornerClasses;
    s[kSecUdFromUD] = 2ull * kSliceSorted * 24;
    s[kSecCornSlice] = kCorners8 * 24ull;
    s[kSecCornerDist] = (uint64_t{kCornerClasses} * kTwist + 1) / 2;
    s[kSecPrune1] = kPrune1Entries;
    s[kSecPrune2] = (kPrune2Entries + 1) / 2;
    s[kSecNearSucc] = 4ull * kNearNodes * kMoves;
    s[kSecNearMoves] = 8ull * kNearNodes;
    s[kSecNearSlots] = 8ull * kNearSlots;
    return s;
}

void bind(Tables &t, std::unique_ptr<tablefile::Blob> blob) {
    std::vector<uint64_t> off = tablefile::layout(section_sizes());
    uint8_t *b = blob->data();
    auto u16 = [&](SectionId s) { return reinterpret_cast<uint16_t *>(b + off[s]); };
    t.twist_move = u16(kSecTwistMove);
    t.flip_move = u16(kSecFlipMove);
    t.slice_move = u16(kSecSliceMove);
    t.u_edges_move = u16(kSecUEdgesMove);
    t.d_edges_move = u16(kSecDEdgesMove);
    t.corners_move = u16(kSecCornersMove);
    t.ud_edges_move = u16(kSecUdEdgesMove);
    t.twist_conj = u16(kSecTwistConj);
    t.ud_edges_conj = u16(kSecUdEdgesConj);
    t.fs_classsym = reinterpret_cast<uint32_t *>(b + off[kSecFsClassSym]);
    t.fs_rep = reinterpret_cast<uint32_t *>(b + off[kSecFsRep]);
    t.fs_selfsym = u16(kSecFsSelfSym);
    t.co_class = u16(kSecCoClass);
    t.co_sym = b + off[kSecCoSym];
    t.co_rep = u16(kSecCoRep);
    t.co_selfsym = u16(kSecCoSelfSym);
    t.ud_from_u_d = u16(kSecUdFromUD);
    t.cornslice_depth = b + off[kSecCornSlice];
    t.corner_dist = b + off[kSecCornerDist];
    t.prune1 = b + off[kSecPrune1];
    t.prune2 = b + off[kSecPrune2];
    t.near_succ = reinterpret_cast<uint32_t *>(b + off[kSecNearSucc]);
    t.near_moves = reinterpret_cast<uint64_t *>(b + off[kSecNearMoves]);
    t.near_slots = reinterpret_cast<uint32_t *>(b + off[kSecNearSlots]);
    t.blob = std::move(blob);
    const Symmetries &sy = symmetries();
    for (int s = 0; s < kSyms; ++s) {
        int actual[kMoves];  // move m of the representative is move actual[m] of the state
        for (int m = 0; m < kMoves; ++m) {
            CubieCube c = conjugate(sy.move_cube[m], sy.sym[sy.inv[s]], sy.sym[s]);
            for (int k = 0; k < kMoves; ++k)
                if (sy.move_cube[k] == c) actual[m] = k;
        }
        for (int flags = 0; flags < 64; ++flags) {
            uint32_t moves = 0;
            for (int m = 0; m < kMoves; ++m)
                if (flags >> (m / 3) & 1) moves |= 1u << actual[m];
            t.face_moves[s][flags] = moves;
        }
    }
}

int Tables::phase1_distance(int flip, int slice_sorted, int twist) const {
    int depth = 0;
    for (;;) {
        uint8_t e = prune1[phase1_index(flip, slice_sorted, twist)];
        uint32_t moves = closer_moves(e, phase1_sym(flip, slice_sorted));
        if (!moves) return depth;
        int want = ((e & 3) + 2) % 3;  // distance - 1, mod 3
        bool stepped = false;
        for (int m = 0; m < kMoves && !stepped; ++m) {
            if (!(moves >> m & 1)) continue;
            int fl = flip_move[flip * kMoves + m], sl = slice_move[slice_sorted * kMoves + m];
            int tw = twist_move[twist * kMoves + m];
            if ((prune1[phase1_index(fl, sl, tw)] & 3) == want) flip = fl, slice_sorted = sl, twist = tw, stepped = true;
        }
        if (!stepped) return -1;  // inconsistent table
        ++depth;
    }
}

}  // namespace lc::twophase

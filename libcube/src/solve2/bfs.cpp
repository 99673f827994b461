// Level-by-level search on bitsets: one bit per position for "seen", "on this level" and
// "on the next level" (0.48 MB each, an eighth of a byte table, so far fewer cache misses).
// Row p holds the 729 twists of perm p. Forward steps spread the frontier's bits to its
// neighbours; once the frontier outgrows the unseen positions, backward steps let each
// unseen position look for a neighbour on the level instead. For one perm and one move
// every access lands in a single 96-byte row, and the 4-bit distance table is written row
// by row as levels complete.
#include "solve2/bfs.hpp"

#include <cstring>
#include <memory>

#include "error.hpp"

namespace lc::solve2 {
namespace {

constexpr int kWords = (kTwists + 63) / 64;  // 12 words per row; bits 729..767 are padding

// NM = number of moves (9 HTM, 6 QTM), fixed at compile time so the move loops unroll.
template <int NM>
struct Search {
    uint16_t perm[kPerms][NM];              // perm move table of the metric's moves
    uint16_t twist[kTwists][NM];            // twist move table, twist-major
    uint64_t seen[kPerms][kWords];          // reached so far (padding bits set)
    uint64_t level[kPerms][kWords];         // exactly the current level
    uint64_t next[kPerms][kWords];          // found for the next level (forward: may include seen)
    uint16_t unseen[kPerms];                // per row
    uint8_t has_level[kPerms];              // per row: any bit in `level`
    uint8_t touched[kPerms];                // per row: may have bits in `next`

    void init(const MoveTables &mt, const int *moves) {
        for (int k = 0; k < NM; k++) {
            for (int p = 0; p < kPerms; p++) perm[p][k] = mt.perm[p][moves[k]];
            for (int t = 0; t < kTwists; t++) twist[t][k] = mt.twist[moves[k]][t];
        }
        std::memset(seen, 0, sizeof seen);
        std::memset(level, 0, sizeof level);
        std::memset(next, 0, sizeof next);
        for (int p = 0; p < kPerms; p++) {
            seen[p][kWords - 1] = ~0ull << (kTwists % 64);
            unseen[p] = kTwists;
            has_level[p] = 0;
            touched[p] = 0;
        }
        seen[0][0] = level[0][0] = 1;  // the solved position (0, 0)
        unseen[0]--;
        has_level[0] = 1;
    }

    // Sets in `next` every neighbour of the current level.
    void forward() {
        for (int p = 0; p < kPerms; p++) {
            if (!has_level[p]) continue;
            uint64_t *dst[NM];
            for (int k = 0; k < NM; k++) {
                dst[k] = next[perm[p][k]];
                touched[perm[p][k]] = 1;
            }
            for (int w = 0; w < kWords; w++) {
                for (uint64_t bits = level[p][w]; bits; bits &= bits - 1) {
                    const uint16_t *tw = twist[w * 64 + __builtin_ctzll(bits)];
                    for (int k = 0; k < NM; k++) dst[k][tw[k] >> 6] |= 1ull << (tw[k] & 63);
                }
            }
        }
    }

    // Sets in `next` every unseen position with a neighbour on the current level.
    void backward() {
        for (int p = 0; p < kPerms; p++) {
            if (!unseen[p]) continue;
            const uint64_t *src[NM];
            bool reachable = false;  // some neighbour row has the level (not so for half the rows in QTM)
            for (int k = 0; k < NM; k++) {
                src[k] = level[perm[p][k]];
                reachable |= has_level[perm[p][k]] != 0;
            }
            if (!reachable) continue;
            touched[p] = 1;
            for (int w = 0; w < kWords; w++) {
                uint64_t found = 0;
                for (uint64_t bits = ~seen[p][w]; bits; bits &= bits - 1) {
                    int b = __builtin_ctzll(bits);
                    const uint16_t *tw = twist[w * 64 + b];
                    uint64_t hit = 0;  // all moves tested: no early exit, no mispredicted branch
                    for (int k = 0; k < NM; k++) hit |= src[k][tw[k] >> 6] >> (tw[k] & 63);
                    found |= (hit & 1) << b;
                }
                next[p][w] = found;
            }
        }
    }

    // Makes `next` minus `seen` the current level, records depth `d` for it; returns its size.
    int64_t advance(int d, uint8_t *packed) {
        int64_t added = 0;
        for (int p = 0; p < kPerms; p++) {
            if (!touched[p] && !has_level[p]) continue;  // nothing to clear or add
            touched[p] = 0;
            int row_added = 0;
            for (int w = 0; w < kWords; w++) {
                uint64_t fresh = next[p][w] & ~seen[p][w];
                next[p][w] = 0;
                level[p][w] = fresh;
                seen[p][w] |= fresh;
                row_added += __builtin_popcountll(fresh);
                for (; fresh; fresh &= fresh - 1) {
                    int32_t i = p * kTwists + w * 64 + __builtin_ctzll(fresh);
                    packed[i >> 1] = static_cast<uint8_t>(packed[i >> 1] | d << ((i & 1) * 4));
                }
            }
            unseen[p] = static_cast<uint16_t>(unseen[p] - row_added);
            has_level[p] = row_added != 0;
            added += row_added;
        }
        return added;
    }
};

template <int NM>
void run(const MoveTables &mt, const int *moves, uint8_t *packed, std::array<int64_t, 16> &counts) {
    std::unique_ptr<Search<NM>> s(new Search<NM>);  // init() fills every field
    s->init(mt, moves);
    counts.fill(0);
    counts[0] = 1;
    int64_t left = kPositions - 1;
    bool backward = false;
    for (int d = 1; left > 0; d++) {
        if (d == 15) throw Error(CUBE_ERROR_INTERNAL, "solve2: a position is deeper than 14");
        // Backward once the frontier outnumbers the unseen positions (similar work per move).
        backward = backward || counts[d - 1] > left;
        if (backward)
            s->backward();
        else
            s->forward();
        counts[d] = s->advance(d, packed);
        if (counts[d] == 0) throw Error(CUBE_ERROR_INTERNAL, "solve2: unreachable positions");
        left -= counts[d];
    }
}

}  // namespace

void bfs_distances(const MoveTables &mt, const int *moves, int nmoves, uint8_t *packed,
                   std::array<int64_t, 16> &counts) {
    if (nmoves == 9)
        run<9>(mt, moves, packed, counts);
    else if (nmoves == 6)
        run<6>(mt, moves, packed, counts);
    else
        throw Error(CUBE_ERROR_INTERNAL, "solve2: search supports 6 or 9 moves");
}

size_t bfs_scratch_bytes(int nmoves) { return nmoves == 9 ? sizeof(Search<9>) : sizeof(Search<6>); }

}  // namespace lc::solve2

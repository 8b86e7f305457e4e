/* The Ataxx search's node in C: an optional compiled hot path (issue 43).
 *
 * This is tafel.games.ataxx.alphabeta.AlphaBeta._negamax, the evaluation of
 * tafel.games.ataxx.evaluation (the fast, threat-safe-edge one, and material only) and the
 * transposition table and repetition path it uses, translated line by line: the same moves in
 * the same order, the same pruning, the same scores, so that a search to a fixed depth visits
 * the same nodes and plays the same move as the pure-Python one (tests/test_ataxx_compiled.py
 * checks that on many positions and settings). The root, iterative deepening and the limits stay
 * in Python (tafel.games.ataxx.search.CompiledEngine); every CHECK_NODES nodes the C search
 * calls back the engine's Python check, which raises to end the search.
 *
 * Bitboards are the padded 7x9 layout of tafel.games.ataxx.board in a uint64_t (bits 0-60).
 * The GIL is released while the search runs and taken back for each call to the check, so
 * that other Python threads (the arcade's frame loop, the UAI engine's input) run meanwhile.
 *
 * Built by setup.py as an optional extension: without a compiler the build skips it and the
 * pure-Python search runs instead.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t u64;

#define STRIDE 9
#define SIZE 7
#define STONE 100
#define WIN 1000000
#define MAX_PLY 256
#define INF (10 * WIN)
#define NULL_R 2
#define CLONE (63 << 6)
#define EXACT 0
#define LOWER 1
#define UPPER 2
/* Nodes between calls of the Python check (the clock, the node budget, stop): a tenth to a
 * few tenths of a millisecond at this search's node rates. */
#define CHECK_NODES 256
/* The most moves one gain level of one position can hold (49 clones and 16 jumps into each
 * square bound it). */
#define MAX_STAGE 840

static u64 SINGLES[64];
static u64 DOUBLES[64];
static u64 BOARD_ALL;
static u64 EDGE;

static inline int popcount(u64 x) { return __builtin_popcountll(x); }
static inline int lowest(u64 x) { return __builtin_ctzll(x); }

static void init_tables(void) {
    BOARD_ALL = 0;
    EDGE = 0;
    for (int r = 0; r < SIZE; r++) {
        for (int f = 0; f < SIZE; f++) {
            int s = r * STRIDE + f;
            BOARD_ALL |= (u64)1 << s;
            if (f == 0 || f == 6 || r == 0 || r == 6) EDGE |= (u64)1 << s;
            u64 one = 0, two = 0;
            for (int dy = -2; dy <= 2; dy++) {
                for (int dx = -2; dx <= 2; dx++) {
                    int d = abs(dx) > abs(dy) ? abs(dx) : abs(dy);
                    int ff = f + dx, rr = r + dy;
                    if (d == 0 || ff < 0 || ff >= SIZE || rr < 0 || rr >= SIZE) continue;
                    u64 bit = (u64)1 << (rr * STRIDE + ff);
                    if (d == 1) one |= bit;
                    else two |= bit;
                }
            }
            SINGLES[s] = one;
            DOUBLES[s] = two;
        }
    }
}

/* --- the transposition table: (own, opp) -> (depth, score, flag, move) ----------------------
 * Open addressing with linear probing over exact keys: a map like the Python dict until it
 * holds `cap` entries; after that a new key takes the place of the least useful entry among the
 * first few of its probe sequence (an older search's first, then the shallowest), so the table
 * never grows and never pauses. */

typedef struct {
    u64 own, opp;
    int32_t score;
    int16_t depth;
    uint16_t move;
    uint8_t flag;
    uint8_t gen;
    uint16_t epoch; /* the table's clear count when written: an older one is an empty slot */
} Entry;

#define VICTIM_WINDOW 8

typedef struct {
    Entry *slots;
    size_t size; /* slots */
    size_t count;
    size_t cap;
    uint8_t gen;
    uint16_t epoch;
    int touched; /* every page written once (see tt_prefault) */
} Table;

static inline u64 mix(u64 own, u64 opp) {
    u64 h = own * 0x9E3779B97F4A7C15ULL ^ (opp + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 31;
    h *= 0xD6E8FEB86659FD93ULL;
    h ^= h >> 32;
    return h;
}

static inline size_t home(const Table *t, u64 own, u64 opp) {
    return (size_t)(((unsigned __int128)mix(own, opp) * t->size) >> 64);
}

/* A slot is empty when never written or written before the last clear: clearing the table is
 * one increment, whatever its size (no pause on the clock, and its pages stay mapped). */
static inline int vacant(const Table *t, const Entry *e) { return !e->own || e->epoch != t->epoch; }

static Entry *tt_find(const Table *t, u64 own, u64 opp) {
    size_t i = home(t, own, opp);
    for (;;) {
        Entry *e = &t->slots[i];
        if (vacant(t, e)) return NULL;
        if (e->own == own && e->opp == opp) return e;
        if (++i == t->size) i = 0;
    }
}

static void tt_store(Table *t, u64 own, u64 opp, int depth, int score, int flag, int move) {
    size_t i = home(t, own, opp);
    Entry *victim = NULL;
    int victim_rank = 1 << 30;
    int scanned = 0;
    Entry *e;
    for (;;) {
        e = &t->slots[i];
        if (vacant(t, e)) break;
        if (e->own == own && e->opp == opp) goto write;
        if (scanned < VICTIM_WINDOW) {
            int rank = e->depth + (e->gen == t->gen ? 1024 : 0);
            if (rank < victim_rank) {
                victim_rank = rank;
                victim = e;
            }
            scanned++;
        }
        if (++i == t->size) i = 0;
    }
    if (t->count < t->cap) {
        t->count++;
    } else if (victim != NULL) {
        e = victim; /* in the probe sequence before the empty slot: lookups still find keys */
    } else {
        return;
    }
    e->own = own;
    e->opp = opp;
    e->epoch = t->epoch;
write:
    e->depth = (int16_t)depth;
    e->score = score;
    e->flag = (uint8_t)flag;
    e->move = (uint16_t)move;
    e->gen = t->gen;
}

static int tt_alloc(Table *t, size_t cap) {
    if (cap < 1) cap = 1;
    size_t size = cap + cap / 3 + 2; /* at most three quarters full */
    Entry *slots = calloc(size, sizeof(Entry));
    if (slots == NULL) return -1;
    free(t->slots);
    t->slots = slots;
    t->size = size;
    t->cap = cap;
    t->count = 0;
    t->epoch = 0;
    t->touched = 0;
    return 0;
}

static void tt_clear(Table *t) {
    if (t->count == 0) return;
    t->count = 0;
    if (++t->epoch == 0) memset(t->slots, 0, t->size * sizeof(Entry)); /* once in 65,536 clears */
}

/* Write every page of the table once, so that no search pays for the first touch of a page
 * (a fault and the page zeroed by the kernel: for a table of 128 MB some 30,000 of them, tens
 * of milliseconds on the clock of a game's first moves). */
static void tt_prefault(Table *t) {
    if (t->touched || t->count) return;
    memset(t->slots, 0, t->size * sizeof(Entry));
    t->epoch = 0;
    t->touched = 1;
}

/* --- the path: positions of the game and of the line searched (a set, as the Python one) --- */

typedef struct {
    u64 *own, *opp; /* own == 0: a free slot */
    size_t size;    /* a power of two */
    size_t count;
} PathSet;

static inline size_t path_home(const PathSet *p, u64 own, u64 opp) {
    return (size_t)mix(own, opp) & (p->size - 1);
}

static int path_contains(const PathSet *p, u64 own, u64 opp) {
    size_t i = path_home(p, own, opp);
    while (p->own[i]) {
        if (p->own[i] == own && p->opp[i] == opp) return 1;
        i = (i + 1) & (p->size - 1);
    }
    return 0;
}

static int path_alloc(PathSet *p, size_t size) {
    u64 *own = calloc(size, sizeof(u64));
    u64 *opp = calloc(size, sizeof(u64));
    if (own == NULL || opp == NULL) {
        free(own);
        free(opp);
        return -1;
    }
    u64 *old_own = p->own, *old_opp = p->opp;
    size_t old_size = p->size;
    p->own = own;
    p->opp = opp;
    p->size = size;
    p->count = 0;
    for (size_t j = 0; j < old_size; j++) {
        if (old_own[j]) {
            size_t i = path_home(p, old_own[j], old_opp[j]);
            while (p->own[i]) i = (i + 1) & (size - 1);
            p->own[i] = old_own[j];
            p->opp[i] = old_opp[j];
            p->count++;
        }
    }
    free(old_own);
    free(old_opp);
    return 0;
}

/* Returns -1 when out of memory (the set is left as it was). */
static int path_add(PathSet *p, u64 own, u64 opp) {
    if (own == 0) return 0; /* never a key: a side without stones has lost before it is looked up */
    if (path_contains(p, own, opp)) return 0;
    if ((p->count + 1) * 2 > p->size && path_alloc(p, p->size * 2) < 0) return -1;
    size_t i = path_home(p, own, opp);
    while (p->own[i]) i = (i + 1) & (p->size - 1);
    p->own[i] = own;
    p->opp[i] = opp;
    p->count++;
    return 0;
}

static void path_discard(PathSet *p, u64 own, u64 opp) {
    size_t mask = p->size - 1;
    size_t i = path_home(p, own, opp);
    while (p->own[i]) {
        if (p->own[i] == own && p->opp[i] == opp) break;
        i = (i + 1) & mask;
    }
    if (!p->own[i]) return;
    /* Backward-shift deletion: no tombstones, probe sequences stay whole. */
    size_t j = i;
    for (;;) {
        p->own[i] = 0;
        for (;;) {
            j = (j + 1) & mask;
            if (!p->own[j]) {
                p->count--;
                return;
            }
            size_t k = path_home(p, p->own[j], p->opp[j]);
            /* Move j's entry to i unless its home lies cyclically in (i, j]. */
            if (i <= j ? (i < k && k <= j) : (i < k || k <= j)) continue;
            break;
        }
        p->own[i] = p->own[j];
        p->opp[i] = p->opp[j];
        i = j;
    }
}

/* --- the searcher ------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    /* The board without its blockers, and the evaluation. */
    u64 board;
    int material; /* 1: material only (the yardstick); 0: the fast evaluation */
    int threat_w, safe_w, edge_w, margin;
    /* Pruning and reductions (the Python engine's attributes of those names). */
    int lmr, lmr_index, lmr_flips, lmr_deep, null_move, rfp_depth, rfp_margin, futility;
    int killers[MAX_PLY + 2][2];
    /* Each ply's list of moves of one gain level (on the heap, not a deep recursion's stack). */
    int (*stages)[MAX_STAGE];
    Table tt;
    PathSet path;
    long long nodes;
    long long next_check;
    PyObject *check; /* called every CHECK_NODES nodes; raising ends the search */
    int aborted;     /* the check raised (or memory ran out): unwind, store nothing */
    int busy;        /* a search runs, without the GIL */
    PyThreadState *tstate;
} Searcher;

static int do_check(Searcher *S) {
    S->next_check = S->nodes + CHECK_NODES;
    if (S->check == NULL || S->check == Py_None) return 0;
    PyEval_RestoreThread(S->tstate);
    PyObject *r = PyObject_CallNoArgs(S->check);
    int failed = r == NULL;
    Py_XDECREF(r);
    S->tstate = PyEval_SaveThread();
    if (failed) {
        S->aborted = 1;
        return -1;
    }
    return 0;
}

static int fail_memory(Searcher *S) {
    S->aborted = 2;
    return 0;
}

/* How many opposing stones stand round every square, bit-sliced (the Python neighbour_count):
   bit i of a square's count is its bit in bi. */
typedef struct {
    u64 b0, b1, b2, b3;
} Counts;

static inline Counts neighbour_counts(u64 opp) {
    u64 a = opp << 1, b = opp >> 1;
    u64 t = a ^ b;
    u64 s = t ^ opp;
    u64 c = (a & b) | (t & opp);
    u64 su = s << 9, sd = s >> 9;
    t = su ^ sd;
    u64 b0 = t ^ s;
    u64 k0 = (su & sd) | (t & s);
    u64 cu = c << 9, cd = c >> 9;
    t = cu ^ cd;
    u64 u = t ^ c;
    u64 k1 = (cu & cd) | (t & c);
    u64 b1 = u ^ k0;
    u64 k2 = u & k0;
    Counts counts = {b0, b1, k1 ^ k2, k1 & k2};
    return counts;
}

static inline int max_in(u64 cands, u64 b0, u64 b1, u64 b2, u64 b3) {
    if (cands & b3) return 8;
    int best = 0;
    if (cands & b2) {
        cands &= b2;
        best = 4;
    }
    if (cands & b1) {
        cands &= b1;
        best += 2;
    }
    if (cands & b0) best += 1;
    return best;
}

static inline u64 level_of(int f, u64 b0, u64 b1, u64 b2, u64 b3) {
    if (f == 8) return b3;
    u64 level = ((f & 4) ? b2 : ~b2) & ((f & 2) ? b1 : ~b1) & ((f & 1) ? b0 : ~b0);
    if (!f) level &= ~b3;
    return level;
}

static inline int evaluate(const Searcher *S, u64 own, u64 opp, u64 empty) {
    if (S->material) return (popcount(own) - popcount(opp)) * STONE;
    u64 h = own | own << 1 | own >> 1;
    u64 clone = (h | h << 9 | h >> 9) & empty;
    h |= own << 2 | own >> 2;
    h |= h << 9 | h >> 9;
    u64 cands = (h | h << 9 | h >> 9) & empty;
    Counts k = neighbour_counts(opp);
    int n = max_in(cands, k.b0, k.b1, k.b2, k.b3);
    cands &= level_of(n, k.b0, k.b1, k.b2, k.b3); /* the squares that take the most */
    int gain = (cands & clone) ? 2 * n + 1 : 2 * n;
    int score = (popcount(own) - popcount(opp)) * STONE + S->threat_w * gain;
    if (S->safe_w) {
        u64 de = empty | empty << 1 | empty >> 1;
        de |= de << 9 | de >> 9;
        score += S->safe_w * (popcount(own & ~de) - popcount(opp & ~de));
    }
    if (S->edge_w) score += S->edge_w * (popcount(own & EDGE) - popcount(opp & EDGE));
    return score;
}

static inline int has_move(u64 own, u64 empty) {
    u64 d = own << 1 | own >> 1 | own << 8 | own >> 8 | own << 9 | own >> 9 | own << 10 | own >> 10;
    return ((d << 1 | d >> 1 | d << 8 | d >> 8 | d << 9 | d >> 9 | d << 10 | d >> 10) & empty) != 0;
}

static inline int result_score(u64 own, u64 opp, int ply) {
    int diff = popcount(own) - popcount(opp);
    return diff > 0 ? WIN - ply : diff < 0 ? -WIN + ply : 0;
}

static int negamax(Searcher *S, u64 own, u64 opp, int depth, int alpha, int beta, int ply, int null);

/* Past a level's bound no later move can raise alpha: the best takes the bound (the fail-soft
 * value the Python search returns) and the last ply stops. True when it stops. */
static inline int bound_stops(int bound, int futility, int alpha, int f, int ends, int *best) {
    if (bound - futility <= alpha && f != ends) {
        if (bound > *best) *best = bound <= alpha ? bound : alpha;
        return 1;
    }
    return 0;
}

/* A child's score taken: the best so far, its move, alpha raised. True at a cutoff. */
static inline int take_score(int score, int code, int *best, int *best_move, int *alpha, int beta) {
    if (score > *best) {
        *best = score;
        *best_move = code;
        if (score > *alpha) {
            *alpha = score;
            if (*alpha >= beta) return 1;
        }
    }
    return 0;
}

/* The last ply: children evaluated in place, best immediate gain first, with the bounds of
 * the Python search's depth-1 branch (see alphabeta.py for why each holds). */
static int last_ply(Searcher *S, u64 own, u64 opp, u64 empty, u64 clones, u64 jumps, int top,
                    u64 b0, u64 b1, u64 b2, u64 b3, int alpha, int beta, int ply, int *best_move_out) {
    int best = -INF;
    int best_move = 0;
    int base = (popcount(own) - popcount(opp)) * STONE + S->margin;
    int opp_count = popcount(opp);
    int futility = 0;
    if (S->futility && beta - alpha == 1 && abs(alpha) < WIN / 2 && (empty & (empty - 1)) && opp_count > 8)
        futility = S->futility;
    int safe_w = S->safe_w, edge_w = S->edge_w;
    int jump_extra = 0;
    int flip_extra = 2 * edge_w;
    if (edge_w) base += edge_w * (popcount(own & EDGE) - popcount(opp & EDGE) + 1);
    if (safe_w) {
        u64 de = empty | empty << 1 | empty >> 1;
        de |= de << 9 | de >> 9;
        base += safe_w * (popcount(own & ~de) - popcount(opp & ~de) + 9);
        jump_extra = 8 * safe_w;
    }
    int won = WIN - ply - 1;
    int ends = (top == opp_count || !(empty & (empty - 1))) ? top : -1;
    long long n = 0;
    for (int f = top; f >= 0; f--) {
        u64 level = level_of(f, b0, b1, b2, b3);
        int bound = base + (2 * f + 1) * STONE + f * flip_extra;
        if (bound_stops(bound, futility, alpha, f, ends, &best)) break;
        u64 dest = clones & level;
        while (dest) {
            u64 low = dest & (~dest + 1);
            dest ^= low;
            int to = lowest(low);
            u64 flips = SINGLES[to] & opp;
            u64 p = opp ^ flips;
            u64 o = own | low | flips;
            u64 e = empty ^ low;
            int score;
            n++;
            if (!p) score = won;
            else if (!e) {
                int diff = popcount(o) - popcount(p);
                score = diff > 0 ? won : diff < 0 ? -won : 0;
            } else
                score = -evaluate(S, p, o, e);
            if (take_score(score, CLONE | to, &best, &best_move, &alpha, beta)) goto done;
        }
        bound += jump_extra - STONE;
        if (bound_stops(bound, futility, alpha, f, ends, &best)) break;
        dest = jumps & level;
        while (dest) {
            u64 low = dest & (~dest + 1);
            dest ^= low;
            int to = lowest(low);
            u64 flips = SINGLES[to] & opp;
            u64 p = opp ^ flips;
            u64 landed = own | low | flips;
            u64 e0 = empty ^ low;
            u64 srcs = DOUBLES[to] & own;
            while (srcs) {
                u64 fb = srcs & (~srcs + 1);
                srcs ^= fb;
                u64 o = landed ^ fb;
                u64 e = e0 | fb;
                int score;
                n++;
                if (!p) score = won;
                else score = -evaluate(S, p, o, e);
                if (take_score(score, lowest(fb) << 6 | to, &best, &best_move, &alpha, beta)) goto done;
            }
        }
    }
done:
    S->nodes += n;
    *best_move_out = best_move;
    return best;
}

/* The table's move and the killers that are legal here and differ from it. */
static int tried_first(int tt_move, const int *killers, u64 own, u64 empty, int *first) {
    int n = 0;
    if (tt_move) first[n++] = tt_move;
    for (int j = 0; j < 2; j++) {
        int k = killers[j];
        if (k && k != tt_move && (empty >> (k & 63) & 1)) {
            int frm = k >> 6;
            int legal = frm == 63 ? (SINGLES[k & 63] & own) != 0
                                  : ((own >> frm & 1) && (DOUBLES[k & 63] >> frm & 1));
            if (legal) first[n++] = k;
        }
    }
    return n;
}

static int stage_codes(int f, u64 own, u64 clones, u64 jumps, u64 b0, u64 b1, u64 b2, u64 b3,
                       const int *first, int n_first, int *codes) {
    u64 level = level_of(f, b0, b1, b2, b3);
    int n = 0;
    u64 dest = clones & level;
    while (dest) {
        u64 low = dest & (~dest + 1);
        dest ^= low;
        codes[n++] = CLONE | lowest(low);
    }
    dest = jumps & level;
    while (dest) {
        u64 low = dest & (~dest + 1);
        dest ^= low;
        int to = lowest(low);
        u64 srcs = DOUBLES[to] & own;
        while (srcs) {
            u64 fb = srcs & (~srcs + 1);
            srcs ^= fb;
            codes[n++] = lowest(fb) << 6 | to;
        }
    }
    if (n_first) {
        int kept = 0;
        for (int j = 0; j < n; j++) {
            int dup = 0;
            for (int q = 0; q < n_first; q++) dup |= codes[j] == first[q];
            if (!dup) codes[kept++] = codes[j];
        }
        n = kept;
    }
    return n;
}

static int negamax(Searcher *S, u64 own, u64 opp, int depth, int alpha, int beta, int ply, int null) {
    S->nodes++;
    if (S->nodes >= S->next_check && do_check(S) < 0) return 0;
    if (!own) return -WIN + ply;
    u64 empty = S->board & ~(own | opp);
    if (!empty) return result_score(own, opp, ply);
    if (depth <= 0) return evaluate(S, own, opp, empty);
    if (path_contains(&S->path, own, opp)) return evaluate(S, own, opp, empty);

    Entry *entry = tt_find(&S->tt, own, opp);
    int tt_move = 0;
    if (entry != NULL) {
        int e_score = entry->score;
        tt_move = entry->move;
        if (entry->depth >= depth) {
            if (e_score > WIN - MAX_PLY) e_score -= ply;
            else if (e_score < -WIN + MAX_PLY) e_score += ply;
            if (entry->flag == EXACT) return e_score;
            if (entry->flag == LOWER) {
                if (e_score >= beta) return e_score;
            } else if (e_score <= alpha)
                return e_score;
        }
    }

    u64 h = own | own << 1 | own >> 1;
    u64 clones = (h | h << 9 | h >> 9) & empty;
    h |= own << 2 | own >> 2;
    h |= h << 9 | h >> 9;
    u64 jumps = (h | h << 9 | h >> 9) & empty;
    if (!jumps) {
        if (!has_move(opp, empty)) return result_score(own, opp, ply);
        if (path_add(&S->path, own, opp) < 0) return fail_memory(S);
        int score = -negamax(S, opp, own, depth - 1, -beta, -alpha, ply + 1, 1);
        path_discard(&S->path, own, opp);
        return S->aborted ? 0 : score;
    }
    if (depth <= S->rfp_depth && beta - alpha == 1 && abs(beta) < WIN / 2) {
        int margin = S->rfp_margin * depth;
        int stat = evaluate(S, own, opp, empty);
        if (stat - margin >= beta) return stat - margin;
    }
    if (null && depth >= 3 && S->null_move && beta - alpha == 1 && clones && abs(beta) < WIN / 2 &&
        evaluate(S, own, opp, empty) >= beta) {
        int score = -negamax(S, opp, own, depth - 1 - NULL_R, -beta, -beta + 1, ply + 1, 0);
        if (S->aborted) return 0;
        if (score >= beta) return score < WIN / 2 ? score : beta;
    }
    Counts counts = neighbour_counts(opp);
    u64 b0 = counts.b0, b1 = counts.b1, b2 = counts.b2, b3 = counts.b3;
    int top = max_in(jumps, b0, b1, b2, b3);

    int orig_alpha = alpha;
    int best = -INF;
    int best_move = 0;

    if (depth == 1) {
        best = last_ply(S, own, opp, empty, clones, jumps, top, b0, b1, b2, b3, alpha, beta, ply, &best_move);
    } else {
        int *killers = S->killers[ply];
        int k0m = killers[0];
        int lmr = depth >= 3 && S->lmr;
        int first[3];
        int n_first = tried_first(tt_move, killers, own, empty, first);
        int *codes = S->stages[ply];
        if (path_add(&S->path, own, opp) < 0) return fail_memory(S);
        int i = 0;
        int done = 0;
        for (int f = top + 1; f >= 0 && !done; f--) {
            const int *list;
            int n;
            if (f > top) {
                list = first;
                n = n_first;
            } else {
                n = stage_codes(f, own, clones, jumps, b0, b1, b2, b3, first, n_first, codes);
                list = codes;
            }
            for (int j = 0; j < n; j++) {
                int code = list[j];
                int to = code & 63;
                u64 flips = SINGLES[to] & opp;
                int frm = code >> 6;
                u64 o = frm == 63 ? (own | (u64)1 << to | flips) : ((own ^ (u64)1 << frm) | (u64)1 << to | flips);
                u64 p = opp ^ flips;
                int score;
                if (i == 0) {
                    score = -negamax(S, p, o, depth - 1, -beta, -alpha, ply + 1, 1);
                } else {
                    if (lmr && i >= S->lmr_index && f < S->lmr_flips) {
                        int r = (i >= S->lmr_deep && depth >= 5) ? 2 : 1;
                        score = -negamax(S, p, o, depth - 1 - r, -alpha - 1, -alpha, ply + 1, 1);
                        if (S->aborted) break;
                    } else {
                        score = alpha + 1;
                    }
                    if (score > alpha) {
                        score = -negamax(S, p, o, depth - 1, -alpha - 1, -alpha, ply + 1, 1);
                        if (S->aborted) break;
                        if (alpha < score && score < beta)
                            score = -negamax(S, p, o, depth - 1, -beta, -alpha, ply + 1, 1);
                    }
                }
                if (S->aborted) break;
                i++;
                if (score > best) {
                    best = score;
                    best_move = code;
                    if (score > alpha) {
                        alpha = score;
                        if (alpha >= beta) {
                            if (!flips && code != k0m) {
                                killers[1] = k0m;
                                killers[0] = code;
                            }
                            done = 1;
                            break;
                        }
                    }
                }
            }
            if (S->aborted) break;
        }
        path_discard(&S->path, own, opp);
        if (S->aborted) return 0;
    }

    int flag = best >= beta ? LOWER : best > orig_alpha ? EXACT : UPPER;
    int stored = best;
    if (stored > WIN - MAX_PLY) stored += ply;
    else if (stored < -WIN + MAX_PLY) stored -= ply;
    tt_store(&S->tt, own, opp, depth, stored, flag, best_move);
    return best;
}

/* --- Python glue -------------------------------------------------------------------------- */

static int read_key(PyObject *own_obj, PyObject *opp_obj, u64 *own, u64 *opp) {
    *own = PyLong_AsUnsignedLongLong(own_obj);
    if (*own == (u64)-1 && PyErr_Occurred()) return -1;
    *opp = PyLong_AsUnsignedLongLong(opp_obj);
    if (*opp == (u64)-1 && PyErr_Occurred()) return -1;
    if ((*own | *opp) & ~BOARD_ALL) {
        PyErr_SetString(PyExc_ValueError, "a bitboard has bits off the board");
        return -1;
    }
    return 0;
}

static int not_busy(Searcher *S) {
    if (S->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the compiled search is running");
        return -1;
    }
    return 0;
}

/* The (own, opp) position a method is called with, read while no search runs. */
static int position_arg(Searcher *S, PyObject *args, u64 *own, u64 *opp) {
    PyObject *own_obj, *opp_obj;
    if (!PyArg_ParseTuple(args, "OO", &own_obj, &opp_obj)) return -1;
    if (read_key(own_obj, opp_obj, own, opp) < 0) return -1;
    return not_busy(S);
}

static int Searcher_init(Searcher *S, PyObject *args, PyObject *kw) {
    Py_ssize_t cap = 1 << 17;
    static char *names[] = {"tt_size", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|n", names, &cap)) return -1;
    S->board = BOARD_ALL;
    S->material = 0;
    S->threat_w = 50;
    memset(S->killers, 0, sizeof(S->killers));
    if (S->stages == NULL) S->stages = calloc(MAX_PLY + 2, sizeof(*S->stages));
    if (S->stages == NULL || tt_alloc(&S->tt, (size_t)(cap > 0 ? cap : 1)) < 0 ||
        path_alloc(&S->path, 1024) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void Searcher_dealloc(Searcher *S) {
    free(S->tt.slots);
    free(S->stages);
    free(S->path.own);
    free(S->path.opp);
    Py_XDECREF(S->check);
    Py_TYPE(S)->tp_free((PyObject *)S);
}

static PyObject *Searcher_configure(Searcher *S, PyObject *args) {
    unsigned long long board;
    if (!PyArg_ParseTuple(args, "Kpiiiiiiiipiii", &board, &S->material, &S->threat_w, &S->safe_w,
                          &S->edge_w, &S->margin, &S->lmr, &S->lmr_index, &S->lmr_flips, &S->lmr_deep,
                          &S->null_move, &S->rfp_depth, &S->rfp_margin, &S->futility))
        return NULL;
    if (board & ~BOARD_ALL) {
        PyErr_SetString(PyExc_ValueError, "the board has bits off the board");
        return NULL;
    }
    S->board = board;
    Py_RETURN_NONE;
}

static PyObject *Searcher_negamax(Searcher *S, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs < 6 || nargs > 7) {
        PyErr_SetString(PyExc_TypeError, "negamax(own, opp, depth, alpha, beta, ply[, null])");
        return NULL;
    }
    u64 own, opp;
    if (read_key(args[0], args[1], &own, &opp) < 0) return NULL;
    long depth = PyLong_AsLong(args[2]);
    long alpha = PyLong_AsLong(args[3]);
    long beta = PyLong_AsLong(args[4]);
    long ply = PyLong_AsLong(args[5]);
    int null = nargs == 7 ? PyObject_IsTrue(args[6]) : 1;
    if (PyErr_Occurred()) return NULL;
    if (depth > MAX_PLY - 8 || ply < 0 || ply + depth > MAX_PLY || ply > MAX_PLY - 1) {
        PyErr_SetString(PyExc_ValueError, "depth or ply out of range");
        return NULL;
    }
    if (not_busy(S) < 0) return NULL;
    if (alpha < -INF) alpha = -INF;
    if (beta > INF) beta = INF;
    S->busy = 1;
    S->aborted = 0;
    S->next_check = S->nodes + CHECK_NODES - S->nodes % CHECK_NODES;
    S->tstate = PyEval_SaveThread();
    int score = negamax(S, own, opp, (int)depth, (int)alpha, (int)beta, (int)ply, null);
    PyEval_RestoreThread(S->tstate);
    S->busy = 0;
    if (S->aborted == 2) return PyErr_NoMemory();
    if (S->aborted) return NULL; /* the check's exception is set */
    return PyLong_FromLong(score);
}

static PyObject *Searcher_evaluate(Searcher *S, PyObject *args) {
    PyObject *own_obj, *opp_obj;
    unsigned long long empty;
    u64 own, opp;
    if (!PyArg_ParseTuple(args, "OOK", &own_obj, &opp_obj, &empty)) return NULL;
    if (read_key(own_obj, opp_obj, &own, &opp) < 0) return NULL;
    return PyLong_FromLong(evaluate(S, own, opp, empty & BOARD_ALL));
}

static PyObject *Searcher_set_check(Searcher *S, PyObject *check) {
    if (not_busy(S) < 0) return NULL;
    Py_INCREF(check);
    Py_XSETREF(S->check, check);
    Py_RETURN_NONE;
}

static PyObject *Searcher_tt_get(Searcher *S, PyObject *args) {
    u64 own, opp;
    if (position_arg(S, args, &own, &opp) < 0) return NULL;
    Entry *e = tt_find(&S->tt, own, opp);
    if (e == NULL) Py_RETURN_NONE;
    return Py_BuildValue("(iiii)", (int)e->depth, (int)e->score, (int)e->flag, (int)e->move);
}

static PyObject *Searcher_tt_set(Searcher *S, PyObject *args) {
    PyObject *own_obj, *opp_obj;
    int depth, score, flag, move;
    u64 own, opp;
    if (!PyArg_ParseTuple(args, "OO(iiii)", &own_obj, &opp_obj, &depth, &score, &flag, &move)) return NULL;
    if (read_key(own_obj, opp_obj, &own, &opp) < 0) return NULL;
    if (not_busy(S) < 0) return NULL;
    if (own == 0) {
        PyErr_SetString(PyExc_ValueError, "no key has no stones of the side to move");
        return NULL;
    }
    tt_store(&S->tt, own, opp, depth, score, flag, move & 0xFFFF);
    Py_RETURN_NONE;
}

static PyObject *Searcher_tt_clear(Searcher *S, PyObject *unused) {
    if (not_busy(S) < 0) return NULL;
    tt_clear(&S->tt);
    Py_RETURN_NONE;
}

static PyObject *Searcher_tt_prefault(Searcher *S, PyObject *unused) {
    if (not_busy(S) < 0) return NULL;
    S->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    tt_prefault(&S->tt);
    Py_END_ALLOW_THREADS
    S->busy = 0;
    Py_RETURN_NONE;
}

static PyObject *Searcher_tt_resize(Searcher *S, PyObject *arg) {
    Py_ssize_t cap = PyLong_AsSsize_t(arg);
    if (cap == -1 && PyErr_Occurred()) return NULL;
    if (not_busy(S) < 0) return NULL;
    if (tt_alloc(&S->tt, (size_t)(cap > 0 ? cap : 1)) < 0) return PyErr_NoMemory();
    Py_RETURN_NONE;
}

static PyObject *Searcher_new_search(Searcher *S, PyObject *unused) {
    S->tt.gen++;
    Py_RETURN_NONE;
}

static PyObject *Searcher_tt_len(Searcher *S, PyObject *unused) { return PyLong_FromSize_t(S->tt.count); }

static PyObject *Searcher_path_add(Searcher *S, PyObject *args) {
    u64 own, opp;
    if (position_arg(S, args, &own, &opp) < 0) return NULL;
    if (path_add(&S->path, own, opp) < 0) return PyErr_NoMemory();
    Py_RETURN_NONE;
}

static PyObject *Searcher_path_discard(Searcher *S, PyObject *args) {
    u64 own, opp;
    if (position_arg(S, args, &own, &opp) < 0) return NULL;
    path_discard(&S->path, own, opp);
    Py_RETURN_NONE;
}

static PyObject *Searcher_path_clear(Searcher *S, PyObject *unused) {
    if (not_busy(S) < 0) return NULL;
    memset(S->path.own, 0, S->path.size * sizeof(u64));
    memset(S->path.opp, 0, S->path.size * sizeof(u64));
    S->path.count = 0;
    Py_RETURN_NONE;
}

static PyObject *Searcher_clear_killers(Searcher *S, PyObject *unused) {
    if (not_busy(S) < 0) return NULL;
    memset(S->killers, 0, sizeof(S->killers));
    Py_RETURN_NONE;
}

static PyObject *Searcher_get_nodes(Searcher *S, void *closure) { return PyLong_FromLongLong(S->nodes); }

static int Searcher_set_nodes(Searcher *S, PyObject *value, void *closure) {
    if (value == NULL) {
        PyErr_SetString(PyExc_AttributeError, "nodes cannot be deleted");
        return -1;
    }
    long long n = PyLong_AsLongLong(value);
    if (n == -1 && PyErr_Occurred()) return -1;
    S->nodes = n;
    return 0;
}

static PyObject *Searcher_get_tt_cap(Searcher *S, void *closure) { return PyLong_FromSize_t(S->tt.cap); }

static PyMethodDef Searcher_methods[] = {
    {"configure", (PyCFunction)Searcher_configure, METH_VARARGS,
     "configure(board, material, threat, safe, edge, margin, lmr, lmr_index, lmr_flips, lmr_deep, "
     "null_move, rfp_depth, rfp_margin, futility)"},
    {"negamax", (PyCFunction)(void (*)(void))Searcher_negamax, METH_FASTCALL,
     "negamax(own, opp, depth, alpha, beta, ply[, null]) -> score: AlphaBeta._negamax"},
    {"evaluate", (PyCFunction)Searcher_evaluate, METH_VARARGS, "evaluate(own, opp, empty) -> score"},
    {"set_check", (PyCFunction)Searcher_set_check, METH_O,
     "set_check(callable or None): called every so many nodes; raising ends the search"},
    {"tt_get", (PyCFunction)Searcher_tt_get, METH_VARARGS, "tt_get(own, opp) -> (depth, score, flag, move) or None"},
    {"tt_set", (PyCFunction)Searcher_tt_set, METH_VARARGS, "tt_set(own, opp, (depth, score, flag, move))"},
    {"tt_clear", (PyCFunction)Searcher_tt_clear, METH_NOARGS, "empty the table"},
    {"tt_resize", (PyCFunction)Searcher_tt_resize, METH_O, "tt_resize(entries): a new, empty table"},
    {"tt_len", (PyCFunction)Searcher_tt_len, METH_NOARGS, "entries in the table"},
    {"tt_prefault", (PyCFunction)Searcher_tt_prefault, METH_NOARGS,
     "write every page of an empty table once (off the clock: no page faults in a search)"},
    {"new_search", (PyCFunction)Searcher_new_search, METH_NOARGS,
     "a new search begins: older entries are replaced first once the table is full"},
    {"path_add", (PyCFunction)Searcher_path_add, METH_VARARGS, "path_add(own, opp)"},
    {"path_discard", (PyCFunction)Searcher_path_discard, METH_VARARGS, "path_discard(own, opp)"},
    {"path_clear", (PyCFunction)Searcher_path_clear, METH_NOARGS, "empty the path"},
    {"clear_killers", (PyCFunction)Searcher_clear_killers, METH_NOARGS, "forget the killers"},
    {NULL, NULL, 0, NULL},
};

static PyObject *Searcher_get_touched(Searcher *S, void *closure) { return PyBool_FromLong(S->tt.touched); }

static PyGetSetDef Searcher_getset[] = {
    {"tt_prefaulted", (getter)Searcher_get_touched, NULL, "every page of the table written once", NULL},
    {"nodes", (getter)Searcher_get_nodes, (setter)Searcher_set_nodes, "nodes searched", NULL},
    {"tt_capacity", (getter)Searcher_get_tt_cap, NULL, "entries the table holds before it replaces", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject SearcherType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "tafel.games.ataxx._fastsearch.Searcher",
    .tp_basicsize = sizeof(Searcher),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The Ataxx search's node, table and path in C (see the module's docstring).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Searcher_init,
    .tp_dealloc = (destructor)Searcher_dealloc,
    .tp_methods = Searcher_methods,
    .tp_getset = Searcher_getset,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    "_fastsearch",
    "The Ataxx search's hot path in C: optional, with the same nodes and moves as the Python one.",
    -1,
    NULL,
};

PyMODINIT_FUNC PyInit__fastsearch(void) {
    init_tables();
    if (PyType_Ready(&SearcherType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    Py_INCREF(&SearcherType);
    if (PyModule_AddObject(m, "Searcher", (PyObject *)&SearcherType) < 0) {
        Py_DECREF(&SearcherType);
        Py_DECREF(m);
        return NULL;
    }
    PyModule_AddIntConstant(m, "CHECK_NODES", CHECK_NODES);
    return m;
}

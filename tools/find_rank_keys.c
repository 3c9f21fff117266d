/*
 * Greedy search for the 13 additive rank keys used by src/evaluator/keys.pxd.
 *
 * Requirement: for every multiset of ranks with at most 7 cards and at most 4 of
 * any rank, the sum of the keys is unique.  Keys are chosen in rank order, each the
 * smallest value that keeps every sum unique (first-collision early exit makes the
 * brute force fast).  Build and run:  cc -O2 -o /tmp/rk tools/find_rank_keys.c && /tmp/rk
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#define MAXCARDS 7
#define LIMIT (1u << 27)

static uint32_t sums[MAXCARDS + 1][80000];
static int nsums[MAXCARDS + 1];
static uint8_t *seen;

int main(void) {
    uint32_t keys[13];
    seen = calloc(LIMIT, 1);
    nsums[0] = 1; sums[0][0] = 0;
    for (int r = 0; r < 13; r++) {
        uint32_t k = r ? keys[r - 1] + 1 : 1;
        for (;; k++) {
            /* mark existing sums */
            int ok = 1;
            for (int c = 0; c <= MAXCARDS; c++)
                for (int i = 0; i < nsums[c]; i++) seen[sums[c][i]] = 1;
            uint32_t *added = malloc(sizeof(uint32_t) * 600000); int nadded = 0;
            for (int c = 0; c < MAXCARDS && ok; c++)
                for (int j = 1; j <= 4 && c + j <= MAXCARDS && ok; j++)
                    for (int i = 0; i < nsums[c]; i++) {
                        uint32_t s = sums[c][i] + j * k;
                        if (s >= LIMIT || seen[s]) { ok = 0; break; }
                        seen[s] = 1; added[nadded++] = s;
                    }
            for (int c = 0; c <= MAXCARDS; c++)
                for (int i = 0; i < nsums[c]; i++) seen[sums[c][i]] = 0;
            for (int i = 0; i < nadded; i++) seen[added[i]] = 0;
            free(added);
            if (ok) break;
        }
        keys[r] = k;
        /* extend the sum lists with 1..4 copies of the new rank */
        static uint32_t tmp[MAXCARDS + 1][80000]; int ntmp[MAXCARDS + 1];
        memcpy(ntmp, nsums, sizeof ntmp);
        for (int c = 0; c <= MAXCARDS; c++) memcpy(tmp[c], sums[c], nsums[c] * 4);
        for (int c = 0; c <= MAXCARDS; c++)
            for (int j = 1; j <= 4 && c + j <= MAXCARDS; j++)
                for (int i = 0; i < ntmp[c]; i++) sums[c + j][nsums[c + j]++] = tmp[c][i] + j * k;
        printf("%u,%s", k, r == 12 ? "\n" : " ");
        fflush(stdout);
    }
    return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * The range cover (drivers/perf/ia64/ia64_pmu_range.h): its IBR/DBR pairs
 * are checked with a match function written here from the equation of
 * [ITA-RM] §6.2.4 (IBR) and §6.2.6 (DBR), not with the header's helpers.
 * Large ranges are checked at their edges, at the edges of each pair's
 * block and at the unimplemented hole of each region; small windows
 * exhaustively, against a brute-force minimum of aligned blocks.
 */
#include "model_test.h"
#include "ia64_pmu_range.h"

#define RGN(r)		((__u64)(r) << 61)
#define HALF		(1ULL << 50)
#define HIGH(r)		(RGN(r) + (1ULL << 61) - HALF)	/* high half */

static __u64 bit(__u64 x, unsigned int b)
{
	return (x >> b) & 1;
}

/* The IBR/DBR match of address @a, as the equation states it */
static bool match(__u64 base, __u64 mask, __u64 a)
{
	unsigned int b;

	for (b = 0; b <= 50; b++)
		if ((bit(base, b) & bit(mask, b)) != (bit(a, b) & bit(mask, b)))
			return false;
	for (b = 51; b <= 55; b++)
		if ((bit(base, b) & bit(mask, b)) != (bit(a, 50) & bit(mask, b)))
			return false;
	for (b = 56; b <= 60; b++)
		if (bit(base, b) != bit(a, 50))
			return false;
	for (b = 61; b <= 63; b++)
		if (bit(base, b) != bit(a, b))
			return false;
	return true;
}

/* Bits 60:51 all equal to bit 50 */
static bool implemented(__u64 a)
{
	unsigned int b;

	for (b = 51; b <= 60; b++)
		if (bit(a, b) != bit(a, 50))
			return false;
	return true;
}

static bool matched(const struct ia64_range_pair *p, int n, __u64 a)
{
	int i;

	for (i = 0; i < n; i++)
		if (match(p[i].base, p[i].mask, a))
			return true;
	return false;
}

static bool in_ranges(const struct ia64_range *r, unsigned int nr, __u64 a)
{
	unsigned int i;

	for (i = 0; i < nr; i++)
		if (a >= r[i].start && (!r[i].end || a < r[i].end))
			return true;
	return false;
}

/*
 * The cover @p of @r checked at its probe points: every implemented
 * address of a range matches; with @exact, no other one does. The pairs
 * are in increasing order, masks contiguous (55:t, t <= 50), bits 63:56
 * clear.
 */
static void check_cover(const struct ia64_range *r, unsigned int nr,
			const struct ia64_range_pair *p, int n, bool exact)
{
	__u64 probe[64 * 2 + 16 * 4 + IA64_RANGE_PAIRS * 8], lo, a;
	unsigned int np = 0, i, t, d;
	int j;

	for (i = 0; i < nr; i++) {
		probe[np++] = r[i].start;
		probe[np++] = r[i].end;
	}
	for (j = 0; j < n; j++) {
		CHECK(!(p[j].mask >> 56));
		for (t = 0; t < 56 && !bit(p[j].mask, t); t++)
			;
		CHECK(t <= 50);
		CHECK_EQ(p[j].mask >> t, (1ULL << (56 - t)) - 1);
		if (j)
			CHECK(p[j - 1].base < p[j].base);
		lo = p[j].base & ~((1ULL << t) - 1);
		probe[np++] = lo;
		probe[np++] = lo + (1ULL << t);
	}
	for (i = 0; i < 8; i++) {
		probe[np++] = RGN(i);
		probe[np++] = RGN(i) + HALF;
		probe[np++] = HIGH(i);
		probe[np++] = RGN(i) + (1ULL << 61);
	}
	for (i = 0; i < np; i++) {
		for (d = 0; d < 5; d++) {
			a = probe[i] + d - 2;
			if (!implemented(a))
				continue;
			if (in_ranges(r, nr, a))
				CHECK(matched(p, n, a));
			else if (exact && matched(p, n, a))
				printf("  0x%llx matched, not in a range\n",
				       (unsigned long long)a);
			if (exact)
				CHECK(matched(p, n, a) == in_ranges(r, nr, a));
		}
	}
}

struct range_case {
	const char *what;
	struct ia64_range r[IA64_RANGE_MAX];
	unsigned int nr, max;
	bool approx;
	int ret;		/* pairs or -errno */
	__u64 extra;
};

#define T64	0	/* end == 0: 2^64 */
#define R1(x)	(RGN(1) + (x))

static const struct range_case cases[] = {
	{ "aligned", { { R1(0x4000), R1(0x5000) } }, 1, 4, 0, 1, 0 },
	{ "one byte", { { R1(0x1235), R1(0x1236) } }, 1, 4, 0, 1, 0 },
	{ "2 pairs", { { R1(0x1000), R1(0x1c00) } }, 1, 4, 0, 2, 0 },
	{ "3 pairs", { { R1(0x1000), R1(0x1e00) } }, 1, 4, 0, 3, 0 },
	{ "4 pairs", { { R1(0x1000), R1(0x1f00) } }, 1, 4, 0, 4, 0 },
	{ "5 pairs: refused", { { R1(0x1000), R1(0x1f80) } }, 1, 4, 0,
	  -EINVAL, 0 },
	/* one block of 0x1000 over-covers as little as four */
	{ "5 pairs: approx", { { R1(0x1000), R1(0x1f80) } }, 1, 4, 1, 1,
	  0x80 },
	{ "3 pairs, max 2", { { R1(0x1000), R1(0x1e00) } }, 1, 2, 0,
	  -EINVAL, 0 },
	{ "unaligned, 8 blocks: approx", { { R1(0x1001), R1(0x1100) } }, 1,
	  4, 1, 1, 1 },
	/* 3 + 2 blocks: the cheapest merge with each budget */
	{ "3+2, max 4", { { R1(0x1000), R1(0x1e00) }, { R1(0x9000), R1(0x9300) } },
	  2, 4, 1, 4, 0x100 },
	{ "3+2, max 3", { { R1(0x1000), R1(0x1e00) }, { R1(0x9000), R1(0x9300) } },
	  2, 3, 1, 3, 0x200 },
	{ "3+2, max 2", { { R1(0x1000), R1(0x1e00) }, { R1(0x9000), R1(0x9300) } },
	  2, 2, 1, 2, 0x300 },
	{ "3+2, max 1", { { R1(0x9000), R1(0x9300) }, { R1(0x1000), R1(0x1e00) } },
	  2, 1, 1, 1, 0xef00 },
	{ "region's low half", { { RGN(3), RGN(3) + HALF } }, 1, 4, 0, 1, 0 },
	{ "region's high half", { { HIGH(3), RGN(4) } }, 1, 4, 0, 1, 0 },
	{ "whole region", { { RGN(3), RGN(4) } }, 1, 4, 0, 2, 0 },
	{ "region 7 to 2^64", { { RGN(7), T64 } }, 1, 4, 0, 2, 0 },
	{ "last 256 bytes", { { -0x100ULL, T64 } }, 1, 1, 0, 1, 0 },
	{ "top half but 4K: refused", { { HIGH(7) + 0x1000, T64 } }, 1, 4, 0,
	  -EINVAL, 0 },
	{ "top half but 4K: approx", { { HIGH(7) + 0x1000, T64 } }, 1, 4, 1,
	  1, 0x1000 },
	{ "top: 3+2 blocks, approx", { { -0x1000ULL, -0x200ULL },
				       { -0x180ULL, T64 } }, 2, 4, 1, 1, 0x80 },
	{ "top: 3+1 blocks", { { -0x1000ULL, -0x200ULL }, { -0x100ULL, T64 } },
	  2, 4, 0, 4, 0 },
	{ "across the hole", { { RGN(2) + HALF - 0x10, HIGH(2) + 0x10 } }, 1, 4,
	  0, 2, 0 },
	{ "from the hole", { { RGN(2) + HALF + 5, HIGH(2) + 0x20 } }, 1, 4, 0,
	  1, 0 },
	{ "to the hole", { { RGN(2) + HALF - 0x40, RGN(2) + HALF + 7 } }, 1, 4,
	  0, 1, 0 },
	{ "only the hole", { { RGN(2) + HALF, HIGH(2) } }, 1, 4, 1, -EINVAL, 0 },
	{ "all halves but one of region 0", { { HIGH(0), T64 } }, 1, 4, 1,
	  -ENOSPC, 0 },
	{ "everything", { { 0, T64 } }, 1, 4, 0, -EINVAL, 0 },
	{ "5 halves, approx", { { RGN(1), RGN(1) + 1 }, { RGN(2), RGN(2) + 1 },
				{ RGN(3), RGN(3) + 1 }, { RGN(4), RGN(4) + 1 },
				{ RGN(5), RGN(5) + 1 } }, 5, 4, 1, -ENOSPC, 0 },
	{ "overlapping", { { R1(0x1000), R1(0x1800) }, { R1(0x1400), R1(0x2000) } },
	  2, 1, 0, 1, 0 },
	{ "adjacent", { { R1(0x1800), R1(0x2000) }, { R1(0x1000), R1(0x1800) } },
	  2, 1, 0, 1, 0 },
	{ "contained", { { R1(0x1000), R1(0x2000) }, { R1(0x1400), R1(0x1401) } },
	  2, 1, 0, 1, 0 },
	{ "disjoint", { { R1(0x3000), R1(0x3100) }, { R1(0x1000), R1(0x1100) } },
	  2, 4, 0, 2, 0 },
	{ "two regions", { { RGN(5) + 0x100, RGN(5) + 0x200 },
			   { R1(0x100), R1(0x200) } }, 2, 4, 0, 2, 0 },
	{ "8 ranges, 4 pairs", { { R1(0x0), R1(0x10) }, { R1(0x10), R1(0x20) },
				 { R1(0x40), R1(0x80) }, { R1(0x20), R1(0x40) },
				 { R1(0x100), R1(0x101) }, { R1(0x200), R1(0x300) },
				 { RGN(6), RGN(6) + 1 }, { R1(0x210), R1(0x220) } },
	  8, 4, 0, 4, 0 },
	{ "start == end", { { R1(0x1000), R1(0x1000) } }, 1, 4, 1, -EINVAL, 0 },
	{ "start > end", { { R1(0x1000), R1(0x0fff) } }, 1, 4, 1, -EINVAL, 0 },
	{ "one bad of two", { { R1(0x1000), R1(0x2000) }, { 5, 5 } }, 2, 4, 1,
	  -EINVAL, 0 },
	{ "no range", { { 0 } }, 0, 4, 1, -EINVAL, 0 },
	{ "9 ranges", { { 0 } }, 9, 4, 1, -EINVAL, 0 },
	{ "max 0", { { R1(0), R1(1) } }, 1, 0, 1, -EINVAL, 0 },
	{ "max 5", { { R1(0), R1(1) } }, 1, 5, 1, -EINVAL, 0 },
};

TEST(range_cover_table)
{
	struct ia64_range_pair p[IA64_RANGE_PAIRS + 1];
	__u64 extra;
	unsigned int i;
	int n;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct range_case *c = &cases[i];

		extra = 0x5a5a;
		n = ia64_range_cover(c->r, c->nr, p, c->max, c->approx, &extra);
		if (n != c->ret)
			printf("  case \"%s\": %d, expected %d\n", c->what, n,
			       c->ret);
		CHECK_EQ(n, c->ret);
		if (n <= 0)
			continue;
		CHECK_EQ(extra, c->extra);
		check_cover(c->r, c->nr, p, n, !c->extra);
	}
}

/* The pair of a whole half: the mask of bits 55:50, bits 60:50 of base */
TEST(range_cover_half_pairs)
{
	struct ia64_range r = { RGN(7), T64 };
	struct ia64_range_pair p[IA64_RANGE_PAIRS];

	CHECK_EQ(ia64_range_cover(&r, 1, p, 4, false, NULL), 2);
	CHECK_EQ(p[0].base, RGN(7));
	CHECK_EQ(p[0].mask, 0x3fULL << 50);
	CHECK_EQ(p[1].base, 0xfffc000000000000ULL);
	CHECK_EQ(p[1].mask, 0x3fULL << 50);
	r.start = R1(0x1234);
	r.end = R1(0x1235);
	CHECK_EQ(ia64_range_cover(&r, 1, p, 1, false, NULL), 1);
	CHECK_EQ(p[0].base, R1(0x1234));
	CHECK_EQ(p[0].mask, (1ULL << 56) - 1);
}

/* Fewest aligned blocks (of at most 2^@smax) tiling [a, b), brute force */
static unsigned int min_blocks(unsigned int a, unsigned int b,
			       unsigned int smax)
{
	unsigned int g[65], x, s;

	g[b] = 0;
	for (x = b; x-- > a;) {
		g[x] = ~0U;
		for (s = 0; s <= smax; s++)
			if (!(x & ((1U << s) - 1)) && x + (1U << s) <= b &&
			    g[x + (1U << s)] + 1 < g[x])
				g[x] = g[x + (1U << s)] + 1;
	}
	return g[a];
}

/* Window indexes 0..63 as addresses: plain, or 32 each side of a hole */
static __u64 win_addr(bool hole, int i)
{
	if (!hole)
		return R1(0x1000) + i;
	return i < 32 ? RGN(6) + HALF - 32 + i : HIGH(6) + i - 32;
}

/*
 * Every interval of a 64-byte window: the number of pairs of the exact
 * cover is the brute-force minimum (refused above 4), and the cover is
 * exact at every address of the window and around it. With the hole, no
 * block may span the middle of the window.
 */
TEST(range_cover_exhaustive_exact)
{
	struct ia64_range_pair p[IA64_RANGE_PAIRS];
	struct ia64_range r;
	unsigned int a, b, g;
	int hole, i, n, bad = 0;

	for (hole = 0; hole < 2; hole++)
		for (a = 0; a < 64; a++)
			for (b = a + 1; b <= 64; b++) {
				r.start = win_addr(hole, a);
				r.end = win_addr(hole, b - 1) + 1;
				g = hole && a < 32 && b > 32 ?
				    min_blocks(a, 32, 5) +
				    min_blocks(32, b, 5) :
				    min_blocks(a, b, 6);
				n = ia64_range_cover(&r, 1, p, 4, false, NULL);
				if (n != (g <= 4 ? (int)g : -EINVAL))
					bad++;
				if (n <= 0)
					continue;
				for (i = -4; i < 68; i++)
					if (matched(p, n, win_addr(hole, i)) !=
					    (i >= (int)a && i < (int)b))
						bad++;
			}
	CHECK_EQ(bad, 0);
}

/*
 * Over-covers in a 16-byte window: every union of one or two intervals,
 * every budget of 1..4 pairs, against all sets of at most 4 of the 31
 * aligned blocks of the window: the fewest extra addresses, then the
 * fewest pairs; and the pairs match exactly the extra addresses said.
 */
#define W16	(R1(0x2000))

static unsigned short sets[40000];	/* union of a set of blocks */
static unsigned char setn[40000];	/* how many blocks */
static unsigned int nsets;

static void add_sets(const unsigned short *blk, unsigned int nb,
		     unsigned int from, unsigned short u, unsigned int n)
{
	unsigned int i;

	sets[nsets] = u;
	setn[nsets++] = n;
	if (n < 4)
		for (i = from; i < nb; i++)
			add_sets(blk, nb, i + 1, u | blk[i], n + 1);
}

/* The cover of @want (bit i: W16 + i) for each budget; failures */
static int approx_one(unsigned int want, const struct ia64_range *r,
		      unsigned int nr)
{
	struct ia64_range_pair p[IA64_RANGE_PAIRS];
	unsigned int best[5], cost, seen, i, max;
	int n, bad = 0;
	__u64 extra, x;

	for (max = 0; max <= 4; max++)
		best[max] = ~0U;
	for (i = 0; i < nsets; i++) {
		if ((sets[i] & want) != want)
			continue;
		cost = __builtin_popcount(sets[i]) << 3 | setn[i];
		if (cost < best[setn[i]])
			best[setn[i]] = cost;
	}
	for (max = 1; max <= 4; max++) {
		if (best[max - 1] < best[max])
			best[max] = best[max - 1];
		cost = best[max];
		n = ia64_range_cover(r, nr, p, max, true, &extra);
		if (n != (int)(cost & 7) ||
		    extra != (cost >> 3) - __builtin_popcount(want)) {
			bad++;
			continue;
		}
		seen = 0;
		for (x = W16 - 64; x < W16 + 80; x++) {
			bool in = x >= W16 && x < W16 + 16 &&
				  (want & 1U << (x - W16));

			if (matched(p, n, x) && !in)
				seen++;
			if (in && !matched(p, n, x))
				bad++;
		}
		if (seen != extra)
			bad++;
	}
	return bad;
}

TEST(range_cover_exhaustive_approx)
{
	unsigned short blk[31];
	unsigned int nb = 0, s, a, b, c, d, want;
	struct ia64_range r[2];
	int bad = 0;

	for (s = 1; s <= 16; s <<= 1)
		for (a = 0; a < 16; a += s)
			blk[nb++] = ((1U << s) - 1) << a;
	nsets = 0;
	add_sets(blk, nb, 0, 0, 0);
	CHECK_EQ(nsets, 1 + 31 + 465 + 4495 + 31465);
	for (a = 0; a < 16; a++)
		for (b = a + 1; b <= 16; b++) {
			/* [a, b) alone, then with each [c, d) after a gap */
			want = ((1U << b) - 1) & ~((1U << a) - 1);
			r[0].start = W16 + a;
			r[0].end = W16 + b;
			bad += approx_one(want, r, 1);
			for (c = b + 1; c < 16; c++)
				for (d = c + 1; d <= 16; d++) {
					r[1].start = W16 + c;
					r[1].end = W16 + d;
					bad += approx_one(want |
							  (((1U << d) - 1) &
							   ~((1U << c) - 1)),
							  r, 2);
				}
		}
	CHECK_EQ(bad, 0);
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Address range restriction: cover a set of instruction (IBR, [ITA-RM]
 * §6.2.4) or data (DBR, [ITA-RM] §6.2.6) address ranges with the base and
 * mask of the four breakpoint register pairs. Pure functions, shared by
 * the driver and the userspace unit test (tools/testing/ia64_pmu_model).
 *
 * What one pair matches. With 54 implemented virtual address bits, the
 * match equation compares base bits 63:61 (the region) with A{63:61} and
 * base bits 60:56 with A{50}, both without the mask; mask bits 55:51
 * compare base bits 55:51 with A{50} too. So a pair never matches
 * addresses of two of the 16 "halves" (region, A{50}) of the implemented
 * space, each 2^50 bytes: the low half of a region (bits 60:50 all 0)
 * and its high half (bits 60:50 all 1). Within a half, a pair matches
 * the addresses whose bits 49:0 agree with the base where the mask is 1.
 *
 * The implemented addresses, in order, are numbered 0 .. 2^54 - 1 by
 * region:A{50}:A{49:0} (the "compact" index), so a range of addresses is
 * a range of indexes and a half is an aligned block of 2^50 indexes.
 *
 * The cover uses aligned power-of-two blocks of indexes, at most 2^50
 * each (one pair: mask bits 55:k set, bits k-1:0 clear). Blocks are
 * laminar (two are disjoint or nested), so a minimal cover by blocks is
 * a set of disjoint ones:
 * - exact: the greedy cut of each merged range into the largest aligned
 *   block at its start; this is the minimal number of aligned blocks.
 * - over-cover: a dynamic program on the binary trie of indexes, over
 *   the nodes that hold both a covered and an uncovered index (at most
 *   54 per range boundary): best(node, k) is the least (addresses, pairs)
 *   covering the ranges within the node with at most k blocks, the node
 *   itself as one block or the best split of k between its two halves.
 *
 * Limit: masks are contiguous (bits 55:k). A non-contiguous mask can
 * sometimes cover a range with fewer pairs: {1..6} needs the 4 blocks
 * 1, 2-3, 4-5, 6 here, but x01, 01x, 1x0 (3 masks) would do. So "minimal"
 * below means minimal among covers by aligned blocks.
 */
#ifndef __IA64_PMU_RANGE_H
#define __IA64_PMU_RANGE_H

#include <linux/types.h>
#ifndef __KERNEL__
#include <errno.h>
#include <stdbool.h>
#endif

#define IA64_RANGE_PAIRS	4	/* IBR or DBR pairs */
#define IA64_RANGE_MAX		8	/* ranges to one ia64_range_cover() */

/* [start, end), end > start; end == 0 means 2^64 */
struct ia64_range {
	__u64 start, end;
};

/* An IBR/DBR pair: base (even register), mask (odd register bits 55:0) */
struct ia64_range_pair {
	__u64 base, mask;
};

#define IA64_RANGE_HALF_BITS	50	/* a pair covers at most 2^50 bytes */
#define IA64_RANGE_BITS		54	/* compact indexes */
#define IA64_RANGE_MASK_BITS	((1ULL << 56) - 1)

/* The compact index of the first implemented address >= @x */
static inline __u64 ia64_range_index(__u64 x)
{
	__u64 off = x & ((1ULL << 61) - 1);
	__u64 low = 1ULL << IA64_RANGE_HALF_BITS;
	__u64 high = (1ULL << 61) - low;	/* the high half starts */

	if (off >= high)
		off -= high - low;
	else if (off > low)
		off = low;		/* unimplemented: the high half next */
	return ((x >> 61) << (IA64_RANGE_HALF_BITS + 1)) + off;
}

/* The implemented address of compact index @c */
static inline __u64 ia64_range_addr(__u64 c)
{
	__u64 addr = (c >> (IA64_RANGE_HALF_BITS + 1)) << 61;

	if (c & (1ULL << IA64_RANGE_HALF_BITS))
		addr |= 0x7ffULL << IA64_RANGE_HALF_BITS;	/* bits 60:50 */
	return addr | (c & ((1ULL << IA64_RANGE_HALF_BITS) - 1));
}

/* The ranges as compact indexes: sorted, merged, apart */
struct ia64_range_set {
	unsigned int n;
	struct ia64_range r[IA64_RANGE_MAX];
};

/* An aligned block of compact indexes: [base, base + 2^level) */
struct ia64_range_blk {
	__u64 base;
	unsigned int level;
};

/* @r as compact indexes in @set; -EINVAL if a range is malformed/empty */
static inline int ia64_range_merge(const struct ia64_range *r,
				   unsigned int nr, struct ia64_range_set *set)
{
	struct ia64_range c;
	unsigned int i, j, n = 0;

	for (i = 0; i < nr; i++) {
		if (r[i].end && r[i].start >= r[i].end)
			return -EINVAL;
		c.start = ia64_range_index(r[i].start);
		c.end = r[i].end ? ia64_range_index(r[i].end) :
			1ULL << IA64_RANGE_BITS;
		if (c.start == c.end)
			return -EINVAL;	/* no implemented address */
		for (j = n; j && set->r[j - 1].start > c.start; j--)
			set->r[j] = set->r[j - 1];
		set->r[j] = c;
		n++;
	}
	set->n = 0;
	for (i = 0; i < n; i++) {
		if (set->n && set->r[i].start <= set->r[set->n - 1].end) {
			if (set->r[i].end > set->r[set->n - 1].end)
				set->r[set->n - 1].end = set->r[i].end;
		} else {
			set->r[set->n++] = set->r[i];
		}
	}
	return 0;
}

/*
 * Exact cover: each range cut greedily into the largest aligned block
 * that starts it (at most 2^50: halves are aligned blocks of 2^50). The
 * number of blocks, or @max + 1 once more than @max would be needed.
 */
static inline unsigned int ia64_range_exact(const struct ia64_range_set *set,
					    struct ia64_range_blk *b,
					    unsigned int max)
{
	unsigned int i, l, n = 0;
	__u64 a, end;

	for (i = 0; i < set->n; i++) {
		end = set->r[i].end;
		for (a = set->r[i].start; a < end; a += 1ULL << l) {
			l = IA64_RANGE_HALF_BITS;
			while ((a & ((1ULL << l) - 1)) || end - a < (1ULL << l))
				l--;
			if (n == max)
				return max + 1;
			b[n].base = a;
			b[n].level = l;
			n++;
		}
	}
	return n;
}

/*
 * The over-cover's dynamic program. A cost is (addresses << 3 | blocks),
 * so that comparing costs compares addresses, then blocks (at most
 * IA64_RANGE_PAIRS < 8); IA64_RANGE_INF: impossible.
 */
#define IA64_RANGE_INF		(~0ULL)
#define IA64_RANGE_COST(size, n)	((__u64)(size) << 3 | (n))

enum { IA64_RANGE_EMPTY, IA64_RANGE_FULL, IA64_RANGE_PART };

/* The node [lo, lo + 2^level): outside, inside or across the ranges */
static inline int ia64_range_class(const struct ia64_range_set *set,
				   __u64 lo, unsigned int level)
{
	__u64 hi = lo + (1ULL << level);
	unsigned int i;

	for (i = 0; i < set->n; i++) {
		if (set->r[i].end <= lo || set->r[i].start >= hi)
			continue;
		if (set->r[i].start <= lo && set->r[i].end >= hi)
			return IA64_RANGE_FULL;
		return IA64_RANGE_PART;
	}
	return IA64_RANGE_EMPTY;
}

/* Blocks a node all inside the ranges needs: one, or one per half */
static inline unsigned int ia64_range_need(unsigned int level)
{
	if (level <= IA64_RANGE_HALF_BITS)
		return 1;
	if (level - IA64_RANGE_HALF_BITS > 3)
		return 8;			/* more than any budget */
	return 1U << (level - IA64_RANGE_HALF_BITS);
}

/* Costs with at most 0..@max blocks of a node that is not PART */
static inline void ia64_range_fixed(int cls, unsigned int level,
				    unsigned int max, __u64 *f)
{
	unsigned int k, need = ia64_range_need(level);

	for (k = 0; k <= max; k++) {
		if (cls == IA64_RANGE_EMPTY)
			f[k] = 0;
		else if (k < need)
			f[k] = IA64_RANGE_INF;
		else
			f[k] = IA64_RANGE_COST(1ULL << level, need);
	}
}

static inline __u64 ia64_range_add(__u64 a, __u64 b)
{
	return a == IA64_RANGE_INF || b == IA64_RANGE_INF ?
	       IA64_RANGE_INF : a + b;
}

/* @f = the best split of 0..@max blocks between @a and @f; then the node
 * at @level as one block, if it may be one
 */
static inline void ia64_range_join(const __u64 *a, __u64 *f,
				   unsigned int level, unsigned int max)
{
	__u64 g[IA64_RANGE_PAIRS + 1], c;
	unsigned int k, k1;

	for (k = 0; k <= max; k++) {
		g[k] = IA64_RANGE_INF;
		for (k1 = 0; k1 <= k; k1++) {
			c = ia64_range_add(a[k1], f[k - k1]);
			if (c < g[k])
				g[k] = c;
		}
		c = IA64_RANGE_COST(1ULL << level, 1);
		if (k && level <= IA64_RANGE_HALF_BITS && c < g[k])
			g[k] = c;
	}
	for (k = 0; k <= max; k++)
		f[k] = g[k];
}

/* Modes of a node on the way down */
enum {
	IA64_RANGE_DOWN_LEFT,	/* only the left half is PART */
	IA64_RANGE_DOWN_RIGHT,	/* only the right half is PART */
	IA64_RANGE_BOTH_LEFT,	/* both: doing the left half */
	IA64_RANGE_BOTH_RIGHT,	/* both: doing the right, left's saved */
};

/*
 * @f[k], k = 0..@max: the best cost of the ranges within the node
 * [lo, lo + 2^level) with at most k blocks. Depth first, without
 * recursion, over the PART nodes only: a half that is not PART has a
 * fixed cost. The left costs are saved only at a node whose halves are
 * both PART; each saved left half holds a range boundary, as does the
 * current node, so at most 2 * IA64_RANGE_MAX - 1 are saved at once.
 */
static inline void ia64_range_dp(const struct ia64_range_set *set, __u64 lo,
				 unsigned int level, unsigned int max,
				 __u64 *f)
{
	__u64 saved[2 * IA64_RANGE_MAX][IA64_RANGE_PAIRS + 1];
	__u64 a[IA64_RANGE_PAIRS + 1], half, plo;
	unsigned char mode[IA64_RANGE_BITS + 1];
	unsigned int l = level, ns = 0, k;
	bool right;
	int cl, cr;

	cl = ia64_range_class(set, lo, level);
	if (cl != IA64_RANGE_PART) {
		ia64_range_fixed(cl, level, max, f);
		return;
	}
	for (;;) {
		/* (lo, l) is PART, so l >= 1: to a node with no PART half */
		for (;;) {
			half = 1ULL << (l - 1);
			cl = ia64_range_class(set, lo, l - 1);
			cr = ia64_range_class(set, lo + half, l - 1);
			if (cl == IA64_RANGE_PART) {
				mode[l--] = cr == IA64_RANGE_PART ?
					    IA64_RANGE_BOTH_LEFT :
					    IA64_RANGE_DOWN_LEFT;
			} else if (cr == IA64_RANGE_PART) {
				mode[l--] = IA64_RANGE_DOWN_RIGHT;
				lo += half;
			} else {
				break;
			}
		}
		ia64_range_fixed(cl, l - 1, max, a);
		ia64_range_fixed(cr, l - 1, max, f);
		ia64_range_join(a, f, l, max);
		/* up: @f holds the costs of (lo, l) */
		right = false;
		for (; l < level; l++) {
			half = 1ULL << l;
			plo = lo & ~((half << 1) - 1);
			switch (mode[l + 1]) {
			case IA64_RANGE_DOWN_LEFT:
				ia64_range_fixed(ia64_range_class(set,
						 plo + half, l), l, max, a);
				break;
			case IA64_RANGE_DOWN_RIGHT:
				ia64_range_fixed(ia64_range_class(set, plo, l),
						 l, max, a);
				break;
			case IA64_RANGE_BOTH_LEFT:
				for (k = 0; k <= max; k++)
					saved[ns][k] = f[k];
				ns++;
				mode[l + 1] = IA64_RANGE_BOTH_RIGHT;
				lo = plo + half;
				right = true;
				break;
			default:
				ns--;
				for (k = 0; k <= max; k++)
					a[k] = saved[ns][k];
				break;
			}
			if (right)
				break;		/* down the right half */
			ia64_range_join(a, f, l + 1, max);
			lo = plo;
		}
		if (l == level)
			return;
	}
}

/* Append the blocks of a node all inside the ranges */
static inline unsigned int ia64_range_emit(struct ia64_range_blk *b,
					   unsigned int n, unsigned int max,
					   __u64 lo, unsigned int level)
{
	unsigned int i, need = ia64_range_need(level);

	for (i = 0; i < need && n < max; i++, n++) {
		b[n].level = level < IA64_RANGE_HALF_BITS ? level :
			     IA64_RANGE_HALF_BITS;
		b[n].base = lo + ((__u64)i << b[n].level);
	}
	return n;
}

/*
 * Over-cover: the blocks of the least cost with at most @max blocks, or
 * 0 if the ranges meet more than @max halves. Rebuilt from the root: a
 * PART node is one block if that is its cost, else its halves share its
 * blocks; a half that is not PART takes the blocks it needs, so only a
 * node with two PART halves needs their costs computed again.
 */
static inline unsigned int ia64_range_approx(const struct ia64_range_set *set,
					     struct ia64_range_blk *b,
					     unsigned int max)
{
	struct {
		__u64 lo, want;
		unsigned int level, k;
	} todo[IA64_RANGE_PAIRS], t;
	__u64 fl[IA64_RANGE_PAIRS + 1], fr[IA64_RANGE_PAIRS + 1], half;
	unsigned int nt = 0, n = 0, k1, need, i;
	int cls, c[2];

	ia64_range_dp(set, 0, IA64_RANGE_BITS, max, fl);
	if (fl[max] == IA64_RANGE_INF)
		return 0;
	t.lo = 0;
	t.want = fl[max];
	t.level = IA64_RANGE_BITS;
	t.k = max;
	todo[nt++] = t;
	while (nt) {
		t = todo[--nt];
		for (;;) {
			cls = ia64_range_class(set, t.lo, t.level);
			if (cls == IA64_RANGE_FULL)
				n = ia64_range_emit(b, n, max, t.lo, t.level);
			if (cls != IA64_RANGE_PART)
				break;
			if (t.level <= IA64_RANGE_HALF_BITS &&
			    t.want == IA64_RANGE_COST(1ULL << t.level, 1)) {
				if (n < max) {
					b[n].base = t.lo;
					b[n++].level = t.level;
				}
				break;
			}
			half = 1ULL << --t.level;
			c[0] = ia64_range_class(set, t.lo, t.level);
			c[1] = ia64_range_class(set, t.lo + half, t.level);
			if (c[0] == IA64_RANGE_PART &&
			    c[1] == IA64_RANGE_PART) {
				ia64_range_dp(set, t.lo, t.level, t.k, fl);
				ia64_range_dp(set, t.lo + half, t.level, t.k,
					      fr);
				for (k1 = 1; k1 < t.k; k1++)
					if (ia64_range_add(fl[k1],
							   fr[t.k - k1]) ==
					    t.want)
						break;
				if (k1 >= t.k || nt == IA64_RANGE_PAIRS)
					break;	/* cannot happen */
				todo[nt].lo = t.lo + half;
				todo[nt].want = fr[t.k - k1];
				todo[nt].level = t.level;
				todo[nt++].k = t.k - k1;
				t.want = fl[k1];
				t.k = k1;
				continue;
			}
			/* the halves that are not PART take what they need */
			for (i = 0; i < 2; i++) {
				if (c[i] != IA64_RANGE_FULL)
					continue;
				need = ia64_range_need(t.level);
				n = ia64_range_emit(b, n, max,
						    t.lo + i * half, t.level);
				t.want -= IA64_RANGE_COST(1ULL << t.level,
							  need);
				t.k -= need;
			}
			if (c[0] != IA64_RANGE_PART && c[1] != IA64_RANGE_PART)
				break;
			if (c[1] == IA64_RANGE_PART)
				t.lo += half;
		}
	}
	return n;
}

/*
 * Cover the union of the @nr (1..IA64_RANGE_MAX) ranges @r with at most
 * @max (1..IA64_RANGE_PAIRS) pairs, written to @p in increasing address
 * order. Only implemented addresses count: a range may span the
 * unimplemented ones, but must hold an implemented one.
 *
 * Exact when it can be: every implemented address in a range matches and
 * no other implemented address does, with the fewest pairs (among
 * aligned blocks, see above). Else, with @approx, the over-cover that
 * matches the fewest implemented addresses outside the ranges, then the
 * one with the fewest pairs; it may join ranges into one block.
 *
 * Returns the number of pairs, and sets *@extra (if not NULL) to the
 * number of implemented addresses matched outside the ranges (0: exact).
 * -EINVAL: bad arguments, a malformed range (start >= end, end != 0) or
 * one of unimplemented addresses only, or no exact cover in @max pairs
 * and !@approx. -ENOSPC: even an over-cover needs more than @max pairs
 * (the ranges meet more than @max of the 16 halves).
 *
 * Bounded time, no allocation, no recursion: the exact cover takes
 * O(@max * 50) steps; an over-cover O(@nr^2 * 54) node visits of
 * O(@nr + @max^2) each, in about 1 KiB of stack.
 */
static inline int ia64_range_cover(const struct ia64_range *r,
				   unsigned int nr, struct ia64_range_pair *p,
				   unsigned int max, bool approx, __u64 *extra)
{
	struct ia64_range_blk b[IA64_RANGE_PAIRS], t;
	struct ia64_range_set set;
	unsigned int i, j, n;
	__u64 size = 0;

	if (!nr || nr > IA64_RANGE_MAX || !max || max > IA64_RANGE_PAIRS)
		return -EINVAL;
	if (ia64_range_merge(r, nr, &set))
		return -EINVAL;
	n = ia64_range_exact(&set, b, max);
	if (n > max) {
		if (!approx)
			return -EINVAL;
		n = ia64_range_approx(&set, b, max);
		if (!n)
			return -ENOSPC;
	}
	for (i = 1; i < n; i++) {
		t = b[i];
		for (j = i; j && b[j - 1].base > t.base; j--)
			b[j] = b[j - 1];
		b[j] = t;
	}
	for (i = 0; i < n; i++) {
		p[i].base = ia64_range_addr(b[i].base);
		p[i].mask = IA64_RANGE_MASK_BITS &
			    ~((1ULL << b[i].level) - 1);
		size += 1ULL << b[i].level;
	}
	for (i = 0; i < set.n; i++)
		size -= set.r[i].end - set.r[i].start;
	if (extra)
		*extra = size;
	return n;
}

#endif /* __IA64_PMU_RANGE_H */

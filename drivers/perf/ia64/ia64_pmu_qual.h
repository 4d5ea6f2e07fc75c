/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Qualification of events ([ITA-RM] §6.2.4-6.2.6; Itanium 2: [PFM-I2]):
 * the PMC8/9 image of an event's opcode fields, the data range of its
 * config2, the worst case of an instruction range whose place in memory
 * is known only to a page, the Itanium 2's fine-mode ranges and
 * PMC13/PMC14 images, and the Montecito's (PMC32-35, PMC38, PMC41).
 * Pure functions, shared by the driver
 * (ia64_pmu_qual.c) and the userspace unit tests
 * (tools/testing/ia64_pmu_model).
 */
#ifndef __IA64_PMU_QUAL_H
#define __IA64_PMU_QUAL_H

#include <linux/types.h>
#include "ia64_pmu_range.h"
#ifdef __KERNEL__
#include <uapi/linux/perf/ia64_pmu.h>
#else
#include <errno.h>
#include <stdbool.h>
#include <linux/perf/ia64_pmu.h>
#endif

/* PMC8/9, opcode match ([ITA-RM] Figure 6-16, Table 6-11) */
#define IA64_OPC_FIELD		0x7ffffffULL	/* match, mask: 27 bits */
#define IA64_OPC_MASK_SHIFT	3
#define IA64_OPC_MATCH_SHIFT	33
#define IA64_OPC_TYPES_SHIFT	60		/* b, f, i, m */
/* Reset ([ITA-RM] §6.2.9): every type, every bit masked, all match */
#define IA64_OPC_RESET		((0xfULL << IA64_OPC_TYPES_SHIFT) | \
				 (IA64_OPC_FIELD << IA64_OPC_MASK_SHIFT))

/* PMC13 ([ITA-RM] Figure 6-15): ta = 1 tags every instruction */
#define IA64_PMC13_TA		0x1ULL

/* The odd IBR/DBR of a pair ([SDM-2] debug registers): mask, plm, x/r/w */
#define IA64_BR_MASK		((1ULL << 56) - 1)
#define IA64_BR_PLM_SHIFT	56
#define IA64_BR_PLM_ALL		(0xfULL << IA64_BR_PLM_SHIFT)

/* The opcode fields of config/config1 are the matcher's reset value */
static inline bool ia64_opc_default(__u64 config, __u64 config1)
{
	return !(config & IA64_PMU_CFG_OPC_MATCH_MASK) &&
	       !(config1 & (IA64_PMU_CFG1_OPC_CARE_MASK |
			    IA64_PMU_CFG1_OPC_TYPES_MASK));
}

/*
 * PMC8/9 for the opcode fields of config/config1: opc_match, opc_care
 * (mask = ~care), opc_m/i/f/b (none: all four). A match bit that is not
 * cared about would be silently ignored by the matcher: -EINVAL.
 */
static inline int ia64_opc_pmc(__u64 config, __u64 config1, __u64 *pmc)
{
	__u64 match = (config & IA64_PMU_CFG_OPC_MATCH_MASK) >>
		      IA64_PMU_CFG_OPC_MATCH_SHIFT;
	__u64 care = (config1 & IA64_PMU_CFG1_OPC_CARE_MASK) >>
		     IA64_PMU_CFG1_OPC_CARE_SHIFT;
	__u64 types = (config1 & IA64_PMU_CFG1_OPC_TYPES_MASK) >>
		      IA64_PMU_CFG1_OPC_TYPES_SHIFT;

	if (match & ~care)
		return -EINVAL;
	if (!types)
		types = 0xf;
	*pmc = (types << IA64_OPC_TYPES_SHIFT) |
	       (match << IA64_OPC_MATCH_SHIFT) |
	       ((~care & IA64_OPC_FIELD) << IA64_OPC_MASK_SHIFT);
	return 0;
}

/*
 * config2, a data range: base | (2^n - 1) is the 2^(n+1) bytes at base
 * (n = the number of trailing ones). [*start, *end) with *end = 0 for
 * 2^64; -EINVAL for 0 (none) and for the whole address space.
 */
static inline int ia64_drange_decode(__u64 config2, __u64 *start,
				     __u64 *end)
{
	unsigned int n = 0;
	__u64 size;

	while (n < 64 && (config2 >> n) & 1)
		n++;
	if (!config2 || n >= 63)
		return -EINVAL;
	size = 1ULL << (n + 1);
	*start = config2 & ~(size - 1);
	*end = *start + size;
	return 0;
}

/* Naturally aligned power-of-two blocks that make up [a, a + size) */
static inline unsigned int ia64_range_blocks(__u64 a, __u64 size)
{
	unsigned int n = 0;
	__u64 blk;

	while (size) {
		blk = a ? a & -a : 1ULL << 63;
		while (blk > size)
			blk >>= 1;
		a += blk;
		size -= blk;
		n++;
	}
	return n;
}

/* More placements than this: the worst case is not computed */
#define IA64_RANGE_MAX_PLACEMENTS	(1U << 16)

/*
 * The most aligned blocks [a, a + size) can need, over every a that is
 * @offset modulo @page (a power of two): a range of a file that the
 * task maps somewhere at page granularity. Only a modulo 2^(L + 1),
 * 2^L >= size, shapes the blocks. UINT_MAX if that is more than
 * IA64_RANGE_MAX_PLACEMENTS placements.
 */
static inline unsigned int ia64_range_worst_blocks(__u64 offset, __u64 size,
						   __u64 page)
{
	unsigned int l = 0, worst = 0, n;
	__u64 j, span;

	while (l < 63 && (1ULL << l) < size)
		l++;
	if (l >= 62)
		return ~0U;
	span = 2ULL << l;
	offset &= page - 1;
	if (span <= page)
		return ia64_range_blocks(offset, size);
	if (span / page > IA64_RANGE_MAX_PLACEMENTS)
		return ~0U;
	for (j = 0; j < span / page; j++) {
		n = ia64_range_blocks(offset + j * page, size);
		if (n > worst)
			worst = n;
	}
	return worst;
}

/*
 * Itanium 2 ([PFM-I2]: libpfm 3.x pfmlib_itanium2.h and what
 * pfmlib_itanium2.c programs). PMC8/9 bit 0 ig_ad: the matcher's IBR
 * pairs (PMC8: 0 and 2, PMC9: 1 and 3) do not restrict; bit 1 inv: they
 * restrict to the addresses outside their ranges; bit 2 reads 1.
 */
#define IA64_OPC2_IG_AD		0x1ULL
#define IA64_OPC2_INV		0x2ULL
#define IA64_OPC2_RESET		(IA64_OPC_RESET | 0x4ULL)

/*
 * The IBR pairs of opcode matcher @k (bit i: pair i): PMC8 (Montecito
 * PMC32/33) has pairs 0 and 2, PMC9 (PMC34/35) pairs 1 and 3
 */
static inline unsigned int ia64_qual_matcher_pairs(unsigned int k)
{
	return k ? 0xa : 0x5;
}

/* The opcode matchers (bit k: matcher k) of the IBR pairs @pairs */
static inline unsigned int ia64_qual_matchers_of(unsigned int pairs)
{
	unsigned int k, m = 0;

	for (k = 0; k < 2; k++)
		if (pairs & ia64_qual_matcher_pairs(k))
			m |= 1U << k;
	return m;
}

/*
 * PMC14: bit 1 + 3i = 0 makes IBR pair i restrict (1: it does not);
 * bit 13 fine mode. The other bits are reserved: they keep the value
 * firmware leaves (perfmon's default).
 */
#define IA64_PMC14_RESET	0x0db60db60db60db6ULL
#define IA64_PMC14_FINE		(1ULL << 13)

/*
 * The code range PMC (Itanium 2 PMC14, Montecito PMC38: the same fields,
 * [PFM-MONT]) from its reset value @reset: IBR pairs @pairs (bit i:
 * pair i) restrict, in fine mode if @fine
 */
static inline __u64 ia64_pmc_irange(__u64 reset, unsigned int pairs,
				    bool fine)
{
	__u64 v = reset;
	unsigned int i;

	for (i = 0; i < IA64_RANGE_PAIRS; i++)
		if (pairs & (1U << i))
			v &= ~(1ULL << (1 + 3 * i));
	return fine ? v | IA64_PMC14_FINE : v;
}

static inline __u64 ia64_pmc14(unsigned int pairs, bool fine)
{
	return ia64_pmc_irange(IA64_PMC14_RESET, pairs, fine);
}

/*
 * PMC13: for DBR pair j, ena (bit 45 + j) and cfg (bits 4+8j:3+8j), cfg
 * bit 0 set: the DBR pair is ignored, bit 1 set: IBR pair j's tag (its
 * range and its matcher) is ignored. The other bits are reserved; the
 * value firmware leaves (perfmon's default) is kept in them.
 */
#define IA64_PMC13_2_RESET	0x2078fefefefeULL
#define IA64_PMC13_2_CFG_DBR	0x2	/* cfg: the DBR pair only */
#define IA64_PMC13_2_CFG_IO	0x1	/* cfg: IBR pair and opcode only */
#define IA64_PMC13_2_CFG_IOD	0x0	/* cfg: both */
#define IA64_PMC13_2_CFG_NONE	0x3

/*
 * PMC13 (and the Montecito's PMC41, bit for bit the same, [PFM-MONT]
 * §1 and §6: cfg_dtag<j>, ena_dbrp<j>) with DBR pairs @ena (bit j: pair
 * j) enabled, configured @cfg
 */
static inline __u64 ia64_pmc13_2(unsigned int ena, const __u8 cfg[4])
{
	__u64 v = IA64_PMC13_2_RESET;
	unsigned int j;

	for (j = 0; j < IA64_RANGE_PAIRS; j++) {
		v &= ~((0x3ULL << (3 + 8 * j)) | (1ULL << (45 + j)));
		v |= (__u64)(cfg[j] & 3) << (3 + 8 * j);
		if (ena & (1U << j))
			v |= 1ULL << (45 + j);
	}
	return v;
}

/*
 * Fine mode ([PFM-I2] "DATA AND CODE RANGE RESTRICTIONS"): IBR pairs p
 * and p + 2 hold the first and the last bundle of a range that lies in
 * one 4 KB page; their masks compare the page. The erratum of the
 * family 0x1f PMU (libpfm 3.x, has_fine_mode_bug): the bounds and the
 * address compare with a granularity of two bundles, so the range
 * matched is [first & ~31, (last | 31) + 1). The Montecito's fine mode
 * ([PFM-MONT]) is the same within a 64 KB page, the bounds moved
 * to 32-byte boundaries as libpfm moves them (its "PMU bug").
 */
#define IA64_FINE_PAGE		0x1000ULL
#define IA64_FINE_PAGE_MONT	0x10000ULL
#define IA64_FINE_GRAIN		0x20ULL
#define IA64_FINE_MASK		(IA64_BR_MASK & ~(IA64_FINE_PAGE - 1))

/* An implemented address: bits 60:51 are copies of bit 50 */
static inline bool ia64_fine_implemented(__u64 a)
{
	__u64 h = (a >> 50) & 0x7ff;

	return !h || h == 0x7ff;
}

/*
 * [start, end) in fine mode within pages of @page bytes: *lo, *hi the IBR
 * bases of the lower and the upper pair, *extra the bytes matched
 * outside the range (0: exact). -EINVAL if it does not qualify: empty,
 * across a @page boundary, or of unimplemented addresses.
 */
static inline int ia64_fine_range_in(__u64 start, __u64 end, __u64 page,
				     __u64 *lo, __u64 *hi, __u64 *extra)
{
	__u64 last = end - 1;

	if (end <= start || (start ^ last) & ~(page - 1) ||
	    !ia64_fine_implemented(start))
		return -EINVAL;
	*lo = start & ~0xfULL;
	*hi = last & ~0xfULL;
	*extra = (start - (*lo & ~(IA64_FINE_GRAIN - 1))) +
		 ((last | (IA64_FINE_GRAIN - 1)) - last);
	return 0;
}

/* The Itanium 2's: within a 4 KB page */
static inline int ia64_fine_range(__u64 start, __u64 end, __u64 *lo,
				  __u64 *hi, __u64 *extra)
{
	return ia64_fine_range_in(start, end, IA64_FINE_PAGE, lo, hi, extra);
}

/* How one instruction range is programmed on the Itanium 2 */
struct ia64_irange2 {
	bool fine;
	/* fine: the bases of pairs p and p + 2; else pair[0] the pair */
	struct ia64_range_pair pair[2];
	__u64 extra;		/* bytes matched outside the range */
};

/*
 * The per-pair rule for [start, end): fine mode (within pages of
 * @fine_page bytes) if @fine_ok (the event's IBR pair is 0 or 1), the
 * range qualifies (one page) and is exact there (bounds 32-byte
 * aligned); else, if @coarse_ok, one IBR pair that is exact; else fine
 * mode rounded out to its granularity of two bundles (the erratum,
 * [PFM-MONT] §6: libpfm aligns a fine range's bounds to 32 bytes
 * unasked), so at most one bundle beyond each end; else, if @coarse_ok
 * and @approx, the smallest aligned block that holds the range.
 * -EINVAL: no such setting or a malformed range; -ENOSPC: no single
 * pair.
 */
static inline int ia64_irange_pair_cover(__u64 start, __u64 end,
					 __u64 fine_page, bool fine_ok,
					 bool coarse_ok, bool approx,
					 struct ia64_irange2 *c)
{
	struct ia64_range r = { start, end };
	__u64 lo, hi, extra;
	bool fine;
	int ret;

	fine = fine_ok &&
	       !ia64_fine_range_in(start, end, fine_page, &lo, &hi, &extra);
	if (fine && extra && coarse_ok &&
	    ia64_range_cover(&r, 1, c->pair, 1, false, &c->extra) == 1) {
		c->fine = false;
		return 0;
	}
	if (fine) {
		c->fine = true;
		c->pair[0].base = lo;
		c->pair[1].base = hi;
		c->pair[0].mask = IA64_BR_MASK & ~(fine_page - 1);
		c->pair[1].mask = IA64_BR_MASK & ~(fine_page - 1);
		c->extra = extra;
		return 0;
	}
	if (!coarse_ok)
		return -EINVAL;
	c->fine = false;
	ret = ia64_range_cover(&r, 1, c->pair, 1, approx, &c->extra);
	return ret < 0 ? ret : 0;
}

/* The Itanium 2's: fine mode within 4 KB, any event a masked pair */
static inline int ia64_irange2_cover(__u64 start, __u64 end, bool fine_ok,
				     bool approx, struct ia64_irange2 *c)
{
	return ia64_irange_pair_cover(start, end, IA64_FINE_PAGE, fine_ok,
				      true, approx, c);
}

/*
 * The same rule for a range of a file mapped at page granularity (pages
 * of @page bytes, a power of two of at least 4 KB): its place within a
 * page is @offset's, the rest varies: can every placement be programmed
 * exactly? A fine page larger than @page is known only to @page, so the
 * range must then lie in one @page.
 */
static inline bool ia64_irange_pair_exact(__u64 offset, __u64 size,
					  __u64 page, __u64 fine_page,
					  bool fine_ok, bool coarse_ok)
{
	__u64 win = fine_page < page ? fine_page : page;
	__u64 lo, hi, extra, in = offset & (win - 1);

	if (fine_ok &&
	    !ia64_fine_range_in(in, in + size, win, &lo, &hi, &extra) &&
	    !extra)
		return true;
	return coarse_ok && ia64_range_worst_blocks(offset, size, page) <= 1;
}

/*
 * Does [offset, offset + size) of a file mapped at page granularity lie
 * in one fine-mode page wherever it lands (fine mode over-covering it)?
 */
static inline bool ia64_irange_fine_fits(__u64 offset, __u64 size,
					 __u64 page, __u64 fine_page)
{
	__u64 win = fine_page < page ? fine_page : page;

	return size && (offset & (win - 1)) + size <= win;
}

static inline bool ia64_irange2_exact(__u64 offset, __u64 size, __u64 page,
				      bool fine_ok)
{
	return ia64_irange_pair_exact(offset, size, page, IA64_FINE_PAGE,
				      fine_ok, true);
}

/*
 * Montecito opcode matchers ([PFM-MONT]): the mask register (PMC32,
 * PMC34: mask 40:0, a set bit ignores the encoding bit; the b f i m
 * enables 51:48; PMC32 alone: inv 56, ig_ad 57) and the match register
 * (PMC33, PMC35: 40:0) compare all 41 encoding bits. The driver's
 * opcode fields name bits 40:27 and 12:0 (the PMC8/9 image of
 * ia64_opc_pmc()) and, opc_match_mid/opc_care_mid, bits 26:13
 * (ia64_opc_mid()).
 */
#define IA64_OPCM_ENC		((1ULL << 41) - 1)
#define IA64_OPCM_TYPES_SHIFT	48
#define IA64_OPCM_INV		(1ULL << 56)
#define IA64_OPCM_IG_AD		(1ULL << 57)

/*
 * The encoding bits 26:13 of the full matchers: opc_match_mid (config,
 * bits 7:0, 23, 31, 63:60) and opc_care_mid (config1 21:8, which are
 * ldlat's and ipear_delay's with an EAR or the IP-EAR: no bits cared
 * about then), as a mask and a match of 14 bits
 */
#define IA64_OPC_MID		0x3fffULL
#define IA64_OPC_MID_SHIFT	13

static inline __u64 ia64_opc_match_mid(__u64 config)
{
	return (config & IA64_PMU_CFG_OPC_MID_LO_MASK) |
	       !!(config & IA64_PMU_CFG_OPC_MID_B8) << 8 |
	       !!(config & IA64_PMU_CFG_OPC_MID_B9) << 9 |
	       ((config & IA64_PMU_CFG_OPC_MID_HI_MASK) >>
		IA64_PMU_CFG_OPC_MID_HI_SHIFT) << 10;
}

static inline __u64 ia64_opc_care_mid(__u64 config1)
{
	if (config1 & (IA64_PMU_CFG1_EAR_MASK | IA64_PMU_CFG1_IPEAR))
		return 0;
	return (config1 & IA64_PMU_CFG1_OPC_CARE_MID_MASK) >>
	       IA64_PMU_CFG1_OPC_CARE_MID_SHIFT;
}

/*
 * The opcode fields' part in encoding bits 26:13: *mid = the match in
 * bits 13:0, the mask (~care) in bits 29:16; 0 with neither field.
 * A match bit not cared about: -EINVAL.
 */
#define IA64_OPC_MID_MASK_SHIFT	16

static inline int ia64_opc_mid(__u64 config, __u64 config1, __u32 *mid)
{
	__u64 match = ia64_opc_match_mid(config);
	__u64 care = ia64_opc_care_mid(config1);

	if (match & ~care)
		return -EINVAL;
	*mid = match | (~care & IA64_OPC_MID) << IA64_OPC_MID_MASK_SHIFT;
	return 0;
}

/* The mid fields at their reset value: the matcher skips those bits */
#define IA64_OPC_MID_RESET	((__u32)IA64_OPC_MID << IA64_OPC_MID_MASK_SHIFT)

/* The 27 bits of a PMC8/9 field as encoding bits 40:27 and 12:0 */
static inline __u64 ia64_opc_spread(__u64 field)
{
	return ((field >> 13) & 0x3fffULL) << 27 | (field & 0x1fffULL);
}

/*
 * The mask and match registers of a matcher from its PMC8/9 image and
 * the bits 26:13 of ia64_opc_mid() (IA64_OPC_MID_RESET: masked)
 */
static inline void ia64_opcm_regs(__u64 pmc8, __u32 mid, __u64 *mask,
				  __u64 *match)
{
	__u64 m = (pmc8 >> IA64_OPC_MASK_SHIFT) & IA64_OPC_FIELD;
	__u64 v = (pmc8 >> IA64_OPC_MATCH_SHIFT) & IA64_OPC_FIELD;
	__u64 mm = (mid >> IA64_OPC_MID_MASK_SHIFT) & IA64_OPC_MID;

	*mask = (ia64_opc_spread(m) | mm << IA64_OPC_MID_SHIFT) |
		((pmc8 >> IA64_OPC_TYPES_SHIFT) & 0xf) << IA64_OPCM_TYPES_SHIFT;
	*match = ia64_opc_spread(v) |
		 (__u64)(mid & IA64_OPC_MID) << IA64_OPC_MID_SHIFT;
}

/*
 * The channel PMC (Itanium 2 PMC15, Montecito PMC36, [PFM-MONT] §5:
 * ch<i>_ig_opcm in bit i, bits 31:4 reserved, reading 1 at reset): IBR
 * pairs @free (bit i: pair i) ignore their opcode matcher, the others
 * are bound to it (the reset value, every pair bound)
 */
#define IA64_PMC_CHAN_RESET	0xfffffff0ULL

static inline __u64 ia64_pmc_chan(unsigned int free)
{
	return IA64_PMC_CHAN_RESET | (free & 0xf);
}

/*
 * The Montecito's consistency rule ([PFM-MONT]: perfmon's check of
 * PMC32, PMC38 and PMC41 writes): with PMC32.ig_ad = 0 and
 * IBR pair 0 or 1 restricting in PMC38, PMC41 must enable a DBR pair
 */
static inline bool ia64_qual_mont_consistent(__u64 pmc32, __u64 pmc38,
					     __u64 pmc41)
{
	return (pmc32 & IA64_OPCM_IG_AD) ||
	       ((pmc38 >> 1) & 1 && (pmc38 >> 4) & 1) ||
	       (pmc41 & (0xfULL << 45));
}

#endif /* __IA64_PMU_QUAL_H */

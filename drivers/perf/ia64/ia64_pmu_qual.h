/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Qualification of events ([ITA-RM] §6.2.4-6.2.6): the PMC8/9 image of an
 * event's opcode fields, the data range of its config2, and the worst
 * case of an instruction range whose place in memory is known only to a
 * page. Pure functions, shared by the driver (ia64_pmu_qual.c) and the
 * userspace unit tests (tools/testing/ia64_pmu_model).
 */
#ifndef __IA64_PMU_QUAL_H
#define __IA64_PMU_QUAL_H

#include <linux/types.h>
#ifdef __KERNEL__
#include <uapi/linux/perf/ia64_pmu.h>
#else
#include <errno.h>
#include <stdbool.h>
#include <linux/perf/ia64_pmu.h>
#endif

/* PMC8/9, opcode match ([ITA-RM] Figure 6-16, Table 6-11) */
#define IA64_OPC_PMC8		8
#define IA64_OPC_PMC9		9
#define IA64_OPC_FIELD		0x7ffffffULL	/* match, mask: 27 bits */
#define IA64_OPC_MASK_SHIFT	3
#define IA64_OPC_MATCH_SHIFT	33
#define IA64_OPC_TYPES_SHIFT	60		/* b, f, i, m */
/* Reset ([ITA-RM] §6.2.9): every type, every bit masked, all match */
#define IA64_OPC_RESET		((0xfULL << IA64_OPC_TYPES_SHIFT) | \
				 (IA64_OPC_FIELD << IA64_OPC_MASK_SHIFT))

/* PMC13 ([ITA-RM] Figure 6-15): ta = 1 tags every instruction */
#define IA64_RANGE_PMC		13
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

#endif /* __IA64_PMU_QUAL_H */

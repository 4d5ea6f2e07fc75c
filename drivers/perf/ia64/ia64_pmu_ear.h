/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The event address registers ([ITA-RM] §6.2.7): the PMC10 (instruction
 * EAR) or PMC11 (data EAR) image of an event's config1, and the decoders
 * of PMD0/1 and PMD2/3/17 into the address, latency, data source and
 * instruction of a perf sample. Pure functions, shared by the driver (ia64_pmu_ear.c) and the
 * userspace unit test (tools/testing/ia64_pmu_model).
 */
#ifndef __IA64_PMU_EAR_H
#define __IA64_PMU_EAR_H

/* __u64: the same type in the kernel and in userspace */
#include <linux/perf_event.h>
#include <linux/types.h>
#ifdef __KERNEL__
#include <uapi/linux/perf/ia64_pmu.h>
#else
#include <errno.h>
#include <stdbool.h>
#include <linux/perf/ia64_pmu.h>
#endif

/* I-EAR: PMC10 configures, PMD0/1 hold a capture ([ITA-RM] §6.2.7.1) */
#define IA64_IEAR_PMC		10
#define IA64_IEAR_PMD_ADDR	0
#define IA64_IEAR_PMD_LAT	1
/* At rest: cache mode, umask 1111 (nothing, Table 6-12), plm != 0 */
#define IA64_PMC10_IDLE		(IA64_PMC11_PM | 0x1ULL | \
				 (0xfULL << IA64_PMC11_UMASK_SHIFT))

/* D-EAR: PMC11 configures, PMD2/3/17 hold a capture */
#define IA64_DEAR_PMC		11
#define IA64_DEAR_PMD_ADDR	2
#define IA64_DEAR_PMD_LAT	3
#define IA64_DEAR_PMD_IP	17

/* PMC11 ([ITA-RM] Figure 6-20, Table 6-16) */
#define IA64_PMC11_PM		(1ULL << 6)
#define IA64_PMC11_TLB		(1ULL << 7)
#define IA64_PMC11_UMASK_SHIFT	16
#define IA64_PMC11_ISM_SHIFT	24
#define IA64_PMC11_PT		(1ULL << 28)	/* no data address range */
/*
 * The D-EAR at rest: cache mode with umask 1111, which captures nothing
 * (Table 6-17), and a non-zero plm, so that PMD2/3/17 keep their values
 * (Figure 6-11); pt = 1 as PAL leaves it ([ITA-RM] §6.2.9).
 */
#define IA64_PMC11_IDLE		(IA64_PMC11_PT | IA64_PMC11_PM | 0x1ULL | \
				 (0xfULL << IA64_PMC11_UMASK_SHIFT))

/* Table 6-17: umask k captures loads of latency >= 4 << k, k <= 10 */
#define IA64_DEAR_MAX_LAT_CODE	10

/* The threshold code for @ldlat: the largest 4 << k <= @ldlat, at least 4 */
static inline unsigned int ia64_dear_lat_code(unsigned int ldlat)
{
	unsigned int k = 0;

	while (k < IA64_DEAR_MAX_LAT_CODE && (4U << (k + 1)) <= ldlat)
		k++;
	return k;
}

/*
 * PMC10 or PMC11 for an event's config1 (an EAR is asked for), privilege
 * level mask @plm and instruction set mask @ism; or -EINVAL (malformed).
 * PMC10 and PMC11 share the layout of plm, pm, tlb, umask and ism
 * (Figures 6-18, 6-20); PMC11 adds pt.
 */
static inline long long ia64_ear_pmc(__u64 config1, unsigned int plm,
				     unsigned int ism)
{
	unsigned int ear = config1 & IA64_PMU_CFG1_EAR_MASK;
	unsigned int tlbmask = (config1 & IA64_PMU_CFG1_TLBMASK_MASK) >>
			       IA64_PMU_CFG1_TLBMASK_SHIFT;
	unsigned int ldlat = (config1 & IA64_PMU_CFG1_LDLAT_MASK) >>
			     IA64_PMU_CFG1_LDLAT_SHIFT;
	bool data = ear == IA64_PMU_CFG1_EAR_DATA;
	__u64 pmc = IA64_PMC11_PM | plm | ((__u64)ism << IA64_PMC11_ISM_SHIFT);

	if ((config1 & ~IA64_PMU_CFG1_EAR_BITS) || !ear ||
	    ear == (IA64_PMU_CFG1_EAR_DATA | IA64_PMU_CFG1_EAR_INST))
		return -EINVAL;
	if (data)
		pmc |= IA64_PMC11_PT;
	if (config1 & IA64_PMU_CFG1_EAR_TLB) {
		/*
		 * D-EAR, Table 6-19: bit 0 reserved; I-EAR, Table 6-14: bits
		 * 1:0 ignored (refused, not silently dropped). No latency in
		 * TLB mode.
		 */
		if (ldlat || (tlbmask & (data ? 0x1 : 0x3)))
			return -EINVAL;
		if (!tlbmask)
			tlbmask = data ? 0xe : 0xc;
		return pmc | IA64_PMC11_TLB |
		       ((__u64)tlbmask << IA64_PMC11_UMASK_SHIFT);
	}
	if (tlbmask)
		return -EINVAL;
	return pmc | ((__u64)ia64_dear_lat_code(ldlat) <<
		      IA64_PMC11_UMASK_SHIFT);
}

/* What a D-EAR capture gives a sample */
struct ia64_ear_data {
	__u64 ip;		/* bundle + slot of the instruction */
	__u64 addr;		/* the data address */
	__u64 weight;		/* load latency in cycles (cache mode) */
	__u64 data_src;		/* union perf_mem_data_src */
};

/*
 * Decode PMD2, PMD3 and PMD17 (read frozen) of a D-EAR programmed with
 * @pmc11; false if they hold no capture (PMD17.v = 0, Tables 6-18 and
 * 6-20). Only what the EAR reports: in cache mode a load that missed L1D,
 * with its latency; in TLB mode the level that resolved the L1 DTLB miss
 * (L2 DTLB, the hardware walker on the VHPT, or software), not whether
 * the access was a load or a store.
 */
static inline bool ia64_dear_decode(__u64 pmc11, __u64 pmd2, __u64 pmd3,
				    __u64 pmd17, struct ia64_ear_data *d)
{
	__u64 src = PERF_MEM_S(SNOOP, NA) | PERF_MEM_S(LOCK, NA);

	if (!(pmd17 & 0x1))
		return false;
	d->ip = (pmd17 & ~0xfULL) + ((pmd17 >> 2) & 0x3);
	d->addr = pmd2;
	if (pmc11 & IA64_PMC11_TLB) {
		d->weight = 0;
		src |= PERF_MEM_S(OP, NA) | PERF_MEM_S(LVL, NA);
		switch (pmd3 >> 62) {
		case 1:
			src |= PERF_MEM_S(TLB, L2) | PERF_MEM_S(TLB, HIT);
			break;
		case 2:
			src |= PERF_MEM_S(TLB, WK) | PERF_MEM_S(TLB, HIT);
			break;
		case 3:
			src |= PERF_MEM_S(TLB, OS);
			break;
		default:
			src |= PERF_MEM_S(TLB, NA);
			break;
		}
	} else {
		d->weight = pmd3 & 0xfff;
		src |= PERF_MEM_S(OP, LOAD) | PERF_MEM_S(LVL, L1) |
		       PERF_MEM_S(LVL, MISS) | PERF_MEM_S(TLB, NA);
	}
	d->data_src = src;
	return true;
}

/*
 * Decode PMD0 and PMD1 (read frozen) of an I-EAR programmed with @pmc10;
 * false if PMD0.v = 0 (Tables 6-13, 6-15). The address is that of the
 * instruction cache line fetched (PMD0 bits 63:5): not one instruction,
 * so no exact IP (d->ip = 0). Cache mode: the fetch missed L1I, with its
 * latency; TLB mode: the ITLB miss was resolved by the VHPT walker or by
 * software (PMD0.tlb), no latency.
 */
static inline bool ia64_iear_decode(__u64 pmc10, __u64 pmd0, __u64 pmd1,
				    struct ia64_ear_data *d)
{
	__u64 src = PERF_MEM_S(OP, EXEC) | PERF_MEM_S(SNOOP, NA) |
		    PERF_MEM_S(LOCK, NA);

	if (!(pmd0 & 0x1))
		return false;
	d->ip = 0;
	d->addr = pmd0 & ~0x1fULL;
	if (pmc10 & IA64_PMC11_TLB) {
		d->weight = 0;
		src |= PERF_MEM_S(LVL, NA);
		src |= (pmd0 & 0x2) ? PERF_MEM_S(TLB, OS) :
				      PERF_MEM_S(TLB, WK) | PERF_MEM_S(TLB, HIT);
	} else {
		d->weight = pmd1 & 0xfff;
		src |= PERF_MEM_S(LVL, L1) | PERF_MEM_S(LVL, MISS) |
		       PERF_MEM_S(TLB, NA);
	}
	d->data_src = src;
	return true;
}

#endif /* __IA64_PMU_EAR_H */

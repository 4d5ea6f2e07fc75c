/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The event address registers ([ITA-RM] §6.2.7; the Itanium 2's of
 * [PFM-I2]): the PMC10 (instruction EAR) or PMC11 (data EAR) image of an
 * event's config1, and the decoders of PMD0/1 and PMD2/3/17 into the
 * address, latency, data source and instruction of a perf sample, for
 * the register layout of a CPU model. Pure functions, shared by the
 * driver (ia64_pmu_ear.c) and the userspace unit tests
 * (tools/testing/ia64_pmu_model).
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

/* D-EAR: PMC11 configures, PMD2/3/17 hold a capture */
#define IA64_DEAR_PMC		11
#define IA64_DEAR_PMD_ADDR	2
#define IA64_DEAR_PMD_LAT	3
#define IA64_DEAR_PMD_IP	17

/* An EAR's registers in a model's layout; valid: pmd[] of the valid bits */
#define IA64_EAR_MAX_PMDS	3
struct ia64_ear_regs {
	__u8 pmc;
	__u8 nr_pmds;
	__u8 pmd[IA64_EAR_MAX_PMDS];
	__u8 valid;
};

/* Those of the Itanium and Itanium 2 */
#define IA64_EAR_REGS_DEAR	{					\
	.pmc = IA64_DEAR_PMC, .nr_pmds = 3,				\
	.pmd = { IA64_DEAR_PMD_ADDR, IA64_DEAR_PMD_LAT,			\
		 IA64_DEAR_PMD_IP },					\
	.valid = 2,							\
}
#define IA64_EAR_REGS_IEAR	{					\
	.pmc = IA64_IEAR_PMC, .nr_pmds = 2,				\
	.pmd = { IA64_IEAR_PMD_ADDR, IA64_IEAR_PMD_LAT },		\
	.valid = 0,							\
}

/*
 * PMC11 on both models ([ITA-RM] Figure 6-20, Table 6-16; [PFM-I2]):
 * plm 3:0, pm 6, the mode from bit 7 (Itanium: tlb 7; Itanium 2: mode
 * 8:7, 0 cache, 1 TLB, 2 ALAT), umask 19:16, ism 25:24; the Itanium's pt
 * 28 (no data address range) is in the layout.
 */
#define IA64_PMC11_PM		(1ULL << 6)
#define IA64_PMC11_MODE_SHIFT	7
#define IA64_PMC11_MODE_MASK	(0x3ULL << IA64_PMC11_MODE_SHIFT)
#define IA64_PMC11_TLB		(1ULL << IA64_PMC11_MODE_SHIFT)
#define IA64_PMC11_ALAT		(2ULL << IA64_PMC11_MODE_SHIFT)
#define IA64_PMC11_UMASK_SHIFT	16
#define IA64_PMC11_ISM_SHIFT	24
#define IA64_PMC11_PT		(1ULL << 28)	/* Itanium: no data range */
/*
 * The D-EAR at rest: cache mode with umask 1111, which captures nothing
 * (Table 6-17; [PFM-I2] names thresholds for umasks 0-10 only), and a
 * non-zero plm, so that PMD2/3/17 keep their values (Figure 6-11); on
 * the Itanium pt = 1 as PAL leaves it ([ITA-RM] §6.2.9).
 */
#define IA64_PMC11_REST		(IA64_PMC11_PM | 0x1ULL | \
				 (0xfULL << IA64_PMC11_UMASK_SHIFT))

/* Table 6-17, [PFM-I2] DATA_EAR_CACHE_LAT*: umask k: latency >= 4 << k */
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
 * How a CPU model lays out its EARs, where the models differ (the
 * layouts are in ia64_pmu_ear_layout.c; struct ia64_pmu_model.ear).
 */
struct ia64_ear_layout {
	/* PMC10: pm bit, ism and umask fields */
	__u64 iear_pm;
	unsigned int iear_ism_shift, iear_umask_shift;
	/* the registers of each EAR */
	struct ia64_ear_regs dear_regs, iear_regs;
	/* PMC10: the mode bits, their TLB-mode value; cache-mode bits */
	__u64 iear_mode_mask, iear_tlb, iear_cache;
	/* cache mode: the thresholds, ascending, and their umasks */
	const __u16 *iear_lat;
	const __u8 *iear_lat_umask;
	unsigned int nr_iear_lat;
	/* TLB mode: the config1 tlbmask bits taken; umask = mask >> shift */
	unsigned int iear_tlbmask, iear_tlbmask_shift;
	__u64 iear_rest;		/* PMC10 capturing nothing */
	/* PMC11 */
	__u64 dear_pt;			/* set in every PMC11 value */
	bool dear_alat;			/* the ALAT mode exists */
	bool dear_btb_off;		/* TLB, ALAT modes need PMC12 = 0 */
	/* PMD0 bits saying "valid"; TLB mode: IA64_PMU_TLB_* of bits 1:0 */
	__u64 pmd0_valid;
	__u8 pmd0_tlb[4];
	__u64 pmd1_ovf;			/* latency overflow, 0 if none */
	/* PMD3: latency bits, overflow bit (0 if none), status 2 bits */
	__u64 pmd3_lat, pmd3_ovf;
	unsigned int pmd3_stat_shift;
	/* PMD17: valid bit, slot field, second-bundle bit (0 if none) */
	__u64 pmd17_valid;
	unsigned int pmd17_slot_shift;
	__u64 pmd17_bn;
};

extern const struct ia64_ear_layout ia64_ear_layout_itanium;
extern const struct ia64_ear_layout ia64_ear_layout_itanium2;
extern const struct ia64_ear_layout ia64_ear_layout_montecito;

/* The I-EAR threshold index for @ldlat: the largest <= @ldlat, or 0 */
static inline unsigned int ia64_iear_lat_idx(const struct ia64_ear_layout *l,
					     unsigned int ldlat)
{
	unsigned int i = 0;

	while (i + 1 < l->nr_iear_lat && l->iear_lat[i + 1] <= ldlat)
		i++;
	return i;
}

/*
 * PMC10 or PMC11 for an event's config1 (an EAR is asked for), privilege
 * level mask @plm and instruction set mask @ism on a CPU of layout @l;
 * -EINVAL if config1 is malformed, -EOPNOTSUPP for the ALAT mode where
 * there is none.
 */
static inline long long ia64_ear_pmc(const struct ia64_ear_layout *l,
				     __u64 config1, unsigned int plm,
				     unsigned int ism)
{
	unsigned int ear = config1 & IA64_PMU_CFG1_EAR_MASK;
	unsigned int tlbmask = (config1 & IA64_PMU_CFG1_TLBMASK_MASK) >>
			       IA64_PMU_CFG1_TLBMASK_SHIFT;
	unsigned int ldlat = (config1 & IA64_PMU_CFG1_LDLAT_MASK) >>
			     IA64_PMU_CFG1_LDLAT_SHIFT;
	bool tlb = config1 & IA64_PMU_CFG1_EAR_TLB;
	unsigned int i;
	__u64 pmc;

	if ((config1 & ~IA64_PMU_CFG1_EAR_BITS) || !ear ||
	    ear == (IA64_PMU_CFG1_EAR_DATA | IA64_PMU_CFG1_EAR_INST))
		return -EINVAL;
	if (ear == IA64_PMU_CFG1_EAR_INST) {
		pmc = l->iear_pm | plm | ((__u64)ism << l->iear_ism_shift);
		if (config1 & IA64_PMU_CFG1_EAR_ALAT)
			return -EINVAL;		/* the D-EAR's only */
		if (tlb) {
			/* bits the I-EAR does not have: refused, not dropped */
			if (ldlat || (tlbmask & ~l->iear_tlbmask))
				return -EINVAL;
			if (!tlbmask)
				tlbmask = l->iear_tlbmask;
			return pmc | l->iear_tlb |
			       ((__u64)(tlbmask >> l->iear_tlbmask_shift) <<
				l->iear_umask_shift);
		}
		if (tlbmask)
			return -EINVAL;
		i = ia64_iear_lat_idx(l, ldlat);
		return pmc | l->iear_cache |
		       ((__u64)l->iear_lat_umask[i] << l->iear_umask_shift);
	}
	pmc = IA64_PMC11_PM | plm | ((__u64)ism << IA64_PMC11_ISM_SHIFT) |
	      l->dear_pt;
	if (config1 & IA64_PMU_CFG1_EAR_ALAT) {
		/* no latency, no TLB levels: a miss is a miss */
		if (tlb || tlbmask || ldlat)
			return -EINVAL;
		return l->dear_alat ? (long long)(pmc | IA64_PMC11_ALAT) :
				      -EOPNOTSUPP;
	}
	if (tlb) {
		/* Table 6-19: bit 0 reserved; no latency in TLB mode */
		if (ldlat || (tlbmask & 0x1))
			return -EINVAL;
		if (!tlbmask)
			tlbmask = 0xe;
		return pmc | IA64_PMC11_TLB |
		       ((__u64)tlbmask << IA64_PMC11_UMASK_SHIFT);
	}
	if (tlbmask)
		return -EINVAL;
	return pmc | ((__u64)ia64_dear_lat_code(ldlat) <<
		      IA64_PMC11_UMASK_SHIFT);
}

/* What an EAR capture gives a sample */
struct ia64_ear_data {
	__u64 ip;		/* bundle + slot of the instruction */
	__u64 addr;		/* the data address */
	__u64 weight;		/* latency in cycles (cache mode) */
	__u64 data_src;		/* union perf_mem_data_src */
};

/* The TLB part of a data source for the outcome IA64_PMU_TLB_@t */
static inline __u64 ia64_ear_tlb_src(unsigned int t)
{
	switch (t) {
	case IA64_PMU_TLB_L2:
		return PERF_MEM_S(TLB, L2) | PERF_MEM_S(TLB, HIT);
	case IA64_PMU_TLB_VHPT:
		return PERF_MEM_S(TLB, WK) | PERF_MEM_S(TLB, HIT);
	case IA64_PMU_TLB_SW:
		return PERF_MEM_S(TLB, OS);
	default:
		return PERF_MEM_S(TLB, NA);
	}
}

/* A latency field @lat_bits with overflow bit @ovf: at least 1 more */
static inline __u64 ia64_ear_latency(__u64 pmd, __u64 lat_bits, __u64 ovf)
{
	return (pmd & ovf) ? lat_bits + 1 : pmd & lat_bits;
}

/*
 * Decode PMD2, PMD3 and PMD17 (read frozen) of a D-EAR programmed with
 * @pmc11; false if they hold no capture (PMD17 valid bit clear, Tables
 * 6-18 and 6-20; [PFM-I2] PMD17.vl). Only what the EAR reports: in cache
 * mode a load that missed L1D, with its latency; in TLB mode the level
 * that resolved the L1 DTLB miss (L2 DTLB, the hardware walker on the
 * VHPT, or software), not whether the access was a load or a store; in
 * ALAT mode an advanced load check that missed the ALAT: the address
 * and the instruction, nothing of the cache or the TLB.
 */
static inline bool ia64_dear_decode(const struct ia64_ear_layout *l,
				    __u64 pmc11, __u64 pmd2, __u64 pmd3,
				    __u64 pmd17, struct ia64_ear_data *d)
{
	__u64 src = PERF_MEM_S(SNOOP, NA) | PERF_MEM_S(LOCK, NA);

	if (!(pmd17 & l->pmd17_valid))
		return false;
	d->ip = (pmd17 & ~0xfULL) + ((pmd17 & l->pmd17_bn) ? 16 : 0) +
		((pmd17 >> l->pmd17_slot_shift) & 0x3);
	d->addr = pmd2;
	d->weight = 0;
	switch (pmc11 & IA64_PMC11_MODE_MASK) {
	case IA64_PMC11_TLB:
		src |= PERF_MEM_S(OP, NA) | PERF_MEM_S(LVL, NA) |
		       ia64_ear_tlb_src((pmd3 >> l->pmd3_stat_shift) & 0x3);
		break;
	case IA64_PMC11_ALAT:
		src |= PERF_MEM_S(OP, NA) | PERF_MEM_S(LVL, NA) |
		       PERF_MEM_S(TLB, NA);
		break;
	default:
		d->weight = ia64_ear_latency(pmd3, l->pmd3_lat, l->pmd3_ovf);
		src |= PERF_MEM_S(OP, LOAD) | PERF_MEM_S(LVL, L1) |
		       PERF_MEM_S(LVL, MISS) | PERF_MEM_S(TLB, NA);
		break;
	}
	d->data_src = src;
	return true;
}

/*
 * Decode PMD0 and PMD1 (read frozen) of an I-EAR programmed with @pmc10;
 * false if PMD0 says no capture (Tables 6-13, 6-15; [PFM-I2] PMD0.stat).
 * The address is that of the instruction cache line fetched (PMD0 bits
 * 63:5): not one instruction, so no exact IP (d->ip = 0). Cache mode:
 * the fetch missed L1I, with its latency; TLB mode: the level that
 * resolved the ITLB miss, no latency.
 */
static inline bool ia64_iear_decode(const struct ia64_ear_layout *l,
				    __u64 pmc10, __u64 pmd0, __u64 pmd1,
				    struct ia64_ear_data *d)
{
	__u64 src = PERF_MEM_S(OP, EXEC) | PERF_MEM_S(SNOOP, NA) |
		    PERF_MEM_S(LOCK, NA);

	if (!(pmd0 & l->pmd0_valid))
		return false;
	d->ip = 0;
	d->addr = pmd0 & ~0x1fULL;
	if ((pmc10 & l->iear_mode_mask) == l->iear_tlb) {
		d->weight = 0;
		src |= PERF_MEM_S(LVL, NA) |
		       ia64_ear_tlb_src(l->pmd0_tlb[pmd0 & 0x3]);
	} else {
		d->weight = ia64_ear_latency(pmd1, 0xfff, l->pmd1_ovf);
		src |= PERF_MEM_S(LVL, L1) | PERF_MEM_S(LVL, MISS) |
		       PERF_MEM_S(TLB, NA);
	}
	d->data_src = src;
	return true;
}

#endif /* __IA64_PMU_EAR_H */

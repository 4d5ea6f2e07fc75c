// SPDX-License-Identifier: GPL-2.0
/*
 * The event address registers of each CPU model as the driver sees them
 * (struct ia64_ear_layout, ia64_pmu_ear.h): pure data, also linked into
 * the userspace unit tests (tools/testing/ia64_pmu_model).
 */
#ifdef __KERNEL__
#include <linux/kernel.h>
#else
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif

#include "ia64_pmu_ear.h"

/* [ITA-RM] Table 6-12: umask k, latency >= 4 << k */
static const __u16 itanium_iear_lat[] = {
	4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096,
};

static const __u8 itanium_iear_lat_umask[] = {
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
};

/*
 * The Itanium ([ITA-RM] §6.2.7): PMC10 laid out as PMC11 (Figures 6-18,
 * 6-20: pm 6, tlb 7, umask 19:16, ism 25:24), TLB mode umask bit 2 VHPT,
 * bit 3 software (Table 6-14), at rest umask 1111 (Table 6-12); PMD0.v
 * bit 0 and .tlb bit 1, 1 software (Table 6-15); PMD3 latency 11:0 or
 * level 63:62 (Tables 6-18, 6-20); PMD17 v 0, slot 3:2.
 */
const struct ia64_ear_layout ia64_ear_layout_itanium = {
	.dear_regs		= IA64_EAR_REGS_DEAR,
	.iear_regs		= IA64_EAR_REGS_IEAR,
	.iear_pm		= IA64_PMC11_PM,
	.iear_ism_shift		= IA64_PMC11_ISM_SHIFT,
	.iear_umask_shift	= IA64_PMC11_UMASK_SHIFT,
	.iear_mode_mask		= IA64_PMC11_TLB,
	.iear_tlb		= IA64_PMC11_TLB,
	.iear_cache		= 0,
	.iear_lat		= itanium_iear_lat,
	.iear_lat_umask		= itanium_iear_lat_umask,
	.nr_iear_lat		= ARRAY_SIZE(itanium_iear_lat),
	.iear_tlbmask		= 0xc,
	.iear_tlbmask_shift	= 0,
	.iear_rest		= IA64_PMC11_REST,
	.dear_pt		= IA64_PMC11_PT,
	.dear_alat		= false,
	.dear_btb_off		= false,
	.pmd0_valid		= 0x1,
	.pmd0_tlb		= { [1] = IA64_PMU_TLB_VHPT,
				    [3] = IA64_PMU_TLB_SW },
	.pmd1_ovf		= 0,
	.pmd3_lat		= 0xfff,
	.pmd3_ovf		= 0,
	.pmd3_stat_shift	= 62,
	.pmd17_valid		= 0x1,
	.pmd17_slot_shift	= 2,
	.pmd17_bn		= 0,
};

/*
 * [PFM-I2] L1I_EAR_CACHE_LAT4..LAT4096: the 8-bit PMC10 umask of each
 * threshold (64, 512 and 2048 have none)
 */
static const __u16 itanium2_iear_lat[] = {
	4, 8, 16, 32, 128, 256, 1024, 4096,
};

static const __u8 itanium2_iear_lat_umask[] = {
	0xff, 0xfe, 0xfc, 0xf8, 0xf0, 0xe0, 0xc0, 0x80,
};

#define ITA2_PMC10_PM		(1ULL << 4)
#define ITA2_PMC10_ISM_SHIFT	14
#define ITA2_PMC10_UMASK_SHIFT	5
#define ITA2_PMC10_CT(ct)	((__u64)(ct) << 12)

/*
 * The Itanium 2 ([PFM-I2]: pfmlib_itanium2.h's layouts, the EAR presets
 * of the event list, and pfmon's decoding of the stat fields): PMC10 plm
 * 3:0, pm 4, ism 15:14, ct 13:12: 1x cache mode with an 8-bit umask
 * 12:5, 00 TLB mode (umask bit 0 L2 ITLB, 1 VHPT, 2 fault), 01 nothing
 * (at rest); PMC11 as on the Itanium with mode 8:7 (2: ALAT) and no pt;
 * PMD0.stat 1:0 (TLB mode: 1 L2 TLB, 2 VHPT, 3 software), PMD1 latency
 * 11:0 and overflow 12; PMD3 latency 12:0, overflow 13, stat 15:14;
 * PMD17 slot 1:0, bn 2 (the second bundle of the window), vl 3. The
 * D-EAR's TLB and ALAT modes need PMC12 = 0, the BTB off: else a miss
 * right after a mispredicted branch gets a wrong IP (libpfm 3.x's BTB
 * dispatcher, after the Itanium 2 manual; it refuses the combination).
 *
 * IA64_EAR_LAYOUT_ITANIUM2_FIELDS: what the Itanium 2 and the Montecito
 * share, all but the registers.
 */
#define IA64_EAR_LAYOUT_ITANIUM2_FIELDS					\
	.iear_pm		= ITA2_PMC10_PM,			\
	.iear_umask_shift	= ITA2_PMC10_UMASK_SHIFT,		\
	.iear_mode_mask		= ITA2_PMC10_CT(3),			\
	.iear_tlb		= ITA2_PMC10_CT(0),			\
	.iear_cache		= ITA2_PMC10_CT(2),			\
	.iear_lat		= itanium2_iear_lat,			\
	.iear_lat_umask		= itanium2_iear_lat_umask,		\
	.nr_iear_lat		= ARRAY_SIZE(itanium2_iear_lat),	\
	.iear_tlbmask		= 0xe,					\
	.iear_tlbmask_shift	= 1,					\
	.iear_rest		= ITA2_PMC10_PM | 0x1 | ITA2_PMC10_CT(1), \
	.dear_pt		= 0,					\
	.dear_alat		= true,					\
	.dear_btb_off		= true,					\
	.pmd0_valid		= 0x3,					\
	.pmd0_tlb		= { [1] = IA64_PMU_TLB_L2,		\
				    [2] = IA64_PMU_TLB_VHPT,		\
				    [3] = IA64_PMU_TLB_SW },		\
	.pmd1_ovf		= 1ULL << 12,				\
	.pmd3_lat		= 0x1fff,				\
	.pmd3_ovf		= 1ULL << 13,				\
	.pmd3_stat_shift	= 14,					\
	.pmd17_valid		= 1ULL << 3,				\
	.pmd17_slot_shift	= 0,					\
	.pmd17_bn		= 1ULL << 2

const struct ia64_ear_layout ia64_ear_layout_itanium2 = {
	.dear_regs		= IA64_EAR_REGS_DEAR,
	.iear_regs		= IA64_EAR_REGS_IEAR,
	.iear_ism_shift		= ITA2_PMC10_ISM_SHIFT,
	IA64_EAR_LAYOUT_ITANIUM2_FIELDS,
};

/*
 * The Montecito ([PFM-MONT]): the Itanium 2's EARs in other registers,
 * PMC37 (I-EAR, no ism: bits 13:0 only) with PMD34 (line, stat) and PMD35
 * (latency), PMC40 (D-EAR, ism fixed at 0b10) with PMD32 (address), PMD33
 * (latency, stat) and PMD36 (instruction). The TLB and ALAT modes need the
 * execution trace buffer off (PMC39 = 0). The counters' ism is fixed, so
 * the ism the driver passes is always 0: PMC37 gets none.
 */
const struct ia64_ear_layout ia64_ear_layout_montecito = {
	.dear_regs		= { .pmc = 40, .nr_pmds = 3,
				    .pmd = { 32, 33, 36 }, .valid = 2 },
	.iear_regs		= { .pmc = 37, .nr_pmds = 2,
				    .pmd = { 34, 35 }, .valid = 0 },
	.iear_ism_shift		= 0,
	IA64_EAR_LAYOUT_ITANIUM2_FIELDS,
};

/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * User ABI of the Itanium PMU driver (PMU "cpu", PERF_TYPE_RAW).
 *
 * Part 1: the perf_event_attr.config layout.
 * Part 2: the execution-record format of the PMU model (simulated
 *         backend, debugfs "ia64_pmu_sim/<cpu>/inject").
 */
#ifndef _UAPI_LINUX_PERF_IA64_PMU_H
#define _UAPI_LINUX_PERF_IA64_PMU_H

#include <linux/types.h>

/*
 * attr.config uses the layout of the generic PMC4-7 registers (spec 004
 * Figures 6-13/6-14), so raw codes match libpfm and the linux-ia64 tree:
 * "r1200" is es=0x12 (CPU_CYCLES), umask 0.
 *
 *   bits  3:0   must be 0 (plm comes from exclude_user/exclude_kernel)
 *   bits  6:4   must be 0 (ev, oi, pm are the driver's)
 *   bits 14:8   es        event select
 *   bits 19:16  umask     unit mask
 *   bits 22:20  thres     threshold (PMC4/5: 3 bits; PMC6/7: 2 bits)
 *   bits 25:24  ism       instruction set mask: bit 24 set disables
 *                          counting in IA-64 code, bit 25 in IA-32 code
 *   all other bits are reserved and must be 0
 */
#define IA64_PMU_CFG_ES_SHIFT		8
#define IA64_PMU_CFG_ES_MASK		(0x7fULL << IA64_PMU_CFG_ES_SHIFT)
#define IA64_PMU_CFG_UMASK_SHIFT	16
#define IA64_PMU_CFG_UMASK_MASK		(0xfULL << IA64_PMU_CFG_UMASK_SHIFT)
#define IA64_PMU_CFG_THRES_SHIFT	20
#define IA64_PMU_CFG_THRES_MASK		(0x7ULL << IA64_PMU_CFG_THRES_SHIFT)
#define IA64_PMU_CFG_ISM_SHIFT		24
#define IA64_PMU_CFG_ISM_MASK		(0x3ULL << IA64_PMU_CFG_ISM_SHIFT)
#define IA64_PMU_CFG_VALID		(IA64_PMU_CFG_ES_MASK | \
					 IA64_PMU_CFG_UMASK_MASK | \
					 IA64_PMU_CFG_THRES_MASK | \
					 IA64_PMU_CFG_ISM_MASK)

#define IA64_PMU_CONFIG(es, umask) \
	(((__u64)(es) << IA64_PMU_CFG_ES_SHIFT) | \
	 ((__u64)(umask) << IA64_PMU_CFG_UMASK_SHIFT))

#endif /* _UAPI_LINUX_PERF_IA64_PMU_H */

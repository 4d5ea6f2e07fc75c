/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Encodings of the per-CPU-model event tables (ia64_pmu_<model>_events.h):
 * counter sets and qualification flags. Plain constants, shared by the
 * driver and the userspace table tests.
 */
#ifndef __IA64_PMU_TABLE_H
#define __IA64_PMU_TABLE_H

/* Generic counters PMC/PMD4-7 (spec 004 §6.2.2) */
#define IA64_PMU_FIRST_COUNTER	4
#define IA64_PMU_MAX_COUNTERS	4

/* Counter sets of an event: bit n = PMC/PMD(4 + n) may count it */
#define IA64_CTR(n)		(1U << ((n) - IA64_PMU_FIRST_COUNTER))
#define IA64_CTR_45		(IA64_CTR(4) | IA64_CTR(5))
#define IA64_CTR_4567		(IA64_CTR_45 | IA64_CTR(6) | IA64_CTR(7))

/* Qualification support of an event (spec 004 §7.8 "Qualification") */
#define IA64_Q_IAR		0x1	/* instruction address range (PMC13) */
#define IA64_Q_OPC		0x2	/* opcode matching (PMC8/9) */
#define IA64_Q_DAR		0x4	/* data address range (PMC11) */
#define IA64_Q_DAR_PARTIAL	0x8	/* data range applies to part only */

#endif /* __IA64_PMU_TABLE_H */

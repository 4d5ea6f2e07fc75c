/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The PMU of Ski: the project's PMU model (drivers/perf/ia64/sim/
 * pmu_model*.c) driven by what Ski executes. Ski's patched sources
 * (tools/ski/patches) call these; ski_pmu.c implements them.
 *
 * Plain C types only: Ski's headers are not included here, and
 * ski_pmu.c does not include them either.
 */
#ifndef SKI_PMU_H
#define SKI_PMU_H

#include <stdint.h>

/*
 * Nonzero while the PMU can see execution: PMC0.fr is clear, or a frozen
 * IP-EAR still captures for its delay. While it is zero Ski skips the
 * per-instruction hooks: a frozen PMU counts and captures nothing
 * ([ITA-RM] §6.2.3).
 */
extern int ski_pmu_live;

/*
 * Nonzero while the PMU's interrupt line is up and not yet pended at
 * the PMV vector.
 */
extern int ski_pmu_line;

/* Choose the identity (SKI_PMU_MODEL) and reset the PMU; once, at start */
void ski_pmu_init(void);

/*
 * Register accesses of mov pmc/pmd/ibr/dbr, with the PSR of the
 * instruction (PMD reads follow [SDM-2] Table 7-5 with PSR.sp, cpl)
 */
uint64_t ski_pmu_read_pmc(unsigned int idx, uint64_t psr);
void ski_pmu_write_pmc(unsigned int idx, uint64_t val, uint64_t psr);
uint64_t ski_pmu_read_pmd(unsigned int idx, uint64_t psr);
void ski_pmu_write_pmd(unsigned int idx, uint64_t val, uint64_t psr);
void ski_pmu_write_ibr(unsigned int idx, uint64_t val);
void ski_pmu_write_dbr(unsigned int idx, uint64_t val);

/* CPUID[3] and PAL_PERF_MON_INFO of the identity */
uint64_t ski_pmu_cpuid3(void);
uint64_t ski_pmu_perf_mon_info(uint64_t buf[16], uint64_t *info);

/*
 * A data access of the executing instruction (a load, store or
 * semaphore; not RSE or VHPT walker traffic), at its virtual address.
 */
void ski_pmu_data(uint64_t addr, unsigned int size, int store);

/* How an instruction ended */
enum ski_pmu_end {
	SKI_PMU_RETIRED,	/* retired, falls through */
	SKI_PMU_TAKEN,		/* retired, a taken branch (or rfi) */
	SKI_PMU_FAULT,		/* faulted: not retired */
};

/* One executed instruction */
struct ski_pmu_inst {
	uint64_t ip;		/* its bundle's address */
	uint64_t psr;		/* PSR while it executed */
	uint64_t bundle[2];	/* the bundle, bits 63:0 and 127:64 */
	uint64_t next_ip;	/* where execution goes on (bundle | slot) */
	unsigned int slot;	/* 0..2 (an MLX instruction: 1) */
	unsigned int cycles;	/* cycles it ends (Ski's rule) */
	int pred_off;		/* its qualifying predicate was 0 */
	enum ski_pmu_end end;
	/* cr.iva, cr.iip and cr.ipsr while it executed (interruptions) */
	uint64_t iva, iip, ipsr;
};

void ski_pmu_exec(const struct ski_pmu_inst *in);

/* The interrupt was pended at the PMV vector */
void ski_pmu_irq_ack(void);

/*
 * The meter (ski_meter.c): retired instructions counted on Ski's side,
 * whatever the PMU's state, for the bench's figures of what the driver
 * costs. The guest drives it with the simulator system call
 * SKI_METER_SSC (break 0x80001 with r15 = the number, r32 = the
 * operation, r33 = its argument, the result in r8), from any privilege
 * level, as every SSC of Ski.
 */
#define SKI_METER_SSC		0x1a64

enum ski_meter_op {
	SKI_METER_START,	/* zero the counts and count */
	SKI_METER_STOP,		/* stop counting */
	SKI_METER_READ,		/* one count (enum ski_meter_count) */
};

enum ski_meter_count {
	SKI_METER_DRIVER,	/* CPL 0, in the driver's text */
	SKI_METER_KERNEL,	/* CPL 0 */
	SKI_METER_ALL,		/* any CPL */
	SKI_METER_COUNTS
};

/* Nonzero while the meter counts: Ski calls ski_meter_exec() then */
extern int ski_meter_on;

/*
 * Read SKI_METER_TEXT, the driver's kernel text: <start>-<end>[,...],
 * hexadecimal, end excluded; and for a profile, SKI_METER_FUNCS and
 * SKI_METER_PROFILE (ski_meter.c). Once, at start; a bad string is
 * fatal.
 */
void ski_meter_init(void);

/* One executed instruction: @ip its bundle | slot, @psr before it */
void ski_meter_exec(uint64_t ip, uint64_t psr, int retired);

/*
 * The SSC: the result of @op with @arg; a read of SKI_METER_DRIVER
 * without SKI_METER_TEXT, or of an unknown count, is ~0
 */
uint64_t ski_meter_ssc(uint64_t op, uint64_t arg);

#endif /* SKI_PMU_H */

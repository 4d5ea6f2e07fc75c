// SPDX-License-Identifier: GPL-2.0
/*
 * The hardware-access layer of <linux/perf/ia64_pmu.h> on the simulated
 * backend: PMC, PMD, IBR and DBR reads and writes, srlz, the PSR bits,
 * PAL_PERF_MON_INFO and CPUID[3], each an access to the calling CPU's
 * model with interrupts off; and the exact IP of EAR samples. Before
 * each access the model runs what executed since the last one: the
 * free-running mix for the time that passed (sim_freerun.c) and the
 * cycles of fault/cycles_per_access (sim_fault.c). The interrupt
 * registration is in sim_irq.c.
 */

#include <linux/irqflags.h>
#include <linux/module.h>
#include <linux/perf/ia64_pmu.h>
#include <linux/sched.h>
#include <linux/sched/task_stack.h>

#include <asm/perf_event.h>

#include "pmu_model.h"
#include "sim_backend.h"

/*
 * fault/cycles_per_access: the CPU executes kernel code between two
 * register accesses, and the counters advance meanwhile. Run that many
 * cycles of the free-running mix at privilege level 0 before the access;
 * an overflow raises the interrupt like any other (irqs off, this CPU).
 */
void sim_advance(struct sim_cpu *sc)
{
	u64 cycles = READ_ONCE(sim_fault_cycles_per_access);
	union ia64_model_freerun_rec rec;
	u64 progress = 0;

	sim_fr_access(sc, _RET_IP_);
	if (likely(!cycles))
		return;
	ia64_model_freerun_rec(sc->model.cpu, &rec, 0, _RET_IP_, 0);
	rec.cyc.ctx.repeat = cycles;
	while (ia64_model_run(&sc->model, &rec, &progress))
		;
	if (ia64_model_irq_pending(&sc->model))
		sim_arm_irq(sc, READ_ONCE(sim_irq_delay_ns));
}

#define SIM_ACCESS(expr)						\
({									\
	struct sim_cpu *__sc = sim_this_cpu();				\
	struct ia64_model *m = &__sc->model;				\
	unsigned long flags;						\
	typeof(expr) __v;						\
									\
	local_irq_save(flags);						\
	sim_advance(__sc);						\
	__v = (expr);							\
	local_irq_restore(flags);					\
	__v;								\
})

#define SIM_ACCESS_VOID(expr)						\
do {									\
	struct sim_cpu *__sc = sim_this_cpu();				\
	struct ia64_model *m = &__sc->model;				\
	unsigned long flags;						\
									\
	local_irq_save(flags);						\
	sim_advance(__sc);						\
	expr;								\
	local_irq_restore(flags);					\
} while (0)

u64 ia64_pmu_read_pmc(unsigned int idx)
{
	return SIM_ACCESS(ia64_model_read_pmc(m, idx));
}
EXPORT_SYMBOL_GPL(ia64_pmu_read_pmc);

void ia64_pmu_write_pmc(unsigned int idx, u64 val)
{
	struct sim_cpu *sc = sim_this_cpu();

	if (idx == 0) {
		if (sim_fault_stuck_fr)
			val |= 1;	/* PMC0.fr, [ITA-RM] §6.2.3 */
		if (READ_ONCE(sim_fault_lose_pmc0_writes)) {
			WRITE_ONCE(sim_fault_lose_pmc0_writes,
				   sim_fault_lose_pmc0_writes - 1);
			sc->lost_pmc0_writes++;
			return;
		}
	}
	SIM_ACCESS_VOID(ia64_model_write_pmc(m, idx, val));
}
EXPORT_SYMBOL_GPL(ia64_pmu_write_pmc);

u64 ia64_pmu_read_pmd(unsigned int idx)
{
	return SIM_ACCESS(ia64_model_read_pmd(m, idx));
}
EXPORT_SYMBOL_GPL(ia64_pmu_read_pmd);

void ia64_pmu_write_pmd(unsigned int idx, u64 val)
{
	SIM_ACCESS_VOID(ia64_model_write_pmd(m, idx, val));
}
EXPORT_SYMBOL_GPL(ia64_pmu_write_pmd);

/* The model's cr.iva (IA64_PMU_MODEL_IVA) */
u64 ia64_pmu_get_iva(void)
{
	return IA64_PMU_MODEL_IVA;
}
EXPORT_SYMBOL_GPL(ia64_pmu_get_iva);

/* The model's code memory: the rfi it ran (ia64_model_read_bundle()) */
int ia64_pmu_read_bundle(u64 addr, u64 *b)
{
	struct sim_cpu *sc = sim_this_cpu();
	unsigned long flags;
	int ret;

	local_irq_save(flags);
	ret = ia64_model_read_bundle(&sc->model, addr, b);
	local_irq_restore(flags);
	return ret;
}
EXPORT_SYMBOL_GPL(ia64_pmu_read_bundle);

u64 ia64_pmu_read_ibr(unsigned int idx)
{
	return SIM_ACCESS(ia64_model_read_ibr(m, idx));
}
EXPORT_SYMBOL_GPL(ia64_pmu_read_ibr);

void ia64_pmu_write_ibr(unsigned int idx, u64 val)
{
	SIM_ACCESS_VOID(ia64_model_write_ibr(m, idx, val));
}
EXPORT_SYMBOL_GPL(ia64_pmu_write_ibr);

u64 ia64_pmu_read_dbr(unsigned int idx)
{
	return SIM_ACCESS(ia64_model_read_dbr(m, idx));
}
EXPORT_SYMBOL_GPL(ia64_pmu_read_dbr);

void ia64_pmu_write_dbr(unsigned int idx, u64 val)
{
	SIM_ACCESS_VOID(ia64_model_write_dbr(m, idx, val));
}
EXPORT_SYMBOL_GPL(ia64_pmu_write_dbr);

/* The model's register writes take effect at once: srlz orders nothing */
void ia64_pmu_srlz(void)
{
}
EXPORT_SYMBOL_GPL(ia64_pmu_srlz);

u64 ia64_pmu_get_psr(void)
{
	return SIM_ACCESS(ia64_model_get_psr(m));
}
EXPORT_SYMBOL_GPL(ia64_pmu_get_psr);

/* One rsm or ssm instruction on Itanium */
static void sim_psr_bit(u64 bit, bool on)
{
	SIM_ACCESS_VOID(ia64_model_psr_bits(m, bit, on));
}

void ia64_pmu_psr_run(bool on)
{
	sim_psr_bit(IA64_PMU_PSR_PP | IA64_PMU_PSR_UP, on);
}
EXPORT_SYMBOL_GPL(ia64_pmu_psr_run);

/*
 * The model's PSR is the CPU's, for the records of every privilege level:
 * there is no task's user PSR to change
 */
void ia64_pmu_user_psr(bool secure)
{
}
EXPORT_SYMBOL_GPL(ia64_pmu_user_psr);

long ia64_pmu_pal_perf_mon_info(u64 *buf, u64 *info)
{
	return SIM_ACCESS(ia64_model_pal_perf_mon_info(m, buf, info));
}
EXPORT_SYMBOL_GPL(ia64_pmu_pal_perf_mon_info);

u64 ia64_pmu_cpuid_version(void)
{
	return SIM_ACCESS(ia64_model_cpuid3(m));
}
EXPORT_SYMBOL_GPL(ia64_pmu_cpuid_version);

/*
 * What PAL_LOGICAL_TO_PHYSICAL would report: the model's threads per
 * core, or PAL_STATUS_ERROR (-3) with fault/pal_threads_fail
 */
long ia64_pmu_threads_per_core(unsigned int *threads)
{
	if (READ_ONCE(sim_fault_pal_threads_fail))
		return -3;
	*threads = ia64_model_threads(sim_model_cpu);
	return 0;
}
EXPORT_SYMBOL_GPL(ia64_pmu_threads_per_core);

/*
 * An EAR's exact instruction as the sample's IP; on x86 perf_misc_flags()
 * then reports PERF_RECORD_MISC_EXACT_IP.
 */
void ia64_pmu_set_exact_ip(struct pt_regs *regs, u64 ip)
{
	instruction_pointer_set(regs, ip);
#ifdef PERF_EFLAGS_EXACT
	regs->flags |= PERF_EFLAGS_EXACT;
#endif
}
EXPORT_SYMBOL_GPL(ia64_pmu_set_exact_ip);

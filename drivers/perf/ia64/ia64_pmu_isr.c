// SPDX-License-Identifier: GPL-2.0
/*
 * The Itanium PMU overflow interrupt, after the implementation-independent
 * service routine of [SDM-2] Figure 7-7.
 */

#include <linux/interrupt.h>
#include <linux/perf_event.h>
#include <linux/perf/ia64_pmu.h>
#include <linux/sched/clock.h>

#include <asm/irq_regs.h>

#include "ia64_pmu.h"
#include "ia64_pmu_compat.h"

/*
 * Overflow of monitor @id beyond the generic counters: an implementation-
 * specific monitor of a CPU model whose overflow status registers report
 * one. The Itanium reports none ([ITA-RM] §6.2.3): its EAR and BTB data
 * ride on the sample of a generic counter (ia64_pmu_btb_sample()). Say
 * so instead of dropping it.
 */
static void ia64_pmu_impl_overflow(unsigned int id)
{
	pr_warn_once("ia64_pmu: overflow of monitor %u has no owner\n", id);
}

static void ia64_pmu_generic_overflow(struct ia64_pmu_cpu *cpuc,
				      unsigned int ctr, struct pt_regs *regs)
{
	struct perf_event *event = cpuc->counter[ctr - IA64_PMU_FIRST_COUNTER];
	struct hw_perf_event *hwc;

	if (!event)
		return;		/* its event left; stop() accounted it */
	hwc = &event->hw;
	/*
	 * Stopped with its overflow bit set: since 6.16 the core stops
	 * every member of a group when one of them throttles (pmu->stop()
	 * on each, upstream commit 9734e25fbf5a), so a sibling scanned
	 * after that member is stopped here. A stopped counter takes no
	 * sample and no new period: its elapsed period goes with the event,
	 * as a stop with PERF_EF_UPDATE leaves it (where the stop read the
	 * count already, stop_loses_pmd, only the flag is missing), and
	 * ia64_pmu_start() raises it again at the unthrottle.
	 */
	if (hwc->state & PERF_HES_STOPPED) {
		ia64_pmu_stop(event, PERF_EF_UPDATE);
		if (is_sampling_event(event) &&
		    local64_read(&hwc->period_left) <= 0)
			hwc->flags |= IA64_PMU_HWF_OVFL;
		return;
	}
	ia64_pmu_event_update(event);
	/* a sample when a whole period has elapsed */
	if (ia64_pmu_set_period(event) && is_sampling_event(event))
		ia64_pmu_overflow(event, regs, true);
}

/* Handle the overflow bits of PMC0..PMC(n-1); @pmc0 was read frozen */
static void ia64_pmu_scan_overflows(struct ia64_pmu_cpu *cpuc, u64 pmc0,
				    struct pt_regs *regs)
{
	const struct ia64_pmu_model *model = ia64_pmu_model;
	unsigned int reg, bit, id, last_generic;
	unsigned long ovfl;

	last_generic = IA64_PMU_FIRST_COUNTER + model->nr_generic - 1;
	for (reg = 0; reg < model->nr_ovfl_regs; reg++) {
		ovfl = reg ? ia64_pmu_read_pmc(reg) :
			     pmc0 & ~IA64_PMC0_CONTROL;
		for_each_set_bit(bit, &ovfl, BITS_PER_LONG) {
			id = 64 * reg + bit;
			if (id <= last_generic)
				ia64_pmu_generic_overflow(cpuc, id, regs);
			else
				ia64_pmu_impl_overflow(id);
		}
	}
}

/*
 * Figure 7-7 ends, on both paths, by clearing PMC[3]..PMC[1]: all of
 * them, not only those the CPU model populates (the write to one that is
 * not populated is ignored). The count stops at 1: PMC0 is the caller's.
 */
static void ia64_pmu_clear_ovfl_regs(void)
{
	unsigned int reg;

	for (reg = IA64_PMU_NR_OVFL_REGS - 1; reg > 0; reg--)
		ia64_pmu_write_pmc(reg, 0);
}

/*
 * Clear PMC0's overflow bits and unfreeze, unless the core has the PMU
 * disabled: then ia64_pmu_enable() unfreezes it.
 */
static void ia64_pmu_unfreeze(struct ia64_pmu_cpu *cpuc)
{
	bool run = cpuc->enabled && cpuc->n_events;

	ia64_pmu_write_pmc(0, run ? 0 : IA64_PMC0_FR);
	cpuc->pmc0_valid = false;	/* the driver's copy of PMC0 */
}

/*
 * Is the interrupted context monitored? [SDM-2] Figure 7-7 looks at
 * PSR.up and PSR.pp; §7.2.4.2 lets software track monitored contexts
 * itself. PSR.pp can be clear inside the core's disable windows, where
 * the CPU is still monitored: the driver's own tracking covers them.
 */
static bool ia64_pmu_monitored(struct ia64_pmu_cpu *cpuc)
{
	return cpuc->monitored ||
	       (ia64_pmu_get_psr() & (IA64_PMU_PSR_UP | IA64_PMU_PSR_PP));
}

/*
 * The PMU froze itself (PMC0.fr) when a monitor with oi set overflowed.
 * An interrupt with fr clear, or taken in a context that is not
 * monitored (PSR.up and PSR.pp both clear), is bogus: it can be one that
 * the outgoing context left pending at a context switch ([SDM-2]
 * §7.2.4.2). Its overflow bits are not looked at.
 *
 * Otherwise the overflow bits of the model's overflow status registers
 * PMC0..PMC(n-1) are scanned from PMC0 bit 4 on: bit j of PMC i is
 * monitor 64 * i + j, a generic counter up to PAL_GENERIC_PMCPMD_PAIRS,
 * else implementation specific.
 *
 * Both paths clear PMC3..PMC1, as Figure 7-7 does.
 *
 * The time a handled interrupt took goes to the core, which lowers the
 * sample rate and throttles when sampling takes more than its share of
 * the CPU (perf_cpu_time_max_percent). The count of samples per tick
 * alone does not bound it: an interrupt slower than a tick's share,
 * or one whose own handling overflows its counter again (a kernel-
 * counting event with a short period), would otherwise hold the CPU.
 */
irqreturn_t ia64_pmu_isr(int irq, void *dev)
{
	struct ia64_pmu_cpu *cpuc = this_cpu_ptr(&ia64_pmu_cpu);
	u64 start, pmc0;

	ia64_pmu_quiesce(cpuc);		/* in case it comes disabled */
	pmc0 = ia64_pmu_read_pmc(0);
	if (!(pmc0 & IA64_PMC0_FR) || !ia64_pmu_monitored(cpuc)) {
		ia64_pmu_clear_ovfl_regs();
		return IRQ_NONE;
	}
	start = sched_clock();
	cpuc->irqs++;
	ia64_pmu_scan_overflows(cpuc, pmc0, get_irq_regs());
	ia64_pmu_btb_sampled(cpuc);
	ia64_pmu_ear_sampled(cpuc);
	ia64_pmu_clear_ovfl_regs();
	ia64_pmu_unfreeze(cpuc);
	perf_sample_event_took(sched_clock() - start);
	return IRQ_HANDLED;
}

/*
 * Lost-interrupt watchdog. While the CPU is monitored, a per-CPU timer
 * looks at PMC0 every IA64_PMU_WATCHDOG_MS. A PMU that the core wants
 * counting, found frozen at two checks in a row with no overflow
 * interrupt handled in between, lost its interrupt or the write that
 * should have unfrozen it (e.g. an interrupt classified as bogus, or a
 * PMC0 write that did not take): the watchdog then does the interrupt's
 * work, with the regs of whatever it interrupted, and unfreezes. The
 * counts miss only what the frozen PMU did not count. Each such freeze
 * is reported once; a freeze bit that cannot be cleared is reported once
 * and retried quietly at each check, never in a loop.
 *
 * The timer is started when the CPU becomes monitored and stops itself
 * at the first check that finds it unmonitored: a CPU that switches
 * between monitored and unmonitored tasks (or idle) pays no timer
 * operation at those switches. A timer that a CPU going offline left
 * queued moves to another CPU, where it stops at once; the CPU's
 * bring-up cancels it (ia64_pmu_watchdog_stop()).
 */
#define IA64_PMU_WATCHDOG_MS	100

static enum hrtimer_restart ia64_pmu_watchdog_fn(struct hrtimer *t)
{
	struct ia64_pmu_cpu *cpuc = container_of(t, struct ia64_pmu_cpu,
						 watchdog);
	bool seen;
	u64 pmc0;

	if (!cpuc->monitored || cpuc != this_cpu_ptr(&ia64_pmu_cpu))
		return HRTIMER_NORESTART;
	hrtimer_forward_now(t, ms_to_ktime(IA64_PMU_WATCHDOG_MS));

	seen = cpuc->wd_frozen && cpuc->wd_irqs == cpuc->irqs;
	cpuc->wd_irqs = cpuc->irqs;
	cpuc->wd_frozen = false;
	if (!cpuc->enabled || !cpuc->n_events)
		return HRTIMER_RESTART;		/* frozen on purpose */
	pmc0 = ia64_pmu_read_pmc(0);
	if (!(pmc0 & IA64_PMC0_FR)) {
		cpuc->wd_warned = false;
		return HRTIMER_RESTART;
	}
	cpuc->wd_frozen = true;
	if (!seen)
		return HRTIMER_RESTART;

	if (!cpuc->wd_warned)
		pr_warn_ratelimited("ia64_pmu: CPU%d: PMU frozen with no overflow interrupt (PMC0 %#llx), recovering\n",
				    smp_processor_id(), pmc0);
	ia64_pmu_scan_overflows(cpuc, pmc0, get_irq_regs());
	ia64_pmu_btb_sampled(cpuc);
	ia64_pmu_ear_sampled(cpuc);
	ia64_pmu_clear_ovfl_regs();
	ia64_pmu_unfreeze(cpuc);
	if (!cpuc->wd_warned && (ia64_pmu_read_pmc(0) & IA64_PMC0_FR))
		pr_warn_ratelimited("ia64_pmu: CPU%d: PMC0.fr cannot be cleared, monitoring stays frozen\n",
				    smp_processor_id());
	cpuc->wd_warned = true;
	return HRTIMER_RESTART;
}

void ia64_pmu_watchdog_init(struct ia64_pmu_cpu *cpuc)
{
	ia64_pmu_hrtimer_setup(&cpuc->watchdog, ia64_pmu_watchdog_fn);
}

/* The CPU became monitored (this CPU, irqs off) */
void ia64_pmu_watchdog_start(struct ia64_pmu_cpu *cpuc)
{
	cpuc->wd_frozen = false;
	cpuc->wd_warned = false;
	if (!hrtimer_active(&cpuc->watchdog))
		hrtimer_start(&cpuc->watchdog,
			      ms_to_ktime(IA64_PMU_WATCHDOG_MS),
			      HRTIMER_MODE_REL_PINNED_HARD);
}

/*
 * The CPU comes up (this CPU, irqs off): a timer it left queued when it
 * went offline runs elsewhere and stops there; cancel it if still queued
 */
void ia64_pmu_watchdog_stop(struct ia64_pmu_cpu *cpuc)
{
	hrtimer_try_to_cancel(&cpuc->watchdog);
}

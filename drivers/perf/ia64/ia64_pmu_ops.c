// SPDX-License-Identifier: GPL-2.0
/*
 * Itanium PMU driver: the struct pmu callbacks that run the counters.
 * add/del collect a CPU's events, start/stop/read run and read one
 * counter, enable/disable run the whole PMU through PSR.pp ([ITA-RM]
 * §6.2.1, [SDM-2] Figure 7-7); with them the counter periods ([ITA-RM]
 * §6.2.2), the sample of an overflow, PMC0's freeze and overflow bits
 * ([ITA-RM] §6.2.3, Table 6-7), the overflows pending across a context
 * switch ([SDM-2] §7.2.4.2), and the lazy reload of counters. Counter
 * placement is in ia64_pmu_sched.c, the interrupt in ia64_pmu_isr.c.
 */

#include <linux/bitops.h>
#include <linux/irqflags.h>
#include <linux/perf_event.h>
#include <linux/perf/ia64_pmu.h>
#include <linux/sched.h>
#include <linux/sched/task_stack.h>
#include <linux/string.h>

#include "ia64_pmu.h"

/* A counter value as the PMD reads it: sign-extended from the top bit */
static inline u64 ia64_pmu_sext(u64 val)
{
	return sign_extend64(val, ia64_pmu_model->width - 1);
}

/*
 * Fold the counter's progress since the last update into the count.
 * hwc->prev_count holds counter values as the PMD reads them, sign-extended
 * from the top implemented bit ([ITA-RM] Figure 6-12, Table 6-5): a task
 * that reads its counter itself adds the sign-extended PMD to the user
 * page's offset, count - prev_count (include/uapi/linux/perf_event.h).
 */
void ia64_pmu_event_update(struct perf_event *event)
{
	struct hw_perf_event *hwc = &event->hw;
	u64 prev, now, delta;

	do {
		prev = local64_read(&hwc->prev_count);
		now = ia64_pmu_sext(ia64_pmu_read_pmd(hwc->idx));
	} while (local64_cmpxchg(&hwc->prev_count, prev, now) != prev);

	delta = (now - prev) & ia64_pmu_cnt_mask;
	local64_add(delta, &event->count);
	local64_sub(delta, &hwc->period_left);
}

/*
 * Lazy reload. A counter that an event left while the PMU was disabled
 * keeps what it held: its PMD the count read at the stop, its PMC the
 * event's running configuration (a stale counter, which nothing counts
 * in since PSR.pp is clear), until something else writes it. When the
 * same event comes back to the same counter, typically its task back on
 * the same CPU with no other monitored task in between, the registers
 * that already hold the right values are not written again. Owners are
 * event ids, unique for the system's lifetime.
 */
static void ia64_pmu_ctr_left(struct ia64_pmu_cpu *cpuc,
			      struct perf_event *event)
{
	unsigned int i = event->hw.idx - IA64_PMU_FIRST_COUNTER;

	cpuc->ctr_owner[i] = event->id;
	cpuc->ctr_pmd[i] = local64_read(&event->hw.prev_count);
}

static bool ia64_pmu_ctr_holds(struct ia64_pmu_cpu *cpuc,
			       struct perf_event *event)
{
	return cpuc->ctr_owner[event->hw.idx - IA64_PMU_FIRST_COUNTER] ==
	       event->id;
}

/* Load @event's counter with @val, unless it holds it already */
static void ia64_pmu_load_pmd(struct perf_event *event, u64 val)
{
	struct ia64_pmu_cpu *cpuc = this_cpu_ptr(&ia64_pmu_cpu);
	unsigned int i = event->hw.idx - IA64_PMU_FIRST_COUNTER;

	if (!ia64_pmu_ctr_holds(cpuc, event) || cpuc->ctr_pmd[i] != val)
		ia64_pmu_write_pmd(event->hw.idx, val & ia64_pmu_cnt_mask);
}

/*
 * Preload the counter with 2^32 - N to overflow after N events ([ITA-RM]
 * §6.2.2). Returns true when a period has elapsed.
 */
int ia64_pmu_set_period(struct perf_event *event)
{
	struct hw_perf_event *hwc = &event->hw;
	s64 left = local64_read(&hwc->period_left);
	s64 period = hwc->sample_period;
	int elapsed = 0;

	if (unlikely(left <= -period)) {
		left = period;
		local64_set(&hwc->period_left, left);
		hwc->last_period = period;
		elapsed = 1;
	}
	if (unlikely(left <= 0)) {
		left += period;
		local64_set(&hwc->period_left, left);
		hwc->last_period = period;
		elapsed = 1;
	}
	if (left > ia64_pmu_max_period)
		left = ia64_pmu_max_period;

	/* -left, sign-extended: left is at most half the counter's range */
	local64_set(&hwc->prev_count, (u64)-left);
	ia64_pmu_load_pmd(event, (u64)-left);
	perf_event_update_userpage(event);
	return elapsed;
}

/*
 * Sample @event's overflow, with @regs as the interrupted state; with
 * the PMU @frozen (in the interrupt), with its branch stack.
 */
void ia64_pmu_overflow(struct perf_event *event, struct pt_regs *regs,
		       bool frozen)
{
	struct ia64_pmu_cpu *cpuc = this_cpu_ptr(&ia64_pmu_cpu);
	struct perf_sample_data data;
	/* the sample's interrupted state where it is not @regs */
	struct pt_regs local;

	/*
	 * An event that excludes the kernel, sampled from a kernel
	 * interruption (an overflow interrupt raised again at sched-in, or
	 * taken late), samples where its task resumes in user mode.
	 */
	if (!user_mode(regs) && event->attr.exclude_kernel &&
	    !(current->flags & PF_KTHREAD))
		regs = task_pt_regs(current);
	/*
	 * One that excludes user mode, sampled from a user interruption (an
	 * interrupt taken late, or the watchdog's timer, which can interrupt
	 * anything), samples in the kernel, where the overflow is taken:
	 * its sample must never say user mode.
	 */
	if (user_mode(regs) && event->attr.exclude_user) {
		perf_fetch_caller_regs(&local);
		regs = &local;
	}
	perf_sample_data_init(&data, 0, event->hw.last_period);
	if (frozen && has_branch_stack(event))
		ia64_pmu_btb_sample(cpuc, event, &data);
	if (frozen && event->hw.extra_reg.reg) {
		u64 ip = ia64_pmu_ear_sample(cpuc, event, &data);

		/* the interrupted state, but at the captured instruction */
		if (ip) {
			if (regs != &local)
				local = *regs;
			ia64_pmu_set_exact_ip(&local, ip);
			regs = &local;
		}
	}
	if (perf_event_overflow(event, &data, regs))
		ia64_pmu_stop(event, 0);	/* throttled */
}

static void ia64_pmu_raise_pending(struct ia64_pmu_cpu *cpuc);

void ia64_pmu_start(struct perf_event *event, int flags)
{
	struct ia64_pmu_cpu *cpuc = this_cpu_ptr(&ia64_pmu_cpu);
	struct hw_perf_event *hwc = &event->hw;
	/*
	 * Where a stopped counter loses its PMD, the PMC counts again
	 * first and the PMD is loaded after it (the PMU does not run here:
	 * PSR.pp is clear or PMC0 frozen); else the PMD first, so that the
	 * counter never counts from a stale value.
	 */
	bool pmc_first = ia64_pmu_model->stop_loses_pmd;
	/* a counter that its task reads itself: ia64_pmu_uread.c */
	u64 config = unlikely(hwc->flags & IA64_PMU_HWF_UREAD) ?
		     ia64_pmu_uread_config(event) : hwc->config;
	bool pending;

	if (WARN_ON_ONCE(!(hwc->state & PERF_HES_STOPPED)))
		return;
	ia64_pmu_quiesce(cpuc);
	/* new address filters: the ranges the CPU's events restrict by */
	if (ia64_pmu_qual_sync(event) && cpuc->enabled)
		ia64_pmu_qual_program(cpuc);
	/* not written if it holds that already (a stale counter) */
	if (pmc_first)
		ia64_pmu_write_ctr_pmc(hwc->idx, config);
	pending = hwc->flags & IA64_PMU_HWF_OVFL;
	hwc->flags &= ~IA64_PMU_HWF_OVFL;
	if (flags & PERF_EF_RELOAD) {
		WARN_ON_ONCE(!(hwc->state & PERF_HES_UPTODATE));
		/* a pending overflow keeps its elapsed period for the ISR */
		if (pending)
			ia64_pmu_load_pmd(event,
					  local64_read(&hwc->prev_count));
		else
			ia64_pmu_set_period(event);
	} else if (pmc_first) {
		/* it continues from where it stopped */
		ia64_pmu_load_pmd(event, local64_read(&hwc->prev_count));
	}
	hwc->state = 0;
	if (!pmc_first)
		ia64_pmu_write_ctr_pmc(hwc->idx, config);
	cpuc->stale_ctrs &= ~IA64_CTR(hwc->idx);
	/* it counts: its PMD is no longer known */
	cpuc->ctr_owner[hwc->idx - IA64_PMU_FIRST_COUNTER] = 0;
	if (pending) {
		cpuc->ovfl_pending |= IA64_PMC0_OVFL(hwc->idx);
		/* else ia64_pmu_enable(), once every event has its counter */
		if (cpuc->enabled && cpuc->monitored)
			ia64_pmu_raise_pending(cpuc);
	}
}

/*
 * PMC0, read at most once while the PMU does not run (disabled and
 * quiesced, or not monitored: PSR.pp is clear and nothing counts), so
 * that only the driver's own writes can change it. The copy is what the
 * hardware said: each write of PMC0 drops it (a write may not take, e.g.
 * the model's fault/lose_pmc0_writes), and so does the PMU running again
 * (ia64_pmu_enable()).
 */
static u64 ia64_pmu_read_pmc0(struct ia64_pmu_cpu *cpuc)
{
	if (cpuc->enabled && cpuc->monitored)
		return ia64_pmu_read_pmc(0);
	if (!cpuc->pmc0_valid) {
		cpuc->pmc0 = ia64_pmu_read_pmc(0);
		cpuc->pmc0_valid = true;
	}
	return cpuc->pmc0;
}

/*
 * Update PMC0. It holds the freeze bit and the sticky overflow bits
 * together, so every change is a read-modify-write, and with the
 * monitors running a counter that wraps between the read and the write
 * would have its overflow bit overwritten ([ITA-RM] §6.2.3). The
 * privileged monitors count only while PSR.pp is set: clearing it first
 * stops them. Interrupts stay off meanwhile: an overflow interrupt would
 * find PSR.pp clear.
 */
static void ia64_pmu_pmc0_update(struct ia64_pmu_cpu *cpuc, u64 clear,
				 u64 set)
{
	unsigned long flags;
	bool running = cpuc->enabled && cpuc->monitored;
	u64 pmc0;

	local_irq_save(flags);
	if (running)
		ia64_pmu_psr_run(false);
	pmc0 = (ia64_pmu_read_pmc0(cpuc) & ~clear) | set;
	ia64_pmu_write_pmc(0, pmc0);
	ia64_pmu_srlz();
	cpuc->pmc0_valid = false;
	if (running)
		ia64_pmu_psr_run(true);
	local_irq_restore(flags);
}

/*
 * ia64_pmu_ctxsw.c: the PMU is disabled (PSR.pp clear) and must be
 * frozen for the EAR and BTB registers to be defined ([ITA-RM] §6.2.7,
 * §6.2.8.2); ia64_pmu_enable() unfreezes it. ia64_pmu_resume(): the
 * CPU has no events left, and user code still runs with PSR.pp set.
 */
void ia64_pmu_freeze(struct ia64_pmu_cpu *cpuc)
{
	if (!(ia64_pmu_read_pmc0(cpuc) & IA64_PMC0_FR))
		ia64_pmu_pmc0_update(cpuc, 0, IA64_PMC0_FR);
}

/*
 * The overflows that started events carry (ovfl_pending) become overflow
 * bits of their counters again, with the PMU frozen, and the overflow
 * interrupt is raised: PMC0-3 of the context that overflowed are back
 * as they were when it was switched out ([SDM-2] §7.2.4.2). The ISR
 * takes the samples; a lost interrupt is the watchdog's.
 */
static void ia64_pmu_raise_pending(struct ia64_pmu_cpu *cpuc)
{
	ia64_pmu_pmc0_update(cpuc, 0, IA64_PMC0_FR | cpuc->ovfl_pending);
	cpuc->ovfl_pending = 0;
	ia64_pmu_raise_irq();
}

void ia64_pmu_stop(struct perf_event *event, int flags)
{
	struct ia64_pmu_cpu *cpuc = this_cpu_ptr(&ia64_pmu_cpu);
	struct hw_perf_event *hwc = &event->hw;
	bool update = (flags & PERF_EF_UPDATE) &&
		      !(hwc->state & PERF_HES_UPTODATE);
	bool lost = false;	/* the PMD was read, then lost to the stop */

	ia64_pmu_quiesce(cpuc);

	if (!(hwc->state & PERF_HES_STOPPED)) {
		if (cpuc->enabled) {
			/*
			 * Where stopping loses the PMD, it is read first,
			 * whatever the flags: nothing could read it after
			 */
			lost = ia64_pmu_model->stop_loses_pmd;
			if (lost && !(hwc->state & PERF_HES_UPTODATE)) {
				ia64_pmu_event_update(event);
				if (!update)
					hwc->state |= PERF_HES_UPTODATE;
			}
			ia64_pmu_write_stopped(cpuc, hwc->idx, hwc->config);
			/* before the PMD is read ([SDM-2] §7.2.1) */
			ia64_pmu_srlz();
		} else {
			/*
			 * Disabled, the monitor does not count (PSR.pp is
			 * clear). Its PMC is written again, or stopped,
			 * before the PMU counts again: ia64_pmu_enable().
			 */
			cpuc->stale_ctrs |= IA64_CTR(hwc->idx);
		}
		hwc->state |= PERF_HES_STOPPED;
	}
	if (update) {
		/*
		 * The update accounts a wrap the interrupt has not handled
		 * yet; its overflow bit goes with the event (a sampling
		 * event's elapsed period, IA64_PMU_HWF_OVFL), so that the
		 * interrupt, when it comes, finds nothing of it.
		 */
		if (!lost)
			ia64_pmu_event_update(event);
		if (is_sampling_event(event) &&
		    local64_read(&hwc->period_left) <= 0)
			hwc->flags |= IA64_PMU_HWF_OVFL;
		if (!lost)
			ia64_pmu_ctr_left(cpuc, event);
		if (ia64_pmu_read_pmc0(cpuc) & IA64_PMC0_OVFL(hwc->idx))
			ia64_pmu_pmc0_update(cpuc, IA64_PMC0_OVFL(hwc->idx), 0);
		cpuc->ovfl_pending &= ~IA64_PMC0_OVFL(hwc->idx);
		hwc->state |= PERF_HES_UPTODATE;
	}
}

/*
 * add/del only collect events; the counters are (re)programmed by
 * ia64_pmu_enable(), which the core calls after them.
 */
int ia64_pmu_add(struct perf_event *event, int flags)
{
	struct ia64_pmu_cpu *cpuc = this_cpu_ptr(&ia64_pmu_cpu);
	struct hw_perf_event *hwc = &event->hw;
	int assign[IA64_PMU_MAX_COUNTERS];
	int n = cpuc->n_events;
	int ret;

	ia64_pmu_quiesce(cpuc);
	if (n == ia64_pmu_model->nr_generic)
		return -EAGAIN;
	cpuc->event_list[n] = event;
	if (!ia64_pmu_groups_agree(cpuc->event_list, n + 1))
		return -EAGAIN;
	if (!(cpuc->txn_flags & PERF_PMU_TXN_ADD) &&
	    !ia64_pmu_assign(cpuc->event_list, n + 1, assign))
		return -EAGAIN;
	ret = ia64_pmu_btb_add(cpuc, event);
	if (ret)
		return ret;
	ret = ia64_pmu_ear_add(cpuc, event);
	if (ret) {
		ia64_pmu_btb_del(cpuc, event);
		return ret;
	}
	ret = ia64_pmu_qual_add(cpuc, event);
	if (ret) {
		ia64_pmu_ear_del(cpuc, event);
		ia64_pmu_btb_del(cpuc, event);
		return ret;
	}
	if (cpuc->txn_flags & PERF_PMU_TXN_ADD)
		cpuc->n_txn++;
	else
		memcpy(cpuc->assign, assign, sizeof(assign));
	cpuc->n_events++;
	cpuc->dirty = true;

	hwc->state = PERF_HES_UPTODATE | PERF_HES_STOPPED;
	if (!(flags & PERF_EF_START))
		hwc->state |= PERF_HES_ARCH;
	return 0;
}

void ia64_pmu_del(struct perf_event *event, int flags)
{
	struct ia64_pmu_cpu *cpuc = this_cpu_ptr(&ia64_pmu_cpu);
	struct hw_perf_event *hwc = &event->hw;
	int i;

	/* the PMU stops here (ia64_pmu_quiesce()) */
	ia64_pmu_stop(event, PERF_EF_UPDATE);
	for (i = 0; i < cpuc->n_events; i++)
		if (cpuc->event_list[i] == event)
			break;
	if (WARN_ON_ONCE(i == cpuc->n_events))
		return;
	ia64_pmu_btb_del(cpuc, event);
	ia64_pmu_ear_del(cpuc, event);
	if (i >= cpuc->n_events - cpuc->n_txn)
		cpuc->n_txn--;
	for (; i < cpuc->n_events - 1; i++) {
		cpuc->event_list[i] = cpuc->event_list[i + 1];
		cpuc->assign[i] = cpuc->assign[i + 1];
	}
	cpuc->n_events--;
	if (hwc->idx >= 0)
		cpuc->counter[hwc->idx - IA64_PMU_FIRST_COUNTER] = NULL;
	hwc->idx = -1;
	cpuc->dirty = true;
	perf_event_update_userpage(event);
}

void ia64_pmu_read(struct perf_event *event)
{
	/* a stopped event's count is final: its PMD may be gone */
	if (event->hw.state & PERF_HES_UPTODATE)
		return;
	ia64_pmu_event_update(event);
}

/*
 * Every monitor the driver programs is privileged (pm = 1): it counts
 * only while PSR.pp is set ([ITA-RM] §6.2.1), which is also what marks
 * the context as monitored for the ISR ([SDM-2] Figure 7-7). PSR.pp is
 * therefore set while the CPU has events and the core has the PMU
 * enabled: clearing it stops every monitor at once without a
 * read-modify-write of PMC0, and a CPU without events never touches the
 * PMU. PMC0.fr, the freeze bit, is left to the hardware (an overflow
 * with oi set) and to the cases where the EAR and BTB registers must be
 * read (ia64_pmu_freeze()); ia64_pmu_enable() clears it.
 *
 * Disabling is lazy. The core disables the PMU around every change of
 * its events, but also where nothing changes: around the swap of two
 * clone contexts at a context switch between two tasks whose events are
 * copies of each other's (a task and its inherited child): the events
 * stay on the PMU, and count for the next task. So PSR.pp stays set,
 * and the monitors go on counting what they would count a moment later
 * anyway, until a callback is about to change something
 * (ia64_pmu_quiesce()); an enable that finds PSR.pp still set then has
 * nothing to do. The interrupts are off in the core's disabled
 * sections: no overflow interrupt comes in between. Both callbacks run
 * on the CPU whose PMU they drive, as the core's perf_pmu_disable()
 * checks already: raw_cpu_ptr(), no second check on the hot path.
 */
void ia64_pmu_disable(struct pmu *pmu)
{
	struct ia64_pmu_cpu *cpuc = raw_cpu_ptr(&ia64_pmu_cpu);

	if (!cpuc->enabled)
		return;
	cpuc->lazy_pp = cpuc->monitored;
	cpuc->enabled = false;
}

/*
 * Counters whose PMC still holds a running configuration, of an event
 * that was stopped or removed while the PMU was disabled and that no
 * event has taken since: stop them before PSR.pp lets them count.
 */
static void ia64_pmu_stop_stale(struct ia64_pmu_cpu *cpuc)
{
	unsigned long stale = cpuc->stale_ctrs;
	struct perf_event *event;
	unsigned int i;

	for_each_set_bit(i, &stale, ia64_pmu_model->nr_generic) {
		event = cpuc->counter[i];
		/* where stopping loses the PMD, its count is taken first */
		if (event && ia64_pmu_model->stop_loses_pmd &&
		    !(event->hw.state & PERF_HES_UPTODATE)) {
			ia64_pmu_event_update(event);
			event->hw.state |= PERF_HES_UPTODATE;
		}
		ia64_pmu_write_stopped(cpuc, IA64_PMU_FIRST_COUNTER + i,
				       event ? event->hw.config :
				       IA64_PMC_PLM_KERNEL);
	}
	cpuc->stale_ctrs = 0;
}

/*
 * Run the PMU with what changed while it was disabled. Out of line: the
 * enable of a context swap, which finds nothing changed, is then free
 * of its register saves.
 */
static noinline void ia64_pmu_resume(struct ia64_pmu_cpu *cpuc)
{
	bool monitored = cpuc->n_events;
	bool starts = monitored && !cpuc->monitored;
	u64 pmc0;

	if (cpuc->dirty)
		ia64_pmu_reprogram(cpuc);
	/* what the model's features own; their registers differ otherwise */
	if (ia64_pmu_has(IA64_PMU_F_BTB))
		ia64_pmu_btb_program(cpuc);
	if (ia64_pmu_has(IA64_PMU_F_QUAL))
		ia64_pmu_qual_program(cpuc);
	if (ia64_pmu_has(IA64_PMU_F_EAR))
		ia64_pmu_ear_program(cpuc);
	if (monitored != cpuc->monitored) {
		cpuc->monitored = monitored;
		/* unmonitored, the watchdog stops at its next check */
		if (monitored)
			ia64_pmu_watchdog_start(cpuc);
	}
	if (monitored) {
		if (cpuc->stale_ctrs)
			ia64_pmu_stop_stale(cpuc);
		/*
		 * A pending overflow keeps the PMU frozen: the ISR
		 * unfreezes it, or the watchdog if its interrupt is lost.
		 * Not when monitoring starts: the events were not counting,
		 * and an overflow bit is then stale, left by an event that
		 * is gone (a lost PMC0 write, its interrupt found the CPU
		 * unmonitored); the events' own pending overflows travel
		 * in ovfl_pending.
		 */
		pmc0 = ia64_pmu_read_pmc0(cpuc);
		if (cpuc->ovfl_pending)
			ia64_pmu_raise_pending(cpuc);
		else if (starts && (pmc0 & (IA64_PMC0_FR |
					   ia64_pmu_ovfl_mask)))
			ia64_pmu_write_pmc(0, 0);
		else if ((pmc0 & IA64_PMC0_FR) &&
			 !(pmc0 & ia64_pmu_ovfl_mask))
			ia64_pmu_write_pmc(0, pmc0 & ~IA64_PMC0_FR);
		cpuc->pmc0_valid = false;
		ia64_pmu_psr_run(true);
	} else {
		/*
		 * PSR.pp is clear in the kernel only: user code runs with it
		 * set (the ia64 glue's IA64_PSR_USER_PP, [SDM-2] §7.2.1), so
		 * the freeze is what keeps the counters the events left
		 * programmed from counting the next task's user code. Those
		 * that user mode could read are stopped, which makes them
		 * privileged monitors (ia64_pmu_uread.c).
		 */
		if (cpuc->stale_ctrs & cpuc->user_ctrs)
			ia64_pmu_stop_stale(cpuc);
		ia64_pmu_freeze(cpuc);
	}
	if (cpuc->user_ctrs || cpuc->user_open)
		ia64_pmu_uread_resume(cpuc);
	cpuc->enabled = true;
}

void ia64_pmu_enable(struct pmu *pmu)
{
	struct ia64_pmu_cpu *cpuc = raw_cpu_ptr(&ia64_pmu_cpu);

	if (cpuc->enabled)
		return;
	/* PSR.pp still set: nothing changed since the disable */
	if (cpuc->lazy_pp) {
		cpuc->lazy_pp = false;
		cpuc->enabled = true;
		return;
	}
	ia64_pmu_resume(cpuc);
}

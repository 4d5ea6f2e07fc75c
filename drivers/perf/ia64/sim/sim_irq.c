// SPDX-License-Identifier: GPL-2.0
/*
 * The PMU interrupt of the simulated backend: the driver's handler is
 * registered here, and the model's interrupt line is delivered to it in
 * hard-interrupt context, from a per-CPU HARD hrtimer, with the
 * interrupted state: at once from an interrupt that ran the model, after
 * debugfs irq_delay_ns otherwise, with the IP of an injected record that
 * raised it. With no delay it is taken as soon as interrupts are on, as
 * a pending external interrupt is, however loaded the host: see
 * sim_kick(). A delay past KTIME_MAX holds the line until irq_delay_ns
 * is written again. The vector sent by software (the driver's resend of
 * a pending overflow, fault/spurious_irq) is merged with the line.
 */

#include <linux/cpu.h>
#include <linux/debugfs.h>
#include <linux/hrtimer.h>
#include <linux/module.h>
#include <linux/perf/ia64_pmu.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/sched/task_stack.h>

#ifdef CONFIG_X86_LOCAL_APIC
#include <asm/apic.h>
#include <asm/irq_vectors.h>
#endif
#include <asm/irq_regs.h>

#include "../ia64_pmu_compat.h"
#include "pmu_model.h"
#include "sim_backend.h"

u64 sim_irq_delay_ns;
static irq_handler_t sim_handler;

static void sim_deliver(struct sim_cpu *sc, struct pt_regs *regs);

/*
 * An overflow froze the model: deliver the interrupt now with @regs when
 * the caller is in interrupt context and nothing delays it, else raise
 * the line (it fires once interrupts are on).
 */
void sim_raise(struct sim_cpu *sc, struct pt_regs *regs)
{
	u64 delay = READ_ONCE(sim_irq_delay_ns);

	if (sc->irq_armed)
		return;
	if (regs && !delay)
		sim_deliver(sc, regs);
	else
		sim_arm_irq(sc, delay);
}

int ia64_pmu_request_irq(irq_handler_t handler)
{
	if (cmpxchg(&sim_handler, NULL, handler))
		return -EBUSY;
	return 0;
}
EXPORT_SYMBOL_GPL(ia64_pmu_request_irq);

void ia64_pmu_free_irq(void)
{
	WRITE_ONCE(sim_handler, NULL);
	/* an interrupt being delivered on another CPU finishes first */
	synchronize_rcu();
}
EXPORT_SYMBOL_GPL(ia64_pmu_free_irq);

/*
 * Deliver the PMU interrupt to the driver, in hard-interrupt context,
 * with @regs as the interrupted state.
 */
static void sim_deliver(struct sim_cpu *sc, struct pt_regs *regs)
{
	irq_handler_t handler = READ_ONCE(sim_handler);
	struct pt_regs *old;

	lockdep_assert_irqs_disabled();
	/*
	 * The handler's own time, long under emulation and spent with the
	 * PMU frozen, is not execution of the interrupted program: the
	 * free-running mode skips it, then runs what the overflow stopped
	 * (sim_freerun.c).
	 */
	sim_fr_handler_enter(sc);
	ia64_model_irq_ack(&sc->model);
	if (handler) {
		old = set_irq_regs(regs);
		sc->irqs_delivered++;
		if (handler(0, NULL) == IRQ_NONE)
			sc->irqs_unhandled++;
		set_irq_regs(old);
	}
	/* else the vector is unclaimed: the interrupt is lost */
	sim_fr_handler_exit(sc, regs);
}

enum hrtimer_restart sim_irq_timer_fn(struct hrtimer *t)
{
	struct sim_cpu *sc = container_of(t, struct sim_cpu, irq_timer);
	struct pt_regs *irq_regs = get_irq_regs();
	struct pt_regs regs;
	bool deliver;

	/*
	 * Going offline cancels a CPU's line (sim_cpu_offline()), but the
	 * removal of its events that follows may raise it again (register
	 * accesses with fault/cycles_per_access): the timer then moves to
	 * another CPU with the dying CPU's hrtimers. The interrupt of an
	 * offline CPU is lost, as on hardware, never taken by another CPU.
	 */
	if (unlikely(sc != this_cpu_ptr(sim_cpus))) {
		WRITE_ONCE(sc->irq_armed, false);
		return HRTIMER_NORESTART;
	}
	/*
	 * An interrupt raised by an injected record and delivered at once
	 * interrupts that record: its ip and privilege level. A delayed
	 * one interrupts whatever runs when it fires.
	 */
	if (sc->rec_origin) {
		if (sc->rec_cpl == 3 && !(current->flags & PF_KTHREAD))
			regs = *task_pt_regs(current);
		else
			regs = *irq_regs;
		instruction_pointer_set(&regs, sc->rec_ip);
		irq_regs = &regs;
		sc->rec_origin = false;
	}
	/*
	 * Disarmed before the handler runs: an overflow raised by the
	 * handler's own register accesses (fault/cycles_per_access) arms
	 * the line again rather than being lost.
	 */
	deliver = ia64_model_irq_pending(&sc->model) || sc->spurious;
	sc->spurious = false;
	WRITE_ONCE(sc->irq_armed, false);
	WRITE_ONCE(sc->irq_fired, sc->irq_fired + 1);
	if (deliver)
		sim_deliver(sc, irq_regs);
	return HRTIMER_NORESTART;
}

/*
 * A line raised with no delay is taken as soon as interrupts are on: its
 * timer has expired already, and the timer interrupt that runs it is
 * sent to this CPU now, by the local APIC (a self-IPI of its timer
 * vector, which runs the expired hrtimers), not left to the clock event
 * device. That one a loaded host holds back for many ms (the guest's
 * hrtimer hang protection, the emulator's own timers), while the CPU
 * runs on: the sample would then come from wherever it is by then, or
 * not at all if its event was stopped meanwhile. Without high-resolution
 * timers (no APIC timer interrupt runs hrtimers) the device delivers it.
 */
static void sim_kick(struct sim_cpu *sc)
{
#ifdef CONFIG_X86_LOCAL_APIC
	if (ia64_pmu_hrtimer_hres_active(&sc->irq_timer) &&
	    boot_cpu_has(X86_FEATURE_APIC))
		apic->send_IPI_self(LOCAL_TIMER_VECTOR);
#endif
}

/*
 * Fire the interrupt line @delay ns from now (irqs off, this CPU); a
 * delay past KTIME_MAX holds it until irq_delay_ns is written again.
 * Returns false if it was armed already, with its own delay.
 */
bool sim_arm_irq(struct sim_cpu *sc, u64 delay)
{
	if (sc->irq_armed)
		return false;
	sc->irq_armed = true;
	sc->irq_held = delay > (u64)KTIME_MAX;
	hrtimer_start(&sc->irq_timer,
		      ns_to_ktime(min_t(u64, delay, KTIME_MAX)),
		      HRTIMER_MODE_REL_PINNED_HARD);
	if (!delay)
		sim_kick(sc);
	return true;
}

/*
 * The PMU vector sent by software, with nothing on the model's line: a
 * bogus interrupt ([SDM-2] §7.2.4.3, fault/spurious_irq) or the driver
 * raising a pending overflow again. Merged with one already armed, as a
 * vector already pending at the CPU would be.
 */
void sim_send_vector(struct sim_cpu *sc)
{
	sc->spurious = true;
	sim_arm_irq(sc, 0);
}

/* The driver's resend of the PMU vector (irqs off or on, this CPU) */
void ia64_pmu_raise_irq(void)
{
	unsigned long flags;

	local_irq_save(flags);
	sim_send_vector(sim_this_cpu());
	local_irq_restore(flags);
}
EXPORT_SYMBOL_GPL(ia64_pmu_raise_irq);

/* A held line is released by a write, delayed by the new value */
static void sim_irq_release(void *unused)
{
	struct sim_cpu *sc = this_cpu_ptr(sim_cpus);

	if (!sc->irq_held || hrtimer_try_to_cancel(&sc->irq_timer) != 1)
		return;
	sc->irq_armed = false;
	sim_arm_irq(sc, READ_ONCE(sim_irq_delay_ns));
}

static int sim_irq_delay_set(void *data, u64 val)
{
	WRITE_ONCE(sim_irq_delay_ns, val);
	cpus_read_lock();
	on_each_cpu(sim_irq_release, NULL, 1);
	cpus_read_unlock();
	return 0;
}

static int sim_irq_delay_get(void *data, u64 *val)
{
	*val = READ_ONCE(sim_irq_delay_ns);
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(sim_irq_delay_fops, sim_irq_delay_get,
			 sim_irq_delay_set, "%llu\n");

void sim_irq_debugfs_init(struct dentry *dir)
{
	debugfs_create_file_unsafe("irq_delay_ns", 0600, dir, NULL,
				   &sim_irq_delay_fops);
}

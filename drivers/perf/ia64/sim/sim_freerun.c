// SPDX-License-Identifier: GPL-2.0
/*
 * Free-running mode of the simulated backend (debugfs freerun,
 * freerun_period_us; module parameter "freerun"): the model runs the
 * free-running mix of pmu_model_freerun.c for the time that passes on
 * each CPU, as the execution of what runs there, at the privilege level
 * it runs at.
 *
 * The time is split where the task really changes mode: the generic
 * entry code calls sim_fr_transition() right after every entry from
 * user mode (system call, interrupt, exception) and right before every
 * return to it (patches/common 0014), and the sched_switch tracepoint
 * closes a task's time at a context switch. The entry code outside the
 * hook is not the program's user code: each user span loses the
 * shortest one seen (MODEL(freerun-edge) below). Spans accumulate per
 * privilege level and run as batches at the catch-up timer, at a context
 * switch, at a transition once 50 us have gathered (at once when user
 * code leaves after a predicted overflow), and at the driver's register
 * accesses: there at once if user time waits, else once 50 us have
 * gathered.
 *
 * MODEL(freerun-batch): a batch's records are not ordered in time: an
 * overflow that stops one stops it anywhere. The rest of the batch runs
 * once the interrupt has been taken (after the handler), so that no
 * counter loses what another one's overflow interrupted. The catch-up
 * timer is armed for the next overflow the counts predict (each
 * counter's rate in the last batch at that privilege level), at most
 * freerun_period_us away, so that an overflow is taken on time, where
 * the program runs, as a counting PMU raises it.
 *
 * [ITA-RM] §6.2.9: PAL_LIGHT_HALT freezes monitoring, so the idle task
 * counts nothing.
 */

#include <linux/cpu.h>
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/hrtimer.h>
#include <linux/kstrtox.h>
#include <linux/math64.h>
#include <linux/sched.h>
#include <linux/sched/task_stack.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/tracepoint.h>
#include <linux/user_mode_hook.h>

#include <asm/irq_regs.h>

#include "pmu_model.h"
#include "sim_backend.h"

static u32 freerun_period_us = 1000;

/* Spans that add up to less than this wait for the next transition */
#define SIM_FR_BATCH_NS		50000
/* User spans up to this long teach the entry code's time */
#define SIM_FR_EDGE_MAX_NS	5000
/* The catch-up timer's shortest step, and its step for an unknown rate */
#define SIM_FR_MIN_STEP_NS	10000
#define SIM_FR_PROBE_NS		100000
/* Batches shorter than this teach no rate */
#define SIM_FR_RATE_CYCLES	4000
#define SIM_FR_RATE_SHIFT	16

/* An 800 MHz Itanium */
static u64 sim_ns_to_cycles(u64 ns)
{
	return ns * 4 / 5;
}

static u64 sim_cycles_to_ns(u64 cycles)
{
	return cycles / 4 * 5 + (cycles % 4) * 5 / 4;
}

static unsigned int sim_nr_ctr(struct sim_cpu *sc)
{
	return min_t(unsigned int, sc->model.nr_ctr, IA64_MODEL_MAX_CTR);
}

/*
 * Where a span of this CPU's current task runs: its user state, or the
 * kernel at @kip
 */
static void sim_fr_where(bool user, unsigned long kip, u64 *ip, u64 *sp)
{
	struct pt_regs *uregs;

	if (user) {
		uregs = task_pt_regs(current);
		*ip = instruction_pointer(uregs);
		*sp = user_stack_pointer(uregs);
	} else {
		*ip = kip;
		*sp = current_stack_pointer;
	}
}

/*
 * The time since the model last ran (or skipped) goes to the privilege
 * level the CPU ran at, unless nothing counted it: the idle task, the
 * PMU handler's own time, a frozen PMU waiting for its interrupt.
 */
static void sim_fr_span(struct sim_cpu *sc, u64 now)
{
	u64 ns = now > sc->fr_last_ns ? now - sc->fr_last_ns : 0;

	sc->fr_last_ns = now;
	if (is_idle_task(current) || sc->fr_handler ||
	    ia64_model_irq_pending(&sc->model))
		return;
	sc->fr_pend_ns[sc->fr_user] += min_t(u64, ns, NSEC_PER_SEC);
}

/*
 * MODEL(freerun-edge): a user span runs from the return hook to the
 * next entry hook, and so holds the entry code outside them: the
 * system call and interrupt paths, lockdep's tracking of the irq state.
 * That is kernel code, and under emulation it takes longer than a few
 * instructions of user code: about 1.3 us in the VM whose clock counts
 * instructions, where a processor runs some 20 instructions between two
 * system calls. The shortest user span seen on the CPU (one of at most
 * SIM_FR_EDGE_MAX_NS) is that time, and each user span loses it; until
 * one is seen, nothing.
 */
static void sim_fr_user_span(struct sim_cpu *sc, u64 now)
{
	u64 ns = now > sc->fr_last_ns ? now - sc->fr_last_ns : 0;

	if (ns && ns <= SIM_FR_EDGE_MAX_NS &&
	    (!sc->fr_edge_ns || ns < sc->fr_edge_ns))
		sc->fr_edge_ns = ns;
	sc->fr_last_ns += min(ns, sc->fr_edge_ns);
	sim_fr_span(sc, now);
}

/* The overflow that stopped the batch raised the line */
static void sim_fr_raise(struct sim_cpu *sc, struct pt_regs *regs)
{
	u64 delay = READ_ONCE(sim_irq_delay_ns);

	/*
	 * An overflow of a user span that an entry from user mode closed
	 * interrupts that user code, not the kernel where interrupts come
	 * on again (as an injected record's does)
	 */
	if (!regs && !delay && !sc->irq_armed && sc->fr_origin) {
		sc->rec_origin = true;
		sc->rec_ip = sc->fr_ip;
		sc->rec_cpl = sc->fr_cpl;
	}
	sim_raise(sc, regs);
}

/*
 * What each counter counted in the finished batch teaches its rate at
 * the batch's privilege level, unless the driver changed its PMC
 * meanwhile or the batch was too short to tell
 */
static void sim_fr_learn(struct sim_cpu *sc)
{
	unsigned int i, u = sc->fr_cpl ? 1 : 0;

	if (sc->fr_cycles < SIM_FR_RATE_CYCLES)
		return;
	for (i = 4; i < 4 + sim_nr_ctr(sc); i++) {
		if (sc->model.pmc[i] != sc->fr_pmc[i])
			continue;
		sc->fr_rate[u][i] = div64_u64(sc->fr_delta[i] <<
					      SIM_FR_RATE_SHIFT,
					      sc->fr_cycles);
		sc->fr_rate_pmc[u][i] = sc->fr_pmc[i];
	}
}

/*
 * Run the batch in fr_buf from fr_off on. An overflow stops it: with
 * @regs (an interrupt from there) the PMU interrupt is taken at once and
 * the batch goes on; else the rest waits for the interrupt
 * (sim_fr_handler_exit()). Irqs off, this CPU.
 */
static void sim_fr_batch(struct sim_cpu *sc, struct pt_regs *regs)
{
	struct ia64_model *m = &sc->model;
	unsigned int i, n = sim_nr_ctr(sc);
	u64 before[IA64_MODEL_CTR_END];
	int size, more;

	sc->fr_running = true;
	while (sc->fr_off < sc->fr_len) {
		const void *rec = sc->fr_buf + sc->fr_off;

		/* the mix lists the CPU model's own events */
		size = ia64_model_check_rec_cpu(m->cpu, rec,
						sc->fr_len - sc->fr_off);
		if (WARN_ON_ONCE(size <= 0)) {
			sc->fr_len = 0;
			break;
		}
		for (i = 4; i < 4 + n; i++)
			before[i] = ia64_model_ctr_count(m, i);
		more = ia64_model_run(m, rec, &sc->fr_progress);
		for (i = 4; i < 4 + n; i++)
			sc->fr_delta[i] += (ia64_model_ctr_count(m, i) -
					    before[i]) & ia64_model_ctr_mask(m);
		if (!more) {
			sc->fr_off += size;
			sc->fr_progress = 0;
		}
		if (ia64_model_irq_pending(m)) {
			sim_fr_raise(sc, regs);
			/* not taken yet: the rest waits for it */
			if (ia64_model_irq_pending(m))
				goto out;
		}
	}
	sim_fr_learn(sc);
	sc->fr_len = 0;
out:
	sc->fr_running = false;
}

/*
 * Run @ns of the mix at privilege level @user's, as this CPU's current
 * task at @kip (kernel) or its user state; @origin: a user span that an
 * entry from user mode closed
 */
static void sim_fr_run(struct sim_cpu *sc, u64 ns, bool user,
		       unsigned long kip, struct pt_regs *regs, bool origin)
{
	u64 now = sc->fr_last_ns, ip, sp;
	unsigned int i;

	sc->fr_cycles = sim_ns_to_cycles(ns);
	if (!sc->fr_cycles)
		return;
	/* a frozen PMU counts nothing ([ITA-RM] §6.2.3) */
	if (ia64_model_frozen(&sc->model) && !sc->model.ipear_delay)
		return;
	sim_fr_where(user, kip, &ip, &sp);
	sc->fr_cpl = user ? 3 : 0;
	sc->fr_ip = ip;
	sc->fr_origin = origin;
	sc->fr_task = current;
	sc->fr_len = ia64_model_freerun_batch(sc->model.cpu, &sc->fr,
					      sc->fr_buf, sizeof(sc->fr_buf),
					      sc->fr_cycles, ip, sp,
					      sc->fr_cpl,
					      current->pid ^ (u32)(now >> 27));
	sc->fr_off = 0;
	sc->fr_progress = 0;
	for (i = 4; i < 4 + sim_nr_ctr(sc); i++) {
		sc->fr_delta[i] = 0;
		sc->fr_pmc[i] = sc->model.pmc[i];
	}
	sim_fr_batch(sc, regs);
}

/*
 * Run what waits: the rest of a batch an overflow stopped (its task's
 * only), then the pending spans, the one the caller closes (@user's) last.
 * Nothing while an interrupt is pending: the PMU is frozen.
 */
static void __sim_fr_flush(struct sim_cpu *sc, bool user, unsigned long kip,
			   struct pt_regs *regs, bool origin)
{
	u64 ns;

	if (sc->fr_len && !ia64_model_irq_pending(&sc->model)) {
		if (sc->fr_task == current)
			sim_fr_batch(sc, regs);
		else
			sc->fr_len = 0;
	}
	if (ia64_model_irq_pending(&sc->model) || sc->fr_len)
		return;
	ns = sc->fr_pend_ns[!user];
	sc->fr_pend_ns[!user] = 0;
	if (ns)
		sim_fr_run(sc, ns, !user, kip, regs, false);
	if (ia64_model_irq_pending(&sc->model) || sc->fr_len)
		return;
	ns = sc->fr_pend_ns[user];
	sc->fr_pend_ns[user] = 0;
	if (ns)
		sim_fr_run(sc, ns, user, kip, regs, origin && user);
}

/* ... unless a catch-up or the PMU handler runs on this CPU */
static void sim_fr_flush(struct sim_cpu *sc, bool user, unsigned long kip,
			 struct pt_regs *regs, bool origin)
{
	if (sc->fr_running || sc->fr_handler)
		return;
	__sim_fr_flush(sc, user, kip, regs, origin);
	/*
	 * The model's own time, long under emulation, is not execution of
	 * the program: the clock skips it, as it skips the PMU handler's
	 */
	sc->fr_last_ns = ktime_get_ns();
}

/*
 * The time until the first overflow the counts predict: each counter's
 * events left over its rate at the privilege level the CPU runs at next
 * (@user's), less what the pending spans will count. SIM_FR_PROBE_NS for
 * a counter whose rate is not known yet; U64_MAX if none will overflow.
 */
static u64 sim_fr_predict(struct sim_cpu *sc, bool user)
{
	struct ia64_model *m = &sc->model;
	unsigned int i, u = user;
	u64 best = U64_MAX, left, soon, rate, cyc;

	if (ia64_model_frozen(m) || is_idle_task(current))
		return U64_MAX;
	for (i = 4; i < 4 + sim_nr_ctr(sc); i++) {
		left = ia64_model_ctr_to_freeze(m, i);
		if (!left)
			continue;
		if (sc->fr_rate_pmc[u][i] != m->pmc[i]) {
			best = min_t(u64, best, SIM_FR_PROBE_NS);
			continue;
		}
		rate = sc->fr_rate[u][i];
		/* far beyond the period: no need to know how far */
		if (!rate || left >> 40)
			continue;
		soon = 0;
		if (sc->fr_rate_pmc[!u][i] == m->pmc[i])
			soon = sc->fr_rate[!u][i] *
			       sim_ns_to_cycles(sc->fr_pend_ns[!u]);
		soon = (soon + rate * sim_ns_to_cycles(sc->fr_pend_ns[u])) >>
		       SIM_FR_RATE_SHIFT;
		left = left > soon ? left - soon : 1;
		cyc = div64_u64((left << SIM_FR_RATE_SHIFT) + rate - 1, rate);
		best = min_t(u64, best, sim_cycles_to_ns(cyc));
	}
	return best;
}

/*
 * Arm the catch-up timer for the predicted overflow, or the period,
 * whichever comes first, if that is earlier than it is armed for; @user:
 * the CPU goes on in user mode (an interrupt returns there)
 */
static void sim_fr_arm(struct sim_cpu *sc, u64 now, bool user)
{
	u64 period = (u64)READ_ONCE(freerun_period_us) * NSEC_PER_USEC;
	u64 step = clamp_t(u64, sim_fr_predict(sc, user), SIM_FR_MIN_STEP_NS,
			   period);

	if (sc->fr_in_timer) {
		sc->fr_expires = min(sc->fr_expires, now + step);
		return;
	}
	if (now + step + SIM_FR_MIN_STEP_NS / 2 >= sc->fr_expires ||
	    !hrtimer_active(&sc->freerun_timer))
		return;
	sc->fr_expires = now + step;
	hrtimer_start(&sc->freerun_timer, ns_to_ktime(sc->fr_expires),
		      HRTIMER_MODE_ABS_PINNED_HARD);
}

/*
 * The generic entry code: right after an entry from user mode
 * (@to_user false) or right before the return to it. Irqs off, this
 * CPU, in the task's context.
 */
static void sim_fr_transition(bool to_user)
{
	struct sim_cpu *sc = this_cpu_ptr(sim_cpus);
	bool was_user = sc->fr_user;
	u64 now;

	if (!READ_ONCE(sim_freerun) || sc->fr_running) {
		sc->fr_user = to_user;
		return;
	}
	now = ktime_get_ns();
	if (was_user && !to_user)
		sim_fr_user_span(sc, now);
	else
		sim_fr_span(sc, now);
	sc->fr_user = to_user;
	/*
	 * The spans run once they add up to a batch, and at once when user
	 * code leaves after the time an overflow was predicted for: the
	 * overflow interrupted that code
	 */
	if (sc->fr_pend_ns[0] + sc->fr_pend_ns[1] >= SIM_FR_BATCH_NS ||
	    (was_user && !to_user && now >= sc->fr_expires))
		sim_fr_flush(sc, was_user, _RET_IP_, NULL, !to_user);
	/* an interrupt from user mode returns there */
	sim_fr_arm(sc, now, to_user || was_user);
	/* the hook's own time is the model's, not the program's */
	sc->fr_last_ns = ktime_get_ns();
}

/*
 * A context switch: the time until now is @prev's, in the kernel. The
 * driver has not switched the events yet (perf's sched_out comes
 * after the tracepoint): they count it. What an overflow leaves waiting
 * is @prev's, and is dropped once @next runs (MODEL).
 */
static void sim_fr_switch(void *data, bool preempt, struct task_struct *prev,
			  struct task_struct *next, unsigned int prev_state)
{
	struct sim_cpu *sc = this_cpu_ptr(sim_cpus);

	if (!READ_ONCE(sim_freerun) || sc->fr_running)
		return;
	sim_fr_span(sc, ktime_get_ns());
	sim_fr_flush(sc, false, _RET_IP_, NULL, false);
	sc->fr_pend_ns[0] = 0;
	sc->fr_pend_ns[1] = 0;
	sc->fr_user = false;
}

/*
 * A register access of the driver (sim_hw.c): the kernel runs at @ip.
 * User time runs before the driver reads or stops a counter, however
 * short (the ioctls around a short window); kernel time once it adds up
 * to a batch. Then the next overflow is predicted again (the driver may
 * have changed a counter).
 */
void sim_fr_access(struct sim_cpu *sc, unsigned long ip)
{
	u64 now;

	if (!READ_ONCE(sim_freerun) || sc->fr_running || sc->fr_handler)
		return;
	now = ktime_get_ns();
	sim_fr_span(sc, now);
	if (sc->fr_pend_ns[1] ||
	    sc->fr_pend_ns[0] + sc->fr_pend_ns[1] >= SIM_FR_BATCH_NS)
		sim_fr_flush(sc, sc->fr_user, ip, NULL, false);
	sim_fr_arm(sc, now, sc->fr_user);
}

/*
 * The PMU handler starts: the time before it is the program's, but for
 * what the line waited, frozen
 */
void sim_fr_handler_enter(struct sim_cpu *sc)
{
	if (READ_ONCE(sim_freerun))
		sim_fr_span(sc, ktime_get_ns());
	sc->fr_handler = true;
}

/*
 * ... and returns: its own time is skipped; what the overflow stopped
 * runs now, with the interrupted state @regs for the overflows to come
 */
void sim_fr_handler_exit(struct sim_cpu *sc, struct pt_regs *regs)
{
	sc->fr_handler = false;
	sc->fr_last_ns = ktime_get_ns();
	if (!READ_ONCE(sim_freerun) || sc->fr_running)
		return;
	sim_fr_flush(sc, sc->fr_user,
		     regs && !user_mode(regs) ? instruction_pointer(regs) :
						_RET_IP_, regs, false);
	sim_fr_arm(sc, ktime_get_ns(), regs && user_mode(regs));
}

/*
 * The catch-up timer: everything waiting runs, with the interrupted
 * state for its overflows; then the timer is armed for the next one
 */
enum hrtimer_restart sim_freerun_fn(struct hrtimer *t)
{
	struct sim_cpu *sc = container_of(t, struct sim_cpu, freerun_timer);
	u64 period_ns = (u64)READ_ONCE(freerun_period_us) * NSEC_PER_USEC;
	struct pt_regs *regs = get_irq_regs();
	u64 now = ktime_get_ns();

	if (!READ_ONCE(sim_freerun))
		return HRTIMER_NORESTART;
	sc->fr_in_timer = true;
	if (regs && !sc->fr_running && !sc->fr_handler) {
		sim_fr_span(sc, now);
		sim_fr_flush(sc, sc->fr_user,
			     user_mode(regs) ? _RET_IP_ :
					       instruction_pointer(regs),
			     regs, false);
	}
	/*
	 * From the end of this catch-up, whose interrupts may have taken
	 * long: the next one leaves the program at least
	 * SIM_FR_MIN_STEP_NS. The timer's own time is the model's, not
	 * the program's: the clock skips it.
	 */
	now = ktime_get_ns();
	sc->fr_last_ns = now;
	sc->fr_expires = now + period_ns;
	sim_fr_arm(sc, now, regs && user_mode(regs));
	sc->fr_in_timer = false;
	hrtimer_set_expires(t, ns_to_ktime(sc->fr_expires));
	return HRTIMER_RESTART;
}

void sim_freerun_start(void *unused)
{
	struct sim_cpu *sc = this_cpu_ptr(sim_cpus);
	u64 period_ns = (u64)READ_ONCE(freerun_period_us) * NSEC_PER_USEC;
	unsigned long flags;

	if (!READ_ONCE(sim_freerun))
		return;
	/* the time the mode was off counts nothing */
	local_irq_save(flags);
	sc->fr_last_ns = ktime_get_ns();
	sc->fr_pend_ns[0] = 0;
	sc->fr_pend_ns[1] = 0;
	if (!sc->fr_running)
		sc->fr_len = 0;
	if (!hrtimer_active(&sc->freerun_timer)) {
		sc->fr_expires = sc->fr_last_ns + period_ns;
		hrtimer_start(&sc->freerun_timer, ns_to_ktime(sc->fr_expires),
			      HRTIMER_MODE_ABS_PINNED_HARD);
	}
	local_irq_restore(flags);
}

static ssize_t sim_freerun_write(struct file *file, const char __user *ubuf,
				 size_t len, loff_t *ppos)
{
	bool on;
	int ret;

	ret = kstrtobool_from_user(ubuf, len, &on);
	if (ret)
		return ret;
	WRITE_ONCE(sim_freerun, on);
	if (on) {
		cpus_read_lock();
		on_each_cpu(sim_freerun_start, NULL, 1);
		cpus_read_unlock();
	}
	return len;
}

static ssize_t sim_freerun_read(struct file *file, char __user *ubuf,
				size_t len, loff_t *ppos)
{
	char buf[3] = { READ_ONCE(sim_freerun) ? '1' : '0', '\n' };

	return simple_read_from_buffer(ubuf, len, ppos, buf, 2);
}

static const struct file_operations sim_freerun_fops = {
	.owner	= THIS_MODULE,
	.read	= sim_freerun_read,
	.write	= sim_freerun_write,
	.llseek	= default_llseek,
};

/* A new period takes effect at once, not after the old one expires */
static void sim_freerun_rearm(void *unused)
{
	struct sim_cpu *sc = this_cpu_ptr(sim_cpus);
	u64 period_ns = (u64)READ_ONCE(freerun_period_us) * NSEC_PER_USEC;

	if (READ_ONCE(sim_freerun) && hrtimer_active(&sc->freerun_timer)) {
		sc->fr_expires = ktime_get_ns() + period_ns;
		hrtimer_start(&sc->freerun_timer, ns_to_ktime(sc->fr_expires),
			      HRTIMER_MODE_ABS_PINNED_HARD);
	}
}

static int sim_period_set(void *data, u64 val)
{
	if (val < 100 || val > USEC_PER_SEC)
		return -EINVAL;
	WRITE_ONCE(freerun_period_us, val);
	cpus_read_lock();
	on_each_cpu(sim_freerun_rearm, NULL, 1);
	cpus_read_unlock();
	return 0;
}

static int sim_period_get(void *data, u64 *val)
{
	*val = READ_ONCE(freerun_period_us);
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(sim_period_fops, sim_period_get, sim_period_set,
			 "%llu\n");

void sim_freerun_debugfs_init(struct dentry *dir)
{
	debugfs_create_file("freerun", 0600, dir, NULL, &sim_freerun_fops);
	debugfs_create_file_unsafe("freerun_period_us", 0600, dir, NULL,
				   &sim_period_fops);
}

static struct tracepoint *sim_tp_sched_switch;

static void sim_find_tp(struct tracepoint *tp, void *priv)
{
	if (!strcmp(tp->name, "sched_switch"))
		sim_tp_sched_switch = tp;
}

/*
 * The transitions the free-running mode follows: the entry code's hook
 * and the sched_switch tracepoint. Both stay registered while the module
 * is loaded; with the mode off each costs a test of sim_freerun.
 */
int sim_freerun_init(void)
{
	int ret;

	for_each_kernel_tracepoint(sim_find_tp, NULL);
	if (!sim_tp_sched_switch) {
		pr_err("ia64_pmu_sim: no sched_switch tracepoint\n");
		return -ENODEV;
	}
	ret = tracepoint_probe_register(sim_tp_sched_switch, sim_fr_switch,
					NULL);
	if (ret)
		return ret;
	ret = user_mode_hook_register(sim_fr_transition);
	if (ret) {
		tracepoint_probe_unregister(sim_tp_sched_switch,
					    sim_fr_switch, NULL);
		tracepoint_synchronize_unregister();
	}
	return ret;
}

void sim_freerun_exit(void)
{
	user_mode_hook_unregister(sim_fr_transition);
	tracepoint_probe_unregister(sim_tp_sched_switch, sim_fr_switch, NULL);
	tracepoint_synchronize_unregister();
}

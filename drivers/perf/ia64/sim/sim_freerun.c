// SPDX-License-Identifier: GPL-2.0
/*
 * Free-running mode of the simulated backend (debugfs freerun,
 * freerun_period_us; module parameter "freerun"): the model runs the
 * free-running mix of pmu_model_freerun.c for the time that passes on
 * each CPU, as the execution of what runs there, at every register
 * access of the driver (sim_hw.c) and at a per-CPU timer tick, which
 * also samples the user/kernel mix of whatever runs on the CPU; time
 * that no tick saw, between two accesses of a user task, is that task's
 * user time.
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

#include <asm/irq_regs.h>

#include "pmu_model.h"
#include "sim_backend.h"

static u32 freerun_period_us = 1000;

/*
 * Free-running mode: run the model for the time that passed on this CPU
 * since it last did, as the execution of what runs now, at @cpl around
 * @ip and data address @sp: the mix of pmu_model_freerun.c for an
 * 800 MHz Itanium, seeded by the task and the time (a new phase every
 * 134 ms). The idle task counts nothing: PAL_LIGHT_HALT freezes
 * monitoring ([ITA-RM] §6.2.9). Irqs off, this CPU.
 */
void sim_catch_up(struct sim_cpu *sc, u64 min_ns, unsigned int cpl,
		  u64 ip, u64 sp, struct pt_regs *regs)
{
	u64 start = sc->fr_last_ns, now = ktime_get_ns(), ns, progress;
	u64 done = 0;
	size_t len, off;
	int size;

	/*
	 * The interrupt handler a catch-up calls makes register accesses
	 * of its own: they do not start another one. While an overflow
	 * interrupt waits to be delivered, the frozen PMU would count
	 * nothing: the time waits too.
	 */
	ns = min_t(u64, now - start, NSEC_PER_SEC);
	if (ns < min_ns || sc->fr_running || ia64_model_irq_pending(&sc->model))
		return;
	sc->fr_last_ns = start + ns;
	if (is_idle_task(current))
		return;
	sc->fr_running = true;
	len = ia64_model_freerun_batch(sc->model.cpu, &sc->fr, sc->fr_buf,
				       sizeof(sc->fr_buf), ns * 4 / 5, ip, sp,
				       cpl, current->pid ^ (u32)(now >> 27));
	for (off = 0; off < len; off += size) {
		const struct ia64_pmu_rec_hdr *h = (void *)(sc->fr_buf + off);

		/* The mix lists the CPU model's own events */
		size = ia64_model_check_rec_cpu(sc->model.cpu,
						sc->fr_buf + off, len - off);
		if (WARN_ON_ONCE(size <= 0))
			break;
		progress = 0;
		while (ia64_model_run(&sc->model, h, &progress)) {
			sim_raise(sc, regs);
			if (ia64_model_irq_pending(&sc->model))
				break;
		}
		if (h->type == IA64_PMU_REC_CYCLES)
			done += progress;
		if (ia64_model_irq_pending(&sc->model))
			sim_raise(sc, regs);
		if (ia64_model_irq_pending(&sc->model)) {
			/*
			 * Frozen until the interrupt is taken (interrupts
			 * are off here): the rest of the time is caught up
			 * after it.
			 */
			sc->fr_last_ns = start + div_u64(done * 5, 4);
			break;
		}
	}
	sc->fr_running = false;
}

/* Free-running mode: synthetic execution of whatever runs on the CPU */
enum hrtimer_restart sim_freerun_fn(struct hrtimer *t)
{
	struct sim_cpu *sc = container_of(t, struct sim_cpu, freerun_timer);
	struct pt_regs *regs = get_irq_regs(), *at = regs;
	u64 period_ns = (u64)READ_ONCE(freerun_period_us) * NSEC_PER_USEC;
	unsigned int cpl;

	if (!READ_ONCE(sim_freerun))
		return HRTIMER_NORESTART;
	hrtimer_forward_now(t, ns_to_ktime(period_ns));
	if (!regs)
		return HRTIMER_RESTART;

	/*
	 * The time since the last tick goes to what this one interrupted,
	 * and so does the time until the next register access (a sample of
	 * user/kernel every period). The time since an access is a user
	 * task's user time, as at an access (sim_hw.c).
	 */
	cpl = user_mode(regs) ? 3 : 0;
	if (!sc->fr_ticked && !cpl && !(current->flags & PF_KTHREAD))
		at = task_pt_regs(current);
	sc->fr_cpl = cpl;
	sim_catch_up(sc, 0, user_mode(at) ? 3 : 0, instruction_pointer(at),
		     user_mode(at) ? user_stack_pointer(at) :
				     current_stack_pointer, regs);
	/* after the accesses of an interrupt the catch-up delivered */
	sc->fr_ticked = true;
	return HRTIMER_RESTART;
}

void sim_freerun_start(void *unused)
{
	struct sim_cpu *sc = this_cpu_ptr(sim_cpus);
	u64 period_ns = (u64)READ_ONCE(freerun_period_us) * NSEC_PER_USEC;

	if (READ_ONCE(sim_freerun) && !hrtimer_active(&sc->freerun_timer)) {
		sc->fr_last_ns = ktime_get_ns();
		hrtimer_start(&sc->freerun_timer, ns_to_ktime(period_ns),
			      HRTIMER_MODE_REL_PINNED_HARD);
	}
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

	if (READ_ONCE(sim_freerun) && hrtimer_active(&sc->freerun_timer))
		hrtimer_start(&sc->freerun_timer, ns_to_ktime(period_ns),
			      HRTIMER_MODE_REL_PINNED_HARD);
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

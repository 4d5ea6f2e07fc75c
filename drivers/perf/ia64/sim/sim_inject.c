// SPDX-License-Identifier: GPL-2.0
/*
 * Execution records injected through debugfs (inject): checked whole,
 * then run one by one on the writer's CPU, in the writer's context, so
 * that per-task events see exactly their task's records. An overflow
 * that freezes the model stops a record at that cycle until its
 * interrupt (sim_irq.c) has been taken, however long that takes.
 */

#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "pmu_model.h"
#include "sim_backend.h"

/* Largest write accepted by "inject" */
#define SIM_INJECT_MAX		(1U << 20)

/*
 * Run one validated record on this CPU. An overflow that freezes the PMU
 * stops the model at that cycle; the interrupt is delivered before the
 * rest of the record runs, as on hardware, unless a delay is set.
 */
static void sim_run_record(const void *rec)
{
	u64 delay = READ_ONCE(sim_irq_delay_ns);
	unsigned long fired = 0;
	struct sim_cpu *sc;
	unsigned long flags;
	u64 progress = 0;
	bool wait;
	int more;

	do {
		preempt_disable();
		sc = this_cpu_ptr(sim_cpus);
		local_irq_save(flags);
		more = ia64_model_run(&sc->model, rec, &progress);
		/*
		 * Wait for the interrupt only if this record armed it at
		 * once: one armed earlier, with a delay, fires in its time.
		 */
		wait = false;
		if (ia64_model_irq_pending(&sc->model) && !sc->irq_armed) {
			if (!delay) {
				sc->rec_origin = true;
				ia64_model_rec_origin(rec, &sc->rec_ip,
						      &sc->rec_cpl);
			}
			fired = sc->irq_fired;
			wait = sim_arm_irq(sc, delay) && !delay;
		}
		local_irq_restore(flags);
		/*
		 * The rest of the record runs only once the interrupt was
		 * taken (here, as interrupts came on: sim_kick()), however
		 * long that takes: no wall-clock bound, which a loaded host
		 * would exceed. Only this interrupt is waited for: one that
		 * the handler's own accesses raise again (a storm of
		 * overflows) must not hold this CPU with preemption off
		 * (found by the fuzzer).
		 */
		while (wait && READ_ONCE(sc->irq_fired) == fired)
			cpu_relax();
		preempt_enable();
		cond_resched();
	} while (more);
}

static ssize_t sim_inject_write(struct file *file, const char __user *ubuf,
				size_t len, loff_t *ppos)
{
	size_t off;
	void *buf;
	int ret;

	if (!len || len > SIM_INJECT_MAX)
		return -EINVAL;
	buf = vmemdup_user(ubuf, len);
	if (IS_ERR(buf))
		return PTR_ERR(buf);

	/* Malformed input is refused whole and changes nothing */
	for (off = 0; off < len; off += ret) {
		ret = ia64_model_check_rec_cpu(sim_model_cpu, buf + off,
					       len - off);
		if (ret < 0)
			goto out;
	}
	for (off = 0; off < len;
	     off += ia64_model_check_rec_cpu(sim_model_cpu, buf + off,
					     len - off))
		sim_run_record(buf + off);
	ret = len;
out:
	kvfree(buf);
	return ret;
}

static const struct file_operations sim_inject_fops = {
	.owner	= THIS_MODULE,
	.write	= sim_inject_write,
	.llseek	= noop_llseek,
};

void sim_inject_debugfs_init(struct dentry *dir)
{
	debugfs_create_file("inject", 0200, dir, NULL, &sim_inject_fops);
}

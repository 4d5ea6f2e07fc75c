// SPDX-License-Identifier: GPL-2.0
/*
 * A debugger's use of the IBRs/DBRs, simulated (debugfs debugger/): the
 * claims of the driver on the debug registers (ia64_pmu_dbr_claim(), as
 * the ia64 glue provides them on Itanium) against debugged tasks, and
 * the breakpoints that a debugged task's switch-in loads ([SDM-2]
 * §7.1.1).
 */

#include <linux/cpu.h>
#include <linux/debugfs.h>
#include <linux/module.h>
#include <linux/perf/ia64_pmu.h>
#include <linux/pid.h>
#include <linux/sched/task.h>
#include <linux/smp.h>
#include <linux/spinlock.h>

#include "pmu_model.h"
#include "sim_backend.h"

/*
 * The debugger's use of the IBRs/DBRs (ptrace on Itanium, the ia64 glue's
 * ia64_dbr_claim()), simulated: debugger/attach <pid> gives a task debug
 * registers (IA64_THREAD_DBG_VALID), refused with EBUSY while perf
 * events have claimed that task's registers or every CPU's;
 * debugger/detach <pid> takes them away (an exec does on Itanium);
 * debugger/load <cpu> is a context switch to a debugged task on that
 * CPU: its breakpoints (IBR/DBR pairs with x, r, w set, [SDM-2]) are
 * loaded into the model and the CPU's load count goes up. The claims of
 * the driver are the same functions as on Itanium, on a table by pid.
 */
#define SIM_DBR_TASKS	256

static DEFINE_SPINLOCK(sim_dbr_lock);
static struct sim_dbr_task {
	struct task_struct *task;	/* NULL: free */
	unsigned int perf_users;	/* claims of the task's events */
	bool debugged;			/* a debugger's registers; a reference */
} sim_dbr_tasks[SIM_DBR_TASKS];
static unsigned int sim_dbr_cpu_users, sim_dbr_debugged;
static DEFINE_PER_CPU(unsigned long, sim_dbr_loads);

/*
 * The entry of @task, a new one if @add; sim_dbr_lock held. By task, not
 * by pid: an exec by a thread changes its pid, and the events that claim
 * hold a reference on their task until their release.
 */
static struct sim_dbr_task *sim_dbr_task(struct task_struct *task, bool add)
{
	struct sim_dbr_task *free = NULL;
	unsigned int i;

	for (i = 0; i < SIM_DBR_TASKS; i++) {
		if (sim_dbr_tasks[i].task == task)
			return &sim_dbr_tasks[i];
		if (!free && !sim_dbr_tasks[i].task)
			free = &sim_dbr_tasks[i];
	}
	if (add && free)
		free->task = task;
	return add ? free : NULL;
}

static void sim_dbr_put(struct sim_dbr_task *t)
{
	if (!t->perf_users && !t->debugged)
		t->task = NULL;
}

int ia64_pmu_dbr_claim(struct task_struct *task)
{
	struct sim_dbr_task *t;
	int ret = 0;

	spin_lock(&sim_dbr_lock);
	if (!task) {
		if (sim_dbr_debugged)
			ret = -EBUSY;
		else
			sim_dbr_cpu_users++;
		goto out;
	}
	t = sim_dbr_task(task, true);
	if (!t)
		ret = -ENOSPC;
	else if (t->debugged)
		ret = -EBUSY;
	else
		t->perf_users++;
out:
	spin_unlock(&sim_dbr_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(ia64_pmu_dbr_claim);

void ia64_pmu_dbr_release(struct task_struct *task)
{
	struct sim_dbr_task *t;

	spin_lock(&sim_dbr_lock);
	if (!task) {
		sim_dbr_cpu_users--;
	} else {
		t = sim_dbr_task(task, false);
		if (!WARN_ON_ONCE(!t || !t->perf_users)) {
			t->perf_users--;
			sim_dbr_put(t);
		}
	}
	spin_unlock(&sim_dbr_lock);
}
EXPORT_SYMBOL_GPL(ia64_pmu_dbr_release);

unsigned long ia64_pmu_dbr_loads(void)
{
	return this_cpu_read(sim_dbr_loads);
}
EXPORT_SYMBOL_GPL(ia64_pmu_dbr_loads);

static struct task_struct *sim_dbr_get_task(u64 pid)
{
	struct task_struct *task;
	struct pid *p;

	if (!pid || pid > PID_MAX_LIMIT)
		return NULL;
	p = find_get_pid(pid);
	task = get_pid_task(p, PIDTYPE_PID);
	put_pid(p);
	return task;
}

static int sim_dbr_attach(void *data, u64 pid)
{
	struct task_struct *task = sim_dbr_get_task(pid);
	struct sim_dbr_task *t;
	int ret = 0;

	if (!task)
		return -ESRCH;
	spin_lock(&sim_dbr_lock);
	t = sim_dbr_task(task, true);
	if (!t) {
		ret = -ENOSPC;
	} else if (t->perf_users || sim_dbr_cpu_users) {
		ret = -EBUSY;
		sim_dbr_put(t);
	} else if (!t->debugged) {
		t->debugged = true;	/* keeps the reference */
		sim_dbr_debugged++;
		task = NULL;
	}
	spin_unlock(&sim_dbr_lock);
	if (task)
		put_task_struct(task);
	return ret;
}
DEFINE_DEBUGFS_ATTRIBUTE(sim_dbr_attach_fops, NULL, sim_dbr_attach, "%llu\n");

static int sim_dbr_detach(void *data, u64 pid)
{
	struct task_struct *task = sim_dbr_get_task(pid), *held = NULL;
	struct sim_dbr_task *t;

	if (!task)
		return -ESRCH;
	spin_lock(&sim_dbr_lock);
	t = sim_dbr_task(task, false);
	if (t && t->debugged) {
		t->debugged = false;
		sim_dbr_debugged--;
		held = task;
		sim_dbr_put(t);
	}
	spin_unlock(&sim_dbr_lock);
	if (held)
		put_task_struct(held);
	put_task_struct(task);
	return t ? 0 : -ENOENT;
}
DEFINE_DEBUGFS_ATTRIBUTE(sim_dbr_detach_fops, NULL, sim_dbr_detach, "%llu\n");

/* A debugged task's breakpoints, as its switch-in loads them */
static void sim_dbr_load_regs(void *unused)
{
	struct ia64_model *m = &this_cpu_ptr(sim_cpus)->model;
	unsigned int i;

	for (i = 0; i < IA64_MODEL_NR_IBR; i += 2) {
		ia64_model_write_ibr(m, i, 0x4000000000100000ULL + i * 0x100);
		/* x, plm 3, the 16 bytes at base */
		ia64_model_write_ibr(m, i + 1, BIT_ULL(63) | (0x8ULL << 56) |
					       (BIT_ULL(56) - 16));
	}
	for (i = 0; i < IA64_MODEL_NR_DBR; i += 2) {
		ia64_model_write_dbr(m, i, 0x6000000000100000ULL + i * 0x100);
		/* r, w, plm 3, 8 bytes */
		ia64_model_write_dbr(m, i + 1, BIT_ULL(63) | BIT_ULL(62) |
					       (0x8ULL << 56) |
					       (BIT_ULL(56) - 8));
	}
	this_cpu_inc(sim_dbr_loads);
}

static int sim_dbr_load(void *data, u64 cpu)
{
	int ret;

	cpus_read_lock();
	ret = sim_on_cpu(cpu, sim_dbr_load_regs, NULL);
	cpus_read_unlock();
	return ret;
}
DEFINE_DEBUGFS_ATTRIBUTE(sim_dbr_load_fops, NULL, sim_dbr_load, "%llu\n");

void sim_dbr_debugfs_init(struct dentry *dir)
{
	struct dentry *dbg;

	dbg = debugfs_create_dir("debugger", dir);
	debugfs_create_file_unsafe("attach", 0200, dbg, NULL,
				   &sim_dbr_attach_fops);
	debugfs_create_file_unsafe("detach", 0200, dbg, NULL,
				   &sim_dbr_detach_fops);
	debugfs_create_file_unsafe("load", 0200, dbg, NULL,
				   &sim_dbr_load_fops);
}

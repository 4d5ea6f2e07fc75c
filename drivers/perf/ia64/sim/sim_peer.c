// SPDX-License-Identifier: GPL-2.0
/*
 * Another PMU that keeps data per task (debugfs fault/peer_pmu): what
 * x86's LBR call stacks are to its core PMU, a user of the perf core's
 * per-task PMU data besides the Itanium driver, which the test VM
 * (x86_64 under TCG: no LBR) has not. Writing 1 registers the PMU
 * "ia64_pmu_peer", which stays until the module goes: the data its events
 * got can outlive them (on 6.1 the task's context keeps it until the
 * task exits), and its cache with it. Its per-task events ask for the
 * task's data (PERF_ATTACH_TASK_DATA) from a kmem_cache of their own,
 * of another size than the driver's, and count nothing. Since 6.15 the
 * core keeps one such data per task (task->perf_ctx_data), whatever
 * PMU's cache it came from: a task that one of these events opened on
 * first holds data that is not the driver's (ia64_pmu_compat.h).
 *
 * Up to 6.1 the data goes in the task's software context, which has one
 * for all software PMUs and frees it with the cache of the PMU that
 * created the context: the data of a peer event opened on a task whose
 * software context another software PMU (task-clock, say) created was
 * never freed, and the cache still held it when the module went. No
 * built-in software PMU keeps per-task data. There the peer asks for
 * none: its data could never meet the driver's anyway, which is in the
 * task's hardware context.
 */

#include <linux/debugfs.h>
#include <linux/mutex.h>
#include <linux/perf_event.h>
#include <linux/slab.h>

#include "../ia64_pmu_compat.h"
#include "sim_backend.h"

/* Bigger than any of the driver's */
#define SIM_PEER_DATA_SIZE	1024

static DEFINE_MUTEX(sim_peer_lock);
static bool sim_peer_registered;

static int sim_peer_event_init(struct perf_event *event)
{
	if (event->attr.type != event->pmu->type)
		return -ENOENT;
	if ((event->attach_state & PERF_ATTACH_TASK) &&
	    IA64_PMU_SW_TASK_DATA)
		event->attach_state |= PERF_ATTACH_TASK_DATA;
	return 0;
}

static int sim_peer_add(struct perf_event *event, int flags)
{
	return 0;
}

static void sim_peer_nop(struct perf_event *event, int flags)
{
}

static void sim_peer_read(struct perf_event *event)
{
}

static struct pmu sim_peer_pmu = {
	.module		= THIS_MODULE,
	.task_ctx_nr	= perf_sw_context,
	.capabilities	= PERF_PMU_CAP_NO_INTERRUPT,
	.event_init	= sim_peer_event_init,
	.add		= sim_peer_add,
	.del		= sim_peer_nop,
	.start		= sim_peer_nop,
	.stop		= sim_peer_nop,
	.read		= sim_peer_read,
};

static int sim_peer_register(void)
{
	int ret;

	sim_peer_pmu.task_ctx_cache =
		kmem_cache_create("ia64_pmu_peer_ctx", SIM_PEER_DATA_SIZE, 0,
				  0, NULL);
	if (!sim_peer_pmu.task_ctx_cache)
		return -ENOMEM;
	ret = perf_pmu_register(&sim_peer_pmu, "ia64_pmu_peer", -1);
	if (ret) {
		kmem_cache_destroy(sim_peer_pmu.task_ctx_cache);
		sim_peer_pmu.task_ctx_cache = NULL;
	}
	return ret;
}

/*
 * At module exit: no event of the PMU is left (they hold the module), and
 * the tasks that had one are gone or drop its data after a grace period
 */
void sim_peer_exit(void)
{
	if (!sim_peer_registered)
		return;
	ia64_pmu_unregister(&sim_peer_pmu);
	rcu_barrier();
	kmem_cache_destroy(sim_peer_pmu.task_ctx_cache);
	sim_peer_registered = false;
}

/* 1: register the PMU (once); it cannot be unregistered before exit */
static int sim_peer_set(void *data, u64 on)
{
	int ret = 0;

	if (!on)
		return -EINVAL;
	mutex_lock(&sim_peer_lock);
	if (!sim_peer_registered) {
		ret = sim_peer_register();
		sim_peer_registered = !ret;
	}
	mutex_unlock(&sim_peer_lock);
	return ret;
}
DEFINE_DEBUGFS_ATTRIBUTE(sim_peer_fops, NULL, sim_peer_set, "%llu\n");

void sim_peer_debugfs_init(struct dentry *fault)
{
	debugfs_create_file_unsafe("peer_pmu", 0200, fault, NULL,
				   &sim_peer_fops);
}

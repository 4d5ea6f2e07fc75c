// SPDX-License-Identifier: GPL-2.0
/*
 * The per-task PMU data of the perf core, which a branch-stack event
 * needs to carry its task's BTB across context switches. Since 6.15 the
 * core keeps one such data per task (task->perf_ctx_data), and hands a
 * PMU whatever data the task has, whichever PMU's kmem_cache it came
 * from. The simulated backend's fault/peer_pmu registers another PMU
 * that keeps per-task data ("ia64_pmu_peer", as x86's LBR call stacks
 * would be): with its event opened on a task first, the driver's
 * branch-stack event on that task is EBUSY there, rather than reading
 * and writing the other PMU's data as its own; up to 6.14 each PMU has
 * its own data and both open. Once the other PMU's event is gone, ours
 * opens. On 6.1 the other PMU asks for no per-task data (sim_peer.c:
 * 6.1's software context would not free it), so this shows only that
 * ours opens; zz_module_reload_e2e.sh shows nothing of it left at unload.
 */


#include "kselftest_harness.h"
#include "ia64_pmu_test.h"

#define PEER_TYPE	"/sys/bus/event_source/devices/ia64_pmu_peer/type"

/* A sampling event with a branch stack on this task, or -1 and errno */
static int open_branch_stack(void)
{
	struct perf_event_attr attr;

	counting_attr(&attr, IA64_PMU_CONFIG(ES_CPU_CYCLES, 0));
	attr.sample_period = 1000;
	attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_BRANCH_STACK;
	attr.branch_sample_type = PERF_SAMPLE_BRANCH_ANY |
				  PERF_SAMPLE_BRANCH_USER;
	attr.read_format = 0;
	attr.exclude_kernel = 1;
	return sys_perf_event_open(&attr, 0, -1, -1, 0);
}

/* An event of the other PMU on this task: its per-task data */
static int open_peer(void)
{
	struct perf_event_attr attr;
	char buf[32];

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = strtoul(read_line(PEER_TYPE, buf, sizeof(buf)), NULL, 0);
	if (!attr.type)
		return -1;
	attr.disabled = 1;
	attr.exclude_kernel = 1;
	return sys_perf_event_open(&attr, 0, -1, -1, 0);
}

FIXTURE(taskdata) {
	int dummy;
};

FIXTURE_SETUP(taskdata)
{
	ASSERT_EQ(0, sim_set("freerun", "0"));
	ASSERT_EQ(0, sim_set("fault/peer_pmu", "1"));
}

/* the other PMU stays until the model's module goes (sim_peer.c) */
FIXTURE_TEARDOWN(taskdata)
{
}

TEST_F(taskdata, other_pmus_data_is_not_ours)
{
	int shared = kernel_at_least(6, 15);
	int peer, fd, i;

	ASSERT_GE(shared, 0);
	/* alone, ours opens */
	fd = open_branch_stack();
	ASSERT_GE(fd, 0);
	close(fd);

	peer = open_peer();
	ASSERT_GE(peer, 0);
	fd = open_branch_stack();
	if (shared) {
		EXPECT_EQ(-1, fd);
		EXPECT_EQ(EBUSY, errno);
	} else {
		EXPECT_GE(fd, 0) TH_LOG("each PMU's own data: %s",
					strerror(errno));
	}
	if (fd >= 0)
		close(fd);
	close(peer);

	/* the other PMU's data goes with its last event */
	for (i = 0; i < 100; i++) {
		fd = open_branch_stack();
		if (fd >= 0 || errno != EBUSY)
			break;
		usleep(10000);
	}
	EXPECT_GE(fd, 0) TH_LOG("after the other PMU's event: %s",
				strerror(errno));
	if (fd >= 0)
		close(fd);
}

TEST_HARNESS_MAIN

// SPDX-License-Identifier: GPL-2.0
/*
 * A hardware event added to a pure software group moves the group into
 * the hardware context (move_group in perf_event_open()), which takes the
 * mutexes of both contexts. A software event can also sit in the hardware
 * context, as a member of a hardware group; when a CPU going offline
 * breaks that group up, the member becomes a leader of its own, a
 * "software group" that is already in the hardware context. On Linux 6.1
 * (a context per PMU) perf_event_open() then took the hardware context's
 * mutex twice, and the opening task hung in D state for good.
 *
 * The open that would hang runs in a child; once the child sits in D
 * state without being switched in (stall_util.h), the test fails without
 * waiting for it. Then a group built the ordinary way (a software
 * leader, a hardware member) must still move.
 *
 * Software events and a hardware cycles event (skipped without one); root
 * is needed for CPU hotplug.
 */
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>

#include "../kselftest_harness.h"
#include "hotplug_util.h"
#include "stall_util.h"

static void init_attr(struct perf_event_attr *attr, unsigned int type,
		      unsigned long long config)
{
	memset(attr, 0, sizeof(*attr));
	attr->size = sizeof(*attr);
	attr->type = type;
	attr->config = config;
	attr->read_format = PERF_FORMAT_GROUP;
}

FIXTURE(move_group) {};
FIXTURE_SETUP(move_group) {}
FIXTURE_TEARDOWN(move_group) {}

TEST_F_TIMEOUT(move_group, former_software_member_of_hardware_group, 3600)
{
	struct perf_event_attr hw, sw;
	int leader, member, status, stuck = 0, *result;
	struct stall opener = { 0 };
	uint64_t values[3];
	pid_t pid;

	if (geteuid() != 0)
		SKIP(return, "CPU hotplug needs root");
	if (access(CPU1_ONLINE, W_OK))
		SKIP(return, "CPU1 cannot go offline here");
	init_attr(&hw, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES);
	init_attr(&sw, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK);
	leader = sys_perf_event_open(&hw, -1, 1, -1, 0);
	if (leader < 0)
		SKIP(return, "no hardware cycles event: %s", strerror(errno));

	/* A software member of a hardware group, in the hardware context */
	member = sys_perf_event_open(&sw, -1, 1, leader, 0);
	ASSERT_GE(member, 0);
	ASSERT_EQ(0, set_cpu1_online(0));
	ASSERT_EQ(0, set_cpu1_online(1));

	/*
	 * The offline made the member a software leader (detached from its
	 * context): a hardware event must be refused with it, not hang.
	 */
	result = mmap(NULL, sizeof(*result), PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, result);
	*result = -1;
	/*
	 * The child shares the group's files: should it hang, our exit does
	 * not release them (which would wait for the same mutex).
	 */
	pid = fork();
	ASSERT_GE(pid, 0);
	if (!pid) {
		int fd = sys_perf_event_open(&hw, -1, 1, member, 0);

		*result = fd < 0 ? errno : 0;
		_exit(0);
	}
	while (!waitpid(pid, &status, WNOHANG) && stuck < STALL_POLLS) {
		sleep(1);
		stuck = stall_poll(&opener, pid);
	}
	if (stuck == STALL_POLLS)
		kill(pid, SIGKILL);
	ASSERT_LT(stuck, STALL_POLLS)
		TH_LOG("perf_event_open() with the former member as group_fd is stuck: the hardware context's mutex taken twice");
	EXPECT_EQ(EINVAL, *result) TH_LOG("%s", *result ?
					  strerror(*result) : "accepted");
	close(member);
	close(leader);

	/* A software group moves into the hardware context as before */
	leader = sys_perf_event_open(&sw, -1, 1, -1, 0);
	ASSERT_GE(leader, 0);
	member = sys_perf_event_open(&hw, -1, 1, leader, 0);
	ASSERT_GE(member, 0) TH_LOG("move_group: %s", strerror(errno));
	ASSERT_EQ(sizeof(values), read(leader, values, sizeof(values)));
	EXPECT_EQ(2, values[0]);
	close(member);
	close(leader);
}

TEST_HARNESS_MAIN

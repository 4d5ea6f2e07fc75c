// SPDX-License-Identifier: GPL-2.0
/*
 * A CPU going offline takes its CPU-wide events out of their context and
 * breaks their groups up (perf_event_exit_cpu_context()), but the events
 * stay open. Such a former group leader must not take a new member once
 * the CPU is back: the member would be linked to a leader that is in no
 * context, and closing the leader would leave the member pointing at the
 * freed leader (KASAN: use-after-free at the member's close).
 *
 * Software events only, so it runs on any machine with a second CPU that
 * can go offline; root is needed for CPU hotplug.
 */
#include <errno.h>
#include <string.h>

#include "../kselftest_harness.h"
#include "hotplug_util.h"

static void sw_attr(struct perf_event_attr *attr, unsigned long long config)
{
	memset(attr, 0, sizeof(*attr));
	attr->size = sizeof(*attr);
	attr->type = PERF_TYPE_SOFTWARE;
	attr->config = config;
}

TEST(former_leader_of_an_offlined_cpu_takes_no_member)
{
	struct perf_event_attr attr;
	int leader, member;

	if (geteuid() != 0)
		SKIP(return, "CPU hotplug needs root");
	if (access(CPU1_ONLINE, W_OK))
		SKIP(return, "CPU1 cannot go offline here");

	sw_attr(&attr, PERF_COUNT_SW_CPU_CLOCK);
	leader = sys_perf_event_open(&attr, -1, 1, -1, 0);
	ASSERT_GE(leader, 0);

	ASSERT_EQ(0, set_cpu1_online(0));
	ASSERT_EQ(0, set_cpu1_online(1));

	member = sys_perf_event_open(&attr, -1, 1, leader, 0);
	EXPECT_EQ(-1, member);
	EXPECT_EQ(EINVAL, errno);

	/*
	 * Without the fix the member is now a sibling of a leader in no
	 * context. Free the leader (after an RCU grace period), then have
	 * the member removed from its context: it reads the freed leader.
	 */
	close(leader);
	if (member >= 0) {
		usleep(200000);
		close(member);
		/* and the offline path, for a member that would survive */
		set_cpu1_online(0);
		set_cpu1_online(1);
	}

	/* A leader opened after the CPU came back takes members */
	leader = sys_perf_event_open(&attr, -1, 1, -1, 0);
	ASSERT_GE(leader, 0);
	member = sys_perf_event_open(&attr, -1, 1, leader, 0);
	EXPECT_GE(member, 0);
	if (member >= 0)
		close(member);
	close(leader);
}

TEST_HARNESS_MAIN

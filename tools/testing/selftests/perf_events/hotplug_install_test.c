// SPDX-License-Identifier: GPL-2.0
/*
 * A CPU-wide event that perf_event_open() accepts for a CPU that is
 * coming online must be installed on it and count. The perf core used to
 * take the CPU as online from its CPUHP_PERF_PREPARE state on, run on
 * another CPU before the new one runs: an event opened then was accepted,
 * but the IPI that installs it failed on the CPU not yet online, and the
 * event stayed out of every context, counting nothing, for good.
 *
 * Each round takes CPU1 offline, brings it back from a second thread and
 * meanwhile opens a cpu-clock event on CPU1 again and again until the
 * core accepts one; once CPU1 is up the event must have run.
 *
 * Software events only; root is needed for CPU hotplug.
 */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "../kselftest_harness.h"
#include "hotplug_util.h"

#define ROUNDS		40

struct onliner {
	atomic_int done;
	int ret;
};

static void *online_cpu1(void *arg)
{
	struct onliner *o = arg;

	o->ret = set_cpu1_online(1);
	atomic_store(&o->done, 1);
	return NULL;
}

struct reading {
	uint64_t count;
	uint64_t enabled;
	uint64_t running;
};

TEST(cpu_wide_event_opened_while_cpu_comes_online_counts)
{
	struct perf_event_attr attr;
	int round, early = 0;

	if (geteuid() != 0)
		SKIP(return, "CPU hotplug needs root");
	if (access(CPU1_ONLINE, W_OK))
		SKIP(return, "CPU1 cannot go offline here");

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_CPU_CLOCK;
	attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
			   PERF_FORMAT_TOTAL_TIME_RUNNING;

	for (round = 0; round < ROUNDS; round++) {
		struct onliner o = { .ret = -1 };
		struct reading r;
		pthread_t t;
		int fd = -1, before;

		ASSERT_EQ(0, set_cpu1_online(0));
		ASSERT_EQ(0, pthread_create(&t, NULL, online_cpu1, &o));
		do {
			before = !atomic_load(&o.done);
			fd = sys_perf_event_open(&attr, -1, 1, -1, 0);
		} while (fd < 0 && errno == ENODEV);
		ASSERT_GE(fd, 0) TH_LOG("perf_event_open: %s", strerror(errno));
		pthread_join(t, NULL);
		ASSERT_EQ(0, o.ret);
		early += before;

		/* CPU1 is up: an installed cpu-clock event runs all along */
		usleep(20000);
		ASSERT_EQ(sizeof(r), read(fd, &r, sizeof(r)));
		close(fd);
		EXPECT_NE(0, r.running)
			TH_LOG("round %d: event opened %s CPU1 was online never ran (count %llu, enabled %llu)",
			       round, before ? "before" : "after",
			       (unsigned long long)r.count,
			       (unsigned long long)r.enabled);
		if (!r.running) {
			round++;
			break;
		}
	}
	TH_LOG("%d of %d events opened before CPU1's online completed",
	       early, round);
}

TEST_HARNESS_MAIN

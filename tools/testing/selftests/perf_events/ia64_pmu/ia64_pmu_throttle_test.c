// SPDX-License-Identifier: GPL-2.0
/*
 * Throttling of sampling events: the core stops an event (since 6.16 its
 * whole group) that takes more samples in a tick than
 * perf_event_max_sample_rate allows, and starts it again at a later tick.
 */


#include "kselftest_harness.h"
#include "ia64_pmu_sample.h"

/*
 * Throttling engages on an interrupt storm and the event recovers. The
 * rate cap is lowered to 1000 samples/s (a few per tick): the emulated
 * machine cannot take interrupts as fast as the default cap.
 */
TEST_F(smp, throttling_engages_and_recovers)
{
	int fd, n, throttles = 0;
	char old_rate[32] = "100000";
	uint64_t ips[4];
	struct ring r;

	ASSERT_NE('\0', read_line(MAX_RATE, old_rate, sizeof(old_rate))[0]);
	ASSERT_EQ(0, set_max_sample_rate("1000"));
	fd = open_sampling(CFG_CYCLES, 10, -1);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, ring_map(&r, fd));
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	/* 100000 overflows in one record: far above the cap */
	ASSERT_EQ(0, inject(IP_A, 1000000, NULL, 0));
	n = samples(&r, ips, 4, 0, NULL, &throttles);
	EXPECT_GT(throttles, 0);
	EXPECT_LT(n, 100000);
	/* after a tick the core unthrottles: samples come again */
	usleep(100000);
	ASSERT_EQ(0, inject(IP_B, 100, NULL, 0));
	EXPECT_GT(samples(&r, ips, 4, 0, NULL, NULL), 0);
	ring_unmap(&r);
	close(fd);
	EXPECT_EQ(0, set_max_sample_rate(old_rate));
}

/*
 * PERF_EVENT_IOC_SET_FILTER stops an active event and starts it again
 * (perf_event_stop(event, 1)) for the new filter to take. A throttled
 * event must stay stopped until the tick unthrottles it (core patch
 * 0011): restarted here, it would be running when the tick's unthrottle
 * starts it, and ia64_pmu_start() warns (the console's WARNING fails the
 * run). Each round throttles the event and sets a filter before the next
 * tick; sampling resumes after the tick.
 */
TEST_F(smp, set_filter_keeps_throttled_event_stopped)
{
	/* IA64_TAGGED_INST_RETIRED: Itanium PMC8's tag, else IBR pair 0 */
	unsigned int umask = pmu_is_itanium2() || pmu_is_montecito() ? 0 : 3;
	struct ia64_pmu_rec_event inst = {
		.code = ES_IA64_INST_RETIRED, .umask = umask, .inc = 1,
	};
	const char *filter = "filter 0x4000000000001000/0x100";
	char old_rate[32] = "100000";
	struct perf_event_attr attr;
	int fd, k, throttles = 0;
	uint64_t ips[4];
	struct ring r;

	if (pmu_is_generic())
		SKIP(return, "the generic model has no address filters");
	ASSERT_NE('\0', read_line(MAX_RATE, old_rate, sizeof(old_rate))[0]);
	ASSERT_EQ(0, set_max_sample_rate("1000"));
	/* an event that takes an IBR filter, which it needs for a range */
	counting_attr(&attr, IA64_PMU_CONFIG(ES_IA64_INST_RETIRED, umask));
	attr.sample_period = 10;
	attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID |
			   PERF_SAMPLE_PERIOD;
	attr.read_format = 0;
	fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, ring_map(&r, fd));
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	for (k = 0; k < 300; k++) {
		/* 100 overflows: far above the cap, throttled */
		ASSERT_EQ(0, inject(IP_A, 1000, &inst, 1));
		ASSERT_EQ(0, ioctl(fd, PERF_EVENT_IOC_SET_FILTER, filter));
		usleep(5000);
		samples(&r, ips, 4, 0, NULL, &throttles);
	}
	EXPECT_GT(throttles, 0);
	/* unthrottled by a tick: samples come again */
	usleep(100000);
	ASSERT_EQ(0, inject(IP_A, 100, &inst, 1));
	EXPECT_GT(samples(&r, ips, 4, 0, NULL, NULL), 0);
	ring_unmap(&r);
	close(fd);
	EXPECT_EQ(0, set_max_sample_rate(old_rate));
}

/*
 * A throttled (stopped) CPU-wide event that a new group forces onto
 * another counter resumes there, at the tick's unthrottle, through
 * start(event, 0): count and period go on from where they stopped,
 * never from what the new counter held before.
 */
TEST_F(smp, moved_stopped_event_counts_exactly)
{
	char old_rate[32] = "100000";
	struct perf_event_attr attr;
	int a, b1, b2, n, i, fill[4], throttles = 0;
	uint64_t ips[8], c0 = 0, c1 = 0;
	struct ring r;

	ASSERT_NE('\0', read_line(MAX_RATE, old_rate, sizeof(old_rate))[0]);
	ASSERT_EQ(0, set_max_sample_rate("1000"));

	/* leave 2^31 + 123 in PMD4-7: not what the moved event holds */
	counting_attr(&attr, CFG_CYCLES);
	attr.disabled = 0;
	attr.exclude_kernel = 1;
	for (i = 0; i < 4; i++) {
		fill[i] = sys_perf_event_open(&attr, 0, -1, -1, 0);
		ASSERT_GE(fill[i], 0);
	}
	ASSERT_EQ(0, inject(IP_A, 123, NULL, 0));
	for (i = 0; i < 4; i++)
		close(fill[i]);

	/* on PMD4: the first free counter */
	counting_attr(&attr, CFG_CYCLES);
	attr.sample_period = 10;
	attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID |
			   PERF_SAMPLE_PERIOD;
	attr.read_format = 0;
	attr.disabled = 0;
	attr.exclude_kernel = 1;
	a = sys_perf_event_open(&attr, -1, 0, -1, 0);
	ASSERT_GE(a, 0);
	ASSERT_EQ(0, ring_map(&r, a));
	ASSERT_EQ(0, inject(IP_A, 1000, NULL, 0));
	samples(&r, ips, 8, 0, NULL, &throttles);
	ASSERT_GT(throttles, 0);
	ASSERT_EQ(sizeof(c0), read(a, &c0, sizeof(c0)));

	/* two events that only PMD4/5 count: the stopped one moves */
	counting_attr(&attr, IA64_PMU_CONFIG(ES_IA64_INST_RETIRED, 0));
	attr.disabled = 0;
	attr.exclude_kernel = 1;
	b1 = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(b1, 0);
	b2 = sys_perf_event_open(&attr, 0, -1, b1, 0);
	ASSERT_GE(b2, 0);

	/* busy: the tick unthrottles the CPU-wide event */
	busy_ms(100);
	samples(&r, ips, 8, 0, NULL, NULL);
	ASSERT_EQ(0, inject(IP_B, 25, NULL, 0));
	n = samples(&r, ips, 8, 10, NULL, NULL);
	ASSERT_EQ(sizeof(c1), read(a, &c1, sizeof(c1)));
	EXPECT_EQ(c0 + 25, c1);
	EXPECT_EQ(2, n);
	EXPECT_EQ(IP_B, ips[0]);
	ring_unmap(&r);
	close(b2);
	close(b1);
	close(a);
	EXPECT_EQ(0, set_max_sample_rate(old_rate));
}

/*
 * Since 6.16 the member of a group that throttles stops the whole group
 * (pmu->stop() on each member, upstream commit 9734e25fbf5a). A sibling
 * whose counter overflowed in the same interrupt, and which the
 * interrupt comes to after that member, is stopped by then: it takes no
 * sample until the unthrottle. Leader and sibling count cycles with the
 * same period, so that every interrupt has the overflows of both, into
 * the leader's ring: a THROTTLE record (the leader's) opens a window that
 * the next UNTHROTTLE closes, and the one sample in it is the throttling
 * member's (6.16 to 7.2 without the check in ia64_pmu_generic_overflow():
 * two, the stopped sibling's too).
 */
TEST_F(smp, group_throttle_stops_sibling_in_same_interrupt)
{
	char old_rate[32] = "100000";
	union {
		struct perf_event_header h;
		uint8_t raw[512];
	} rec;
	int lead, sib, type, ret, windows = 0, in = 0, n = 0, extra = 0;
	struct ring r;

	ret = kernel_at_least(6, 16);
	ASSERT_GE(ret, 0);
	if (!ret)
		SKIP(return, "the core throttles whole groups from 6.16 on");
	ASSERT_NE('\0', read_line(MAX_RATE, old_rate, sizeof(old_rate))[0]);
	ASSERT_EQ(0, set_max_sample_rate("1000"));
	lead = open_sampling(CFG_CYCLES, 10, -1);
	ASSERT_GE(lead, 0);
	sib = open_sampling(CFG_CYCLES, 10, lead);
	ASSERT_GE(sib, 0);
	ASSERT_EQ(0, ring_map(&r, lead));
	ASSERT_EQ(0, ioctl(sib, PERF_EVENT_IOC_SET_OUTPUT, lead));
	ioctl(lead, PERF_EVENT_IOC_ENABLE, 0);
	/* 100 overflows of each in one record: far above the cap */
	ASSERT_EQ(0, inject(IP_A, 1000, NULL, 0));
	ioctl(lead, PERF_EVENT_IOC_DISABLE, 0);
	while ((type = ring_next(&r, &rec, sizeof(rec)))) {
		if (type == PERF_RECORD_THROTTLE && !in) {
			windows++;
			in = 1;
			n = 0;
		} else if (type == PERF_RECORD_UNTHROTTLE) {
			in = 0;
		} else if (type == PERF_RECORD_SAMPLE && in && ++n > 1) {
			extra++;
		}
	}
	EXPECT_GT(windows, 0);
	EXPECT_EQ(0, extra) TH_LOG("samples of a throttled group");
	ring_unmap(&r);
	close(sib);
	close(lead);
	EXPECT_EQ(0, set_max_sample_rate(old_rate));
}

TEST_HARNESS_MAIN

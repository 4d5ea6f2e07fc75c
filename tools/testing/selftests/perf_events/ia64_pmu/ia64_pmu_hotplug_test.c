// SPDX-License-Identifier: GPL-2.0
/*
 * CPU hotplug: a CPU that goes offline and comes back has a clean PMU
 * (the driver's and the model's cpuhp callbacks), and per-CPU and per-task
 * events on it count exactly again.
 */

#include <pthread.h>

#include "kselftest_harness.h"
#include "ia64_pmu_test.h"

#define CFG_CYCLES	IA64_PMU_CONFIG(ES_CPU_CYCLES, 0)

static uint64_t cycles_on(int fd)
{
	struct count c = { 0 };

	return read_count(fd, &c) ? ~0ULL : c.value;
}

static int inject_cycles(uint64_t n)
{
	struct rec_buf b = { .len = 0 };

	rec_cycles(&b, 0x4000000000000000ULL, n, 3, IA64_PMU_ISA_IA64,
		   NULL, 0);
	return sim_inject(&b);
}

TEST(cpu_offline_online_counts_exactly)
{
	struct perf_event_attr attr;
	int cpu_fd, task_fd, round;

	ASSERT_EQ(0, sim_set("freerun", "0"));
	for (round = 0; round < 3; round++) {
		/* a CPU-wide event on CPU1 while it is online */
		counting_attr(&attr, CFG_CYCLES);
		attr.disabled = 0;
		cpu_fd = sys_perf_event_open(&attr, -1, 1, -1, 0);
		ASSERT_GE(cpu_fd, 0);
		ASSERT_EQ(0, pin_cpu(1));
		ASSERT_EQ(0, inject_cycles(1000));
		EXPECT_EQ(1000, cycles_on(cpu_fd));

		/* offline with the event open: it stops counting */
		ASSERT_EQ(0, pin_cpu(0));
		ASSERT_EQ(0, set_cpu1_online(0));
		ASSERT_EQ(0, inject_cycles(500));
		EXPECT_EQ(1000, cycles_on(cpu_fd));
		close(cpu_fd);

		ASSERT_EQ(0, set_cpu1_online(1));

		/* a per-task event on the returned CPU counts exactly */
		counting_attr(&attr, CFG_CYCLES);
		attr.disabled = 0;
		task_fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
		ASSERT_GE(task_fd, 0);
		ASSERT_EQ(0, pin_cpu(1));
		ASSERT_EQ(0, inject_cycles(777));
		EXPECT_EQ(777, cycles_on(task_fd));
		close(task_fd);
		ASSERT_EQ(0, pin_cpu(0));
	}
}

/* An enabled CPU_CYCLES sampler, period 1000 */
static void sampler_attr(struct perf_event_attr *attr)
{
	counting_attr(attr, CFG_CYCLES);
	attr->disabled = 0;
	attr->sample_period = 1000;
	attr->sample_type = PERF_SAMPLE_IP;
	attr->read_format = 0;
}

static int cpu1_in_online_mask(void)
{
	char buf[64] = "";
	int fd = open("/sys/devices/system/cpu/online", O_RDONLY), n;

	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	return n > 0 && strstr(buf, "1");
}

static void *online_cpu1(void *arg)
{
	*(int *)arg = set_cpu1_online(1);
	return NULL;
}

/*
 * The perf core installs CPU-wide events on a CPU coming up from the
 * moment it is online; the model's own online callback sleeps
 * (fault/online_delay_ms) to hold the CPU in the CPUHP_AP_ONLINE_DYN
 * states. An event installed in that window must count: the driver may
 * reset the CPU's PMU only before the core knows the CPU.
 */
TEST(cpu_wide_event_installed_while_cpu_comes_online)
{
	struct perf_event_attr attr;
	int fd = -1, online_ret = 1, tries = 0;
	pthread_t t;

	ASSERT_EQ(0, sim_set("freerun", "0"));
	ASSERT_EQ(0, pin_cpu(0));
	ASSERT_EQ(0, set_cpu1_online(0));
	ASSERT_EQ(0, sim_set("fault/online_delay_ms", "500"));
	ASSERT_EQ(0, pthread_create(&t, NULL, online_cpu1, &online_ret));
	counting_attr(&attr, CFG_CYCLES);
	attr.disabled = 0;
	attr.exclude_kernel = 1;
	/*
	 * Once CPU1 is in cpu_online_mask, it runs its AP hotplug states:
	 * the core accepts events for it from CPUHP_AP_PERF_ONLINE on
	 * (ENODEV before; core patch 0010), then the model's online
	 * callback holds it for 500 ms.
	 */
	while (!cpu1_in_online_mask() && tries++ < 100000)
		usleep(100);
	do {
		fd = sys_perf_event_open(&attr, -1, 1, -1, 0);
	} while (fd < 0 && errno == ENODEV && tries++ < 100000);
	pthread_join(t, NULL);
	sim_set("fault/online_delay_ms", "0");
	ASSERT_EQ(0, online_ret);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, pin_cpu(1));
	ASSERT_EQ(0, inject_cycles(1000));
	EXPECT_EQ(1000, cycles_on(fd));
	ASSERT_EQ(0, pin_cpu(0));
	close(fd);
}

/*
 * A CPU going offline takes its events out of their context and breaks
 * their groups up (perf_event_exit_cpu_context()); the events stay open,
 * off for good. Such a former leader takes no new member: the member
 * would be linked to a leader that no longer knows its group, and would
 * keep pointing at it once the leader is closed (a use-after-free that
 * KASAN reported at the member's close or at the next offline). Both a
 * leader of this PMU and a software leader (which the core would move
 * into this PMU's context) are refused; a leader opened after the CPU
 * came back takes members as usual.
 */
TEST(former_leader_of_an_offlined_cpu_takes_no_member)
{
	struct perf_event_attr attr, sw;
	int hw_lead, sw_lead, fd, lead;

	ASSERT_EQ(0, sim_set("freerun", "0"));
	ASSERT_EQ(0, pin_cpu(0));
	counting_attr(&attr, CFG_CYCLES);
	attr.disabled = 0;
	hw_lead = sys_perf_event_open(&attr, -1, 1, -1, 0);
	ASSERT_GE(hw_lead, 0);
	memset(&sw, 0, sizeof(sw));
	sw.size = sizeof(sw);
	sw.type = PERF_TYPE_SOFTWARE;
	sw.config = PERF_COUNT_SW_CPU_CLOCK;
	sw_lead = sys_perf_event_open(&sw, -1, 1, -1, 0);
	ASSERT_GE(sw_lead, 0);

	ASSERT_EQ(0, set_cpu1_online(0));
	ASSERT_EQ(0, set_cpu1_online(1));

	fd = sys_perf_event_open(&attr, -1, 1, hw_lead, 0);
	EXPECT_EQ(-1, fd);
	EXPECT_EQ(EINVAL, errno);
	if (fd >= 0) {
		/* the member's leader goes first, freed after RCU */
		close(hw_lead);
		hw_lead = -1;
		usleep(200000);
		close(fd);
	}
	fd = sys_perf_event_open(&attr, -1, 1, sw_lead, 0);
	EXPECT_EQ(-1, fd);
	EXPECT_EQ(EINVAL, errno);
	if (fd >= 0) {
		close(sw_lead);
		sw_lead = -1;
		usleep(200000);
		close(fd);
	}
	if (hw_lead >= 0)
		close(hw_lead);
	if (sw_lead >= 0)
		close(sw_lead);

	/* a new leader on the returned CPU: its group counts exactly */
	lead = sys_perf_event_open(&attr, -1, 1, -1, 0);
	ASSERT_GE(lead, 0);
	fd = sys_perf_event_open(&attr, -1, 1, lead, 0);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, pin_cpu(1));
	ASSERT_EQ(0, inject_cycles(300));
	EXPECT_EQ(300, cycles_on(lead));
	EXPECT_EQ(300, cycles_on(fd));
	ASSERT_EQ(0, pin_cpu(0));
	close(lead);
	close(fd);
}

/*
 * An offline CPU takes no interrupt, and the interrupt of its PMU is no
 * other CPU's: one raised while CPU1 goes down (the removal of its
 * events makes register accesses, and fault/cycles_per_access counts
 * kernel cycles before each: a sampling counter overflows), kept pending
 * by irq_delay_ns, is delivered neither to another CPU nor later.
 */
TEST(interrupt_of_an_offlined_cpu_goes_nowhere)
{
	struct perf_event_attr attr;
	uint64_t before, after;
	int fd;

	ASSERT_EQ(0, sim_set("freerun", "0"));
	ASSERT_EQ(0, pin_cpu(0));
	sampler_attr(&attr);
	fd = sys_perf_event_open(&attr, -1, 1, -1, 0);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, sim_dump_value(1, "irqs_delivered", 10, &before));
	ASSERT_EQ(0, sim_set("irq_delay_ns", "2000000000"));
	ASSERT_EQ(0, sim_set("fault/cycles_per_access", "5000"));
	ASSERT_EQ(0, set_cpu1_online(0));
	sim_set("fault/cycles_per_access", "0");
	/* its delay past: it would have fired by now */
	usleep(2500000);
	sim_set("irq_delay_ns", "0");
	ASSERT_EQ(0, set_cpu1_online(1));
	ASSERT_EQ(0, sim_dump_value(1, "irqs_delivered", 10, &after));
	EXPECT_EQ(before, after);
	close(fd);
}

/*
 * The fuzzer's sentinel at CPU1's online (its former "known defect": a
 * sentinel reopened right after CPU1 came back counted 0, last seen
 * before core patch 0008). Each round takes CPU1 down with what the
 * fuzzer leaves there: the sentinel, a sampling event whose interrupt is
 * still pending (irq_delay_ns) and kernel cycles between register
 * accesses (fault/cycles_per_access), and a former leader that is
 * offered a member (refused since 0008) and then closed, so that its
 * memory is free for the next event. Right after the online the
 * sentinel is reopened, as the fuzzer does: it counts exactly the user
 * cycles run on CPU1, in every round.
 */
TEST(sentinel_reopened_at_online_counts_exactly)
{
	struct perf_event_attr attr, smp;
	int sentinel, sampler, lead, fd, round;

	ASSERT_EQ(0, sim_set("freerun", "0"));
	ASSERT_EQ(0, pin_cpu(0));
	counting_attr(&attr, CFG_CYCLES);
	attr.disabled = 0;
	attr.pinned = 1;
	attr.exclude_kernel = 1;
	sampler_attr(&smp);
	sentinel = sys_perf_event_open(&attr, -1, 1, -1, 0);
	ASSERT_GE(sentinel, 0);
	for (round = 0; round < 4; round++) {
		sampler = sys_perf_event_open(&smp, -1, 1, -1, 0);
		ASSERT_GE(sampler, 0);
		lead = sys_perf_event_open(&smp, -1, 1, -1, 0);
		ASSERT_GE(lead, 0);
		ASSERT_EQ(0, sim_set("irq_delay_ns", "2000000000"));
		ASSERT_EQ(0, sim_set("fault/cycles_per_access", "5000"));
		ASSERT_EQ(0, set_cpu1_online(0));
		sim_set("fault/cycles_per_access", "0");
		sim_set("irq_delay_ns", "0");
		ASSERT_EQ(0, set_cpu1_online(1));

		/* the fuzzer's order: the sentinel first */
		close(sentinel);
		sentinel = sys_perf_event_open(&attr, -1, 1, -1, 0);
		ASSERT_GE(sentinel, 0);
		fd = sys_perf_event_open(&smp, -1, 1, lead, 0);
		EXPECT_EQ(-1, fd);
		if (fd >= 0)
			close(fd);
		close(lead);
		close(sampler);

		ASSERT_EQ(0, pin_cpu(1));
		ASSERT_EQ(0, inject_cycles(1000 + round));
		EXPECT_EQ(1000 + round, cycles_on(sentinel))
			TH_LOG("round %d", round);
		ASSERT_EQ(0, pin_cpu(0));
	}
	close(sentinel);
}

TEST_HARNESS_MAIN

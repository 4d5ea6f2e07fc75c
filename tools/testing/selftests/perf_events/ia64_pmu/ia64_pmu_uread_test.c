// SPDX-License-Identifier: GPL-2.0
/*
 * The driver's side of user reads (ia64_pmu_uread.c), as far as the VM
 * can see it: no user code runs on the model, so the reads themselves are
 * the Ski suite's (tools/testing/ia64_pmu_ski, user_read_*). Here:
 *
 * - the rdpmc knob takes 0, 1 and 2, and refuses anything else;
 * - a task's own counting event, once its page is mapped, gets an index,
 *   the PMD number + 1, and a counter that is a user monitor (PMC.pm = 0),
 *   a privileged one again when the page goes; the page's offset plus
 *   the PMD sign-extended from the counter width is the count that read()
 *   gives, the counter's top bit set (a counting event starts at minus
 *   half the range) and after a sampler's overflows;
 * - no index, and a privileged monitor (pm = 1), for an inherited event
 *   (which the core does not map anyway),
 *   a CPU-wide event, an event opened with rdpmc 0, a disabled event,
 *   and the counter an event leaves;
 * - the page never offers the reads on the model (cap_user_rdpmc 0: the
 *   host's arch_perf_update_userpage() fills it).
 *
 * The model counts the injected records only (freerun 0), on CPU 0.
 */

#include <sys/mman.h>

#include "kselftest_harness.h"
#include "ia64_pmu_test.h"

#define RDPMC		PMU_DIR "/rdpmc"
#define PMC_PM		(1ULL << 6)
#define INST_U		IA64_PMU_CONFIG(ES_IA64_INST_RETIRED, 0)

/* The knob's value, -1 if unreadable */
static int rdpmc_get(void)
{
	char buf[16];

	if (!*read_line(RDPMC, buf, sizeof(buf)))
		return -1;
	return atoi(buf);
}

/* Write @val to the knob: 0 or the errno of the write */
static int rdpmc_set(const char *val)
{
	int fd = open(RDPMC, O_WRONLY);
	ssize_t n;
	int err;

	if (fd < 0)
		return errno;
	n = write(fd, val, strlen(val));
	err = n < 0 ? errno : 0;
	close(fd);
	return err;
}

/* @fd's user page, or NULL */
static struct perf_event_mmap_page *map_page(int fd)
{
	void *p = mmap(NULL, sysconf(_SC_PAGESIZE), PROT_READ, MAP_SHARED,
		       fd, 0);

	return p == MAP_FAILED ? NULL : p;
}

static void unmap_page(struct perf_event_mmap_page *pc)
{
	munmap(pc, sysconf(_SC_PAGESIZE));
}

/* Retire @n instructions at user level on the model of this CPU */
static int inject_user(uint64_t n)
{
	struct rec_buf b = { .len = 0 };

	rec_inst(&b, 0x4000000000001000ULL, n, 3, 1);
	return sim_inject(&b);
}

/* PMD @n of CPU 0's model, sign-extended from the counter width */
static int64_t model_pmd(int n, unsigned int width)
{
	uint64_t v = 0;
	char name[16];

	snprintf(name, sizeof(name), "pmd%d", n);
	if (sim_dump_value(0, name, 16, &v))
		return INT64_MIN;
	return (int64_t)(v << (64 - width)) >> (64 - width);
}

/* How many of CPU 0's counters are user monitors (PMC.pm = 0) */
static unsigned int user_monitors(void)
{
	unsigned int i, n = 0;

	for (i = 0; i < pmu_counters(); i++)
		if (!(sim_model_pmc(0, 4 + i) & PMC_PM))
			n++;
	return n;
}

/* What a task reading its counter itself gets: offset + the counter */
static uint64_t page_count(struct perf_event_mmap_page *pc,
			   unsigned int width)
{
	uint32_t seq, idx;
	uint64_t count;

	do {
		seq = pc->lock;
		__sync_synchronize();
		idx = pc->index;
		count = pc->offset;
		if (idx)
			count += model_pmd(idx - 1, width);
		__sync_synchronize();
	} while (pc->lock != seq);
	return count;
}

FIXTURE(uread) {
	unsigned int width;
};

FIXTURE_SETUP(uread)
{
	ASSERT_EQ(0, pin_cpu(0));
	ASSERT_EQ(0, sim_set("freerun", "0"));
	ASSERT_EQ(0, rdpmc_set("1"));
	self->width = pmu_counter_width();
	ASSERT_GT(self->width, 0);
}

FIXTURE_TEARDOWN(uread)
{
	rdpmc_set("1");
}

TEST_F(uread, knob_takes_0_1_2_only)
{
	static const char *const ok[] = { "0", "2", "1" };
	unsigned int i;

	EXPECT_EQ(1, rdpmc_get());
	for (i = 0; i < 3; i++) {
		EXPECT_EQ(0, rdpmc_set(ok[i]));
		EXPECT_EQ(atoi(ok[i]), rdpmc_get());
	}
	EXPECT_EQ(EINVAL, rdpmc_set("3"));
	EXPECT_EQ(EINVAL, rdpmc_set("-1"));
	EXPECT_EQ(EINVAL, rdpmc_set("x"));
	EXPECT_EQ(1, rdpmc_get());
}

TEST_F(uread, own_counting_event_is_a_readable_user_monitor)
{
	struct perf_event_mmap_page *pc;
	struct perf_event_attr attr;
	uint64_t n, pmc, before;
	struct count c;
	int fd, idx;

	counting_attr(&attr, INST_U);
	attr.exclude_kernel = 1;
	fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd, 0);
	pc = map_page(fd);
	ASSERT_NE(NULL, pc);
	EXPECT_EQ(0, pc->index);	/* disabled */
	ASSERT_EQ(0, ioctl(fd, PERF_EVENT_IOC_ENABLE, 0));

	for (n = 1; n <= 100000; n *= 10) {
		before = page_count(pc, self->width);
		ASSERT_EQ(0, inject_user(n));
		idx = pc->index;
		ASSERT_GE(idx, 5);	/* PMD4 on */
		pmc = sim_model_pmc(0, idx - 1);
		EXPECT_EQ(0, pmc & PMC_PM);
		/* the counter started at minus half its range */
		EXPECT_GT(0, model_pmd(idx - 1, self->width));
		ASSERT_EQ(0, read_count(fd, &c));
		EXPECT_EQ(c.value, page_count(pc, self->width));
		EXPECT_EQ(before + n, c.value);
	}
	EXPECT_EQ(0, (int)pc->cap_user_rdpmc);	/* the host's page */

	ASSERT_EQ(0, ioctl(fd, PERF_EVENT_IOC_DISABLE, 0));
	EXPECT_EQ(0, pc->index);
	ASSERT_EQ(0, read_count(fd, &c));
	EXPECT_EQ(c.value, pc->offset);
	/* the counter it left is a privileged monitor again */
	EXPECT_EQ(PMC_PM, sim_model_pmc(0, idx - 1) & PMC_PM);
	unmap_page(pc);
	close(fd);
	EXPECT_EQ(PMC_PM, sim_model_pmc(0, idx - 1) & PMC_PM);
}

/* The mmap and munmap of the page switch the running counter's pm */
TEST_F(uread, mapping_makes_the_counter_a_user_monitor)
{
	struct perf_event_mmap_page *pc;
	struct perf_event_attr attr;
	unsigned int ctr;
	struct count c;
	int fd;

	counting_attr(&attr, INST_U);
	attr.exclude_kernel = 1;
	attr.disabled = 0;
	fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, inject_user(100));
	/* not mapped: privileged, as every counter */
	EXPECT_EQ(0, user_monitors());

	pc = map_page(fd);
	ASSERT_NE(NULL, pc);
	ASSERT_NE(0, pc->index);
	ctr = pc->index - 1;
	EXPECT_EQ(0, sim_model_pmc(0, ctr) & PMC_PM);
	ASSERT_EQ(0, inject_user(1000));
	ASSERT_EQ(0, read_count(fd, &c));
	EXPECT_EQ(1100, c.value);
	EXPECT_EQ(c.value, page_count(pc, self->width));

	unmap_page(pc);
	EXPECT_EQ(PMC_PM, sim_model_pmc(0, ctr) & PMC_PM);
	ASSERT_EQ(0, inject_user(10));
	ASSERT_EQ(0, read_count(fd, &c));
	EXPECT_EQ(1110, c.value);
	close(fd);
}

/* A sampler's overflows move prev_count and the page's offset */
TEST_F(uread, sampler_offset_follows_the_overflows)
{
	struct perf_event_mmap_page *pc;
	struct perf_event_attr attr;
	struct count c;
	int fd, i;

	counting_attr(&attr, INST_U);
	attr.exclude_kernel = 1;
	attr.sample_period = 997;
	attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
			   PERF_FORMAT_TOTAL_TIME_RUNNING;
	fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd, 0);
	pc = map_page(fd);
	ASSERT_NE(NULL, pc);
	ASSERT_EQ(0, ioctl(fd, PERF_EVENT_IOC_ENABLE, 0));
	for (i = 1; i <= 20; i++) {
		ASSERT_EQ(0, inject_user(300));
		usleep(2000);	/* the overflow interrupt, if one is due */
		ASSERT_NE(0, pc->index);
		EXPECT_EQ(0, sim_model_pmc(0, pc->index - 1) & PMC_PM);
		ASSERT_EQ(0, read_count(fd, &c));
		EXPECT_EQ(300ULL * i, c.value);
		EXPECT_EQ(c.value, page_count(pc, self->width));
	}
	unmap_page(pc);
	close(fd);
}

/*
 * Events the task may not read: no index, a privileged monitor. @pc is
 * the event's page, NULL for one that the core does not map.
 */
static void expect_unreadable(struct __test_metadata *_metadata, int fd,
			      struct perf_event_mmap_page *pc)
{
	struct count c;

	ASSERT_EQ(0, ioctl(fd, PERF_EVENT_IOC_ENABLE, 0));
	ASSERT_EQ(0, inject_user(10));
	if (pc) {
		EXPECT_EQ(0, pc->index);
		EXPECT_EQ(0, (int)pc->cap_user_rdpmc);
	}
	EXPECT_EQ(0, user_monitors());
	ASSERT_EQ(0, ioctl(fd, PERF_EVENT_IOC_DISABLE, 0));
	ASSERT_EQ(0, read_count(fd, &c));
	EXPECT_EQ(10, c.value);		/* it counted */
	if (pc)
		unmap_page(pc);
	close(fd);
}

TEST_F(uread, inherited_event_is_not_readable)
{
	struct perf_event_attr attr;
	int fd;

	counting_attr(&attr, INST_U);
	attr.exclude_kernel = 1;
	attr.inherit = 1;
	fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd, 0);
	/* the core maps no inherited per-task event */
	EXPECT_EQ(NULL, map_page(fd));
	expect_unreadable(_metadata, fd, NULL);
}

TEST_F(uread, cpu_wide_event_is_not_readable)
{
	struct perf_event_attr attr;
	int fd;

	counting_attr(&attr, INST_U);
	attr.exclude_kernel = 1;
	fd = sys_perf_event_open(&attr, -1, 0, -1, 0);
	ASSERT_GE(fd, 0);
	expect_unreadable(_metadata, fd, map_page(fd));
}

TEST_F(uread, rdpmc_0_opens_unreadable_events)
{
	struct perf_event_attr attr;
	int fd;

	ASSERT_EQ(0, rdpmc_set("0"));
	counting_attr(&attr, INST_U);
	attr.exclude_kernel = 1;
	fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, rdpmc_set("1"));	/* only new events see the knob */
	expect_unreadable(_metadata, fd, map_page(fd));
}

TEST_HARNESS_MAIN

// SPDX-License-Identifier: GPL-2.0
/*
 * The simulated backend's debugfs interface: malformed execution records
 * are refused whole with -EINVAL and change nothing; the register dump
 * and the knobs exist.
 */

#include "kselftest_harness.h"
#include "ia64_pmu_test.h"

#define CFG_CYCLES	IA64_PMU_CONFIG(ES_CPU_CYCLES, 0)

FIXTURE(sim) {
	int fd;
	struct rec_buf b;
};

FIXTURE_SETUP(sim)
{
	struct perf_event_attr attr;

	ASSERT_EQ(0, pin_cpu(0));
	ASSERT_EQ(0, sim_set("freerun", "0"));
	counting_attr(&attr, CFG_CYCLES);
	attr.disabled = 0;
	self->fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(self->fd, 0);
	self->b.len = 0;
	rec_cycles(&self->b, 0x1000, 10, 3, IA64_PMU_ISA_IA64, NULL, 0);
}

FIXTURE_TEARDOWN(sim)
{
	struct count c = { 0 };

	/* whatever was refused, nothing ran */
	EXPECT_EQ(0, read_count(self->fd, &c));
	EXPECT_EQ(0, c.value);
	close(self->fd);
}

static struct ia64_pmu_rec_cycles *first(struct rec_buf *b)
{
	return (struct ia64_pmu_rec_cycles *)b->data;
}

TEST_F(sim, short_record)
{
	EXPECT_EQ(-EINVAL, sim_write("inject", self->b.data, 4));
	EXPECT_EQ(-EINVAL, sim_write("inject", self->b.data,
				     self->b.len - 8));
}

TEST_F(sim, size_not_the_type_size)
{
	first(&self->b)->hdr.size += 8;
	self->b.len += 8;
	EXPECT_EQ(-EINVAL, sim_inject(&self->b));
}

TEST_F(sim, size_not_multiple_of_8)
{
	first(&self->b)->hdr.size -= 1;
	EXPECT_EQ(-EINVAL, sim_inject(&self->b));
}

TEST_F(sim, unknown_type)
{
	first(&self->b)->hdr.type = 0x77;
	EXPECT_EQ(-EINVAL, sim_inject(&self->b));
	first(&self->b)->hdr.type = 0;
	EXPECT_EQ(-EINVAL, sim_inject(&self->b));
}

TEST_F(sim, unknown_flags)
{
	first(&self->b)->hdr.flags = 0x80000000;
	EXPECT_EQ(-EINVAL, sim_inject(&self->b));
}

TEST_F(sim, bad_values)
{
	first(&self->b)->ctx.cpl = 4;
	EXPECT_EQ(-EINVAL, sim_inject(&self->b));
	first(&self->b)->ctx.cpl = 3;
	first(&self->b)->ctx.isa = 2;
	EXPECT_EQ(-EINVAL, sim_inject(&self->b));
	first(&self->b)->ctx.isa = 0;
	first(&self->b)->ctx.repeat = 0;
	EXPECT_EQ(-EINVAL, sim_inject(&self->b));
	first(&self->b)->ctx.repeat = 10;
	first(&self->b)->ctx.__reserved1 = 1;
	EXPECT_EQ(-EINVAL, sim_inject(&self->b));
}

TEST_F(sim, bad_record_after_good_ones)
{
	struct ia64_pmu_rec_cycles *r;
	size_t off = self->b.len;

	rec_cycles(&self->b, 0x2000, 10, 3, IA64_PMU_ISA_IA64, NULL, 0);
	r = (struct ia64_pmu_rec_cycles *)(self->b.data + off);
	r->hdr.type = 0x55;
	EXPECT_EQ(-EINVAL, sim_inject(&self->b));
}

TEST_F(sim, empty_and_oversized_writes)
{
	static char big[(1 << 20) + 8];

	EXPECT_EQ(-EINVAL, sim_write("inject", self->b.data, 0));
	EXPECT_EQ(-EINVAL, sim_write("inject", big, sizeof(big)));
}

TEST(register_dump_and_knobs)
{
	char buf[8192];
	ssize_t n;
	int fd;

	fd = open(SIM_DIR "/cpu0/regs", O_RDONLY);
	ASSERT_GE(fd, 0);
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	ASSERT_GT(n, 0);
	buf[n] = '\0';
	EXPECT_NE(NULL, strstr(buf, "pmc0"));
	EXPECT_NE(NULL, strstr(buf, "pmd4"));
	EXPECT_EQ(0, access(SIM_DIR "/irq_delay_ns", W_OK));
	EXPECT_EQ(0, access(SIM_DIR "/fault/spurious_irq", W_OK));
	EXPECT_EQ(0, access(SIM_DIR "/fault/cycles_per_access", W_OK));
	EXPECT_EQ(0, access(SIM_DIR "/fault/online_delay_ms", W_OK));
	EXPECT_EQ(0, access(SIM_DIR "/fault/clobber_regs", W_OK));
	EXPECT_EQ(-EINVAL, sim_set("freerun_period_us", "1"));
}

/* "irq_pending N" of the model's dump of CPU0, -1 if none */
static int irq_line(void)
{
	uint64_t v;

	return sim_dump_value(0, "irq_pending", 10, &v) ? -1 : (int)v;
}

/*
 * An injection with irq_delay_ns = 0 waits for the interrupt it raises,
 * never for one armed earlier with a long delay: it returns while that
 * interrupt is still pending instead of spinning, preemption disabled,
 * until it fires.
 */
TEST(inject_does_not_wait_for_an_earlier_timer)
{
	struct perf_event_attr attr;
	struct rec_buf b = { .len = 0 };
	int fd, tries = 0;

	ASSERT_EQ(0, pin_cpu(0));
	ASSERT_EQ(0, sim_set("freerun", "0"));
	counting_attr(&attr, CFG_CYCLES);
	attr.sample_period = 1000;
	attr.disabled = 0;
	fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd, 0);
	rec_cycles(&b, 0x1000, 1000, 3, IA64_PMU_ISA_IA64, NULL, 0);
	ASSERT_EQ(0, sim_set("irq_delay_ns", "3000000000"));	/* 3 s */
	ASSERT_EQ(0, sim_inject(&b));
	ASSERT_EQ(1, irq_line());
	ASSERT_EQ(0, sim_set("irq_delay_ns", "0"));
	ASSERT_EQ(0, sim_inject(&b));
	EXPECT_EQ(1, irq_line());
	/* the earlier interrupt fires in its time */
	while (irq_line() == 1 && tries++ < 100)
		usleep(100000);
	EXPECT_EQ(0, irq_line());
	close(fd);
}

TEST_HARNESS_MAIN

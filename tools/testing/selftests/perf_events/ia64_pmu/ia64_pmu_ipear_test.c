// SPDX-License-Identifier: GPL-2.0
/*
 * The Montecito's IP-EAR ([PFM-MONT]: PMC42 turns the execution trace
 * buffer into a history of retired IPs with cycle counts) as the branch
 * stack of a sampling event with config1.ipear: retired user IPs
 * injected into the model, with known cycles between them, come back
 * exactly, newest first, from = the IP's bundle, to = 0, cycles = the
 * cycles before it (at most 63); per task across context switches. It
 * excludes the ETB's branch stacks (-EBUSY in a group, multiplexed
 * otherwise); a D-EAR in TLB mode, which needs PMC39 = 0, goes with it.
 * On a model without an IP-EAR, ipear is -EOPNOTSUPP and not in format/.
 */

#include <sys/wait.h>

#include "kselftest_harness.h"
#include "ia64_pmu_test.h"

#define CFG_CYCLES	IA64_PMU_CONFIG(ES_CPU_CYCLES, 0)
#define PERIOD		1000
#define UIP(n)		(0x4000000000010000ULL + 0x100 * (n))
#define KIP(n)		(0xa000000100010000ULL + 0x100 * (n))
#define DELAY(d)	((uint64_t)(d) << IA64_PMU_CFG1_IPEAR_DELAY_SHIFT)

/* PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_BRANCH_STACK, hw_idx */
struct br_sample {
	struct perf_event_header h;
	uint64_t ip;
	uint32_t pid, tid;
	uint64_t nr, hw_idx;
	struct perf_branch_entry e[16];
};

/* A CPU_CYCLES sampling event of user code with the IP-EAR */
static void ipear_attr(struct perf_event_attr *attr, uint64_t bst)
{
	counting_attr(attr, CFG_CYCLES);
	attr->config1 = IA64_PMU_CFG1_IPEAR;
	attr->sample_period = PERIOD;
	attr->sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID |
			    PERF_SAMPLE_BRANCH_STACK;
	attr->branch_sample_type = bst | PERF_SAMPLE_BRANCH_HW_INDEX;
	attr->read_format = 0;
	attr->exclude_kernel = 1;
}

/*
 * @n user instructions from UIP(@first), instruction i after i % 7 + 1
 * cycles, and a kernel instruction between each two, which the IP-EAR
 * of user code does not capture
 */
static int inject_ips(int first, int n)
{
	struct rec_buf b = { .len = 0 };
	int i;

	for (i = first; i < first + n; i++) {
		rec_cycles(&b, UIP(i), i % 7 + 1, 3, IA64_PMU_ISA_IA64,
			   NULL, 0);
		rec_inst(&b, UIP(i), 1, 3, 1);
		rec_inst(&b, KIP(i), 1, 0, 1);
	}
	return sim_inject(&b);
}

/* One period of user cycles: the sample */
static int inject_period(void)
{
	struct rec_buf b = { .len = 0 };

	rec_cycles(&b, UIP(99), PERIOD, 3, IA64_PMU_ISA_IA64, NULL, 0);
	return sim_inject(&b);
}

static int next_sample(struct ring *r, struct br_sample *s)
{
	int type;

	while ((type = ring_next(r, s, sizeof(*s))))
		if (type == PERF_RECORD_SAMPLE)
			return 1;
	return 0;
}

/* IPs @first..@first+nr-1 of inject_ips(), newest first, with cycles */
static int stack_is(struct br_sample *s, int first, int nr, int cycles)
{
	int i, k;

	if (s->nr != (uint64_t)nr)
		return 0;
	for (i = 0; i < nr; i++) {
		k = first + nr - 1 - i;
		if (s->e[i].from != UIP(k) || s->e[i].to ||
		    s->e[i].cycles != (cycles ? k % 7 + 1 : 0) ||
		    s->e[i].mispred || s->e[i].predicted)
			return 0;
	}
	return 1;
}

/* An enabled IP-EAR event on this task, its ring mapped; or -1 */
static int open_mapped(uint64_t bst, uint64_t config1, struct ring *r)
{
	struct perf_event_attr attr;

	ipear_attr(&attr, bst);
	attr.config1 |= config1;
	return ring_open(&attr, r);
}

FIXTURE(ipear) {
	int fd;
	struct ring r;
};

/* the harness runs a test after a SKIP() in its setup: each test skips */
#define NO_IPEAR	"no IP-EAR on this model (two threads: erratum 120)"

/*
 * The model has an IP-EAR: a Montecito with one thread per core (the
 * model's parameter, not the driver's sysfs: a driver that lost its
 * IP-EAR must fail these tests, not skip them)
 */
static bool model_has_ipear(void)
{
	return pmu_is_montecito() && sim_threads() == 1;
}

FIXTURE_SETUP(ipear)
{
	self->fd = -1;
	if (!pmu_is_montecito())
		return;
	ASSERT_EQ(0, pin_cpu(0));
	ASSERT_EQ(0, sim_set("freerun", "0"));
	ASSERT_EQ(0, sim_set("irq_delay_ns", "0"));
	/* exact sample counts: throttled only where a test means it */
	ASSERT_EQ(0, perf_limits_off());
}

FIXTURE_TEARDOWN(ipear)
{
	if (self->fd >= 0) {
		ring_unmap(&self->r);
		close(self->fd);
	}
}

#define start(self, bst, config1) do {					\
	(self)->fd = open_mapped(bst, config1, &(self)->r);		\
	ASSERT_GE((self)->fd, 0);					\
} while (0)

/*
 * Three user IPs, then a sample: exactly those with their cycles; the
 * buffer starts again empty; the cycles of the period, 1000, saturate
 */
TEST_F(ipear, exact_ips_and_cycles)
{
	struct br_sample s;

	if (!model_has_ipear())
		SKIP(return, NO_IPEAR);
	start(self, PERF_SAMPLE_BRANCH_ANY, 0);
	ASSERT_EQ(0, inject_ips(0, 3));
	ASSERT_EQ(0, inject_period());
	ASSERT_TRUE(next_sample(&self->r, &s));
	EXPECT_EQ(UIP(99), s.ip);
	EXPECT_TRUE(stack_is(&s, 0, 3, 1));
	EXPECT_EQ(2, s.hw_idx);		/* PMD48 + 2 written last */
	ASSERT_EQ(0, inject_ips(3, 1));
	ASSERT_EQ(0, inject_period());
	ASSERT_TRUE(next_sample(&self->r, &s));
	ASSERT_EQ(1, s.nr);
	/* the period's cycles came before it */
	EXPECT_EQ(UIP(3), s.e[0].from);
	EXPECT_EQ(63, (int)s.e[0].cycles);
	ASSERT_EQ(0, inject_period());
	ASSERT_TRUE(next_sample(&self->r, &s));
	EXPECT_EQ(0, s.nr);
}

/* Twenty IPs in sixteen entries: the last sixteen, 4 written last */
TEST_F(ipear, ring_keeps_the_last_sixteen)
{
	struct br_sample s;

	if (!model_has_ipear())
		SKIP(return, NO_IPEAR);
	start(self, PERF_SAMPLE_BRANCH_ANY, 0);
	ASSERT_EQ(0, inject_ips(0, 20));
	ASSERT_EQ(0, inject_period());
	ASSERT_TRUE(next_sample(&self->r, &s));
	EXPECT_TRUE(stack_is(&s, 4, 16, 1));
	EXPECT_EQ(3, s.hw_idx);
}

/* NO_CYCLES: the same IPs, cycles 0; kernel too: the kernel IPs */
TEST_F(ipear, no_cycles_and_kernel_ips)
{
	struct perf_event_attr attr;
	struct br_sample s;

	if (!model_has_ipear())
		SKIP(return, NO_IPEAR);
	start(self, PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_NO_CYCLES, 0);
	ASSERT_EQ(0, inject_ips(0, 2));
	ASSERT_EQ(0, inject_period());
	ASSERT_TRUE(next_sample(&self->r, &s));
	EXPECT_TRUE(stack_is(&s, 0, 2, 0));
	ring_unmap(&self->r);
	close(self->fd);

	ipear_attr(&attr, PERF_SAMPLE_BRANCH_ANY);
	attr.exclude_kernel = 0;
	self->fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	if (self->fd < 0 && errno == EACCES)
		SKIP(return, "kernel sampling not allowed");
	ASSERT_GE(self->fd, 0);
	ASSERT_EQ(0, ring_map(&self->r, self->fd));
	ASSERT_EQ(0, ioctl(self->fd, PERF_EVENT_IOC_ENABLE, 0));
	ASSERT_EQ(0, inject_ips(0, 2));
	ASSERT_EQ(0, inject_period());
	ASSERT_TRUE(next_sample(&self->r, &s));
	ASSERT_EQ(4, s.nr);
	EXPECT_EQ(KIP(1), s.e[0].from);
	EXPECT_EQ(0, (int)s.e[0].cycles);
	EXPECT_EQ(PERF_BR_PRIV_KERNEL, (int)s.e[0].priv);
	EXPECT_EQ(UIP(1), s.e[1].from);
	EXPECT_EQ(2, (int)s.e[1].cycles);
	EXPECT_EQ(PERF_BR_PRIV_USER, (int)s.e[1].priv);
	EXPECT_EQ(KIP(0), s.e[2].from);
	EXPECT_EQ(UIP(0), s.e[3].from);
}

/*
 * Two tasks with IP-EAR events on one CPU, switching while each has IPs
 * in the buffer: each sample holds only its own task's
 */
TEST_F(ipear, two_tasks_see_only_their_own_ips)
{
	int to_child[2], to_parent[2], status;
	struct br_sample s;
	char c = 0;
	pid_t pid;

	if (!model_has_ipear())
		SKIP(return, NO_IPEAR);
	ASSERT_EQ(0, pipe(to_child));
	ASSERT_EQ(0, pipe(to_parent));
	start(self, PERF_SAMPLE_BRANCH_ANY, 0);
	ASSERT_EQ(0, inject_ips(0, 2));

	pid = fork();
	ASSERT_GE(pid, 0);
	if (pid == 0) {
		struct ring r;
		int fd;

		/* exit status: the step that failed */
		close(to_parent[0]);
		close(to_child[1]);
		fd = open_mapped(PERF_SAMPLE_BRANCH_ANY, 0, &r);
		if (fd < 0)
			_exit(2);
		if (inject_ips(10, 1) || inject_period())
			_exit(3);
		if (!next_sample(&r, &s))
			_exit(4);
		if (s.nr != 1 || s.e[0].from != UIP(10))
			_exit(5);
		if (inject_ips(11, 1) || write(to_parent[1], &c, 1) != 1 ||
		    read(to_child[0], &c, 1) != 1 || inject_period())
			_exit(6);
		if (!next_sample(&r, &s))
			_exit(7);
		_exit(s.nr == 1 && s.e[0].from == UIP(11) ? 0 : 8);
	}
	/* a child that fails early closes its end: EOF, not a hang */
	close(to_parent[1]);
	close(to_child[0]);
	if (read(to_parent[0], &c, 1) != 1) {
		ASSERT_EQ(pid, waitpid(pid, &status, 0));
		ASSERT_TRUE(WIFEXITED(status));
		ASSERT_EQ(0, WEXITSTATUS(status))
			TH_LOG("the child failed at step %d", WEXITSTATUS(status));
	}
	ASSERT_EQ(0, inject_ips(2, 1));
	ASSERT_EQ(0, inject_period());
	ASSERT_TRUE(next_sample(&self->r, &s));
	EXPECT_TRUE(stack_is(&s, 0, 3, 1));
	ASSERT_EQ(1, write(to_child[1], &c, 1));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_TRUE(WIFEXITED(status));
	EXPECT_EQ(0, WEXITSTATUS(status))
		TH_LOG("the child failed at step %d", WEXITSTATUS(status));
}

/* What the IP-EAR cannot do, and what does not go with it */
TEST(errnos)
{
	struct perf_event_attr attr;

	if (!model_has_ipear()) {
		/* no IP-EAR: not supported, whatever else is asked */
		ipear_attr(&attr, PERF_SAMPLE_BRANCH_ANY);
		EXPECT_EQ(EOPNOTSUPP, open_errno(&attr));
		return;
	}
	/* a delay of 0-255 cycles */
	ipear_attr(&attr, PERF_SAMPLE_BRANCH_ANY);
	attr.config1 |= DELAY(255);
	EXPECT_EQ(0, open_errno(&attr));
	attr.config1 = IA64_PMU_CFG1_IPEAR | DELAY(256);
	EXPECT_EQ(EINVAL, open_errno(&attr));
	/* the IP-EAR selects no branch type */
	ipear_attr(&attr, PERF_SAMPLE_BRANCH_ANY_RETURN);
	EXPECT_EQ(EOPNOTSUPP, open_errno(&attr));
	ipear_attr(&attr, PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_CALL);
	EXPECT_EQ(EOPNOTSUPP, open_errno(&attr));
	/* it goes with a branch stack, of a sample */
	ipear_attr(&attr, PERF_SAMPLE_BRANCH_ANY);
	attr.sample_type &= ~PERF_SAMPLE_BRANCH_STACK;
	EXPECT_EQ(EINVAL, open_errno(&attr));
	ipear_attr(&attr, PERF_SAMPLE_BRANCH_ANY);
	attr.sample_period = 0;
	EXPECT_EQ(EINVAL, open_errno(&attr));
	/* not with an EAR of the same event, nor br_mispred */
	ipear_attr(&attr, PERF_SAMPLE_BRANCH_ANY);
	attr.config1 |= IA64_PMU_CFG1_EAR_DATA;
	EXPECT_EQ(EINVAL, open_errno(&attr));
	ipear_attr(&attr, PERF_SAMPLE_BRANCH_ANY);
	attr.config |= IA64_PMU_CFG_BR_MISPRED;
	EXPECT_EQ(EINVAL, open_errno(&attr));
	ipear_attr(&attr, PERF_SAMPLE_BRANCH_ANY);
	attr.precise_ip = 1;
	EXPECT_EQ(EOPNOTSUPP, open_errno(&attr));
}

/* A group member of @attr_b with a leader of @attr_a: its errno */
static int group_errno(struct perf_event_attr *a, struct perf_event_attr *b)
{
	int leader = sys_perf_event_open(a, 0, -1, -1, 0), fd, err = 0;

	if (leader < 0)
		return -1;
	fd = sys_perf_event_open(b, 0, -1, leader, 0);
	if (fd < 0)
		err = errno;
	else
		close(fd);
	close(leader);
	return err;
}

/*
 * One buffer: IP-EAR and ETB branch stacks in one group, or two IP-EAR
 * delays: -EBUSY; the same IP-EAR request shares it. A D-EAR in TLB or
 * ALAT mode (PMC39 = 0) goes with the IP-EAR ([PFM-MONT]: libpfm
 * checks the IP-EAR against the ETB only), not with the ETB
 */
TEST(groups)
{
	struct perf_event_attr a, b;

	if (!model_has_ipear())
		SKIP(return, NO_IPEAR);
	ipear_attr(&a, PERF_SAMPLE_BRANCH_ANY);
	ipear_attr(&b, PERF_SAMPLE_BRANCH_ANY);
	b.config1 = 0;
	EXPECT_EQ(EBUSY, group_errno(&a, &b));
	EXPECT_EQ(EBUSY, group_errno(&b, &a));
	b.config1 = IA64_PMU_CFG1_IPEAR | DELAY(1);
	EXPECT_EQ(EBUSY, group_errno(&a, &b));
	b.config1 = IA64_PMU_CFG1_IPEAR;
	EXPECT_EQ(0, group_errno(&a, &b));
	/* DATA_EAR_EVENTS in TLB mode */
	counting_attr(&b, IA64_PMU_CONFIG(0xc8, 0));
	b.sample_period = PERIOD;
	b.exclude_kernel = 1;
	b.config1 = IA64_PMU_CFG1_EAR_DATA | IA64_PMU_CFG1_EAR_TLB;
	EXPECT_EQ(0, group_errno(&a, &b));
	EXPECT_EQ(0, group_errno(&b, &a));
	b.config1 = IA64_PMU_CFG1_EAR_DATA | IA64_PMU_CFG1_EAR_ALAT;
	EXPECT_EQ(0, group_errno(&a, &b));
	a.config1 = 0;
	EXPECT_EQ(EBUSY, group_errno(&a, &b));
}

/* PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_ADDR */
struct mem_sample {
	struct perf_event_header h;
	uint64_t ip;
	uint32_t pid, tid;
	uint64_t addr;
};

/*
 * The IP-EAR beside a D-EAR in TLB mode, on one task: PMC39 is 0 and
 * PMC42 in IP-EAR mode; each event gives its samples: the D-EAR the
 * exact IP of a DTLB miss right after a mispredicted branch (which a
 * PMC39 != 0 would spoil), the IP-EAR the retired IPs, the branch and
 * the load included
 */
TEST_F(ipear, beside_a_dear_in_tlb_mode)
{
	struct perf_event_attr attr;
	struct rec_buf b = { .len = 0 };
	struct mem_sample m;
	struct br_sample s;
	struct ring r;
	int fd, type;

	if (!model_has_ipear())
		SKIP(return, NO_IPEAR);
	start(self, PERF_SAMPLE_BRANCH_ANY, 0);
	counting_attr(&attr, IA64_PMU_CONFIG(0xc8, 0));	/* DATA_EAR_EVENTS */
	attr.config1 = IA64_PMU_CFG1_EAR_DATA | IA64_PMU_CFG1_EAR_TLB;
	attr.sample_period = 1;
	attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID |
			   PERF_SAMPLE_ADDR;
	attr.read_format = 0;
	attr.exclude_kernel = 1;
	attr.precise_ip = 2;
	fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, ring_map(&r, fd));
	ASSERT_EQ(0, ioctl(fd, PERF_EVENT_IOC_ENABLE, 0));
	EXPECT_EQ(0, sim_model_pmc(0, 39));
	EXPECT_EQ(4, (int)(sim_model_pmc(0, 42) >> 8 & 7));

	ASSERT_EQ(0, inject_ips(0, 3));
	ASSERT_EQ(0, inject_period());
	ASSERT_TRUE(next_sample(&self->r, &s));
	EXPECT_TRUE(stack_is(&s, 0, 3, 1));

	rec_branch(&b, UIP(40), 2, 3, UIP(60), IA64_PMU_REC_BR_TAKEN |
		   IA64_PMU_REC_BR_MISPRED_PATH);
	rec_mem(&b, UIP(41), 1, 3, 0x6000000000100000ULL, IA64_PMU_MEM_LOAD,
		IA64_PMU_LVL_L1, IA64_PMU_TLB_L2, 5);
	ASSERT_EQ(0, sim_inject(&b));
	while ((type = ring_next(&r, &m, sizeof(m))) &&
	       type != PERF_RECORD_SAMPLE)
		;
	ASSERT_EQ(PERF_RECORD_SAMPLE, type);
	EXPECT_EQ(UIP(41) + 1, m.ip);
	EXPECT_EQ(0x6000000000100000ULL, m.addr);

	ASSERT_EQ(0, inject_period());
	ASSERT_TRUE(next_sample(&self->r, &s));
	ASSERT_EQ(2, s.nr);
	EXPECT_EQ(UIP(41), s.e[0].from);
	EXPECT_EQ(UIP(40), s.e[1].from);
	ring_unmap(&r);
	close(fd);
}

/* IP-EAR and ETB events on one task: the core multiplexes them */
TEST(ipear_and_etb_are_multiplexed)
{
	struct perf_event_attr attr;
	int a, b;

	if (!model_has_ipear())
		SKIP(return, NO_IPEAR);
	ASSERT_EQ(0, pin_cpu(0));
	ipear_attr(&attr, PERF_SAMPLE_BRANCH_ANY);
	attr.sample_period = 1ULL << 40;
	attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
			   PERF_FORMAT_TOTAL_TIME_RUNNING;
	a = sys_perf_event_open(&attr, 0, -1, -1, 0);
	attr.config1 = 0;
	b = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(a, 0);
	ASSERT_GE(b, 0);
	EXPECT_EQ(1, multiplexed(a, b));
	close(a);
	close(b);
}

/* format/ipear and ipear_delay: only with an IP-EAR */
TEST(sysfs)
{
	char buf[64];

	if (!model_has_ipear()) {
		EXPECT_EQ(-1, access(PMU_DIR "/format/ipear", F_OK));
		EXPECT_EQ(-1, access(PMU_DIR "/format/ipear_delay", F_OK));
		return;
	}
	EXPECT_STREQ("config1:63\n",
		     read_line(PMU_DIR "/format/ipear", buf, sizeof(buf)));
	EXPECT_STREQ("config1:8-23\n",
		     read_line(PMU_DIR "/format/ipear_delay", buf,
			       sizeof(buf)));
}

TEST_HARNESS_MAIN

// SPDX-License-Identifier: GPL-2.0
/*
 * Branch stacks from the branch trace buffer ([ITA-RM] §6.2.8): branch
 * records injected into the model come back, exactly, as the branch
 * stack of the next sample of a CPU_CYCLES event: newest first, with
 * bundle + slot, target and mispredict bit, filtered by privilege, and
 * per task across context switches.
 *
 * For every CPU model with a BTB (caps/pmu_name): the Itanium 2's BTB
 * also filters by branch type (PMC12.brt, [PFM-I2]): ANY_RETURN and
 * IND_CALL | IND_JUMP, which the Itanium refuses, give exactly those
 * branches; and it records a branch in the second bundle of an issue
 * group with PMD16's b1 bit, which the stack resolves. The Montecito's
 * execution trace buffer ([PFM-MONT]) does the same in sixteen entries
 * (PMC39, PMD38/39/48-63): stacks of up to eight branches; it records
 * interruptions and rfi too, which come back typed PERF_BR_IRQ and
 * PERF_BR_ERET, never mispredicted, kept or dropped per filter as x86
 * keeps interrupts and iret; the other models' BTBs record none.
 */

#include <sys/wait.h>

#include "kselftest_harness.h"
#include "ia64_pmu_test.h"

#define CFG_CYCLES	IA64_PMU_CONFIG(ES_CPU_CYCLES, 0)
#define PERIOD		1000
#define UIP(n)		(0x4000000000010000ULL + 0x100 * (n))
#define KIP(n)		(0xa000000100010000ULL + 0x100 * (n))
#define TGT(ip)		((ip) + 0x40)
#define TK		IA64_PMU_REC_BR_TAKEN
#define MP		IA64_PMU_REC_BR_MISPRED_TARGET

/* PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_BRANCH_STACK, hw_idx */
struct br_sample {
	struct perf_event_header h;
	uint64_t ip;
	uint32_t pid, tid;
	uint64_t nr, hw_idx;
	struct perf_branch_entry e[16];
};

static void branch_attr(struct perf_event_attr *attr, uint64_t bst)
{
	counting_attr(attr, CFG_CYCLES);
	attr->sample_period = PERIOD;
	attr->sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID |
			    PERF_SAMPLE_BRANCH_STACK;
	attr->branch_sample_type = bst | PERF_SAMPLE_BRANCH_HW_INDEX;
	attr->read_format = 0;
	attr->exclude_kernel = 1;
}

/* The buffer's entries: 8, or 16 on the Montecito */
static int btb_depth(void)
{
	return pmu_is_montecito() ? 16 : 8;
}

/* Does the buffer filter by branch type (brt: Itanium 2, Montecito)? */
static int btb_has_brt(void)
{
	return pmu_is_itanium2() || pmu_is_montecito();
}

/* @n user branches from @first: taken, every third mispredicted */
static int inject_branches(int first, int n)
{
	struct rec_buf b = { .len = 0 };
	int i;

	for (i = first; i < first + n; i++)
		rec_branch(&b, UIP(i), i % 3, 3, TGT(UIP(i)),
			   TK | (i % 3 == 2 ? MP : 0));
	return sim_inject(&b);
}

/* One period of user cycles: the sample */
static int inject_period(void)
{
	struct rec_buf b = { .len = 0 };

	rec_cycles(&b, UIP(99), PERIOD, 3, IA64_PMU_ISA_IA64, NULL, 0);
	return sim_inject(&b);
}

/* The next sample of @r into @s; 0 if there is none */
static int next_sample(struct ring *r, struct br_sample *s)
{
	int type;

	while ((type = ring_next(r, s, sizeof(*s))))
		if (type == PERF_RECORD_SAMPLE)
			return 1;
	return 0;
}

/* Branches @first..@first+nr-1 of inject_branches(), newest first */
static int stack_is(struct br_sample *s, int first, int nr)
{
	int i, k;

	if (s->nr != (uint64_t)nr)
		return 0;
	for (i = 0; i < nr; i++) {
		k = first + nr - 1 - i;
		if (s->e[i].from != UIP(k) + k % 3 ||
		    s->e[i].to != TGT(UIP(k)) ||
		    s->e[i].mispred != (k % 3 == 2) ||
		    s->e[i].predicted != (k % 3 != 2))
			return 0;
	}
	return 1;
}

FIXTURE(btb) {
	int fd;
	struct ring r;
};

FIXTURE_SETUP(btb)
{
	ASSERT_EQ(0, pin_cpu(0));
	ASSERT_EQ(0, sim_set("freerun", "0"));
	ASSERT_EQ(0, sim_set("irq_delay_ns", "0"));
	self->fd = -1;
	/* exact sample counts: throttled only where a test means it */
	ASSERT_EQ(0, perf_limits_off());
}

FIXTURE_TEARDOWN(btb)
{
	if (self->fd >= 0) {
		ring_unmap(&self->r);
		close(self->fd);
	}
	sim_set("irq_delay_ns", "0");
	sim_set("freerun", "0");
}

/* An enabled branch-stack event on this task, its ring mapped; or -1 */
static int open_mapped(uint64_t bst, uint64_t cfg_flags, struct ring *r)
{
	struct perf_event_attr attr;

	branch_attr(&attr, bst);
	attr.config |= cfg_flags;
	return ring_open(&attr, r);
}

#define start(self, bst) do {						\
	(self)->fd = open_mapped(bst, 0, &(self)->r);			\
	ASSERT_GE((self)->fd, 0);					\
} while (0)

/* Three branches, then a sample: exactly those, newest first */
TEST_F(btb, exact_stack_newest_first)
{
	struct br_sample s;

	start(self, PERF_SAMPLE_BRANCH_ANY);
	ASSERT_EQ(0, inject_branches(0, 3));
	ASSERT_EQ(0, inject_period());
	ASSERT_TRUE(next_sample(&self->r, &s));
	EXPECT_EQ(UIP(99), s.ip);
	EXPECT_TRUE(stack_is(&s, 0, 3));
	EXPECT_EQ(5, s.hw_idx);		/* PMD8 + 5 written last */
	/* the BTB starts again empty: the next sample has only the new */
	ASSERT_EQ(0, inject_branches(3, 1));
	ASSERT_EQ(0, inject_period());
	ASSERT_TRUE(next_sample(&self->r, &s));
	EXPECT_TRUE(stack_is(&s, 3, 1));
	ASSERT_EQ(0, inject_period());
	ASSERT_TRUE(next_sample(&self->r, &s));
	EXPECT_EQ(0, s.nr);
}

/*
 * Two branches more than the buffer holds (six in eight entries, ten in
 * sixteen) fill it past its end: the last depth / 2, the whole buffer
 */
TEST_F(btb, ring_wraps_to_last_half_depth)
{
	int half = btb_depth() / 2;
	struct br_sample s;

	ASSERT_TRUE(half == 4 || half == 8);
	start(self, PERF_SAMPLE_BRANCH_ANY);
	ASSERT_EQ(0, inject_branches(0, half + 2));
	ASSERT_EQ(0, inject_period());
	ASSERT_TRUE(next_sample(&self->r, &s));
	EXPECT_TRUE(stack_is(&s, 2, half));
	EXPECT_EQ(3, s.hw_idx);		/* 2 * (half + 2) entries: 3 last */
}

/*
 * exclude_kernel: kernel branches are not captured (plm), and a user
 * branch into the kernel, which the BTB does capture, is dropped
 */
TEST_F(btb, no_kernel_address_under_exclude_kernel)
{
	struct rec_buf b = { .len = 0 };
	struct br_sample s;
	uint64_t i;

	start(self, PERF_SAMPLE_BRANCH_ANY);
	rec_branch(&b, UIP(0), 0, 3, TGT(UIP(0)), TK);
	rec_branch(&b, UIP(1), 1, 3, KIP(1), TK);		/* syscall */
	rec_branch(&b, KIP(2), 1, 0, TGT(KIP(2)), TK);
	rec_branch(&b, KIP(3), 0, 0, UIP(3), TK);		/* return */
	ASSERT_EQ(0, sim_inject(&b));
	ASSERT_EQ(0, inject_period());
	ASSERT_TRUE(next_sample(&self->r, &s));
	ASSERT_EQ(1, s.nr);
	EXPECT_EQ(UIP(0), s.e[0].from);
	for (i = 0; i < s.nr; i++) {
		EXPECT_LT(s.e[i].from, 0x8000000000000000ULL);
		EXPECT_LT(s.e[i].to, 0x8000000000000000ULL);
	}
}

/* br_mispred (config:32): only the mispredicted branches */
TEST_F(btb, mispredicted_only)
{
	struct br_sample s;

	self->fd = open_mapped(PERF_SAMPLE_BRANCH_ANY, IA64_PMU_CFG_BR_MISPRED,
			       &self->r);
	ASSERT_GE(self->fd, 0);
	ASSERT_EQ(0, inject_branches(0, 6));	/* 2 and 5 mispredicted */
	ASSERT_EQ(0, inject_period());
	ASSERT_TRUE(next_sample(&self->r, &s));
	ASSERT_EQ(2, s.nr);
	EXPECT_EQ(UIP(5) + 2, s.e[0].from);
	EXPECT_EQ(UIP(2) + 2, s.e[1].from);
	EXPECT_EQ(1, (int)s.e[0].mispred);
}

/*
 * Two tasks with branch-stack events on one CPU, switching while each
 * has branches in the BTB: each sample holds only its own task's
 */
TEST_F(btb, two_tasks_see_only_their_own_branches)
{
	int to_child[2], to_parent[2], status;
	struct br_sample s;
	char c = 0;
	pid_t pid;

	ASSERT_EQ(0, pipe(to_child));
	ASSERT_EQ(0, pipe(to_parent));
	start(self, PERF_SAMPLE_BRANCH_ANY);
	ASSERT_EQ(0, inject_branches(0, 2));

	pid = fork();
	ASSERT_GE(pid, 0);
	if (pid == 0) {
		struct ring r;
		int fd, ok;

		/* the parent's event is not inherited: a new one */
		fd = open_mapped(PERF_SAMPLE_BRANCH_ANY, 0, &r);
		ok = fd >= 0 && !inject_branches(10, 1) && !inject_period() &&
		     next_sample(&r, &s) && stack_is(&s, 10, 1);
		/* the parent runs; back here, only this task's again */
		ok = ok && !inject_branches(11, 1) &&
		     write(to_parent[1], &c, 1) == 1 &&
		     read(to_child[0], &c, 1) == 1 &&
		     !inject_period() && next_sample(&r, &s) &&
		     stack_is(&s, 11, 1);
		_exit(ok ? 0 : 1);
	}
	ASSERT_EQ(1, read(to_parent[0], &c, 1));
	ASSERT_EQ(0, inject_branches(2, 1));
	ASSERT_EQ(0, inject_period());
	ASSERT_TRUE(next_sample(&self->r, &s));
	EXPECT_TRUE(stack_is(&s, 0, 3));
	ASSERT_EQ(1, write(to_child[1], &c, 1));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_TRUE(WIFEXITED(status));
	EXPECT_EQ(0, WEXITSTATUS(status));
}

/*
 * An overflow left pending at a context switch ([SDM-2] §7.2.4.2): the
 * delayed interrupt is bogus in the other task, which fills the BTB with
 * its own branches; when this task runs again its BTB is restored and
 * its overflow raised again: the sample holds exactly its branches. The
 * model's line is held (irq_delay_ns past KTIME_MAX) until the other
 * task, having run its branches, releases it: the interrupt comes there,
 * however slow the VM.
 */
TEST_F(btb, pending_overflow_sample_has_the_tasks_branches)
{
	int go[2], done[2], status;
	struct br_sample s;
	char c = 0;
	pid_t pid;

	ASSERT_EQ(0, pipe(go));
	ASSERT_EQ(0, pipe(done));
	pid = fork();
	ASSERT_GE(pid, 0);
	if (pid == 0) {
		struct ring r;
		int fd = open_mapped(PERF_SAMPLE_BRANCH_ANY, 0, &r), ok;

		/* the held interrupt comes here, when released */
		ok = fd >= 0 && read(go[0], &c, 1) == 1 &&
		     !inject_branches(20, 3) &&
		     !sim_set("irq_delay_ns", "0");
		ok = ok && !next_sample(&r, &s) && write(done[1], &c, 1) == 1;
		_exit(ok ? 0 : 1);
	}
	start(self, PERF_SAMPLE_BRANCH_ANY);
	ASSERT_EQ(0, inject_branches(0, 2));
	ASSERT_EQ(0, sim_set("irq_delay_ns", "18446744073709551615"));
	ASSERT_EQ(0, inject_period());
	ASSERT_EQ(1, write(go[1], &c, 1));
	ASSERT_EQ(1, read(done[0], &c, 1));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_EQ(0, WEXITSTATUS(status));
	ASSERT_TRUE(next_sample(&self->r, &s));
	EXPECT_EQ(getpid(), s.pid);
	EXPECT_TRUE(stack_is(&s, 0, 2));
	EXPECT_FALSE(next_sample(&self->r, &s));
}


/*
 * Throttled by the sample rate cap while sampling with branch stacks,
 * then unthrottled: the samples carry exact stacks again
 */
TEST_F(btb, throttling_with_branch_stacks)
{
	struct rec_buf b = { .len = 0 };
	char old_rate[32] = "100000";
	struct perf_event_attr attr;
	struct br_sample s;
	int type, throttles = 0;

	ASSERT_NE('\0', read_line(MAX_RATE, old_rate, sizeof(old_rate))[0]);
	ASSERT_EQ(0, set_max_sample_rate("1000"));
	branch_attr(&attr, PERF_SAMPLE_BRANCH_ANY);
	attr.sample_period = 10;
	self->fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(self->fd, 0);
	ASSERT_EQ(0, ring_map(&self->r, self->fd));
	ASSERT_EQ(0, ioctl(self->fd, PERF_EVENT_IOC_ENABLE, 0));
	rec_cycles(&b, UIP(99), 1000000, 3, IA64_PMU_ISA_IA64, NULL, 0);
	ASSERT_EQ(0, sim_inject(&b));
	while ((type = ring_next(&self->r, &s, sizeof(s))))
		throttles += type == PERF_RECORD_THROTTLE;
	EXPECT_GT(throttles, 0);
	usleep(100000);		/* a tick unthrottles */
	ASSERT_EQ(0, inject_branches(0, 3));
	b.len = 0;
	rec_cycles(&b, UIP(99), 10, 3, IA64_PMU_ISA_IA64, NULL, 0);
	ASSERT_EQ(0, sim_inject(&b));
	ASSERT_TRUE(next_sample(&self->r, &s));
	EXPECT_TRUE(stack_is(&s, 0, 3));
	EXPECT_EQ(0, set_max_sample_rate(old_rate));
}

#define IND	(PERF_SAMPLE_BRANCH_IND_CALL | PERF_SAMPLE_BRANCH_IND_JUMP)

/* Filters the BTB cannot express, and malformed requests */
TEST(errnos)
{
	static const uint64_t unsupported[] = {
		PERF_SAMPLE_BRANCH_ANY_CALL, PERF_SAMPLE_BRANCH_ANY_RETURN,
		PERF_SAMPLE_BRANCH_IND_CALL, PERF_SAMPLE_BRANCH_COND,
		PERF_SAMPLE_BRANCH_CALL_STACK, PERF_SAMPLE_BRANCH_IND_JUMP,
		PERF_SAMPLE_BRANCH_CALL, PERF_SAMPLE_BRANCH_IN_TX, IND,
		PERF_SAMPLE_BRANCH_ANY_RETURN | IND,
	};
	struct perf_event_attr attr;
	unsigned int i;
	int brt = btb_has_brt(), want;

	for (i = 0; i < ARRAY_SIZE(unsupported); i++) {
		branch_attr(&attr, PERF_SAMPLE_BRANCH_ANY | unsupported[i]);
		EXPECT_EQ(EOPNOTSUPP, open_errno(&attr));
		branch_attr(&attr, unsupported[i]);
		/* brt selects returns, or indirect branches */
		want = EOPNOTSUPP;
		if (brt && (unsupported[i] == PERF_SAMPLE_BRANCH_ANY_RETURN ||
			     unsupported[i] == IND))
			want = 0;
		EXPECT_EQ(want, open_errno(&attr));
	}
	/* a branch stack needs a sample */
	branch_attr(&attr, PERF_SAMPLE_BRANCH_ANY);
	attr.sample_period = 0;
	EXPECT_EQ(EINVAL, open_errno(&attr));
	/* br_mispred without a branch stack */
	counting_attr(&attr, CFG_CYCLES | IA64_PMU_CFG_BR_MISPRED);
	EXPECT_EQ(EINVAL, open_errno(&attr));
	/* plain: accepted */
	branch_attr(&attr, PERF_SAMPLE_BRANCH_ANY);
	EXPECT_EQ(0, open_errno(&attr));
}

/*
 * One taken user branch of each type (IA64_PMU_BR_*) from UIP(20), every
 * third mispredicted: cond, call, ret, ind (mp), loop, ia, ind_call (mp)
 */
#define NR_BTYPE	(IA64_PMU_BR_IND_CALL + 1)

static int inject_typed(void)
{
	struct rec_buf b = { .len = 0 };
	struct ia64_pmu_rec_branch *r;
	int t;

	for (t = 0; t < NR_BTYPE; t++) {
		r = (void *)(b.data + b.len);
		rec_branch(&b, UIP(20 + t), 1, 3, TGT(UIP(20 + t)),
			   TK | (t % 3 == 0 && t ? MP : 0));
		r->btype = t;
	}
	return sim_inject(&b);
}

/* The sample holds exactly the branches of @types of inject_typed() */
static int typed_stack_is(struct br_sample *s, const int *types, int nr)
{
	int i, t;

	if (s->nr != (uint64_t)nr)
		return 0;
	for (i = 0; i < nr; i++) {
		t = types[i];
		if (s->e[i].from != UIP(20 + t) + 1 ||
		    s->e[i].to != TGT(UIP(20 + t)) ||
		    s->e[i].mispred != (t % 3 == 0 && t))
			return 0;
	}
	return 1;
}

/*
 * Itanium 2, -j any_ret: PMC12.brt = 10, only the return; the Itanium
 * has no brt and refuses the filter
 */
TEST_F(btb, ita2_return_filter_exact_stack)
{
	static const int ret[] = { IA64_PMU_BR_RET };
	struct perf_event_attr attr;
	struct br_sample s;

	if (!btb_has_brt()) {
		branch_attr(&attr, PERF_SAMPLE_BRANCH_ANY_RETURN);
		EXPECT_EQ(EOPNOTSUPP, open_errno(&attr));
		return;
	}
	start(self, PERF_SAMPLE_BRANCH_ANY_RETURN);
	ASSERT_EQ(0, inject_typed());
	ASSERT_EQ(0, inject_period());
	ASSERT_TRUE(next_sample(&self->r, &s));
	EXPECT_TRUE(typed_stack_is(&s, ret, 1));
	EXPECT_EQ(1, s.hw_idx);
}

/*
 * Itanium 2, -j ind_call,ind_jmp: brt = 11, the non-return indirect
 * branches (indirect jump, br.ia, indirect call), newest first; with
 * br_mispred only the mispredicted of them
 */
TEST_F(btb, ita2_indirect_filter_exact_stack)
{
	static const int ind[] = {
		IA64_PMU_BR_IND_CALL, IA64_PMU_BR_IA, IA64_PMU_BR_IND,
	};
	static const int ind_mp[] = { IA64_PMU_BR_IND_CALL, IA64_PMU_BR_IND };
	struct perf_event_attr attr;
	struct br_sample s;

	if (!btb_has_brt()) {
		branch_attr(&attr, IND);
		EXPECT_EQ(EOPNOTSUPP, open_errno(&attr));
		return;
	}
	start(self, IND);
	ASSERT_EQ(0, inject_typed());
	ASSERT_EQ(0, inject_period());
	ASSERT_TRUE(next_sample(&self->r, &s));
	EXPECT_TRUE(typed_stack_is(&s, ind, 3));
	ring_unmap(&self->r);
	close(self->fd);

	self->fd = open_mapped(IND, IA64_PMU_CFG_BR_MISPRED, &self->r);
	ASSERT_GE(self->fd, 0);
	ASSERT_EQ(0, inject_typed());
	ASSERT_EQ(0, inject_period());
	ASSERT_TRUE(next_sample(&self->r, &s));
	EXPECT_TRUE(typed_stack_is(&s, ind_mp, 2));
}

/*
 * ANY on the Itanium 2 is brt = 00: every type; the last four fit in
 * eight entries, all seven in sixteen
 */
TEST_F(btb, any_filter_takes_every_type)
{
	static const int last[] = {
		IA64_PMU_BR_IND_CALL, IA64_PMU_BR_IA, IA64_PMU_BR_LOOP,
		IA64_PMU_BR_IND, IA64_PMU_BR_RET, IA64_PMU_BR_CALL,
		IA64_PMU_BR_COND,
	};
	int nr = btb_depth() / 2 < NR_BTYPE ? btb_depth() / 2 : NR_BTYPE;
	struct br_sample s;

	start(self, PERF_SAMPLE_BRANCH_ANY);
	ASSERT_EQ(0, inject_typed());
	ASSERT_EQ(0, inject_period());
	ASSERT_TRUE(next_sample(&self->r, &s));
	EXPECT_TRUE(typed_stack_is(&s, last, nr));
}

/*
 * Branches in the second bundle of their issue group (record flag
 * BUNDLE1): the Itanium 2 records the group's first bundle and sets
 * PMD16's b1, the Itanium the branch's own bundle; on both models the
 * stack has the branch's own bundle
 */
TEST_F(btb, second_bundle_branch_exact_stack)
{
	struct rec_buf b = { .len = 0 };
	struct br_sample s;
	int i;

	start(self, PERF_SAMPLE_BRANCH_ANY);
	for (i = 0; i < 3; i++)
		rec_branch(&b, UIP(i), i % 3, 3, TGT(UIP(i)),
			   TK | (i % 3 == 2 ? MP : 0) |
			   (i != 1 ? IA64_PMU_REC_BR_BUNDLE1 : 0));
	ASSERT_EQ(0, sim_inject(&b));
	ASSERT_EQ(0, inject_period());
	ASSERT_TRUE(next_sample(&self->r, &s));
	EXPECT_TRUE(stack_is(&s, 0, 3));
}

/* One PMC12 per CPU: a group that needs two cannot run */
TEST(group_with_two_filters_is_ebusy)
{
	struct perf_event_attr attr;
	int leader, fd;

	branch_attr(&attr, PERF_SAMPLE_BRANCH_ANY);
	leader = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(leader, 0);
	attr.config |= IA64_PMU_CFG_BR_MISPRED;
	fd = sys_perf_event_open(&attr, 0, -1, leader, 0);
	EXPECT_EQ(-1, fd);
	EXPECT_EQ(EBUSY, errno);
	/* the same filter shares the BTB */
	attr.config &= ~IA64_PMU_CFG_BR_MISPRED;
	fd = sys_perf_event_open(&attr, 0, -1, leader, 0);
	EXPECT_GE(fd, 0);
	close(fd);
	close(leader);
}

/*
 * Two events with different filters on one task: add() says -EAGAIN to
 * the second, so the core multiplexes them; both run part of the time
 */
TEST(two_filters_are_multiplexed)
{
	struct perf_event_attr attr;
	int a, b;

	ASSERT_EQ(0, pin_cpu(0));
	branch_attr(&attr, PERF_SAMPLE_BRANCH_ANY);
	attr.sample_period = 1ULL << 40;
	attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
			   PERF_FORMAT_TOTAL_TIME_RUNNING;
	a = sys_perf_event_open(&attr, 0, -1, -1, 0);
	attr.config |= IA64_PMU_CFG_BR_MISPRED;
	b = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(a, 0);
	ASSERT_GE(b, 0);
	EXPECT_EQ(1, multiplexed(a, b));
	close(a);
	close(b);
}

/* Interruption vector: External Interrupt ([SDM-2]) */
#define VEC_EXTINT	0x3000ULL

/*
 * A user branch, an interruption of the user instruction UIP(1) slot 1
 * (mp set), a kernel branch, an rfi back from KIP(3) slot 2 (mp set)
 */
static int inject_xfer_story(void)
{
	struct rec_buf b = { .len = 0 };

	rec_branch(&b, UIP(0), 0, 3, UIP(1), TK);
	rec_xfer(&b, IA64_PMU_XFER_INTR, UIP(1), 1, 3, VEC_EXTINT,
		 IA64_PMU_REC_XFER_MP);
	rec_branch(&b, KIP(2), 1, 0, KIP(3), TK);
	rec_xfer(&b, IA64_PMU_XFER_RFI, KIP(3), 2, 0, UIP(1),
		 IA64_PMU_REC_XFER_MP);
	return sim_inject(&b);
}

/* A branch-stack event of both privilege levels (@excl_kernel: user) */
static int open_xfer(uint64_t bst, uint64_t cfg_flags, int excl_kernel,
		     struct ring *r)
{
	struct perf_event_attr attr;

	branch_attr(&attr, bst | PERF_SAMPLE_BRANCH_TYPE_SAVE);
	attr.config |= cfg_flags;
	attr.exclude_kernel = excl_kernel;
	return ring_open(&attr, r);
}

/*
 * The interruption and the rfi, typed, between the two branches, none
 * of them mispredicted though the buffer's mp bit is set; on the BTBs
 * of the Itanium and Itanium 2, which record branches only, the two
 * branches alone
 */
TEST_F(btb, xfer_typed_irq_eret)
{
	int mont = pmu_is_montecito(), k = 0;
	struct br_sample s;

	self->fd = open_xfer(PERF_SAMPLE_BRANCH_ANY, 0, 0, &self->r);
	ASSERT_GE(self->fd, 0);
	ASSERT_EQ(0, inject_xfer_story());
	ASSERT_EQ(0, inject_period());
	ASSERT_TRUE(next_sample(&self->r, &s));
	ASSERT_EQ(mont ? 4 : 2, s.nr);
	if (mont) {
		EXPECT_EQ(KIP(3) + 2, s.e[k].from);
		EXPECT_EQ(UIP(1), s.e[k].to);
		EXPECT_EQ(PERF_BR_ERET, (int)s.e[k].type);
		EXPECT_EQ(0, (int)s.e[k].mispred);
		EXPECT_EQ(0, (int)s.e[k].predicted);
		k++;
	}
	EXPECT_EQ(KIP(2) + 1, s.e[k].from);
	EXPECT_EQ(PERF_BR_UNKNOWN, (int)s.e[k].type);
	k++;
	if (mont) {
		EXPECT_EQ(UIP(1) + 1, s.e[k].from);
		EXPECT_EQ(IA64_PMU_MODEL_IVA + VEC_EXTINT, s.e[k].to);
		EXPECT_EQ(PERF_BR_IRQ, (int)s.e[k].type);
		EXPECT_EQ(0, (int)s.e[k].mispred);
		EXPECT_EQ(0, (int)s.e[k].predicted);
		k++;
	}
	EXPECT_EQ(UIP(0), s.e[k].from);
	EXPECT_EQ(PERF_BR_UNKNOWN, (int)s.e[k].type);
	EXPECT_EQ(1, (int)s.e[k].predicted);
}

/*
 * Without save_type (TYPE_SAVE) the stack holds no type, as on x86; the
 * interruption and the rfi are still neither predicted nor mispredicted
 */
TEST_F(btb, xfer_type_only_with_save_type)
{
	struct perf_event_attr attr;
	struct br_sample s;
	unsigned int j, neither = 0;

	branch_attr(&attr, PERF_SAMPLE_BRANCH_ANY);
	attr.exclude_kernel = 0;
	self->fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(self->fd, 0);
	ASSERT_EQ(0, ring_map(&self->r, self->fd));
	ASSERT_EQ(0, ioctl(self->fd, PERF_EVENT_IOC_ENABLE, 0));
	ASSERT_EQ(0, inject_xfer_story());
	ASSERT_EQ(0, inject_period());
	ASSERT_TRUE(next_sample(&self->r, &s));
	ASSERT_EQ(pmu_is_montecito() ? 4 : 2, s.nr);
	for (j = 0; j < s.nr; j++) {
		EXPECT_EQ(PERF_BR_UNKNOWN, (int)s.e[j].type);
		neither += !s.e[j].mispred && !s.e[j].predicted;
	}
	EXPECT_EQ(pmu_is_montecito() ? 2 : 0, neither);
}

/*
 * Montecito: what each filter keeps of them: ANY both, ANY_RETURN the
 * rfi, IND_CALL | IND_JUMP and br_mispred neither (x86's X86_BR_IRQ and
 * X86_BR_IRET), exclude_kernel neither (each crosses into the kernel)
 */
TEST_F(btb, xfer_filters)
{
	static const struct {
		uint64_t bst, cfg;
		int excl_kernel, irq, eret;
	} f[] = {
		{ PERF_SAMPLE_BRANCH_ANY, 0, 0, 1, 1 },
		{ PERF_SAMPLE_BRANCH_ANY_RETURN, 0, 0, 0, 1 },
		{ PERF_SAMPLE_BRANCH_IND_CALL | PERF_SAMPLE_BRANCH_IND_JUMP,
		  0, 0, 0, 0 },
		{ PERF_SAMPLE_BRANCH_ANY, IA64_PMU_CFG_BR_MISPRED, 0, 0, 0 },
		{ PERF_SAMPLE_BRANCH_ANY, 0, 1, 0, 0 },
	};
	struct br_sample s;
	unsigned int i, j;

	if (!pmu_is_montecito())
		SKIP(return, "the buffer records no interruption, no rfi");
	for (i = 0; i < ARRAY_SIZE(f); i++) {
		int irq = 0, eret = 0, other = 0;

		self->fd = open_xfer(f[i].bst, f[i].cfg, f[i].excl_kernel,
				     &self->r);
		ASSERT_GE(self->fd, 0);
		ASSERT_EQ(0, inject_xfer_story());
		ASSERT_EQ(0, inject_period());
		ASSERT_TRUE(next_sample(&self->r, &s));
		for (j = 0; j < s.nr; j++) {
			irq += s.e[j].type == PERF_BR_IRQ;
			eret += s.e[j].type == PERF_BR_ERET;
			other += s.e[j].type == PERF_BR_UNKNOWN;
			if (s.e[j].type != PERF_BR_UNKNOWN)
				EXPECT_EQ(0, (int)s.e[j].mispred);
		}
		EXPECT_EQ(f[i].irq, irq) TH_LOG("filter %u", i);
		EXPECT_EQ(f[i].eret, eret) TH_LOG("filter %u", i);
		/* ANY keeps the two branches: the story was captured */
		if (i == 0)
			EXPECT_EQ(2, other);
		ring_unmap(&self->r);
		close(self->fd);
		self->fd = -1;
	}
}

/*
 * sysfs: caps/branches, the most entries of a sample's stack (every
 * entry but the newest, with the IP-EAR every one), and
 * format/br_mispred
 */
TEST(sysfs)
{
	char buf[64];
	int most = btb_depth() - 1;

	if (pmu_is_montecito() && sim_threads() == 1)
		most++;		/* the IP-EAR's (erratum 120) */
	EXPECT_EQ(most, atoi(read_line(PMU_DIR "/caps/branches", buf,
				       sizeof(buf))));
	EXPECT_STREQ("config:32\n",
		     read_line(PMU_DIR "/format/br_mispred", buf, sizeof(buf)));
}

TEST_HARNESS_MAIN

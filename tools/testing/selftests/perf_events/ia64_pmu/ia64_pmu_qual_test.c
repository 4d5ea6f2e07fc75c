// SPDX-License-Identifier: GPL-2.0
/*
 * Qualification ([ITA-RM] §6.2.4-6.2.6; Itanium 2: [PFM-I2]): opcode
 * match (config/config1 opc_*), data address ranges (config2) and
 * instruction address ranges (perf address filters), with exact counts
 * of injected records, and the errnos of events that cannot be qualified
 * or that disagree. On the three models (caps/pmu_name picks the event
 * codes and the expectations that differ; the Montecito has the Itanium
 * 2's per IBR pair scheme in other registers), plus the Itanium 2's
 * fine mode, range inversion (irange_inv), ig_ad and per IBR pair
 * ranges. The Montecito's own: ia64_pmu_qual_mont_test.c.
 */

#include <sys/mman.h>
#include <sys/wait.h>

#include "kselftest_harness.h"
#include "ia64_pmu_test.h"

#define IP		0x4000000000001000ULL	/* region 2: user text */
#define DATA		0x4a9000ULL

/* The PMU is an Itanium 2 (caps/pmu_name), set by the fixture */
static bool ita2;
/* ... or one with its per IBR pair qualification (Itanium 2, Montecito) */
static bool pairs;

/*
 * DATA_REFERENCES_RETIRED (Itanium) / DATA_REFERENCES_SET0 (Itanium 2):
 * instruction range, opcode and data range
 */
#define ES_DATA_REFS	(pairs ? 0xc3 : 0x63)

/*
 * IA64_TAGGED_INST_RETIRED: Itanium TAG_SELECT 0011 PMC8, 0010 PMC9;
 * Itanium 2 umask i: IBR pair i and PMC8 (i even) or PMC9 (i odd)
 */
#define CFG_TAG8	IA64_PMU_CONFIG(ES_IA64_INST_RETIRED, pairs ? 0x0 : 0x3)
#define CFG_TAG9	IA64_PMU_CONFIG(ES_IA64_INST_RETIRED, pairs ? 0x1 : 0x2)
#define CFG_IBRP(i)	IA64_PMU_CONFIG(ES_IA64_INST_RETIRED, i)
/* Itanium: the untagged selection (on the Itanium 2 umask 0 is IBRP0) */
#define CFG_INST	IA64_PMU_CONFIG(ES_IA64_INST_RETIRED, 0x0)
#define CFG_CYCLES	IA64_PMU_CONFIG(ES_CPU_CYCLES, 0)
/* Itanium 2: L1I_PREFETCHES, instruction range by IBR pair 1 */
#define ES_L1I_PREFETCHES	0x44
#define CFG_L1I_PF	IA64_PMU_CONFIG(ES_L1I_PREFETCHES, 0)
/* PMC14: ibrp<i> (1: pair i does not restrict) at 1 + 3i, fine 13 */
#define P14_IBRP(i)	(1ULL << (1 + 3 * (i)))
#define P14_FINE	(1ULL << 13)
#define CFG_DREFS	IA64_PMU_CONFIG(ES_DATA_REFS, 0)
#define INV		IA64_PMU_CFG1_IRANGE_INV
#define APPROX		IA64_PMU_CFG1_IRANGE_APPROX

#define OPC_M		(1ULL << 54)
#define OPC_I		(1ULL << 53)
#define OPC_F		(1ULL << 52)
#define OPC_B		(1ULL << 51)
#define OPC_CARE(c)	((uint64_t)(c) << IA64_PMU_CFG1_OPC_CARE_SHIFT)
#define OPC_MATCH(m)	((uint64_t)(m) << IA64_PMU_CFG_OPC_MATCH_SHIFT)

/* One IA-64 instruction of type @itype and @enc at @ip, user level */
static void rec_op(struct rec_buf *b, uint64_t ip, int itype, uint64_t enc)
{
	struct ia64_pmu_rec_inst *r = (void *)(b->data + b->len);

	memset(r, 0, sizeof(*r));
	r->hdr.type = IA64_PMU_REC_INST;
	r->hdr.size = sizeof(*r);
	rec_ctx(&r->ctx, ip, 1, 3, IA64_PMU_ISA_IA64);
	r->itype = itype;
	r->encoding = enc;
	r->per_cycle = 1;
	b->len += sizeof(*r);
}

static int open_qual(uint64_t config, uint64_t config1, uint64_t config2,
		     int group)
{
	struct perf_event_attr attr;

	counting_attr(&attr, config);
	attr.config1 = config1;
	attr.config2 = config2;
	attr.exclude_kernel = 1;
	if (group >= 0)
		attr.disabled = 0;
	return sys_perf_event_open(&attr, 0, -1, group, 0);
}

static int open_errno_qual(uint64_t config, uint64_t config1,
			   uint64_t config2)
{
	int fd = open_qual(config, config1, config2, -1);

	if (fd < 0)
		return errno;
	close(fd);
	return 0;
}

static int set_filter(int fd, const char *f)
{
	return ioctl(fd, PERF_EVENT_IOC_SET_FILTER, f) ? errno : 0;
}

FIXTURE(qual) {
	int dummy;
};

/* PMC @n while the event @fd counts (the driver's setting for it) */
static uint64_t live_pmc(int fd, int n)
{
	uint64_t v;

	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	v = sim_model_pmc(0, n);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	return v;
}

FIXTURE_SETUP(qual)
{
	ita2 = pmu_is_itanium2();
	pairs = ita2 || pmu_is_montecito();
	ASSERT_EQ(0, pin_cpu(0));
	ASSERT_EQ(0, sim_set("freerun", "0"));
	ASSERT_EQ(0, sim_set("irq_delay_ns", "0"));
}

FIXTURE_TEARDOWN(qual)
{
}

/* One instruction of each syllable type: each opc_<type> counts its own */
TEST_F(qual, opcode_per_syllable_type)
{
	static const struct { uint64_t bit; int itype; } t[] = {
		{ OPC_M, IA64_PMU_ITYPE_M }, { OPC_I, IA64_PMU_ITYPE_I },
		{ OPC_F, IA64_PMU_ITYPE_F }, { OPC_B, IA64_PMU_ITYPE_B },
	};
	struct rec_buf b = { .len = 0 };
	unsigned int i, j;
	int fd;

	for (i = 0; i < 4; i++)
		for (j = 0; j <= i; j++)	/* 1 M, 2 I, 3 F, 4 B */
			rec_op(&b, IP, t[i].itype, 0x1234);
	for (i = 0; i < 4; i++) {
		fd = open_qual(CFG_TAG8, t[i].bit, 0, -1);
		ASSERT_GE(fd, 0);
		EXPECT_EQ(i + 1, run_count(fd, &b)) TH_LOG("type %u", i);
		close(fd);
	}
	/* A-type: m and i; no type: every instruction */
	fd = open_qual(CFG_TAG8, OPC_M | OPC_I, 0, -1);
	ASSERT_GE(fd, 0);
	EXPECT_EQ(3, run_count(fd, &b));
	close(fd);
	fd = open_qual(CFG_TAG8, 0, 0, -1);
	ASSERT_GE(fd, 0);
	EXPECT_EQ(10, run_count(fd, &b));
	close(fd);
}

/*
 * Match and care: encoding bits 40:27 (opcode) are field bits 26:13,
 * bits 12:0 (qp, destination) are field bits 12:0
 */
TEST_F(qual, opcode_match_and_care)
{
	struct rec_buf b = { .len = 0 };
	uint64_t major4 = 4ULL << 37;	/* encoding bits 40:37 = 4 */
	int fd;

	rec_op(&b, IP, IA64_PMU_ITYPE_B, major4 | 5);
	rec_op(&b, IP, IA64_PMU_ITYPE_B, major4 | 6);
	rec_op(&b, IP, IA64_PMU_ITYPE_B, (2ULL << 37) | 5);
	rec_op(&b, IP, IA64_PMU_ITYPE_M, major4 | 5);
	/* B-syllables with major opcode 4: field bits 26:23 */
	fd = open_qual(CFG_TAG8 | OPC_MATCH(4 << 23),
		       OPC_B | OPC_CARE(0xf << 23), 0, -1);
	ASSERT_GE(fd, 0);
	EXPECT_EQ(2, run_count(fd, &b));
	close(fd);
	/* ... and qualifying predicate 5 (bits 5:0) */
	fd = open_qual(CFG_TAG8 | OPC_MATCH((4 << 23) | 5),
		       OPC_B | OPC_CARE((0xf << 23) | 0x3f), 0, -1);
	ASSERT_GE(fd, 0);
	EXPECT_EQ(1, run_count(fd, &b));
	close(fd);
	/* PMC9's tag with its own pattern */
	fd = open_qual(CFG_TAG9 | OPC_MATCH(2 << 23),
		       OPC_CARE(0xf << 23), 0, -1);
	ASSERT_GE(fd, 0);
	EXPECT_EQ(1, run_count(fd, &b));
	close(fd);
}

TEST_F(qual, opcode_errnos)
{
	/* CPU_CYCLES and the untagged IA64_INST_RETIRED: no opcode match */
	EXPECT_EQ(EOPNOTSUPP, open_errno_qual(CFG_CYCLES, OPC_B, 0));
	if (!pairs)
		EXPECT_EQ(EOPNOTSUPP, open_errno_qual(CFG_INST, OPC_B, 0));
	/* a match bit nobody cares about */
	EXPECT_EQ(EINVAL, open_errno_qual(CFG_TAG8 | OPC_MATCH(1), 0, 0));
	/* irange_inv: the Itanium cannot invert a range */
	EXPECT_EQ(pairs ? 0 : EOPNOTSUPP, open_errno_qual(CFG_TAG8, INV, 0));
	EXPECT_EQ(EOPNOTSUPP, open_errno_qual(CFG_CYCLES, INV, 0));
	/* reserved config1 bits */
	EXPECT_EQ(EINVAL, open_errno_qual(CFG_TAG8, 1ULL << 59, 0));
	/* ibrp_dual: the Montecito's dual events only */
	EXPECT_EQ(EOPNOTSUPP, open_errno_qual(CFG_TAG8, 1ULL << 57, 0));
	EXPECT_EQ(EINVAL, open_errno_qual(CFG_TAG8, 1ULL << 3, 0));
	EXPECT_EQ(0, open_errno_qual(CFG_TAG8, OPC_F | OPC_CARE(1), 0));
}

/* config2 = base | (size / 2 - 1): the 4 KiB at DATA */
TEST_F(qual, data_range_counts_its_accesses)
{
	struct rec_buf b = { .len = 0 };
	int fd;

	rec_mem(&b, IP, 0, 3, DATA, IA64_PMU_MEM_LOAD, 0, 0, 1);
	rec_mem(&b, IP, 0, 3, DATA + 0xff8, IA64_PMU_MEM_STORE, 0, 0, 1);
	rec_mem(&b, IP, 0, 3, DATA + 0x1000, IA64_PMU_MEM_LOAD, 0, 0, 1);
	rec_mem(&b, IP, 0, 3, DATA - 8, IA64_PMU_MEM_LOAD, 0, 0, 1);
	fd = open_qual(CFG_DREFS, 0, DATA | 0x7ff, -1);
	ASSERT_GE(fd, 0);
	EXPECT_EQ(2, run_count(fd, &b));
	close(fd);
	fd = open_qual(CFG_DREFS, 0, 0, -1);
	ASSERT_GE(fd, 0);
	EXPECT_EQ(4, run_count(fd, &b));
	close(fd);
	/* with an opcode pattern too: Tag(PMC8) and the range */
	fd = open_qual(CFG_DREFS, OPC_I, DATA | 0x7ff, -1);
	ASSERT_GE(fd, 0);
	EXPECT_EQ(0, run_count(fd, &b));
	close(fd);
}

/*
 * As perf stat runs it: on a child, enabled at its exec of
 * qual_workload, whose ia64_pmu_qual_array loads (3 per iteration) are
 * in the range, ia64_pmu_qual_other's (2) not
 */
TEST_F(qual, data_range_enable_on_exec)
{
	struct perf_event_attr attr;
	char a[32] = "";
	unsigned long addr = 0;
	int go[2], fd, status;
	struct count c;
	FILE *f;
	pid_t pid;

	f = popen("/tests/qual_workload -a", "r");
	ASSERT_NE(NULL, f);
	ASSERT_NE(NULL, fgets(a, sizeof(a), f));
	pclose(f);
	addr = strtoul(a, NULL, 0);
	ASSERT_NE(0, addr);
	ASSERT_EQ(0, pipe(go));
	pid = fork();
	ASSERT_GE(pid, 0);
	if (!pid) {
		char c;

		close(go[1]);
		if (read(go[0], &c, 1) != 1)
			_exit(1);
		execl("/tests/qual_workload", "qual_workload", "50", NULL);
		_exit(1);
	}
	close(go[0]);
	counting_attr(&attr, CFG_DREFS);
	attr.config2 = addr | 0x7ff;
	attr.exclude_kernel = 1;
	attr.inherit = 1;
	attr.enable_on_exec = 1;
	fd = sys_perf_event_open(&attr, pid, -1, -1, 0);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(1, write(go[1], "x", 1));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_EQ(0, status);
	ASSERT_EQ(0, read_count(fd, &c));
	EXPECT_EQ(150, c.value);
	close(fd);
}

TEST_F(qual, data_range_errnos)
{
	EXPECT_EQ(EOPNOTSUPP, open_errno_qual(CFG_CYCLES, 0, DATA | 0x7ff));
	EXPECT_EQ(EOPNOTSUPP, open_errno_qual(CFG_TAG8, 0, DATA | 0x7ff));
	/* the whole address space is no range */
	EXPECT_EQ(EINVAL, open_errno_qual(CFG_DREFS, 0, ~0ULL));
	EXPECT_EQ(0, open_errno_qual(CFG_DREFS, 0, DATA | 0x7ff));
}

/* An absolute range (no file): exact count inside, nothing outside */
TEST_F(qual, filter_absolute_range)
{
	struct rec_buf b = { .len = 0 };
	int fd = open_qual(CFG_TAG8, 0, 0, -1);

	ASSERT_GE(fd, 0);
	rec_op(&b, IP - 0x10, IA64_PMU_ITYPE_M, 0);
	rec_op(&b, IP, IA64_PMU_ITYPE_M, 0);
	rec_op(&b, IP + 0x2f0, IA64_PMU_ITYPE_I, 0);
	rec_op(&b, IP + 0x300, IA64_PMU_ITYPE_B, 0);
	EXPECT_EQ(4, run_count(fd, &b));
	/* 0x300 bytes: two pairs, 0x1000/0x200 and 0x1200/0x100 */
	ASSERT_EQ(0, set_filter(fd, "filter 0x4000000000001000/0x300"));
	EXPECT_EQ(2, run_count(fd, &b));
	close(fd);
}

/*
 * A range that is not bundle aligned is rounded out to whole bundles:
 * [0x1008, 0x10f8) filters by [0x1000, 0x1100), the bundles at both
 * edges included, the next ones not. Exact for code: every instruction
 * address is a bundle's.
 */
TEST_F(qual, filter_rounds_out_to_bundles)
{
	struct rec_buf b = { .len = 0 };
	int fd = open_qual(CFG_TAG8, 0, 0, -1);

	ASSERT_GE(fd, 0);
	rec_op(&b, IP - 0x10, IA64_PMU_ITYPE_M, 0);
	rec_op(&b, IP, IA64_PMU_ITYPE_M, 0);
	rec_op(&b, IP + 0xf0, IA64_PMU_ITYPE_I, 0);
	rec_op(&b, IP + 0x100, IA64_PMU_ITYPE_B, 0);
	ASSERT_EQ(0, set_filter(fd, "filter 0x4000000000001008/0xf0"));
	EXPECT_EQ(2, run_count(fd, &b));
	/* a single byte is its bundle */
	ASSERT_EQ(0, set_filter(fd, "filter 0x40000000000010f7/0x1"));
	EXPECT_EQ(1, run_count(fd, &b));
	close(fd);
}

/*
 * A range that needs more than four pairs: refused, or over-covered; on
 * the per-pair models fine mode takes it (one page), rounded out to its
 * two-bundle granularity
 */
TEST_F(qual, filter_cover_limits)
{
	struct rec_buf b = { .len = 0 };
	int fd = open_qual(CFG_TAG8, 0, 0, -1);

	ASSERT_GE(fd, 0);
	/* [0x1010, 0x1ff0): 0x10+0x20+0x40+0x80+0x100+... blocks */
	EXPECT_EQ(pairs ? 0 : EINVAL,
		  set_filter(fd, "filter 0x4000000000001010/0xfe0"));
	close(fd);
	fd = open_qual(CFG_TAG8, IA64_PMU_CFG1_IRANGE_APPROX, 0, -1);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, set_filter(fd, "filter 0x4000000000001010/0xfe0"));
	rec_op(&b, IP + 0x10, IA64_PMU_ITYPE_M, 0);
	rec_op(&b, IP + 0xfe0, IA64_PMU_ITYPE_M, 0);
	rec_op(&b, IP + 0x2000, IA64_PMU_ITYPE_M, 0);
	/* covered: at least the range, never far beyond it */
	EXPECT_EQ(2, run_count(fd, &b));
	close(fd);
	/* five filters: more than the pairs */
	fd = open_qual(CFG_TAG8, 0, 0, -1);
	ASSERT_GE(fd, 0);
	EXPECT_EQ(EINVAL, set_filter(fd, "filter 0x1000/0x10,filter 0x2000/0x10,filter 0x3000/0x10,filter 0x4000/0x10,filter 0x5000/0x10"));
	/* start/stop are trace notions */
	EXPECT_EQ(EOPNOTSUPP, set_filter(fd, "start 0x1000"));
	close(fd);
}

TEST_F(qual, filter_errnos)
{
	int fd = open_qual(CFG_CYCLES, 0, 0, -1);

	ASSERT_GE(fd, 0);
	EXPECT_EQ(EOPNOTSUPP, set_filter(fd, "filter 0x1000/0x100"));
	close(fd);
	fd = open_qual(CFG_INST, 0, 0, -1);
	ASSERT_GE(fd, 0);
	/* the Itanium 2's (Montecito's) umask 0 is IBR pair 0's tag */
	EXPECT_EQ(pairs ? 0 : EOPNOTSUPP,
		  set_filter(fd, "filter 0x1000/0x100"));
	close(fd);
	EXPECT_EQ(EOPNOTSUPP,
		  open_errno_qual(CFG_CYCLES, IA64_PMU_CFG1_IRANGE_APPROX, 0));
}

/* Events that need different settings: -EBUSY in a group, multiplexed */
TEST_F(qual, sharing)
{
	int a, b;

	/* a group that disagrees on PMC8 (Itanium 2: pairs 0 and 2) */
	a = open_qual(CFG_TAG8, OPC_B, 0, -1);
	ASSERT_GE(a, 0);
	b = open_qual(CFG_TAG8, OPC_M, 0, a);
	EXPECT_LT(b, 0);
	EXPECT_EQ(EBUSY, errno);
	/* ... a PMC9 event does not use PMC8: fine */
	b = open_qual(CFG_TAG9, OPC_M, 0, a);
	EXPECT_GE(b, 0);
	close(b);
	/* a filter on one member of a group restricted by the IBRs */
	b = open_qual(CFG_TAG8, OPC_B, 0, a);
	ASSERT_GE(b, 0);
	EXPECT_EQ(EBUSY, set_filter(b, "filter 0x1000/0x100"));
	close(b);
	close(a);

	/* separate events: multiplexed */
	a = open_qual(CFG_TAG8, OPC_B, 0, -1);
	b = open_qual(CFG_DREFS, OPC_B, DATA | 0x7ff, -1);
	ASSERT_GE(a, 0);
	ASSERT_GE(b, 0);
	EXPECT_EQ(0, multiplexed(a, b)) TH_LOG("PMC8 agrees: no multiplexing");
	close(b);
	/* the default of PMC8 is a setting too */
	b = open_qual(CFG_DREFS, 0, 0, -1);
	ASSERT_GE(b, 0);
	EXPECT_EQ(1, multiplexed(a, b));
	close(b);
	b = open_qual(CFG_TAG8, OPC_F, 0, -1);
	ASSERT_GE(b, 0);
	EXPECT_EQ(1, multiplexed(a, b));
	close(b);
	b = open_qual(CFG_TAG8, OPC_B, 0, -1);
	ASSERT_GE(b, 0);
	ASSERT_EQ(0, set_filter(b, "filter 0x1000/0x100"));
	EXPECT_EQ(1, multiplexed(a, b));
	close(b);
	close(a);
}

/*
 * A file filter follows the file: map it executable, count there; map
 * it elsewhere, count at the new place only
 */
TEST_F(qual, filter_follows_remapped_file)
{
	char path[] = "/tmp/ia64_qual_XXXXXX", filter[128];
	struct perf_event_attr attr;
	struct rec_buf b = { .len = 0 };
	uint64_t at;
	void *p, *q;
	int fd, f;

	f = mkstemp(path);
	ASSERT_GE(f, 0);
	ASSERT_EQ(0, ftruncate(f, 0x4000));
	/*
	 * The core follows mappings only while some event tracks them
	 * (attr.mmap, which perf record always sets)
	 */
	counting_attr(&attr, CFG_TAG8);
	attr.exclude_kernel = 1;
	attr.mmap = 1;
	fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd, 0);
	snprintf(filter, sizeof(filter), "filter 0x1000/0x100@%s", path);
	ASSERT_EQ(0, set_filter(fd, filter));

	p = mmap(NULL, 0x4000, PROT_READ | PROT_EXEC, MAP_PRIVATE, f, 0);
	ASSERT_NE(MAP_FAILED, p);
	at = (uint64_t)(uintptr_t)p + 0x1000;
	rec_op(&b, at, IA64_PMU_ITYPE_M, 0);
	rec_op(&b, at + 0xf0, IA64_PMU_ITYPE_M, 0);
	rec_op(&b, at + 0x100, IA64_PMU_ITYPE_M, 0);
	EXPECT_EQ(2, run_count(fd, &b));

	/* mapped again elsewhere, the old place unmapped */
	q = mmap(NULL, 0x4000, PROT_READ | PROT_EXEC, MAP_PRIVATE, f, 0);
	ASSERT_NE(MAP_FAILED, q);
	munmap(p, 0x4000);
	b.len = 0;
	rec_op(&b, at, IA64_PMU_ITYPE_M, 0);
	at = (uint64_t)(uintptr_t)q + 0x1000;
	rec_op(&b, at + 0x80, IA64_PMU_ITYPE_M, 0);
	EXPECT_EQ(1, run_count(fd, &b));
	munmap(q, 0x4000);
	close(fd);
	close(f);
	unlink(path);
}

/* A CPU-wide event on CPU0; errno if it does not open */
static int open_cpu_errno(uint64_t config, uint64_t config2)
{
	struct perf_event_attr attr;
	int fd;

	counting_attr(&attr, config);
	attr.config2 = config2;
	fd = sys_perf_event_open(&attr, -1, 0, -1, 0);
	if (fd < 0)
		return errno;
	close(fd);
	return 0;
}

/*
 * The IBRs/DBRs are also a debugger's (ptrace on Itanium; the model's
 * debugger/ files): never both on one task, nor a debugger anywhere
 * while CPU-wide events use them
 */
TEST_F(qual, debugger_excludes_ranges)
{
	struct perf_event_attr attr;
	char pid[16];
	int fd, cpu_fd;

	snprintf(pid, sizeof(pid), "%d", getpid());
	ASSERT_EQ(0, sim_set("debugger/attach", pid));
	EXPECT_EQ(EBUSY, open_errno_qual(CFG_DREFS, 0, DATA | 0x7ff));
	EXPECT_EQ(EBUSY, open_cpu_errno(CFG_DREFS, DATA | 0x7ff));
	fd = open_qual(CFG_TAG8, OPC_B, 0, -1);
	ASSERT_GE(fd, 0) TH_LOG("an opcode pattern uses no debug register");
	EXPECT_EQ(EBUSY, set_filter(fd, "filter 0x4000000000001000/0x100"));
	close(fd);
	ASSERT_EQ(0, sim_set("debugger/detach", pid));

	/* the task's events use them: no debugger for it */
	fd = open_qual(CFG_DREFS, 0, DATA | 0x7ff, -1);
	ASSERT_GE(fd, 0);
	EXPECT_EQ(-EBUSY, sim_set("debugger/attach", pid));
	EXPECT_EQ(0, sim_set("debugger/attach", "1")) TH_LOG("another task");
	EXPECT_EQ(0, sim_set("debugger/detach", "1"));
	close(fd);
	ASSERT_EQ(0, sim_set("debugger/attach", pid));
	ASSERT_EQ(0, sim_set("debugger/detach", pid));

	/* CPU-wide: no debugger anywhere */
	counting_attr(&attr, CFG_DREFS);
	attr.config2 = DATA | 0x7ff;
	cpu_fd = sys_perf_event_open(&attr, -1, 0, -1, 0);
	ASSERT_GE(cpu_fd, 0);
	EXPECT_EQ(-EBUSY, sim_set("debugger/attach", "1"));
	close(cpu_fd);
	EXPECT_EQ(0, sim_set("debugger/attach", "1"));
	EXPECT_EQ(0, sim_set("debugger/detach", "1"));
}

/*
 * An inherited event claims the registers for its own task, created
 * before the child has its pid: every claim is released with its event
 */
TEST_F(qual, inherited_claims_balance)
{
	struct perf_event_attr attr;
	char pid[16];
	int fd, status;
	pid_t child;

	snprintf(pid, sizeof(pid), "%d", getpid());
	counting_attr(&attr, CFG_DREFS);
	attr.config2 = DATA | 0x7ff;
	attr.exclude_kernel = 1;
	attr.inherit = 1;
	attr.disabled = 0;
	fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd, 0);
	child = fork();
	ASSERT_GE(child, 0);
	if (!child) {
		char self[16];

		/* the child's own claim: no debugger for it */
		snprintf(self, sizeof(self), "%d", getpid());
		_exit(sim_set("debugger/attach", self) == -EBUSY ? 0 : 1);
	}
	ASSERT_EQ(child, waitpid(child, &status, 0));
	EXPECT_EQ(0, status);
	EXPECT_EQ(-EBUSY, sim_set("debugger/attach", pid));
	close(fd);
	EXPECT_EQ(0, sim_set("debugger/attach", pid));
	EXPECT_EQ(0, sim_set("debugger/detach", pid));
}

/*
 * A debugged task ran on the CPU and its switch-in loaded its
 * breakpoints (x, r, w set): the ranges are written again before the
 * filtered events count
 */
TEST_F(qual, ranges_rewritten_after_debugger_load)
{
	struct rec_buf b = { .len = 0 }, m = { .len = 0 };
	int fd = open_qual(CFG_TAG8, 0, 0, -1), dfd;

	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, set_filter(fd, "filter 0x4000000000001000/0x100"));
	rec_op(&b, IP, IA64_PMU_ITYPE_M, 0);
	rec_op(&b, IP + 0x100, IA64_PMU_ITYPE_M, 0);
	EXPECT_EQ(1, run_count(fd, &b));
	ASSERT_EQ(0, sim_set("debugger/load", "0"));
	EXPECT_EQ(1, run_count(fd, &b));
	close(fd);

	dfd = open_qual(CFG_DREFS, 0, DATA | 0x7ff, -1);
	ASSERT_GE(dfd, 0);
	rec_mem(&m, IP, 0, 3, DATA, IA64_PMU_MEM_LOAD, 0, 0, 1);
	rec_mem(&m, IP, 0, 3, DATA + 0x1000, IA64_PMU_MEM_LOAD, 0, 0, 1);
	EXPECT_EQ(1, run_count(dfd, &m));
	ASSERT_EQ(0, sim_set("debugger/load", "0"));
	EXPECT_EQ(1, run_count(dfd, &m));
	close(dfd);
}

/*
 * A data range and an instruction filter on one event: its memory
 * accesses count inside both (Itanium: DBRRangeTag includes Tag(PMC8);
 * Itanium 2: PMC13 adds IBR pair 0's tag to the DBR pair)
 */
TEST_F(qual, data_range_and_filter)
{
	struct rec_buf b = { .len = 0 };
	int fd = open_qual(CFG_DREFS, 0, DATA | 0x7ff, -1);

	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, set_filter(fd, "filter 0x4000000000001000/0x100"));
	rec_mem(&b, IP, 0, 3, DATA, IA64_PMU_MEM_LOAD, 0, 0, 1);
	rec_mem(&b, IP + 0xf0, 0, 3, DATA + 8, IA64_PMU_MEM_LOAD, 0, 0, 1);
	rec_mem(&b, IP + 0x200, 0, 3, DATA, IA64_PMU_MEM_LOAD, 0, 0, 1);
	rec_mem(&b, IP, 0, 3, DATA + 0x1000, IA64_PMU_MEM_LOAD, 0, 0, 1);
	EXPECT_EQ(2, run_count(fd, &b));
	close(fd);
}

#define NOT_ITANIUM2	"the PMU is not an Itanium 2"
#define NOT_PER_PAIR	"no per IBR pair ranges (Itanium 2, Montecito)"

/* Bundles at IP + 0x10 * i for i in [0, n), M-type, user level */
static void rec_bundles(struct rec_buf *b, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		rec_op(b, IP + 0x10 * i, IA64_PMU_ITYPE_M, 0);
}

/*
 * Itanium 2 fine mode: a range in one 4 KB page with 32-byte aligned
 * bounds counts exactly its bundles, with PMC14.fine and pairs 0 and 2
 * as its bounds; a bound inside a two-bundle pair (the erratum) is
 * rounded out to the pair, with or without irange_approx
 */
TEST_F(qual, ita2_fine_mode_exact)
{
	struct rec_buf b = { .len = 0 };
	int fd;

	if (!ita2)
		SKIP(return, NOT_ITANIUM2);
	rec_bundles(&b, 16);			/* IP .. IP + 0xf0 */
	fd = open_qual(CFG_TAG8, 0, 0, -1);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, set_filter(fd, "filter 0x4000000000001020/0x60"));
	EXPECT_EQ(6, run_count(fd, &b));
	EXPECT_EQ(0x2000, live_pmc(fd, 14) & 0x2000) TH_LOG("fine mode");
	EXPECT_EQ(0, live_pmc(fd, 14) & 0x2) TH_LOG("pair 0 restricts");
	/*
	 * the erratum: [IP + 0x30, IP + 0x50) is two half pairs, rounded
	 * out to them
	 */
	ASSERT_EQ(0, set_filter(fd, "filter 0x4000000000001030/0x20"));
	EXPECT_EQ(4, run_count(fd, &b)) TH_LOG("0x20 .. 0x5f");
	close(fd);
	fd = open_qual(CFG_TAG8, APPROX, 0, -1);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, set_filter(fd, "filter 0x4000000000001030/0x20"));
	EXPECT_EQ(4, run_count(fd, &b)) TH_LOG("0x20 .. 0x5f");
	close(fd);
	/* across a 4 KB boundary: one masked pair, not fine */
	fd = open_qual(CFG_TAG8, 0, 0, -1);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, set_filter(fd, "filter 0x4000000000000000/0x2000"));
	EXPECT_EQ(16, run_count(fd, &b));
	EXPECT_EQ(0, live_pmc(fd, 14) & 0x2000) TH_LOG("mask mode");
	/* one range per event on the Itanium 2 */
	EXPECT_EQ(EINVAL, set_filter(fd, "filter 0x1000/0x10,filter 0x2000/0x10"));
	close(fd);
	/* IBR pairs 2 and 3 have no fine mode: two blocks, refused */
	fd = open_qual(CFG_IBRP(2), 0, 0, -1);
	ASSERT_GE(fd, 0);
	EXPECT_EQ(EINVAL, set_filter(fd, "filter 0x4000000000001020/0x60"));
	ASSERT_EQ(0, set_filter(fd, "filter 0x4000000000001040/0x40"));
	EXPECT_EQ(4, run_count(fd, &b));
	close(fd);
}

/*
 * irange_inv: the event counts outside its range (PMC8/9.inv); ig_ad
 * is set for a matcher none of whose pairs restricts, and clear for one
 * that does
 */
TEST_F(qual, ita2_inversion_and_ig_ad)
{
	struct rec_buf b = { .len = 0 };
	int fd;

	if (!ita2)
		SKIP(return, NOT_ITANIUM2);
	rec_bundles(&b, 16);
	fd = open_qual(CFG_TAG8, INV, 0, -1);
	ASSERT_GE(fd, 0);
	EXPECT_EQ(16, run_count(fd, &b)) TH_LOG("no filter: everywhere");
	EXPECT_EQ(0x1, live_pmc(fd, 8) & 0x3) TH_LOG("PMC8 ig_ad");
	ASSERT_EQ(0, set_filter(fd, "filter 0x4000000000001020/0x60"));
	EXPECT_EQ(10, run_count(fd, &b));
	EXPECT_EQ(0x2, live_pmc(fd, 8) & 0x3) TH_LOG("PMC8 inv");
	EXPECT_EQ(0x1, live_pmc(fd, 9) & 0x3) TH_LOG("PMC9 ig_ad");
	close(fd);
	/* the PMC9 pairs: pair 1, not inverted */
	fd = open_qual(CFG_TAG9, 0, 0, -1);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, set_filter(fd, "filter 0x4000000000001000/0x40"));
	EXPECT_EQ(4, run_count(fd, &b));
	EXPECT_EQ(0x0, live_pmc(fd, 9) & 0x3) TH_LOG("PMC9 range");
	EXPECT_EQ(0x1, live_pmc(fd, 8) & 0x3) TH_LOG("PMC8 ig_ad");
	close(fd);
	/* the Itanium 2 data range events cannot invert (not IBR tagged) */
	EXPECT_EQ(EOPNOTSUPP, open_errno_qual(CFG_CYCLES, INV, 0));
}

/*
 * An event of @config with @filter (NULL: none) next to @fd: 1 if perf
 * multiplexes the two, 0 if they count together, -1 on error
 */
static int mux_with(int fd, uint64_t config, const char *filter)
{
	int other = open_qual(config, 0, 0, -1), ret = -1;

	if (other < 0)
		return -1;
	if (!filter || !set_filter(other, filter))
		ret = multiplexed(fd, other);
	close(other);
	return ret;
}

/*
 * Events on different IBR pairs filter independently: they count
 * together (on the Itanium, one range for all: multiplexed); on one
 * pair they must agree, and a pair that restricts is no pair for an
 * unfiltered event
 */
TEST_F(qual, ita2_pairs_independent)
{
	int a;

	if (!pairs)
		SKIP(return, NOT_PER_PAIR);
	a = open_qual(CFG_IBRP(0), 0, 0, -1);
	ASSERT_GE(a, 0);
	ASSERT_EQ(0, set_filter(a, "filter 0x4000000000001000/0x40"));
	EXPECT_EQ(0, mux_with(a, CFG_IBRP(1),
			      "filter 0x4000000000001800/0x80"));
	/* pair 2 unfiltered next to pair 0 filtered: fine */
	EXPECT_EQ(0, mux_with(a, CFG_IBRP(2), NULL));
	/* pair 0 again, other range: multiplexed */
	EXPECT_EQ(1, mux_with(a, CFG_IBRP(0),
			      "filter 0x4000000000002000/0x40"));
	/* pair 0 unfiltered (an event seeing pair 0): multiplexed */
	EXPECT_EQ(1, mux_with(a, CFG_DREFS, NULL));
	close(a);
}

/* L1I_PREFETCHES at each of @n bundles from IP, user level */
static void rec_prefetches(struct rec_buf *b, unsigned int n)
{
	static const struct ia64_pmu_rec_event ev = {
		.code = ES_L1I_PREFETCHES, .inc = 1,
	};
	unsigned int i;

	for (i = 0; i < n; i++)
		rec_cycles(b, IP + 0x10 * i, 1, 3, IA64_PMU_ISA_IA64, &ev, 1);
}

/*
 * The Itanium 2's instruction prefetch events are range-qualified by IBR
 * pair 1 alone (the Itanium 2 manual's §10.3.5.1 as libpfm 3.x applies
 * it): a filter on L1I_PREFETCHES is pair 1's (fine mode with pair 3),
 * with PMC9's ig_ad clear and PMC8's set; it counts at once with a pair
 * 0 filter of another range, and agrees with what else uses pair 1
 */
TEST_F(qual, ita2_prefetch_events_pair1)
{
	struct rec_buf b = { .len = 0 };
	uint64_t pmc14;
	int fd;

	if (!ita2)
		SKIP(return, NOT_ITANIUM2);
	rec_prefetches(&b, 16);			/* IP .. IP + 0xf0 */
	fd = open_qual(CFG_L1I_PF, 0, 0, -1);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, set_filter(fd, "filter 0x4000000000001020/0x60"));
	EXPECT_EQ(6, run_count(fd, &b));
	pmc14 = live_pmc(fd, 14);
	EXPECT_EQ(0, pmc14 & P14_IBRP(1)) TH_LOG("pair 1 restricts");
	EXPECT_EQ(P14_IBRP(0), pmc14 & P14_IBRP(0)) TH_LOG("pair 0 free");
	EXPECT_EQ(P14_FINE, pmc14 & P14_FINE) TH_LOG("fine mode");
	EXPECT_EQ(0x0, live_pmc(fd, 9) & 0x3) TH_LOG("PMC9 range");
	EXPECT_EQ(0x1, live_pmc(fd, 8) & 0x3) TH_LOG("PMC8 ig_ad");

	/* pair 0 filtered elsewhere: both count at once */
	EXPECT_EQ(0, mux_with(fd, CFG_TAG8, "filter 0x4000000000002000/0x40"));
	/* pair 1's tagged event on another range, or unfiltered: not */
	EXPECT_EQ(1, mux_with(fd, CFG_IBRP(1),
			      "filter 0x4000000000002000/0x40"));
	EXPECT_EQ(1, mux_with(fd, CFG_IBRP(1), NULL));
	close(fd);

	/* irange_inv: outside the range, by PMC9.inv */
	fd = open_qual(CFG_L1I_PF, INV, 0, -1);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, set_filter(fd, "filter 0x4000000000001020/0x60"));
	EXPECT_EQ(10, run_count(fd, &b));
	EXPECT_EQ(0x2, live_pmc(fd, 9) & 0x3) TH_LOG("PMC9 inv");
	close(fd);
	/* no opcode matcher for it */
	EXPECT_EQ(EOPNOTSUPP, open_errno_qual(CFG_L1I_PF, OPC_B, 0));
}

TEST_HARNESS_MAIN

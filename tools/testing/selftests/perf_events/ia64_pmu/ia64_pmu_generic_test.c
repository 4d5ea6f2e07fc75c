// SPDX-License-Identifier: GPL-2.0
/*
 * The driver's generic model, built from PAL_PERF_MON_INFO (make vm
 * MODEL=generic,...): the shape PAL reports in sysfs, exact counts of
 * injected records on every counter of a group, overflow sampling on the
 * last counter (PMC0 bits above 7 with 12 counters), multiplexing, raw
 * bits 31:8 written as given (beyond the threshold only with the
 * privilege of a CPU-wide event), the family's enable bit, a task's
 * count exact while an unmonitored task runs between its slices, and
 * EOPNOTSUPP for every feature it lacks.
 * The expectations come from the model= parameter of the software model,
 * with its documented defaults. Skipped on other CPU models.
 */

#include <dirent.h>
#include <errno.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "ia64_pmu_test.h"

#define USER_IP		0x4000000000001000ULL
#define NOT_GENERIC	"the PMU is not the generic model"
#define MAX_CTRS	16

static unsigned int sysfs_uint(const char *path)
{
	char buf[64];

	return strtoul(read_line(path, buf, sizeof(buf)), NULL, 0);
}

/* A raw event code that is neither cycles nor retired, for member @i */
static unsigned int other_code(const struct gen_shape *s, int i)
{
	unsigned int es = 0x40 + i;

	while (es == s->cycles || es == s->retired)
		es += 0x20;
	return es;
}

FIXTURE(generic) {
	struct gen_shape s;
};

FIXTURE_SETUP(generic)
{
	if (!pmu_is_generic())
		return;
	ASSERT_EQ(0, sim_gen_shape(&self->s));
	ASSERT_EQ(0, pin_cpu(0));
	ASSERT_EQ(0, sim_set("freerun", "0"));
	ASSERT_EQ(0, sim_set("irq_delay_ns", "0"));
	/* exact sample counts: throttled only where a test means it */
	ASSERT_EQ(0, perf_limits_off());
}

FIXTURE_TEARDOWN(generic)
{
}

/* caps/, format/ and events/ say what PAL reported, and nothing more */
TEST_F(generic, shape_in_sysfs)
{
	static const char * const absent[] = {
		"format/br_mispred", "format/ear", "format/ear_tlb",
		"format/ldlat", "format/opc_match", "format/opc_care",
		"format/irange_approx", "format/irange_inv", "format/drange",
		/* bits 30:26 are written as given: no MESI, no thread bit */
		"format/mesi", "format/all",
		"caps/branches", "caps/ear_thresholds", "events/mem-loads",
	};
	const struct gen_shape *s = &self->s;
	unsigned int i, n = 0;
	char buf[64];
	struct dirent *d;
	DIR *dir;

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_generic())
		SKIP(return, NOT_GENERIC);
	EXPECT_EQ(s->counters, sysfs_uint(PMU_DIR "/caps/counters"));
	EXPECT_EQ(s->width, sysfs_uint(PMU_DIR "/caps/counter_width"));
	EXPECT_EQ(s->family, sysfs_uint(PMU_DIR "/caps/cpu_family"));
	EXPECT_EQ(s->model, sysfs_uint(PMU_DIR "/caps/cpu_model"));
	EXPECT_EQ(0, sysfs_uint(PMU_DIR "/caps/max_precise"));
	read_line(PMU_DIR "/format/event", buf, sizeof(buf));
	EXPECT_STREQ("config:8-15\n", buf);
	for (i = 0; i < ARRAY_SIZE(absent); i++) {
		snprintf(buf, sizeof(buf), PMU_DIR "/%s", absent[i]);
		EXPECT_NE(0, access(buf, F_OK)) TH_LOG("%s", absent[i]);
	}
	EXPECT_EQ(IA64_PMU_CONFIG(s->cycles, 0),
		  sysfs_event_config("cpu-cycles"));
	EXPECT_EQ(IA64_PMU_CONFIG(s->retired, 0),
		  sysfs_event_config("instructions"));
	dir = opendir(PMU_DIR "/events");
	ASSERT_NE(NULL, dir);
	while ((d = readdir(dir)))
		n += d->d_name[0] != '.';
	closedir(dir);
	EXPECT_EQ(2, n);
}

/* cycles and instructions: PAL's codes, exact, beyond 32 bits */
TEST_F(generic, hardware_events_exact)
{
	struct rec_buf b = { .len = 0 };
	struct perf_event_attr attr;
	uint64_t n = (1ULL << 33) + 4321;
	int fd;

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_generic())
		SKIP(return, NOT_GENERIC);
	counting_attr(&attr, PERF_COUNT_HW_CPU_CYCLES);
	attr.type = PERF_TYPE_HARDWARE;
	attr.exclude_kernel = 1;
	fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd, 0);
	rec_cycles(&b, USER_IP, n, 3, IA64_PMU_ISA_IA64, NULL, 0);
	/* at privilege level 0: excluded */
	rec_cycles(&b, USER_IP, 999, 0, IA64_PMU_ISA_IA64, NULL, 0);
	EXPECT_EQ(n, run_count(fd, &b));
	close(fd);

	b.len = 0;
	attr.config = PERF_COUNT_HW_INSTRUCTIONS;
	fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd, 0);
	rec_inst(&b, USER_IP, 1000, 3, 3);
	EXPECT_EQ(3000, run_count(fd, &b));
	close(fd);

	/* the other generic events have no code PAL gives */
	attr.config = PERF_COUNT_HW_BRANCH_INSTRUCTIONS;
	EXPECT_EQ(EOPNOTSUPP, open_errno(&attr));
	attr.type = PERF_TYPE_HW_CACHE;
	attr.config = 0;
	EXPECT_EQ(EOPNOTSUPP, open_errno(&attr));
}

/*
 * A group of one raw event per counter: each counts exactly what the
 * cycles records list for its code and umask, all of them at once; one
 * more does not fit
 */
TEST_F(generic, raw_group_on_every_counter)
{
	const struct gen_shape *s = &self->s;
	struct ia64_pmu_rec_event ev[MAX_CTRS];
	struct rec_buf b = { .len = 0 };
	struct { uint64_t nr, te, tr, v[MAX_CTRS]; } g;
	struct perf_event_attr attr;
	int fd[MAX_CTRS], i, n = s->usable;

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_generic())
		SKIP(return, NOT_GENERIC);
	ASSERT_LE(n, MAX_CTRS);
	for (i = 0; i < n; i++) {
		memset(&ev[i], 0, sizeof(ev[i]));
		ev[i].code = other_code(s, i);
		ev[i].umask = i & 0xf;
		ev[i].inc = 1 + i % 7;	/* up to the model's maximum, 7 */
	}
	rec_cycles(&b, USER_IP, 1000, 3, IA64_PMU_ISA_IA64, ev, n);
	counting_attr(&attr, IA64_PMU_CONFIG(ev[0].code, ev[0].umask));
	attr.exclude_kernel = 1;
	attr.read_format = PERF_FORMAT_GROUP |
			   PERF_FORMAT_TOTAL_TIME_ENABLED |
			   PERF_FORMAT_TOTAL_TIME_RUNNING;
	fd[0] = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd[0], 0);
	for (i = 1; i < n; i++) {
		fd[i] = open_user(IA64_PMU_CONFIG(ev[i].code, ev[i].umask),
				  fd[0]);
		ASSERT_GE(fd[i], 0) TH_LOG("member %d: %s", i,
					   strerror(errno));
	}
	/* one more than the counters used (PAL's, or PMC4-9: threads) */
	EXPECT_EQ(-1, open_user(IA64_PMU_CONFIG(s->cycles, 0), fd[0]));
	EXPECT_EQ(EINVAL, errno);

	ioctl(fd[0], PERF_EVENT_IOC_ENABLE, 0);
	ASSERT_EQ(0, sim_inject(&b));
	ioctl(fd[0], PERF_EVENT_IOC_DISABLE, 0);
	ASSERT_EQ(sizeof(uint64_t) * (3 + n), read(fd[0], &g, sizeof(g)));
	EXPECT_EQ(n, g.nr);
	EXPECT_EQ(g.te, g.tr);
	for (i = 0; i < n; i++)
		EXPECT_EQ(1000 * (1 + i % 7), g.v[i]) TH_LOG("member %d", i);
	for (i = 0; i < n; i++)
		close(fd[i]);
}

/*
 * Sampling on the last counter (PMD4+N-1: with 12 counters PMD15, whose
 * overflow bit is PMC0 bit 15): one sample per period, exactly
 */
TEST_F(generic, samples_on_the_last_counter)
{
	const struct gen_shape *s = &self->s;
	int last = 4 + s->usable - 1, fd[MAX_CTRS], i;
	struct rec_buf b = { .len = 0 };
	struct perf_event_attr attr;
	struct ring r;
	uint64_t pmc;

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_generic())
		SKIP(return, NOT_GENERIC);
	ASSERT_GE(s->counters, 2);
	/* counting members fill the counters below the last */
	counting_attr(&attr, IA64_PMU_CONFIG(other_code(s, 0), 0));
	attr.exclude_kernel = 1;
	fd[0] = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd[0], 0);
	for (i = 1; i < (int)s->usable - 1; i++) {
		fd[i] = open_user(IA64_PMU_CONFIG(other_code(s, i), 0), fd[0]);
		ASSERT_GE(fd[i], 0);
	}
	counting_attr(&attr, IA64_PMU_CONFIG(s->cycles, 0));
	attr.exclude_kernel = 1;
	attr.disabled = 0;
	attr.sample_period = 1000;
	attr.sample_type = PERF_SAMPLE_IP;
	attr.read_format = 0;
	fd[i] = sys_perf_event_open(&attr, 0, -1, fd[0], 0);
	ASSERT_GE(fd[i], 0);
	ASSERT_EQ(0, ring_map(&r, fd[i]));
	rec_cycles(&b, USER_IP, 10500, 3, IA64_PMU_ISA_IA64, NULL, 0);
	ioctl(fd[0], PERF_EVENT_IOC_ENABLE, 0);
	/* the sampler is on the last counter, with oi set */
	pmc = sim_model_pmc(0, last);
	EXPECT_EQ(s->cycles, (pmc >> 8) & 0xff) TH_LOG("pmc%d 0x%llx", last,
						       (unsigned long long)pmc);
	EXPECT_NE(0, pmc & (1 << 5));
	ASSERT_EQ(0, sim_inject(&b));
	ioctl(fd[0], PERF_EVENT_IOC_DISABLE, 0);
	EXPECT_EQ(10, ring_count_samples(&r));
	ring_unmap(&r);
	for (; i >= 0; i--)
		close(fd[i]);
}

/*
 * Two threads per core (PAL_LOGICAL_TO_PHYSICAL): the generic model takes
 * the Montecito's erratum 121 as a conservative rule, the overflow of
 * PMC10-15 may never interrupt, and places every event on PMC4-9. With
 * more events than those six, PMC10-15 stay idle (plm 0) and the core
 * multiplexes.
 */
TEST_F(generic, two_threads_counters_4_to_9)
{
	const struct gen_shape *s = &self->s;
	int fd[MAX_CTRS], i, n;
	struct perf_event_attr attr;

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_generic())
		SKIP(return, NOT_GENERIC);
	if (s->threads < 2 || s->counters <= 6)
		SKIP(return, "one thread per core, or no counter beyond PMC9");
	ASSERT_EQ(6, s->usable);
	n = s->counters;
	for (i = 0; i < n; i++) {
		counting_attr(&attr, IA64_PMU_CONFIG(other_code(s, i), 0));
		attr.exclude_kernel = 1;
		attr.disabled = 0;
		fd[i] = sys_perf_event_open(&attr, 0, -1, -1, 0);
		ASSERT_GE(fd[i], 0) TH_LOG("event %d: %s", i, strerror(errno));
	}
	/* this task runs, its events are on CPU0's PMU */
	for (i = 10; i < 4 + n; i++)
		EXPECT_EQ(0, sim_model_pmc(0, i) & 0xf) TH_LOG("PMC%d", i);
	for (i = 4; i < 10; i++)
		EXPECT_NE(0, sim_model_pmc(0, i) & 0xf) TH_LOG("PMC%d", i);
	for (i = 0; i < n; i++)
		close(fd[i]);
}

/* More events than counters, not in a group: the core multiplexes */
TEST_F(generic, multiplexes_beyond_the_counters)
{
	const struct gen_shape *s = &self->s;
	int fd[MAX_CTRS + 1], i, n = s->usable + 1;
	struct perf_event_attr attr;
	struct count c;

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_generic())
		SKIP(return, NOT_GENERIC);
	ASSERT_EQ(0, sim_set("freerun", "1"));
	for (i = 0; i < n; i++) {
		counting_attr(&attr, IA64_PMU_CONFIG(s->cycles, 0));
		attr.disabled = 0;
		fd[i] = sys_perf_event_open(&attr, 0, -1, -1, 0);
		ASSERT_GE(fd[i], 0);
	}
	busy_ms(300);
	for (i = 0; i < n; i++) {
		ASSERT_EQ(0, read_count(fd[i], &c));
		EXPECT_GT(c.running, 0) TH_LOG("event %d", i);
		EXPECT_LT(c.running, c.enabled) TH_LOG("event %d", i);
		EXPECT_GT(c.value, 0) TH_LOG("event %d", i);
		close(fd[i]);
	}
}

/*
 * Raw config bits 31:8 reach the counter's PMC as given (the fields of
 * the processor's manual; a fixed ism reads 0b10 whatever is written,
 * PMC4 has the family's enable bit); the driver owns 7:0; bits it has no
 * field for are refused. As root: bits 31:23 beyond the threshold too.
 */
TEST_F(generic, raw_bits_written_as_given)
{
	const struct gen_shape *s = &self->s;
	uint64_t cfg = IA64_PMU_CONFIG(0xff, 0xf) | (7ULL << 20) |
		       (1ULL << 24) | (0x3fULL << 26), want, pmc;
	struct perf_event_attr attr;
	int fd;

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_generic())
		SKIP(return, NOT_GENERIC);
	counting_attr(&attr, cfg);
	attr.exclude_kernel = 1;
	attr.disabled = 0;
	fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd, 0) TH_LOG("%s", strerror(errno));
	pmc = sim_model_pmc(0, 4);
	want = cfg;
	if (s->ism_fixed)
		want = (want & ~(3ULL << 24)) | 2ULL << 24;
	if (s->enable_bit)
		want |= 1ULL << 23;
	EXPECT_EQ(want, pmc & 0xffffff00ULL) TH_LOG("pmc4 0x%llx",
						    (unsigned long long)pmc);
	/* plm: user only; pm and oi: the driver's */
	EXPECT_EQ(0x8 | 0x40 | 0x20, pmc & 0xff);
	close(fd);

	for (int bit = 0; bit < 8; bit++) {
		counting_attr(&attr, IA64_PMU_CONFIG(s->cycles, 0) |
				     (1ULL << bit));
		EXPECT_EQ(EINVAL, open_errno(&attr)) TH_LOG("bit %d", bit);
	}
	counting_attr(&attr, IA64_PMU_CONFIG(s->cycles, 0) | (1ULL << 60));
	EXPECT_EQ(EINVAL, open_errno(&attr));
	/* ism 0b11 would count nothing where ism is writable */
	counting_attr(&attr, IA64_PMU_CONFIG(s->cycles, 0) | (3ULL << 24));
	EXPECT_EQ(EINVAL, open_errno(&attr));
}

#define PARANOID	"/proc/sys/kernel/perf_event_paranoid"

/*
 * In a child as user nobody: for each of @n configs, the errno of its
 * per-task event (0 if it opens) in the byte written to @out; returns 0,
 * or -1 if the child did not run
 */
static int unprivileged_errnos(const uint64_t *cfg, int n, uint8_t *out)
{
	int p[2], status, i, fd;
	pid_t pid;

	if (pipe(p))
		return -1;
	pid = fork();
	if (!pid) {
		if (setgid(65534) || setuid(65534))
			_exit(1);
		for (i = 0; i < n; i++) {
			uint8_t e;

			fd = open_user(cfg[i], -1);
			e = fd < 0 ? errno : 0;
			if (fd >= 0)
				close(fd);
			if (write(p[1], &e, 1) != 1)
				_exit(1);
		}
		_exit(0);
	}
	close(p[1]);
	/* n bytes fit in the pipe: all there once the child is gone */
	if (pid < 0 || waitpid(pid, &status, 0) != pid ||
	    !WIFEXITED(status) || WEXITSTATUS(status) ||
	    read(p[0], out, n) != n) {
		close(p[0]);
		return -1;
	}
	close(p[0]);
	return 0;
}

/*
 * Raw bits beyond the fields every Itanium lays out alike (es 15:8,
 * umask 19:16, threshold 22:20) mean what the processor's manual says:
 * on the Montecito bit 26 counts the sibling thread, 30:27 filter by
 * cache state. The driver cannot know, so they need the privilege of a
 * CPU-wide event (perf_allow_cpu(), as the Montecito's all bit): EACCES
 * for user nobody while perf_event_paranoid > 0, the event at 0
 */
TEST_F(generic, raw_bits_beyond_thres_need_cpu_privilege)
{
	const struct gen_shape *s = &self->s;
	uint64_t cyc = IA64_PMU_CONFIG(s->cycles, 0);
	const uint64_t cfg[] = {
		IA64_PMU_CONFIG(0xff, 0xf) | 7ULL << 20,	/* common */
		cyc | 1ULL << 23, cyc | 1ULL << 24, cyc | 2ULL << 24,
		cyc | 1ULL << 26, cyc | 1ULL << 27, cyc | 1ULL << 30,
		cyc | 1ULL << 31,
	};
	const uint64_t bad[] = {
		cyc | 1ULL << 60, cyc | 1ULL << 3, cyc | 3ULL << 24,
	};
	int n = ARRAY_SIZE(cfg), i;
	uint8_t err[ARRAY_SIZE(cfg)];
	char old[16];

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_generic())
		SKIP(return, NOT_GENERIC);
	read_line(PARANOID, old, sizeof(old));
	ASSERT_EQ(0, write_str(PARANOID, "1"));
	ASSERT_EQ(0, unprivileged_errnos(cfg, n, err));
	EXPECT_EQ(0, err[0]);
	for (i = 1; i < n; i++) {
		EXPECT_EQ(EACCES, err[i]) TH_LOG("config 0x%llx",
						 (unsigned long long)cfg[i]);
	}
	ASSERT_EQ(0, write_str(PARANOID, "0"));
	ASSERT_EQ(0, unprivileged_errnos(cfg, n, err));
	for (i = 0; i < n; i++) {
		EXPECT_EQ(0, err[i]) TH_LOG("config 0x%llx",
					    (unsigned long long)cfg[i]);
	}
	ASSERT_EQ(0, write_str(PARANOID, old));
	/* whoever asks: reserved bits EINVAL, not EACCES */
	ASSERT_EQ(0, write_str(PARANOID, "1"));
	ASSERT_EQ(0, unprivileged_errnos(bad, ARRAY_SIZE(bad), err));
	for (i = 0; i < (int)ARRAY_SIZE(bad); i++) {
		EXPECT_EQ(EINVAL, err[i]) TH_LOG("config 0x%llx",
						 (unsigned long long)bad[i]);
	}
	ASSERT_EQ(0, write_str(PARANOID, old));
}

/*
 * The family's counter enable bit (family 0x1f: the Itanium 2's PMC4 bit
 * 23, without which no counter counts) is in PMC4 whichever counters the
 * events take, and stays there when they are gone; other families have
 * none
 */
TEST_F(generic, family_enable_bit)
{
	const struct gen_shape *s = &self->s;
	struct ia64_pmu_rec_event ev = { .code = other_code(s, 0), .inc = 1 };
	struct rec_buf b = { .len = 0 };
	struct { uint64_t nr, te, tr, v[2]; } g;
	struct perf_event_attr attr;
	int fd[2];

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_generic())
		SKIP(return, NOT_GENERIC);
	ASSERT_GE(s->counters, 2);
	counting_attr(&attr, IA64_PMU_CONFIG(ev.code, 0));
	attr.exclude_kernel = 1;
	attr.read_format = PERF_FORMAT_GROUP |
			   PERF_FORMAT_TOTAL_TIME_ENABLED |
			   PERF_FORMAT_TOTAL_TIME_RUNNING;
	fd[0] = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd[0], 0);
	fd[1] = open_user(IA64_PMU_CONFIG(s->cycles, 0), fd[0]);
	ASSERT_GE(fd[1], 0);
	rec_cycles(&b, USER_IP, 777, 3, IA64_PMU_ISA_IA64, &ev, 1);
	ioctl(fd[0], PERF_EVENT_IOC_ENABLE, 0);
	EXPECT_EQ(s->enable_bit, !!(sim_model_pmc(0, 4) & 1ULL << 23));
	ASSERT_EQ(0, sim_inject(&b));
	ioctl(fd[0], PERF_EVENT_IOC_DISABLE, 0);
	ASSERT_EQ(sizeof(uint64_t) * 5, read(fd[0], &g, sizeof(g)));
	EXPECT_EQ(777, g.v[0]);
	EXPECT_EQ(777, g.v[1]);
	close(fd[1]);
	close(fd[0]);
	EXPECT_EQ(s->enable_bit, !!(sim_model_pmc(0, 4) & 1ULL << 23));
}

#define SLICES		20
#define PERIOD		1000

/*
 * A task's event while another task, unmonitored, runs on its CPU
 * between its slices, with a CPU-wide event keeping the PMU running: the
 * other task's records are not counted, the CPU-wide event counts both
 * tasks'. Each slice the task's sampling event counts PERIOD cycles,
 * PERF_EVENT_IOC_REFRESH 1 letting it overflow once: the interrupt stops
 * it (ia64_pmu_stop()) and the core disables it. The driver stops a
 * counter by plm = 0, which stops it on every Itanium; ism 0b11 does not
 * where ism is fixed (the software model's default but for families 0x07
 * and 0x1f): the counter would go on counting the other task's cycles,
 * and, as it keeps its PMD for the event's next slice (the lazy reload),
 * the event would take them in.
 */
TEST_F(generic, unmonitored_task_not_counted)
{
	uint64_t cfg = IA64_PMU_CONFIG(self->s.cycles, 0);
	int to_child[2], to_parent[2], status, fd, cpu_fd, round;
	struct rec_buf b = { .len = 0 };
	struct perf_event_attr attr;
	char token = 'x';
	struct count c;
	struct ring r;
	pid_t pid;

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_generic())
		SKIP(return, NOT_GENERIC);
	counting_attr(&attr, cfg);
	attr.exclude_kernel = 1;
	cpu_fd = sys_perf_event_open(&attr, -1, 0, -1, 0);
	ASSERT_GE(cpu_fd, 0);
	ioctl(cpu_fd, PERF_EVENT_IOC_ENABLE, 0);
	ASSERT_EQ(0, pipe(to_child));
	ASSERT_EQ(0, pipe(to_parent));
	pid = fork();
	ASSERT_GE(pid, 0);
	if (pid == 0) {
		rec_cycles(&b, USER_IP, 333, 3, IA64_PMU_ISA_IA64, NULL, 0);
		for (round = 0; round < SLICES; round++) {
			if (read(to_child[0], &token, 1) != 1)
				_exit(1);
			if (sim_inject(&b))
				_exit(2);
			if (write(to_parent[1], &token, 1) != 1)
				_exit(3);
		}
		_exit(0);
	}
	counting_attr(&attr, cfg);
	attr.exclude_kernel = 1;
	attr.sample_period = PERIOD;
	attr.sample_type = PERF_SAMPLE_IP;
	fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd, 0);
	ASSERT_EQ(0, ring_map(&r, fd));
	rec_cycles(&b, USER_IP, PERIOD, 3, IA64_PMU_ISA_IA64, NULL, 0);
	for (round = 0; round < SLICES; round++) {
		ASSERT_EQ(0, ioctl(fd, PERF_EVENT_IOC_REFRESH, 1));
		ASSERT_EQ(0, sim_inject(&b));
		ASSERT_EQ(1, write(to_child[1], &token, 1));
		ASSERT_EQ(1, read(to_parent[0], &token, 1));
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_TRUE(WIFEXITED(status));
	EXPECT_EQ(0, WEXITSTATUS(status));
	ASSERT_EQ(0, read_count(fd, &c));
	EXPECT_EQ(SLICES * PERIOD, c.value);
	EXPECT_EQ(SLICES, ring_count_samples(&r));
	ioctl(cpu_fd, PERF_EVENT_IOC_DISABLE, 0);
	ASSERT_EQ(0, read_count(cpu_fd, &c));
	EXPECT_EQ(SLICES * (PERIOD + 333), c.value);
	ring_unmap(&r);
	close(fd);
	close(cpu_fd);
}

/* Nothing of the driver's features: EOPNOTSUPP, no address filter */
TEST_F(generic, features_not_supported)
{
	const struct gen_shape *s = &self->s;
	struct perf_event_attr attr;
	int fd;

	/* the harness runs a test after a SKIP() in its setup */
	if (!pmu_is_generic())
		SKIP(return, NOT_GENERIC);
	counting_attr(&attr, IA64_PMU_CONFIG(s->cycles, 0));
	attr.sample_period = 1000;
	attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_BRANCH_STACK;
	attr.branch_sample_type = PERF_SAMPLE_BRANCH_ANY;
	EXPECT_EQ(EOPNOTSUPP, open_errno(&attr));
	attr.config |= IA64_PMU_CFG_BR_MISPRED;
	EXPECT_EQ(EOPNOTSUPP, open_errno(&attr));

	counting_attr(&attr, IA64_PMU_CONFIG(s->cycles, 0));
	attr.sample_period = 1000;
	attr.precise_ip = 1;
	EXPECT_EQ(EOPNOTSUPP, open_errno(&attr));

	counting_attr(&attr, IA64_PMU_CONFIG(s->cycles, 0));
	attr.config1 = 1;			/* ear: the D-EAR */
	EXPECT_EQ(EOPNOTSUPP, open_errno(&attr));
	counting_attr(&attr, IA64_PMU_CONFIG(s->cycles, 0));
	attr.config1 = IA64_PMU_CFG1_IRANGE_APPROX;
	EXPECT_EQ(EOPNOTSUPP, open_errno(&attr));
	counting_attr(&attr, IA64_PMU_CONFIG(s->cycles, 0));
	attr.config2 = 0x3f00000000001000ULL;	/* drange */
	EXPECT_EQ(EOPNOTSUPP, open_errno(&attr));
	counting_attr(&attr, IA64_PMU_CONFIG(s->cycles, 0) | (1ULL << 33));
	EXPECT_EQ(EOPNOTSUPP, open_errno(&attr));	/* opc_match */

	/* no address filter: the core refuses the ioctl */
	EXPECT_EQ(0, sysfs_uint(PMU_DIR "/nr_addr_filters"));
	counting_attr(&attr, IA64_PMU_CONFIG(s->cycles, 0));
	attr.exclude_kernel = 1;
	fd = sys_perf_event_open(&attr, 0, -1, -1, 0);
	ASSERT_GE(fd, 0);
	EXPECT_EQ(-1, ioctl(fd, PERF_EVENT_IOC_SET_FILTER,
			    "filter 0x1000/0x100"));
	EXPECT_EQ(EINVAL, errno);
	close(fd);
}

TEST_HARNESS_MAIN

// SPDX-License-Identifier: GPL-2.0
/*
 * Seeded fuzzer of the Itanium PMU driver and of its simulated backend,
 * run inside the test VM:
 *
 *   ia64_pmu_fuzz [--seconds N] [--seed S] [--no-hotplug] [--verbose]
 *
 * Each iteration draws one operation from a generator seeded by S:
 * perf_event_open with a random attr (biased towards the cpu PMU, every
 * field drawn, sometimes all of them at random), groups, every event
 * ioctl, read, poll, fcntl, mmap and the ring buffer, fork, exit and
 * exec with inherited events, CPU affinity, CPU1 offline and online,
 * valid and malformed execution records for the PMU model and short
 * windows of the model's fault knobs. The same seed replays the same
 * operations as long as the kernel answers them the same way. It stops
 * after N seconds (default 60) and prints the seed and iteration count.
 *
 * What it checks; a failure prints the seed, the iteration, the recent
 * operations and the model's registers, and the exit status is 1:
 * - counts: about every two seconds, and after each close_all() (every
 *   few hundred iterations), with every fault knob off, no child left
 *   and, when faults were injected since the last check, after the
 *   driver had RECOVERY_MS of monitored time to recover from them
 *   (its watchdog looks every 100 ms):
 *   - the sentinels, pinned CPU-wide CPU_CYCLES events (exclude_kernel)
 *     open across the fault windows, count exactly the user-level cycles
 *     this task injects on their CPU. Nothing but the driver itself can
 *     unfreeze a PMU that only CPU-wide events use; half of the
 *     close_all() are followed by such a fault: a CPU-wide sampling
 *     event overflows while a knob is on, then the check;
 *   - a new per-task CPU_CYCLES event (exclude_kernel) of this task on
 *     one CPU counts exactly the user-level cycles injected. Variants:
 *     raw or generic event, pinned, in a group with a retired
 *     instruction count (exact too; IA64_INST_RETIRED, on the Itanium 2
 *     INST_DISPERSED, see inst_es), inherited by a child that injects
 *     its own cycles.
 *   Fuzzed events still open may keep an event off the PMU: a check
 *   only asserts when the event ran all the time it was enabled, and
 *   counts a skip otherwise.
 * - records: a stream built valid by the rules of the uapi header is
 *   accepted; one with a single malformed record is refused (EINVAL);
 * - ring buffers mapped read-write hold at most their size of
 *   well-formed records;
 * - the kernel log gets no WARNING, BUG, UBSAN, lockdep, hung task, soft
 *   lockup or RCU stall report (the VM runner checks the console too).
 *
 * It runs with freerun off. When it ends, also on SIGINT, SIGTERM and
 * failures, every fault knob is off, irq_delay_ns 0, freerun and
 * freerun_period_us are as it found them and CPU1 is online.
 */

#include <dirent.h>
#include <getopt.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>

#include "ia64_pmu_test.h"
#include "ia64_pmu_fuzz_pace.h"

#define NAME		"ia64_pmu_fuzz"
#define CPU1_ONLINE	"/sys/devices/system/cpu/cpu1/online"
#define EVENT_SOURCES	"/sys/bus/event_source/devices"

#define MAX_EVENTS	64	/* event fds open at once */
#define MAX_CHILDREN	4	/* forked children alive at once */
#define MAX_RECS	8	/* records per injected stream */
#define MAX_OVERFLOWS	500	/* per record, of one sampling event */
#define CHILD_REPEAT	500	/* children do not know all the events */
#define RECOVERY_MS	300	/* > two periods of the driver's watchdog */
#define CHECK_EVERY_MS	2000
#define HOTPLUG_GAP_MS	1000	/* between two CPU1 state changes */
#define OP_TIMEOUT_S	120	/* one operation taking longer: stuck */
#define MAX_REPORTS	20	/* failures and kernel lines printed */

#define USER_IP		0x4000000000001000ULL
#define KERNEL_IP	0xa000000100002000ULL

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* Generator ------------------------------------------------------- */

static uint64_t rng;

/* splitmix64: spreads the bits of a seed */
static uint64_t mix64(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static void rng_seed(uint64_t seed)
{
	uint64_t s = seed;

	rng = mix64(&s);
	if (!rng)
		rng = 1;
}

/* xorshift64* */
static uint64_t rnd64(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 0x2545f4914f6cdd1dULL;
}

/* 0 .. n - 1 */
static uint64_t rnd(uint64_t n)
{
	return n ? (rnd64() >> 1) % n : 0;
}

static bool chance(unsigned int pct)
{
	return rnd(100) < pct;
}

static uint64_t rnd_between(uint64_t lo, uint64_t hi)
{
	return lo + rnd(hi - lo + 1);
}

/* A 64-bit value, often one near a boundary */
static uint64_t rnd_u64(void)
{
	static const uint64_t edge[] = {
		0, 1, 2, 3, 7, 8, 15, 16, 63, 64, 127, 128, 255, 256, 4095,
		4096, 0x7fff, 0x8000, 0xffff, 0x10000, 0x7fffffff, 0x80000000,
		0xffffffff, 0x100000000ULL, 0x7fffffffffffffffULL,
		0x8000000000000000ULL, ~0ULL,
	};

	switch (rnd(5)) {
	case 0:
		return edge[rnd(ARRAY_SIZE(edge))];
	case 1:
		return edge[rnd(ARRAY_SIZE(edge))] + rnd(3) - 1;
	case 2:
		return rnd(1000);
	case 3:
		return 1ULL << rnd(64);
	default:
		return rnd64() >> rnd(64);
	}
}

/* State ----------------------------------------------------------- */

struct ev {
	int fd;
	uint64_t period;	/* sampling period (1 in freq mode), or 0 */
	bool backward;		/* write_backward: data_head runs down */
	void *map;		/* ring buffer mapping, or NULL */
	size_t map_len;
	bool map_rw;		/* read-write: we own data_tail */
	uint64_t tail;
};

static struct ev evs[MAX_EVENTS];
static int nr_evs;

static pid_t children[MAX_CHILDREN];
static int nr_children;

/* CPU-wide CPU_CYCLES events open across fault windows: see sentinel_open */
static int sentinel[2] = { -1, -1 };
/* opened when CPU1 came back online, and no check of it passed since */
static bool sentinel_fresh[2];
static bool sentinels_on;

struct pmu_event {
	uint8_t es, umask;
};

static struct pmu_event pmu_events[512];
static int nr_pmu_events;
/*
 * The CPU model (caps/pmu_name): the Itanium's event select has 7 bits,
 * the Itanium 2's 8 ([PFM-I2]); event selects from @es_free up have no
 * event (the Itanium: 0x80 and up; the Itanium 2: 0xe0 and up).
 *
 * @inst_es counts the instructions of the check's records whatever PMC8
 * and PMC9 hold: on the Itanium IA64_INST_RETIRED (umask 0000 is
 * untagged, [ITA-RM] Table 7-30); on the Itanium 2 every umask of
 * IA64_TAGGED_INST_RETIRED is tagged by PMC8/9 ([PFM-I2]), which
 * fault/clobber_regs leaves matching what it will until CPU1 comes up
 * again, so INST_DISPERSED, which the model counts for every
 * instruction of a record as it does the retired ones. INST_DISPERSED
 * is qualified by the instruction ranges of PMC14 ([PFM-I2]), which the
 * clobber leaves restricting as well: on the Itanium 2 the group check
 * runs on CPU0 while CPU1 is clobbered (inst_clobbered()).
 */
static unsigned int es_max = 0x7f, es_free = 0x80;
static unsigned int inst_es = ES_IA64_INST_RETIRED;
static int pmu_type = PERF_TYPE_RAW;
static int other_types[32];
static int nr_other_types;
static long page_size;
static int nr_cpus;
static uint64_t max_sample_rate = 100000;

/* options */
static uint64_t seed = 1;
static long seconds = 60;
static bool no_hotplug;
static bool verbose;

static pid_t main_pid;
static bool is_child;
static long iter;
static const char *cur_op = "setup";
static uint64_t bp_target;	/* breakpoint events watch it */

/* The knobs with a window: set now, back to 0 at iteration knob_until */
enum {
	K_STUCK_FR,
	K_LOSE_PMC0,
	K_CYCLES_PER_ACCESS,
	K_IRQ_DELAY,
	K_FREERUN,
	K_ONLINE_DELAY,
	NR_KNOBS,
};

static const char *const knob_path[NR_KNOBS] = {
	SIM_DIR "/fault/stuck_fr",
	SIM_DIR "/fault/lose_pmc0_writes",
	SIM_DIR "/fault/cycles_per_access",
	SIM_DIR "/irq_delay_ns",
	SIM_DIR "/freerun",
	SIM_DIR "/fault/online_delay_ms",
};

static long knob_until[NR_KNOBS];
static bool knob_present[NR_KNOBS];
static char period_us_saved[64] = "1000";
static char freerun_saved[2] = "0";
/*
 * The fuzzer runs with the kernel's default perf_cpu_time_max_percent
 * (25): the core throttles sampling from the interrupt durations the
 * driver reports, which bounds an interrupt storm (the suite's other
 * tests run with 0, see run-all.sh)
 */
static char max_cpu_saved[64] = "25";
static bool faulted;		/* a fault since the last count check */
static bool cpu1_offline;
static long cpu1_back_at;	/* iteration at which CPU1 comes back */
static bool cpu1_clobbered;
static uint64_t last_hotplug_ms;

/*
 * The check's instruction event (inst_es) on CPU1 may count nothing: its
 * qualification registers were clobbered, and on the Itanium 2 every
 * IA-64 instruction event is qualified by them
 */
static bool inst_clobbered(void)
{
	return cpu1_clobbered && inst_es != ES_IA64_INST_RETIRED;
}

static struct {
	long opens, opens_ok, groups, closes, ioctls, reads, mmaps, mmaps_ok;
	long ring_records, polls, injects, injects_ok, bad_injects;
	long forks, execs, child_signals, affinity, offlines, onlines;
	long faults, checks, checks_ok, checks_skipped, checks_faults;
	long sentinel_checks, sentinel_ok, sentinel_skipped, sentinel_faults;
	long sentinel_fresh_ok;
	long quiet_faults, failures;
	long kernel_problems, sigs, starved;
} st;

static int open_errno_count[140];

/* Time ------------------------------------------------------------ */

static uint64_t now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000ULL + t.tv_nsec / 1000000;
}

/* Operation log: the last operations, printed with a failure ------- */

#define LOG_LINES	24

static char oplog[LOG_LINES][160];
static long oplog_n;

static void note(const char *fmt, ...)
{
	char *l = oplog[oplog_n++ % LOG_LINES];
	va_list ap;
	int n;

	n = snprintf(l, sizeof(oplog[0]), "%6ld %-10s ", iter, cur_op);
	va_start(ap, fmt);
	vsnprintf(l + n, sizeof(oplog[0]) - n, fmt, ap);
	va_end(ap);
	if (verbose)
		printf("%s: %s\n", NAME, l);
}

static void print_oplog(void)
{
	long i = oplog_n > LOG_LINES ? oplog_n - LOG_LINES : 0;

	printf("%s:   recent operations (iteration, operation):\n", NAME);
	for (; i < oplog_n; i++)
		printf("%s:     %s\n", NAME, oplog[i % LOG_LINES]);
}

/* Files: only open/write/close, so that signal handlers may use them */

static int write_file(const char *path, const char *val)
{
	size_t len = strlen(val);
	int fd = open(path, O_WRONLY);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = write(fd, val, len);
	if (n < 0)
		n = -errno;
	close(fd);
	return n == (ssize_t)len ? 0 : n < 0 ? n : -EIO;
}

static int read_file(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -errno;
	buf[n] = 0;
	return n;
}

static void put_str(const char *s)
{
	ssize_t n = write(STDOUT_FILENO, s, strlen(s));

	(void)n;
}

static void put_num(long v)
{
	char buf[24], *p = buf + sizeof(buf) - 1;
	unsigned long u = v < 0 ? -(unsigned long)v : (unsigned long)v;

	*p = 0;
	do
		*--p = '0' + u % 10;
	while (u /= 10);
	if (v < 0)
		*--p = '-';
	put_str(p);
}

/* Every knob off, irq_delay_ns 0, freerun off. Async-signal-safe. */
static void knobs_off(void)
{
	int i;

	for (i = 0; i < NR_KNOBS; i++)
		if (knob_present[i])
			write_file(knob_path[i], "0");
}

/*
 * The end: every fault knob off, irq_delay_ns 0, freerun and
 * freerun_period_us as found (the VM may boot with freerun on).
 */
static void restore_knobs(void)
{
	knobs_off();
	write_file(SIM_DIR "/freerun", freerun_saved);
	write_file(SIM_DIR "/freerun_period_us", period_us_saved);
	write_file(MAX_CPU, max_cpu_saved);
}

static void restore_all(void)
{
	int i;

	for (i = 0; i < nr_children; i++)
		kill(children[i], SIGKILL);
	pace_stop();
	restore_knobs();
	if (!no_hotplug)
		write_file(CPU1_ONLINE, "1");
}

/* The file @path after a heading, write(2) only */
static void put_file(const char *path)
{
	static char buf[8192];

	if (read_file(path, buf, sizeof(buf)) < 0)
		return;
	put_str(NAME ":   ");
	put_str(path);
	put_str(":\n");
	put_str(buf);
}

/* The pacer's numbers, async-signal-safe (ia64_pmu_fuzz_pace.h) */
static void put_pace(void)
{
	if (!pace)
		return;
	put_str(NAME ":   pacer: ");
	put_num(PACE_GET(beats));
	put_str(" measurements of the same work: best ");
	put_num(PACE_GET(best_ns) / 1000);
	put_str(" us, latest ");
	put_num(PACE_GET(last_ns) / 1000);
	put_str(" us (");
	put_num((pace_now_ns() - PACE_GET(last_at_ns)) / 1000000);
	put_str(" ms ago), worst ");
	put_num(PACE_GET(worst_ns) / 1000);
	put_str(" us\n");
}

/*
 * What a "no progress" report adds, async-signal-safe: the recent
 * operations, both CPUs' registers, and where in the kernel each child
 * is (the main task itself is in this handler)
 */
static void put_stall_report(void)
{
	long i = oplog_n > LOG_LINES ? oplog_n - LOG_LINES : 0;
	char path[32], *p;
	int c;
	pid_t pid;

	put_str(NAME ":   recent operations (iteration, operation):\n");
	for (; i < oplog_n; i++) {
		put_str(NAME ":     ");
		put_str(oplog[i % LOG_LINES]);
		put_str("\n");
	}
	put_file(SIM_DIR "/cpu0/regs");
	put_file(SIM_DIR "/cpu1/regs");
	put_pace();
	for (c = 0; c < nr_children; c++) {
		/* "/proc/<pid>/stack", without the stdio of snprintf() */
		p = path + sizeof(path) - 1;
		*p = 0;
		p -= 6;
		memcpy(p, "/stack", 6);
		pid = children[c];
		do
			*--p = '0' + pid % 10;
		while (pid /= 10);
		p -= 6;
		memcpy(p, "/proc/", 6);
		put_file(p);
	}
}

static void on_fatal_signal(int sig)
{
	if (is_child || getpid() != main_pid)
		_exit(128 + sig);
	put_str(NAME ": ");
	put_str(sig == SIGALRM ? "no progress for " : "signal ");
	put_num(sig == SIGALRM ? OP_TIMEOUT_S : sig);
	put_str(sig == SIGALRM ? " s in " : " in ");
	put_str(cur_op);
	put_str(" at iteration ");
	put_num(iter);
	put_str(", seed ");
	put_num((long)seed);
	put_str(": restoring the knobs and exiting\n");
	if (sig == SIGALRM) {
		put_str(NAME ": ");
		put_str(pace_starved() ?
			"host starvation beyond the allowance" :
			"the guest is stuck: a livelock, not host starvation");
		put_str("\n");
		put_stall_report();
	}
	restore_all();
	_exit(sig == SIGALRM ? 3 : 128 + sig);
}

/*
 * An operation ran out of time. On a starved host (the pacer's work is
 * PACE_SLOW times slower than at its best) it gets the time again, at
 * most PACE_EXTENSIONS times; else the run fails as stuck.
 */
static int pace_extended;

static void on_alarm(int sig)
{
	if (is_child || getpid() != main_pid)
		_exit(128 + sig);
	if (pace_extended < PACE_EXTENSIONS && pace_starved()) {
		pace_extended++;
		st.starved++;
		put_str(NAME ": host starvation: no progress for ");
		put_num(OP_TIMEOUT_S);
		put_str(" s in ");
		put_str(cur_op);
		put_str(" while the guest runs slowly: waiting again\n");
		put_pace();
		alarm(OP_TIMEOUT_S);
		return;
	}
	on_fatal_signal(sig);
}

static void on_counted_signal(int sig)
{
	st.sigs++;
}

static void at_exit_restore(void)
{
	if (!is_child && getpid() == main_pid)
		restore_all();
}

/* Reports --------------------------------------------------------- */

static void dump_regs(int cpu)
{
	char path[128], buf[8192];

	snprintf(path, sizeof(path), SIM_DIR "/cpu%d/regs", cpu);
	if (read_file(path, buf, sizeof(buf)) < 0)
		return;
	printf("%s:   %s:\n%s", NAME, path, buf);
}

static void failure(int cpu, const char *fmt, ...)
{
	va_list ap;

	if (++st.failures > MAX_REPORTS)
		return;
	printf("%s: FAIL seed %llu iteration %ld: ", NAME,
	       (unsigned long long)seed, iter);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	if (st.failures <= 3) {
		print_oplog();
		if (cpu >= 0)
			dump_regs(cpu);
	}
	fflush(stdout);
}

/* Kernel log: problems reported while the fuzzer runs */

static int kmsg_fd = -1;

static const char *const kernel_problem[] = {
	"BUG:", "WARNING:", "UBSAN:", "Oops", "Call Trace",
	"possible recursive locking", "turning off the locking correctness",
	"blocked for more than", "soft lockup", "self-detected stall",
	"rcu: INFO", "Kernel panic",
};

static void kmsg_scan(void)
{
	static int infos;
	char line[2048], *msg, *end;
	unsigned int i;
	ssize_t n;

	if (kmsg_fd < 0)
		return;
	for (;;) {
		n = read(kmsg_fd, line, sizeof(line) - 1);
		if (n < 0 && errno == EPIPE)
			continue;
		if (n <= 0)
			return;
		line[n] = 0;
		msg = strchr(line, ';');
		msg = msg ? msg + 1 : line;
		end = strchr(msg, '\n');
		if (end)
			*end = 0;
		for (i = 0; i < ARRAY_SIZE(kernel_problem); i++)
			if (strstr(msg, kernel_problem[i]))
				break;
		if (i < ARRAY_SIZE(kernel_problem)) {
			if (++st.kernel_problems <= MAX_REPORTS)
				printf("%s: kernel problem at iteration %ld (%s), seed %llu: %s\n",
				       NAME, iter, cur_op,
				       (unsigned long long)seed, msg);
			if (st.kernel_problems == 1)
				print_oplog();
		} else if ((!strncmp(msg, "ia64_pmu:", 9) ||
			    !strncmp(msg, "ia64_pmu_sim:", 13)) &&
			   ++infos <= MAX_REPORTS) {
			printf("%s: kernel log at iteration %ld (%s): %s\n",
			       NAME, iter, cur_op, msg);
		}
	}
}

/* Setup: what the PMU offers -------------------------------------- */

static void load_pmu(void)
{
	char path[512], buf[64];
	struct dirent *d;
	DIR *dir;

	if (read_file(PMU_DIR "/type", buf, sizeof(buf)) > 0)
		pmu_type = atoi(buf);
	if (pmu_is_itanium2()) {
		es_max = 0xff;
		es_free = 0xe0;
		inst_es = 0x4d;		/* INST_DISPERSED */
	}
	dir = opendir(PMU_DIR "/events");
	while (dir && (d = readdir(dir)) &&
	       nr_pmu_events < (int)ARRAY_SIZE(pmu_events)) {
		unsigned int es, umask;

		if (d->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), PMU_DIR "/events/%s", d->d_name);
		if (read_file(path, buf, sizeof(buf)) <= 0 ||
		    sscanf(buf, "event=%x,umask=%x", &es, &umask) != 2 ||
		    es > es_max || umask > 0xf)
			continue;
		pmu_events[nr_pmu_events].es = es;
		pmu_events[nr_pmu_events].umask = umask;
		nr_pmu_events++;
	}
	if (dir)
		closedir(dir);

	/* the other PMUs: rarely drawn, for mixed groups and wrong types */
	dir = opendir(EVENT_SOURCES);
	while (dir && (d = readdir(dir)) &&
	       nr_other_types < (int)ARRAY_SIZE(other_types)) {
		if (d->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), EVENT_SOURCES "/%s/type",
			 d->d_name);
		if (read_file(path, buf, sizeof(buf)) > 0 &&
		    atoi(buf) != pmu_type)
			other_types[nr_other_types++] = atoi(buf);
	}
	if (dir)
		closedir(dir);

	if (read_file(MAX_RATE, buf,
		      sizeof(buf)) > 0)
		max_sample_rate = strtoull(buf, NULL, 0);
}

/* A named event of the PMU (events/), or NULL */
static const struct pmu_event *pick_pmu_event(void)
{
	if (!nr_pmu_events)
		return NULL;
	return &pmu_events[rnd(nr_pmu_events)];
}

/* Events ---------------------------------------------------------- */

static struct ev *pick_ev(void)
{
	return nr_evs ? &evs[rnd(nr_evs)] : NULL;
}

static void ev_unmap(struct ev *e)
{
	if (e->map)
		munmap(e->map, e->map_len);
	e->map = NULL;
}

static void ev_close(int i)
{
	ev_unmap(&evs[i]);
	close(evs[i].fd);
	evs[i] = evs[--nr_evs];
	st.closes++;
}

static void close_all(void)
{
	while (nr_evs)
		ev_close(nr_evs - 1);
}

static void ev_add(int fd, const struct perf_event_attr *attr)
{
	struct ev *e = &evs[nr_evs++];

	memset(e, 0, sizeof(*e));
	e->fd = fd;
	e->period = attr->freq ? 1 : attr->sample_period;
	e->backward = attr->write_backward;
}

/*
 * The model runs a record's repetitions as fast as the interrupts go,
 * and the perf core unthrottles a sampling event at each tick while the
 * record runs: a record of 2^32 cycles under a period of 1 would take
 * hours. Repeats stay below MAX_OVERFLOWS periods of the shortest
 * sampling period open.
 */
static uint64_t repeat_cap(void)
{
	uint64_t min = 0;
	int i;

	if (is_child)
		return CHILD_REPEAT;
	for (i = 0; i < nr_evs; i++)
		if (evs[i].period && (!min || evs[i].period < min))
			min = evs[i].period;
	if (!min || min > (1ULL << 40))
		return ~0ULL;
	return min * MAX_OVERFLOWS;
}

static uint64_t cap_repeat(uint64_t repeat)
{
	uint64_t cap = repeat_cap();

	return repeat > cap ? rnd_between(1, cap) : repeat;
}

static uint64_t gen_period(void)
{
	switch (rnd(10)) {
	case 0: case 1: case 2:
		return rnd_between(1, 100);
	case 3: case 4: case 5: case 6:
		return rnd_between(100, 10000);
	case 7: case 8:
		return rnd_between(10000, 10000000);
	default:
		return rnd_u64();
	}
}

/* @sane: a named event with its fields, else anything */
static uint64_t gen_raw_config(bool sane)
{
	const struct pmu_event *pe = pick_pmu_event();
	uint64_t c;

	if (pe && (sane || chance(85)))
		c = IA64_PMU_CONFIG(pe->es, pe->umask);
	else
		c = IA64_PMU_CONFIG(rnd(128), rnd(16));
	if (chance(25))
		c |= rnd(8) << IA64_PMU_CFG_THRES_SHIFT;
	if (chance(15))
		c |= rnd(4) << IA64_PMU_CFG_ISM_SHIFT;
	if (sane)
		return c;
	if (chance(6))
		c |= 1ULL << rnd(64);
	if (chance(3))
		c = rnd_u64();
	return c;
}

/* sample_type bits that any PMU can give */
#define SANE_SAMPLE_TYPE (PERF_SAMPLE_IP | PERF_SAMPLE_TID | \
			  PERF_SAMPLE_TIME | PERF_SAMPLE_ADDR | \
			  PERF_SAMPLE_READ | PERF_SAMPLE_CALLCHAIN | \
			  PERF_SAMPLE_ID | PERF_SAMPLE_CPU | \
			  PERF_SAMPLE_PERIOD | PERF_SAMPLE_STREAM_ID | \
			  PERF_SAMPLE_IDENTIFIER)

static uint64_t gen_sample_type(void)
{
	uint64_t t = 0;
	int b;

	if (chance(3))
		return rnd64();
	if (chance(3))
		return rnd64() & (PERF_SAMPLE_MAX - 1);
	for (b = 0; (1ULL << b) < PERF_SAMPLE_MAX; b++)
		if (chance(12))
			t |= 1ULL << b;
	if (chance(60))
		t |= PERF_SAMPLE_IP;
	if (chance(40))
		t |= PERF_SAMPLE_TID;
	return t;
}

/* x86_64 user registers: 0-23 minus ds, es, fs, gs (11-14) */
static uint64_t gen_regs_mask(void)
{
	if (chance(10))
		return rnd_u64();
	return rnd64() & 0xffffffULL & ~(0xfULL << 11);
}

/*
 * Type and config. @sane: an event of our PMU, directly or as a generic
 * hardware or cache event, or a software event (they go in its groups).
 */
static int gen_type(uint64_t *config, bool sane)
{
	unsigned int r = rnd(100);

	if (sane) {
		if (r < 70) {
			*config = gen_raw_config(true);
			return pmu_type;
		}
		if (r < 82) {
			*config = rnd(PERF_COUNT_HW_MAX);
			return PERF_TYPE_HARDWARE;
		}
		if (r < 92) {
			*config = rnd(PERF_COUNT_HW_CACHE_MAX) |
				  rnd(PERF_COUNT_HW_CACHE_OP_MAX) << 8 |
				  rnd(PERF_COUNT_HW_CACHE_RESULT_MAX) << 16;
			return PERF_TYPE_HW_CACHE;
		}
		*config = rnd(PERF_COUNT_SW_MAX);
		return PERF_TYPE_SOFTWARE;
	}
	if (r < 50) {
		*config = gen_raw_config(false);
		return pmu_type;
	}
	if (r < 62) {
		*config = chance(95) ? rnd(PERF_COUNT_HW_MAX + 1) : rnd_u64();
		return PERF_TYPE_HARDWARE;
	}
	if (r < 72) {
		*config = chance(95) ? rnd(PERF_COUNT_HW_CACHE_MAX + 1) |
				       rnd(PERF_COUNT_HW_CACHE_OP_MAX + 1) << 8 |
				       rnd(PERF_COUNT_HW_CACHE_RESULT_MAX + 1)
				       << 16 : rnd_u64();
		return PERF_TYPE_HW_CACHE;
	}
	if (r < 84) {
		*config = chance(95) ? rnd(PERF_COUNT_SW_MAX + 1) : rnd_u64();
		return PERF_TYPE_SOFTWARE;
	}
	if (r < 87) {
		*config = 0;
		return PERF_TYPE_BREAKPOINT;
	}
	if (r < 89) {
		*config = rnd(2000);
		return PERF_TYPE_TRACEPOINT;
	}
	*config = rnd_u64();
	if (r < 92 && nr_other_types)
		return other_types[rnd(nr_other_types)];
	if (r < 96)
		return rnd(64);
	return rnd64();
}

union attr_buf {
	struct perf_event_attr a;
	uint8_t raw[512];
};

static void gen_attr(union attr_buf *b)
{
	struct perf_event_attr *a = &b->a;
	uint64_t config;
	unsigned int i;
	bool sane;

	memset(b, 0, sizeof(*b));

	/* all at random, for our PMU or another type */
	if (chance(4)) {
		for (i = 0; i < sizeof(*a); i += 8) {
			uint64_t v = rnd64();

			memcpy(b->raw + i, &v, 8);
		}
		if (chance(70))
			a->type = chance(60) ? pmu_type : PERF_TYPE_HARDWARE;
		a->size = chance(80) ? sizeof(*a) : rnd(sizeof(*b) + 1);
		return;
	}

	sane = chance(60);
	a->type = gen_type(&config, sane);
	a->config = config;
	a->size = sizeof(*a);
	switch (sane ? -1 : (int)rnd(40)) {
	case 0:
		a->size = 0;	/* means PERF_ATTR_SIZE_VER0 */
		break;
	case 1:
		a->size = PERF_ATTR_SIZE_VER0 + 8 * rnd(8);
		break;
	case 2:
		a->size = rnd(sizeof(*b) + 1);
		break;
	case 3:
		/* bigger than the kernel's: the tail must be 0 */
		a->size = sizeof(*a) + 8 * rnd_between(1, 8);
		if (chance(50))
			b->raw[sizeof(*a) + rnd(a->size - sizeof(*a))] = 1;
		break;
	}

	if (chance(45)) {
		if (chance(25)) {
			a->freq = 1;
			a->sample_freq = chance(90) ?
				rnd_between(1, max_sample_rate) : rnd_u64();
		} else {
			a->sample_period = gen_period();
		}
	}
	if (sane)
		a->sample_type = chance(80) ? rnd64() & SANE_SAMPLE_TYPE : 0;
	else
		a->sample_type = chance(80) ? gen_sample_type() : 0;
	a->read_format = sane || chance(90) ? rnd(PERF_FORMAT_MAX) :
					      rnd_u64();

	a->disabled = chance(50);
	a->inherit = chance(20);
	a->pinned = chance(6);
	a->exclusive = chance(4);
	a->exclude_user = chance(15);
	a->exclude_kernel = chance(35);
	a->exclude_hv = chance(20);
	a->mmap = chance(10);
	a->comm = chance(10);
	a->inherit_stat = chance(8);
	a->enable_on_exec = chance(10);
	a->task = chance(10);
	a->watermark = chance(10);
	a->sample_id_all = chance(25);
	a->context_switch = chance(8);
	a->write_backward = chance(5);
	if (a->watermark)
		a->wakeup_watermark = chance(90) ? rnd(4 * page_size) :
						   rnd_u64();
	else
		a->wakeup_events = chance(70) ? rnd(4) : rnd_u64();
	if (sane) {
		/* 6.1 refuses PERF_SAMPLE_READ on inherited events */
		if (a->inherit)
			a->sample_type &= ~PERF_SAMPLE_READ;
		if (a->sample_type & PERF_SAMPLE_CALLCHAIN)
			a->sample_max_stack = rnd(128);
		return;
	}

	/* the rest: what this PMU does not support, or odd values */
	a->exclude_idle = chance(4);
	a->precise_ip = chance(8) ? rnd(4) : 0;
	a->mmap_data = chance(5);
	a->exclude_host = chance(4);
	a->exclude_guest = chance(4);
	a->exclude_callchain_kernel = chance(8);
	a->exclude_callchain_user = chance(8);
	a->mmap2 = chance(5);
	a->comm_exec = chance(5);
	a->use_clockid = chance(5);
	a->namespaces = chance(3);
	a->ksymbol = chance(3);
	a->bpf_event = chance(3);
	a->aux_output = chance(2);
	a->cgroup = chance(2);
	a->text_poke = chance(2);
	a->build_id = chance(2);
	a->inherit_thread = chance(4);
	a->remove_on_exec = chance(5);
	a->sigtrap = chance(3);
	if (a->sigtrap && chance(80))
		a->remove_on_exec = 1;
	if (chance(2))
		a->__reserved_1 = rnd64();

	if (a->type == PERF_TYPE_BREAKPOINT) {
		static const int types[] = { 1, 2, 3, 4 };

		a->bp_type = chance(90) ? types[rnd(4)] : rnd(32);
		a->bp_addr = chance(85) ? (uintptr_t)&bp_target :
					  rnd_u64() & 0x7fffffffffffULL;
		a->bp_len = chance(90) ? 1U << rnd(4) : rnd_u64();
		if (a->bp_type == 4)
			a->bp_len = sizeof(long);
	} else {
		if (chance(8))
			a->config1 = rnd_u64();
		else if (chance(5))	/* opcode fields, irange_approx */
			a->config1 = (rnd_u64() & IA64_PMU_CFG1_OPC_CARE_MASK) |
				     ((uint64_t)rnd(16) <<
				      IA64_PMU_CFG1_OPC_TYPES_SHIFT) |
				     (chance(30) ? IA64_PMU_CFG1_IRANGE_APPROX : 0);
		if (chance(8))
			a->config2 = rnd_u64();
		else if (chance(5))	/* a data range, base | (2^n - 1) */
			a->config2 = 0x6000000000000000ULL |
				     (rnd_u64() & 0xffffff000ULL) |
				     ((1ULL << rnd(24)) - 1);
		if (chance(2))
			a->bp_type = rnd(32);
	}
	if (a->sample_type & PERF_SAMPLE_BRANCH_STACK || chance(5))
		a->branch_sample_type = chance(90) ?
			rnd(PERF_SAMPLE_BRANCH_MAX) : rnd_u64();
	if (a->sample_type & PERF_SAMPLE_REGS_USER || chance(3))
		a->sample_regs_user = gen_regs_mask();
	if (a->sample_type & PERF_SAMPLE_STACK_USER || chance(3))
		a->sample_stack_user = chance(85) ? 8 * rnd(1024) : rnd64();
	if (a->use_clockid || chance(2)) {
		static const int clocks[] = {
			CLOCK_MONOTONIC, CLOCK_MONOTONIC_RAW, CLOCK_REALTIME,
			CLOCK_BOOTTIME, CLOCK_TAI,
		};

		a->clockid = chance(85) ? clocks[rnd(ARRAY_SIZE(clocks))] :
					  (int)rnd64();
	}
	if (a->sample_type & PERF_SAMPLE_REGS_INTR || chance(3))
		a->sample_regs_intr = gen_regs_mask();
	if (chance(3))
		a->aux_watermark = rnd64();
	if (a->sample_type & PERF_SAMPLE_CALLCHAIN || chance(3))
		a->sample_max_stack = chance(85) ? rnd(128) : rnd64();
	if (a->sample_type & PERF_SAMPLE_AUX || chance(2))
		a->aux_sample_size = rnd_u64();
	if (a->sigtrap || chance(2))
		a->sig_data = rnd64();
}

static pid_t pick_child(void)
{
	return nr_children ? children[rnd(nr_children)] : 0;
}

/* perf_event_open of a random attr; returns the fd or -1 */
static int fuzz_open(union attr_buf *b, int group_fd)
{
	unsigned long flags = 0;
	int pid, cpu, fd, r;

	r = rnd(100);
	if (r < 55)
		pid = 0;
	else if (r < 80)
		pid = -1;
	else if (r < 90)
		pid = pick_child();
	else if (r < 95)
		pid = getpid();
	else
		pid = rnd(chance(50) ? 64 : 32768);
	r = rnd(100);
	if (pid == -1 || r < 30)
		cpu = chance(95) ? (int)rnd(nr_cpus) : (int)rnd(64) - 1;
	else
		cpu = -1;

	r = rnd(100);
	if (r < 20)
		flags = PERF_FLAG_FD_CLOEXEC;
	else if (r < 24)
		flags = PERF_FLAG_FD_NO_GROUP;
	else if (r < 26)
		flags = PERF_FLAG_FD_OUTPUT;
	else if (r < 28)
		flags = PERF_FLAG_PID_CGROUP;
	else if (r < 31)
		flags = rnd64();

	st.opens++;
	fd = sys_perf_event_open(chance(1) ? NULL : &b->a, pid, cpu, group_fd,
				 flags);
	if (fd < 0) {
		if (errno < (int)ARRAY_SIZE(open_errno_count))
			open_errno_count[errno]++;
		note("type %u config %#llx pid %d cpu %d group %d flags %#lx: errno %d",
		     b->a.type, (unsigned long long)b->a.config, pid, cpu,
		     group_fd, flags, errno);
		return -1;
	}
	st.opens_ok++;
	open_errno_count[0]++;
	note("type %u config %#llx period %llu pid %d cpu %d group %d: fd %d",
	     b->a.type, (unsigned long long)b->a.config,
	     (unsigned long long)b->a.sample_period, pid, cpu, group_fd, fd);
	return fd;
}

static void op_open(void)
{
	union attr_buf b;
	int group = -1, fd;
	unsigned int r;

	if (nr_evs >= MAX_EVENTS) {
		ev_close(rnd(nr_evs));
		return;
	}
	gen_attr(&b);
	r = rnd(100);
	if (r < 30 && nr_evs)
		group = pick_ev()->fd;
	else if (r < 34)
		group = rnd(2) ? 0 : 9999;
	fd = fuzz_open(&b, group);
	if (fd >= 0)
		ev_add(fd, &b.a);
}

/* A leader and siblings of our PMU, often more than the counters */
static void op_open_group(void)
{
	union attr_buf b;
	int lead, fd, n, i;

	if (nr_evs + 8 > MAX_EVENTS) {
		close_all();
		return;
	}
	st.groups++;
	gen_attr(&b);
	if (chance(80)) {
		b.a.type = chance(80) ? pmu_type : PERF_TYPE_SOFTWARE;
		b.a.config = b.a.type == pmu_type ? gen_raw_config(true) :
						    rnd(PERF_COUNT_SW_MAX);
		b.a.size = sizeof(b.a);
	}
	lead = fuzz_open(&b, -1);
	if (lead < 0)
		return;
	ev_add(lead, &b.a);
	n = rnd_between(1, 6);
	for (i = 0; i < n; i++) {
		gen_attr(&b);
		if (chance(85)) {
			b.a.type = chance(85) ? pmu_type : PERF_TYPE_SOFTWARE;
			b.a.config = b.a.type == pmu_type ?
				     gen_raw_config(true) :
				     rnd(PERF_COUNT_SW_MAX);
			b.a.size = sizeof(b.a);
			b.a.disabled = chance(20);
		}
		fd = fuzz_open(&b, lead);
		if (fd >= 0)
			ev_add(fd, &b.a);
	}
	if (chance(70))
		ioctl(lead, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
}

static void op_close(void)
{
	if (nr_evs)
		ev_close(rnd(nr_evs));
}

static const char *gen_filter(char *buf, size_t len)
{
	static const char *const filters[] = {
		"filter 0x4000000000001000/0x100",
		"start 0x4000000000001000/0x200",
		"stop 0x10@/bin/true",
		"filter 0x1000/0x1000@/proc/self/exe",
		"filter *@/bin/true",
		"filter 0x0/0",
		"start 0xffffffffffffffff/0x10",
		"filter 0x4000000000001000/0x100,stop 0x2000/8",
		"common_pid == 1",
		"",
		"filter",
		"filter 0x10/0x10 filter 0x20/0x20 filter 0x30/0x30 filter 0x40/0x40 filter 0x50/0x50",
	};
	size_t i, n;

	if (chance(80))
		return filters[rnd(ARRAY_SIZE(filters))];
	n = rnd(len - 1);
	for (i = 0; i < n; i++)
		buf[i] = chance(80) ? (char)rnd_between(32, 126) :
				      (char)rnd_between(1, 255);
	buf[n] = 0;
	return buf;
}

static void do_ioctl(struct ev *e)
{
	int fd = e->fd;
	unsigned long flag = chance(30) ? PERF_IOC_FLAG_GROUP :
			     chance(5) ? rnd64() : 0;
	struct perf_event_query_bpf *q;
	char filter[4200];
	union attr_buf b;
	uint64_t v, qbuf[8];
	long ret;
	int what = rnd(13);

	st.ioctls++;
	switch (what) {
	case 0:
		ret = ioctl(fd, PERF_EVENT_IOC_ENABLE, flag);
		break;
	case 1:
		ret = ioctl(fd, PERF_EVENT_IOC_DISABLE, flag);
		break;
	case 2: {
		static const int refresh[] = { 0, 1, 2, 3, 100, -1, INT_MAX };

		ret = ioctl(fd, PERF_EVENT_IOC_REFRESH,
			    refresh[rnd(ARRAY_SIZE(refresh))]);
		break;
	}
	case 3:
		v = gen_period();
		ret = ioctl(fd, PERF_EVENT_IOC_PERIOD, chance(5) ? NULL : &v);
		/* the new period of a sampling event: see repeat_cap() */
		if (!ret && e->period > 1)
			e->period = v;
		break;
	case 4:
		ret = ioctl(fd, PERF_EVENT_IOC_RESET, flag);
		break;
	case 5:
		ret = ioctl(fd, PERF_EVENT_IOC_SET_FILTER,
			    chance(3) ? NULL : gen_filter(filter,
							  sizeof(filter)));
		break;
	case 6:
		ret = ioctl(fd, PERF_EVENT_IOC_ID, chance(5) ? NULL : &v);
		break;
	case 7:
		ret = ioctl(fd, PERF_EVENT_IOC_PAUSE_OUTPUT,
			    chance(90) ? rnd(2) : rnd64());
		break;
	case 8:
		ret = ioctl(fd, PERF_EVENT_IOC_SET_OUTPUT,
			    nr_evs && chance(70) ? pick_ev()->fd :
			    chance(50) ? -1 : (int)rnd(100));
		break;
	case 9:
		ret = ioctl(fd, PERF_EVENT_IOC_SET_BPF,
			    nr_evs && chance(50) ? pick_ev()->fd :
			    (int)rnd(100) - 1);
		break;
	case 10:
		memset(qbuf, 0, sizeof(qbuf));
		q = (void *)qbuf;
		q->ids_len = rnd(8);
		ret = ioctl(fd, PERF_EVENT_IOC_QUERY_BPF, chance(5) ? NULL : q);
		break;
	case 11:
		gen_attr(&b);
		ret = ioctl(fd, PERF_EVENT_IOC_MODIFY_ATTRIBUTES,
			    chance(5) ? NULL : &b.a);
		break;
	default:
		/* an ioctl the perf core does not know */
		ret = ioctl(fd, _IOC(rnd(4), chance(80) ? '$' : rnd(256),
				     rnd_between(12, 255), rnd(64)),
			    (unsigned long)&v);
		break;
	}
	note("fd %d ioctl %d flag %#lx: %ld (errno %d)", fd, what, flag, ret,
	     ret < 0 ? errno : 0);
}

static void op_ioctl(void)
{
	struct ev *e = pick_ev();

	if (e)
		do_ioctl(e);
}

static void op_read(void)
{
	static const size_t sizes[] = { 0, 1, 7, 8, 16, 24, 31, 32, 40, 48,
					64, 4096 };
	uint64_t buf[512];
	struct ev *e = pick_ev();
	size_t len = sizes[rnd(ARRAY_SIZE(sizes))];
	ssize_t n;

	if (!e)
		return;
	st.reads++;
	n = read(e->fd, buf, len);
	note("fd %d read %zu: %zd", e->fd, len, n);
}

/* A ring buffer: 1 + 2^n pages, or a size perf refuses */
static void op_mmap(void)
{
	static const int pages[] = { 1, 2, 3, 5, 9, 17, 4, 1 + 64 };
	struct ev *e = pick_ev();
	struct perf_event_mmap_page *meta;
	int prot = chance(80) ? PROT_READ | PROT_WRITE : PROT_READ;
	size_t len;
	off_t off = chance(3) ? page_size * rnd_between(1, 4) : 0;
	void *p;

	if (!e || e->map)
		return;
	st.mmaps++;
	len = pages[rnd(ARRAY_SIZE(pages))] * page_size;
	p = mmap(NULL, len, prot, MAP_SHARED, e->fd, off);
	note("fd %d mmap %zu pages prot %d off %lld: %s", e->fd,
	     len / page_size, prot, (long long)off,
	     p == MAP_FAILED ? strerror(errno) : "ok");
	if (p == MAP_FAILED)
		return;
	if (off) {
		munmap(p, len);
		return;
	}
	st.mmaps_ok++;
	e->map = p;
	e->map_len = len;
	e->map_rw = prot & PROT_WRITE;
	e->tail = 0;
	meta = p;

	/* an AUX area: this PMU has none */
	if (e->map_rw && len > (size_t)page_size && chance(10)) {
		meta->aux_offset = len;
		meta->aux_size = page_size << rnd(3);
		p = mmap(NULL, meta->aux_size, prot, MAP_SHARED, e->fd,
			 meta->aux_offset);
		note("fd %d aux mmap: %s", e->fd,
		     p == MAP_FAILED ? strerror(errno) : "ok");
		if (p != MAP_FAILED)
			munmap(p, meta->aux_size);
	}
}

static void op_munmap(void)
{
	struct ev *e = pick_ev();

	if (e && e->map) {
		note("fd %d munmap", e->fd);
		ev_unmap(e);
	}
}

/*
 * Read the records of a ring buffer. Mapped read-write and written
 * forward, the kernel never writes past data_tail: at most the data size
 * is unread, and every record header is well formed. (Events that share
 * a ring through SET_OUTPUT have the same direction.)
 */
static void ring_drain(struct ev *e)
{
	struct perf_event_mmap_page *meta = e->map;
	uint8_t *data = (uint8_t *)e->map + page_size;
	size_t size = e->map_len - page_size;
	struct perf_event_header h;
	uint64_t head, pos;
	size_t i;

	if (!size)
		return;
	head = __atomic_load_n(&meta->data_head, __ATOMIC_ACQUIRE);
	if (!e->map_rw || e->backward) {
		/* overwrite mode or backward: nothing to check or free */
		return;
	}
	if (head - e->tail > size) {
		failure(-1, "ring of fd %d: data_head %llu is %llu bytes past data_tail, more than its %zu",
			e->fd, (unsigned long long)head,
			(unsigned long long)(head - e->tail), size);
		e->tail = head;
		__atomic_store_n(&meta->data_tail, head, __ATOMIC_RELEASE);
		return;
	}
	for (pos = e->tail; pos < head; pos += h.size) {
		for (i = 0; i < sizeof(h); i++)
			((uint8_t *)&h)[i] = data[(pos + i) % size];
		if (h.size < sizeof(h) || h.size % 8 || h.size > head - pos ||
		    !h.type || h.type >= PERF_RECORD_MAX) {
			failure(-1, "ring of fd %d: record at %llu of %llu: type %u size %u",
				e->fd, (unsigned long long)pos,
				(unsigned long long)head, h.type, h.size);
			break;
		}
		st.ring_records++;
	}
	e->tail = head;
	__atomic_store_n(&meta->data_tail, head, __ATOMIC_RELEASE);
}

static void op_ring(void)
{
	int i;

	for (i = 0; i < nr_evs; i++)
		if (evs[i].map && chance(50))
			ring_drain(&evs[i]);
}

static void op_poll(void)
{
	struct pollfd pfd[4];
	int i, n = rnd_between(1, 4);

	if (!nr_evs)
		return;
	for (i = 0; i < n; i++) {
		pfd[i].fd = pick_ev()->fd;
		pfd[i].events = POLLIN | (chance(20) ? POLLOUT : 0);
	}
	st.polls++;
	poll(pfd, n, 0);
}

/* Wake-ups as signals: SIGIO or a real-time signal, to this process */
static void op_fcntl(void)
{
	struct ev *e = pick_ev();

	if (!e)
		return;
	switch (rnd(3)) {
	case 0:
		fcntl(e->fd, F_SETOWN, getpid());
		fcntl(e->fd, F_SETFL, O_ASYNC | (chance(50) ? O_NONBLOCK : 0));
		break;
	case 1:
		fcntl(e->fd, F_SETSIG, chance(50) ? SIGIO : SIGRTMIN + 1);
		break;
	default:
		fcntl(e->fd, F_SETFL, 0);
		break;
	}
}

static void op_prctl(void)
{
	prctl(chance(50) ? PR_TASK_PERF_EVENTS_DISABLE :
			   PR_TASK_PERF_EVENTS_ENABLE, 0, 0, 0, 0);
}

static void op_affinity(void)
{
	cpu_set_t set;
	int r = rnd(10);

	CPU_ZERO(&set);
	if (r < 4) {
		CPU_SET(0, &set);
	} else if (r < 8) {
		CPU_SET(1, &set);
	} else if (r < 9) {
		CPU_SET(0, &set);
		CPU_SET(1, &set);
	} else {
		CPU_SET(rnd(16), &set);
	}
	st.affinity++;
	sched_setaffinity(0, sizeof(set), &set);
}

/* Stay on the CPU: the core's rotation timer and freerun ticks run */
static void op_busy(void)
{
	long ms = rnd(15);

	__atomic_fetch_add(&bp_target, 1, __ATOMIC_RELAXED);
	busy_ms(ms);
	__atomic_fetch_add(&bp_target, ms, __ATOMIC_RELAXED);
}

/* Execution records ----------------------------------------------- */

static uint64_t gen_ip(void)
{
	switch (rnd(6)) {
	case 0: case 1: case 2:
		return USER_IP + 16 * rnd(4096);
	case 3:
		return KERNEL_IP + 16 * rnd(4096);
	default:
		return rnd_u64();
	}
}

static uint64_t gen_repeat(void)
{
	unsigned int r = rnd(1000);

	if (r < 700)
		return rnd_between(1, 1000);
	if (r < 900)
		return rnd_between(1, 100000);
	if (r < 990)
		return rnd_between(1, 10000000);
	/* past the 32-bit counters' wrap */
	return (1ULL << 32) + rnd(1ULL << 31) - (1ULL << 30);
}

static uint64_t gen_encoding(void)
{
	return rnd64() & ((1ULL << 41) - 1);
}

static void gen_ctx(struct ia64_pmu_rec_ctx *c, int isa, bool slot)
{
	memset(c, 0, sizeof(*c));
	c->ip = gen_ip();
	c->repeat = cap_repeat(gen_repeat());
	c->cpl = rnd(4);
	c->isa = isa;
	c->slot = slot && isa == IA64_PMU_ISA_IA64 ? rnd(3) : 0;
}

/*
 * Per-cycle events of a cycles record: distinct codes, increment 1
 * (every event allows that), never CPU_CYCLES nor the codes in @avoid.
 */
static int gen_events(struct ia64_pmu_rec_event *ev, int max, int avoid)
{
	int n = 0, i, j, want = rnd(max + 1);

	for (i = 0; i < want && nr_pmu_events; i++) {
		const struct pmu_event *pe = pick_pmu_event();

		if (pe->es == ES_CPU_CYCLES || pe->es == avoid)
			continue;
		for (j = 0; j < n; j++)
			if (ev[j].code == pe->es)
				break;
		if (j < n)
			continue;
		memset(&ev[n], 0, sizeof(ev[n]));
		ev[n].code = pe->es;
		ev[n].umask = pe->umask;
		ev[n].inc = 1;
		n++;
	}
	return n;
}

/* Append one valid record of a random type; returns its size */
static size_t gen_valid(uint8_t *p)
{
	switch (rnd(6)) {
	case 0: case 1: {
		struct ia64_pmu_rec_cycles *r = (void *)p;

		memset(r, 0, sizeof(*r));
		gen_ctx(&r->ctx, rnd(4) == 0, false);
		r->nr_events = gen_events(r->events,
					  chance(30) ? IA64_PMU_REC_MAX_EVENTS :
						       3, -1);
		r->hdr.type = IA64_PMU_REC_CYCLES;
		r->hdr.size = sizeof(*r) + r->nr_events * sizeof(r->events[0]);
		return r->hdr.size;
	}
	case 2: {
		struct ia64_pmu_rec_inst *r = (void *)p;

		memset(r, 0, sizeof(*r));
		r->hdr.type = IA64_PMU_REC_INST;
		r->hdr.size = sizeof(*r);
		gen_ctx(&r->ctx, rnd(5) == 0, true);
		if (r->ctx.isa == IA64_PMU_ISA_IA32) {
			r->per_cycle = rnd_between(1, 2);
			return sizeof(*r);
		}
		r->hdr.flags = rnd(4);
		r->encoding = gen_encoding();
		r->itype = rnd(4);
		if (r->ctx.slot == 1 && chance(30))
			r->itype = IA64_PMU_ITYPE_L;
		if (r->ctx.slot == 2 && chance(30))
			r->itype = IA64_PMU_ITYPE_X;
		r->per_cycle = rnd_between(1, 6);
		return sizeof(*r);
	}
	case 3: {
		static const uint8_t sizes[] = { 1, 2, 4, 8, 10, 16 };
		struct ia64_pmu_rec_mem *r = (void *)p;

		memset(r, 0, sizeof(*r));
		r->hdr.type = IA64_PMU_REC_MEM;
		r->hdr.size = sizeof(*r);
		r->hdr.flags = rnd(2);
		gen_ctx(&r->ctx, rnd(5) == 0, true);
		r->daddr = chance(80) ? 0x6000000000000000ULL + rnd(1 << 20) :
					rnd_u64();
		if (r->ctx.isa == IA64_PMU_ISA_IA64)
			r->encoding = gen_encoding();
		r->latency = chance(90) ? rnd(500) : rnd64();
		r->level = rnd(4);
		r->tlb = rnd(4);
		r->op = rnd(2);
		r->size = sizes[rnd(ARRAY_SIZE(sizes))];
		return sizeof(*r);
	}
	case 4: {
		static const uint8_t tlbs[] = { IA64_PMU_TLB_L1,
						IA64_PMU_TLB_VHPT,
						IA64_PMU_TLB_SW };
		struct ia64_pmu_rec_fetch *r = (void *)p;

		memset(r, 0, sizeof(*r));
		r->hdr.type = IA64_PMU_REC_FETCH;
		r->hdr.size = sizeof(*r);
		r->hdr.flags = rnd(2);
		gen_ctx(&r->ctx, rnd(5) == 0, false);
		r->latency = chance(90) ? rnd(500) : rnd64();
		r->level = rnd(4);
		r->tlb = tlbs[rnd(3)];
		return sizeof(*r);
	}
	default: {
		struct ia64_pmu_rec_branch *r = (void *)p;

		memset(r, 0, sizeof(*r));
		r->hdr.type = IA64_PMU_REC_BRANCH;
		r->hdr.size = sizeof(*r);
		r->hdr.flags = rnd(32);
		if (!(r->hdr.flags & IA64_PMU_REC_BR_TAKEN))
			r->hdr.flags &= ~IA64_PMU_REC_BR_MISPRED_TARGET;
		gen_ctx(&r->ctx, IA64_PMU_ISA_IA64, true);
		r->target = chance(80) ? USER_IP + 16 * rnd(4096) : rnd_u64();
		r->encoding = gen_encoding();
		r->btype = rnd(IA64_PMU_BR_IND_CALL + 1);
		r->predictor = rnd(3);
		return sizeof(*r);
	}
	}
}

/*
 * Break one valid record so that the model must refuse it; @room bytes
 * past it are free. Returns the record's new length in the stream.
 */
static size_t break_record(uint8_t *p, size_t len, const char **how)
{
	struct ia64_pmu_rec_hdr *h = (void *)p;
	struct ia64_pmu_rec_ctx *c = (void *)(p + sizeof(*h));

	switch (rnd(12)) {
	case 0:
		*how = "type";
		h->type = chance(50) ? 0 : rnd_between(6, 0xffff);
		return len;
	case 1:
		*how = "size not a multiple of 8";
		h->size += rnd_between(1, 7);
		return len;
	case 2:
		*how = "size below the header";
		h->size = 8 * rnd(5);
		return len;
	case 3:
		*how = "size of another type";
		h->size = h->type == IA64_PMU_REC_CYCLES ?
			  len + 8 * rnd_between(1, 4) :
			  len + (chance(50) ? 8 : -8);
		memset(p + len, 0, 8 * 4);
		return h->size > len ? h->size : len;
	case 4:
		*how = "unknown flags";
		h->flags |= 1U << rnd_between(h->type == IA64_PMU_REC_BRANCH ?
					      5 : 2, 31);
		if (h->type == IA64_PMU_REC_CYCLES)
			h->flags |= 1U << rnd(32);
		return len;
	case 5:
		*how = "repeat 0";
		c->repeat = 0;
		return len;
	case 6:
		*how = "cpl, isa or slot out of range";
		switch (rnd(3)) {
		case 0:
			c->cpl = rnd_between(4, 255);
			break;
		case 1:
			c->isa = rnd_between(2, 255);
			break;
		default:
			c->slot = rnd_between(3, 255);
			break;
		}
		return len;
	case 7:
		*how = "ctx reserved";
		if (chance(50))
			c->__reserved0 = rnd_between(1, 255);
		else
			c->__reserved1 = rnd_between(1, 0xffffffff);
		return len;
	default:
		break;
	}

	/* a field of the type's body */
	switch (h->type) {
	case IA64_PMU_REC_CYCLES: {
		struct ia64_pmu_rec_cycles *r = (void *)p;
		struct ia64_pmu_rec_event *e = r->events;

		if (!r->nr_events || chance(30)) {
			*how = "cycles: slot or reserved";
			if (chance(50))
				c->slot = rnd_between(1, 2);
			else
				r->__reserved[rnd(3)] = rnd_between(1, 0xffff);
			return len;
		}
		e += rnd(r->nr_events);
		switch (rnd(6)) {
		case 0:
			*how = "cycles: event code";
			e->code = chance(50) ? ES_CPU_CYCLES :
					       rnd_between(es_free, 0xff);
			break;
		case 1:
			*how = "cycles: umask";
			e->umask = rnd_between(0x10, 0xff);
			break;
		case 2:
			*how = "cycles: increment 0";
			e->inc = 0;
			break;
		case 3:
			*how = "cycles: event reserved";
			e->__reserved[rnd(5)] = rnd_between(1, 255);
			break;
		case 4:
			*how = "cycles: same event twice";
			r->events[r->nr_events] = *e;
			r->nr_events++;
			h->size += sizeof(*e);
			return len + sizeof(*e);
		default:
			*how = "cycles: nr_events";
			r->nr_events = rnd_between(IA64_PMU_REC_MAX_EVENTS + 1,
						   0xffff);
			break;
		}
		return len;
	}
	case IA64_PMU_REC_INST: {
		struct ia64_pmu_rec_inst *r = (void *)p;

		switch (rnd(6)) {
		case 0:
			*how = "inst: encoding beyond 41 bits";
			r->encoding |= 1ULL << rnd_between(41, 63);
			break;
		case 1:
			*how = "inst: itype";
			r->itype = rnd_between(6, 255);
			break;
		case 2:
			*how = "inst: per_cycle";
			r->per_cycle = chance(30) ? 0 :
				       r->ctx.isa ? rnd_between(3, 255) :
						    rnd_between(7, 255);
			break;
		case 3:
			*how = "inst: reserved";
			r->__reserved[rnd(6)] = rnd_between(1, 255);
			break;
		case 4:
			*how = "inst: L or X in the wrong slot";
			if (r->ctx.isa) {
				r->itype = rnd_between(1, 5);
			} else if (chance(50)) {
				r->itype = IA64_PMU_ITYPE_L;
				r->ctx.slot = chance(50) ? 0 : 2;
			} else {
				r->itype = IA64_PMU_ITYPE_X;
				r->ctx.slot = rnd(2);
			}
			break;
		default:
			*how = "inst: IA-32 with IA-64 fields";
			r->ctx.isa = IA64_PMU_ISA_IA32;
			r->ctx.slot = 0;
			r->per_cycle = 1;
			r->itype = 0;
			r->hdr.flags = 0;
			r->encoding = 0;
			switch (rnd(3)) {
			case 0:
				r->hdr.flags = rnd_between(1, 3);
				break;
			case 1:
				r->itype = rnd_between(1, 5);
				break;
			default:
				r->encoding = rnd_between(1, 1ULL << 40);
				break;
			}
			break;
		}
		return len;
	}
	case IA64_PMU_REC_MEM: {
		struct ia64_pmu_rec_mem *r = (void *)p;

		switch (rnd(6)) {
		case 0:
			*how = "mem: level";
			r->level = rnd_between(4, 255);
			break;
		case 1:
			*how = "mem: tlb";
			r->tlb = rnd_between(4, 255);
			break;
		case 2:
			*how = "mem: op";
			r->op = rnd_between(2, 255);
			break;
		case 3:
			*how = "mem: size";
			do
				r->size = rnd(256);
			while (r->size == 1 || r->size == 2 || r->size == 4 ||
			       r->size == 8 || r->size == 10 ||
			       r->size == 16);
			break;
		case 4:
			*how = "mem: encoding beyond 41 bits";
			r->encoding |= 1ULL << rnd_between(41, 63);
			break;
		default:
			*how = "mem: IA-32 with an encoding";
			r->ctx.isa = IA64_PMU_ISA_IA32;
			r->ctx.slot = 0;
			r->encoding = rnd_between(1, 1ULL << 40);
			break;
		}
		return len;
	}
	case IA64_PMU_REC_FETCH: {
		struct ia64_pmu_rec_fetch *r = (void *)p;

		switch (rnd(4)) {
		case 0:
			*how = "fetch: slot";
			r->ctx.isa = IA64_PMU_ISA_IA64;
			r->ctx.slot = rnd_between(1, 2);
			break;
		case 1:
			*how = "fetch: level";
			r->level = rnd_between(4, 255);
			break;
		case 2:
			*how = "fetch: tlb";
			r->tlb = chance(50) ? IA64_PMU_TLB_L2 :
					      rnd_between(4, 255);
			break;
		default:
			*how = "fetch: reserved";
			r->__reserved[rnd(2)] = rnd_between(1, 255);
			break;
		}
		return len;
	}
	default: {
		struct ia64_pmu_rec_branch *r = (void *)p;

		switch (rnd(6)) {
		case 0:
			*how = "branch: mispredicted target, not taken";
			r->hdr.flags = IA64_PMU_REC_BR_MISPRED_TARGET |
				       (rnd(2) ? IA64_PMU_REC_BR_MULTIWAY : 0);
			break;
		case 1:
			*how = "branch: IA-32";
			r->ctx.isa = IA64_PMU_ISA_IA32;
			r->ctx.slot = 0;
			break;
		case 2:
			*how = "branch: btype";
			r->btype = rnd_between(IA64_PMU_BR_IND_CALL + 1, 255);
			break;
		case 3:
			*how = "branch: predictor";
			r->predictor = rnd_between(3, 255);
			break;
		case 4:
			*how = "branch: encoding beyond 41 bits";
			r->encoding |= 1ULL << rnd_between(41, 63);
			break;
		default:
			*how = "branch: reserved";
			r->__reserved[rnd(6)] = rnd_between(1, 255);
			break;
		}
		return len;
	}
	}
}

static int inject(const void *buf, size_t len)
{
	return sim_write("inject", buf, len);
}

/*
 * A stream of valid records must be accepted. From a forked child (or
 * the exec'd --child), the same.
 */
static void op_inject(void)
{
	uint8_t buf[MAX_RECS * 256];
	size_t len = 0;
	int n = rnd_between(1, MAX_RECS), i, ret;

	for (i = 0; i < n; i++)
		len += gen_valid(buf + len);
	st.injects++;
	ret = inject(buf, len);
	note("%d records, %zu bytes: %d", n, len, ret);
	if (ret == 0) {
		st.injects_ok++;
		return;
	}
	failure(-1, "records: a valid stream of %d records (%zu bytes) was refused: %s",
		n, len, strerror(-ret));
}

/* Malformed streams: refused whole, with EINVAL */
static void op_inject_bad(void)
{
	static uint8_t big[(1U << 20) + 8];
	uint8_t buf[MAX_RECS * 256 + 256];
	void *bad_ptr;
	const char *how = NULL;
	size_t len = 0, off = 0, rec_len;
	int n = rnd_between(1, MAX_RECS), bad = rnd(n), i, ret;

	st.bad_injects++;
	switch (rnd(10)) {
	case 0:
		/* garbage: anything goes, but the kernel must survive */
		len = rnd_between(1, sizeof(buf));
		for (i = 0; i < (int)len; i++)
			buf[i] = rnd(256);
		if (len >= 4 && chance(50)) {
			buf[0] = rnd_between(1, 5);
			buf[1] = 0;
			buf[2] = 8 * rnd(32);
			buf[3] = 0;
		}
		ret = inject(buf, len);
		note("garbage, %zu bytes: %d", len, ret);
		return;
	case 1:
		/* NULL or the first page, never mapped */
		bad_ptr = (void *)(uintptr_t)(8 * rnd(2));
		ret = inject(bad_ptr, 64);
		note("bad pointer: %d", ret);
		if (ret != -EFAULT && ret != -EINVAL)
			failure(-1, "records: a bad buffer pointer gave %d, not EFAULT",
				ret);
		return;
	case 2:
		/* longer than the model accepts */
		len = gen_valid(big);
		while (len + 256 < sizeof(big))
			len += gen_valid(big + len);
		memset(big + len, 0, sizeof(big) - len);
		ret = inject(big, sizeof(big));
		note("%zu bytes: %d", sizeof(big), ret);
		if (ret != -EINVAL)
			failure(-1, "records: a %zu-byte stream gave %d, not EINVAL",
				sizeof(big), ret);
		return;
	case 3:
		/* truncated: the last record is cut */
		for (i = 0; i < n; i++) {
			off = len;
			len += gen_valid(buf + len);
		}
		len = off + rnd(len - off);
		if (len == off)
			len = off + 1;
		how = "truncated";
		break;
	default:
		for (i = 0; i < n; i++) {
			rec_len = gen_valid(buf + len);
			if (i == bad)
				rec_len = break_record(buf + len, rec_len, &how);
			len += rec_len;
		}
		break;
	}
	ret = inject(buf, len);
	note("%d records, #%d broken (%s), %zu bytes: %d", n, bad, how, len,
	     ret);
	if (ret != -EINVAL)
		failure(-1, "records: a stream with a malformed record (%s) gave %d, not EINVAL",
			how, ret);
}

/* Faults ---------------------------------------------------------- */

static void knob_set(int k, uint64_t val, long window)
{
	char buf[32];
	int ret;

	if (!knob_present[k])
		return;
	snprintf(buf, sizeof(buf), "%llu", (unsigned long long)val);
	ret = write_file(knob_path[k], buf);
	note("%s = %s for %ld iterations: %d", knob_path[k] + strlen(SIM_DIR) + 1,
	     buf, window, ret);
	knob_until[k] = ret ? 0 : iter + window;
	if (k != K_FREERUN && k != K_ONLINE_DELAY)
		faulted = true;
}

static void knob_off(int k)
{
	write_file(knob_path[k], "0");
	knob_until[k] = 0;
	note("%s = 0", knob_path[k] + strlen(SIM_DIR) + 1);
}

static void expire_knobs(void)
{
	int k;

	for (k = 0; k < NR_KNOBS; k++)
		if (knob_until[k] && iter >= knob_until[k])
			knob_off(k);
}

static void op_fault(void)
{
	char buf[32];
	long window = rnd_between(1, 40);
	int ret;

	st.faults++;
	switch (rnd(10)) {
	case 0:
		snprintf(buf, sizeof(buf), "%d",
			 chance(90) ? (int)rnd(nr_cpus) : (int)rnd(64));
		ret = write_file(SIM_DIR "/fault/spurious_irq", buf);
		note("spurious_irq %s: %d", buf, ret);
		faulted = true;
		break;
	case 1:
		knob_set(K_STUCK_FR, 1, window);
		break;
	case 2:
		knob_set(K_LOSE_PMC0, rnd_between(1, 4), window);
		break;
	case 3:
		knob_set(K_CYCLES_PER_ACCESS,
			 chance(80) ? rnd_between(1, 2000) : rnd_u64() & 0xfffff,
			 window);
		break;
	case 4:
		knob_set(K_IRQ_DELAY, chance(80) ? rnd(2000000) : rnd(50000000),
			 window);
		break;
	case 5:
		knob_set(K_FREERUN, 1, window);
		break;
	case 6:
		snprintf(buf, sizeof(buf), "%llu",
			 (unsigned long long)(chance(85) ?
					      rnd_between(100, 20000) :
					      rnd_u64()));
		ret = write_file(SIM_DIR "/freerun_period_us", buf);
		note("freerun_period_us %s: %d", buf, ret);
		break;
	case 7:
		/* CPU1 only: its reset values come back when it comes up */
		if (no_hotplug)
			break;
		ret = write_file(SIM_DIR "/fault/clobber_regs", "1");
		note("clobber_regs 1: %d", ret);
		cpu1_clobbered |= ret == 0;
		break;
	case 8:
		knob_set(K_ONLINE_DELAY, rnd_between(1, 100), window);
		break;
	default:
		/* several at once */
		knob_set(K_STUCK_FR, 1, window);
		knob_set(K_IRQ_DELAY, rnd(1000000), window);
		knob_set(K_CYCLES_PER_ACCESS, rnd_between(1, 500), window);
		break;
	}
}

/*
 * The sentinels: a pinned CPU-wide CPU_CYCLES event (user level) on each
 * CPU, open across fault windows like a "perf stat -a" in the
 * background. A task switch reprograms the PMU for the task's events,
 * not for them: a driver that does not recover from a fault by itself
 * leaves them frozen. They are open in about two of three periods
 * between two close_all(), so that the PMU also goes without events.
 */
static void sentinel_open(int cpu)
{
	struct perf_event_attr attr;

	if (sentinel[cpu] >= 0)
		close(sentinel[cpu]);
	counting_attr(&attr, IA64_PMU_CONFIG(ES_CPU_CYCLES, 0));
	attr.type = pmu_type;
	attr.disabled = 0;
	attr.pinned = 1;
	attr.exclude_kernel = 1;
	sentinel[cpu] = sys_perf_event_open(&attr, -1, cpu, -1,
					    PERF_FLAG_FD_CLOEXEC);
	note("sentinel on CPU%d: fd %d", cpu, sentinel[cpu]);
}

static void sentinels(bool on)
{
	int cpu;

	sentinels_on = on;
	for (cpu = 0; cpu < nr_cpus && cpu < 2; cpu++) {
		if (on && (cpu == 0 || !cpu1_offline)) {
			sentinel_open(cpu);
		} else if (!on && sentinel[cpu] >= 0) {
			close(sentinel[cpu]);
			sentinel[cpu] = -1;
		}
	}
}

/* CPU hotplug: CPU1 offline for a window of iterations -------------- */

static int set_cpu1(bool online)
{
	uint64_t t0 = now_ms();
	int ret = write_file(CPU1_ONLINE, online ? "1" : "0");

	last_hotplug_ms = now_ms();
	note("cpu1 %s: %d (%llu ms)", online ? "online" : "offline", ret,
	     (unsigned long long)(last_hotplug_ms - t0));
	if (!ret) {
		cpu1_offline = !online;
		if (online) {
			st.onlines++;
			cpu1_clobbered = false;
			/* CPU1's events ended when it went offline */
			if (sentinels_on) {
				sentinel_open(1);
				sentinel_fresh[1] = true;
			}
		} else {
			st.offlines++;
		}
	}
	return ret;
}

static void op_hotplug(void)
{
	if (no_hotplug || cpu1_offline ||
	    now_ms() - last_hotplug_ms < HOTPLUG_GAP_MS)
		return;
	if (!set_cpu1(false))
		cpu1_back_at = iter + rnd_between(1, 40);
}

static void expire_hotplug(void)
{
	if (cpu1_offline && iter >= cpu1_back_at &&
	    now_ms() - last_hotplug_ms >= HOTPLUG_GAP_MS / 4)
		set_cpu1(true);
}

/* Children: fork, exit, exec -------------------------------------- */

static void reap(bool wait)
{
	int i, status;
	pid_t r;

	for (i = 0; i < nr_children; i++) {
		r = waitpid(children[i], &status, wait ? 0 : WNOHANG);
		if (r == 0)
			continue;
		if (r == children[i] && WIFSIGNALED(status) &&
		    WTERMSIG(status) != SIGKILL) {
			st.child_signals++;
			note("child %d: signal %d", r, WTERMSIG(status));
		}
		children[i--] = children[--nr_children];
	}
}

static void kill_children(void)
{
	int i;

	for (i = 0; i < nr_children; i++)
		kill(children[i], SIGKILL);
	reap(true);
}

static void child_ops(int n)
{
	union attr_buf b;
	int i, fd;

	for (i = 0; i < n; i++) {
		switch (rnd(10)) {
		case 0: case 1: case 2:
			op_inject();
			break;
		case 3:
			op_ioctl();	/* the parent's events */
			break;
		case 4:
			op_read();
			break;
		case 5:
			op_affinity();
			break;
		case 6:
			gen_attr(&b);
			fd = sys_perf_event_open(&b.a, 0, -1, -1, 0);
			if (fd >= 0 && nr_evs < MAX_EVENTS)
				ev_add(fd, &b.a);
			break;
		case 7:
			op_busy();
			break;
		case 8:
			op_inject_bad();
			break;
		default:
			sched_yield();
			break;
		}
	}
}

/* @exec: 0 exit, 1 exec this program with --child, 2 exec /bin/true */
static void child_main(uint64_t child_seed, int exec)
{
	char arg[32];
	int i;

	is_child = true;
	rng_seed(child_seed);
	/* perf does not copy ring buffer mappings into children */
	for (i = 0; i < nr_evs; i++)
		evs[i].map = NULL;
	nr_children = 0;
	child_ops(rnd_between(1, 30));
	snprintf(arg, sizeof(arg), "%llu", (unsigned long long)rnd64());
	if (exec == 1)
		execl("/proc/self/exe", NAME, "--child", arg, (char *)NULL);
	else if (exec == 2)
		execl("/bin/true", "true", (char *)NULL);
	_exit(0);
}

static void op_fork(void)
{
	uint64_t child_seed = rnd64();
	int exec = rnd(10) < 3 ? 1 + rnd(2) : 0;
	pid_t pid;

	reap(false);
	if (nr_children >= MAX_CHILDREN)
		return;
	fflush(stdout);
	pid = fork();
	if (pid == 0)
		child_main(child_seed, exec);
	note("child %d, exec %d", pid, exec);
	if (pid > 0) {
		children[nr_children++] = pid;
		st.forks++;
		st.execs += !!exec;
	}
}

/* The image exec'd by a child: a few records and events, then exit */
static int exec_child_main(uint64_t child_seed)
{
	is_child = true;
	rng_seed(child_seed);
	page_size = sysconf(_SC_PAGESIZE);
	nr_cpus = sysconf(_SC_NPROCESSORS_CONF);
	load_pmu();
	child_ops(rnd_between(1, 10));
	return 0;
}

/* The count check ------------------------------------------------- */

enum {
	CHECK_RAW,
	CHECK_GENERIC,
	CHECK_PINNED,
	CHECK_GROUP,
	CHECK_INHERIT,
	NR_CHECKS,
};

static const char *const check_name[NR_CHECKS] = {
	"raw", "generic", "pinned", "group", "inherit",
};

struct expect {
	uint64_t cycles, inst;
};

/*
 * Records whose user-level IA-64 cycles and instructions are known:
 * cycles records at cpl 3 (IA-64 or IA-32) count, at cpl 0 they do not
 * (exclude_kernel); instruction records add inst_es at cpl 3;
 * memory and branch records count neither.
 */
static size_t gen_check_stream(uint8_t *buf, struct expect *x)
{
	size_t len = 0;
	int n = rnd_between(1, MAX_RECS), i;

	for (i = 0; i < n; i++) {
		uint8_t *p = buf + len;

		switch (rnd(6)) {
		case 0: case 1: case 2: {
			struct ia64_pmu_rec_cycles *r = (void *)p;

			memset(r, 0, sizeof(*r));
			r->hdr.type = IA64_PMU_REC_CYCLES;
			r->ctx.ip = chance(80) ? USER_IP + 16 * rnd(4096) :
						 KERNEL_IP;
			r->ctx.repeat = cap_repeat(chance(95) ?
						   rnd_between(1, 300000) :
						   (1ULL << 32) + rnd(1 << 20));
			r->ctx.cpl = chance(75) ? 3 : rnd(3);
			r->ctx.isa = chance(20);
			r->nr_events = gen_events(r->events, 4, inst_es);
			r->hdr.size = sizeof(*r) +
				      r->nr_events * sizeof(r->events[0]);
			if (r->ctx.cpl == 3)
				x->cycles += r->ctx.repeat;
			len += r->hdr.size;
			break;
		}
		case 3: case 4: {
			struct ia64_pmu_rec_inst *r = (void *)p;

			memset(r, 0, sizeof(*r));
			r->hdr.type = IA64_PMU_REC_INST;
			r->hdr.size = sizeof(*r);
			r->ctx.ip = USER_IP + 16 * rnd(4096);
			r->ctx.repeat = cap_repeat(rnd_between(1, 100000));
			r->ctx.cpl = chance(75) ? 3 : 0;
			r->ctx.slot = rnd(3);
			r->itype = rnd(4);
			r->encoding = gen_encoding();
			r->per_cycle = rnd_between(1, 6);
			if (r->ctx.cpl == 3)
				x->inst += r->ctx.repeat * r->per_cycle;
			len += sizeof(*r);
			break;
		}
		default: {
			struct ia64_pmu_rec_mem *r = (void *)p;

			memset(r, 0, sizeof(*r));
			r->hdr.type = IA64_PMU_REC_MEM;
			r->hdr.size = sizeof(*r);
			r->ctx.ip = USER_IP + 16 * rnd(4096);
			r->ctx.repeat = cap_repeat(rnd_between(1, 10000));
			r->ctx.cpl = 3;
			r->daddr = 0x6000000000000000ULL + 8 * rnd(1 << 16);
			r->encoding = gen_encoding();
			r->latency = rnd(300);
			r->level = rnd(4);
			r->tlb = rnd(4);
			r->op = rnd(2);
			r->size = 8;
			len += sizeof(*r);
			break;
		}
		}
	}
	return len;
}

/*
 * Every knob off and CPU1 online before a count check. Returns false if
 * CPU1 does not come back.
 */
static bool quiesce(void)
{
	int k;

	for (k = 0; k < NR_KNOBS; k++)
		if (knob_until[k])
			knob_off(k);
	if (cpu1_offline && set_cpu1(true)) {
		failure(-1, "hotplug: CPU1 does not come back online: %s",
			strerror(errno));
		return false;
	}
	return true;
}

struct reading {
	uint64_t nr, enabled, running, value[2];
	bool ok;
};

static void read_check(int fd, bool group, struct reading *r)
{
	uint64_t buf[5] = { 0 };
	ssize_t n;

	memset(r, 0, sizeof(*r));
	n = read(fd, buf, sizeof(buf));
	if (group && n == 5 * sizeof(uint64_t)) {
		r->nr = buf[0];
		r->enabled = buf[1];
		r->running = buf[2];
		r->value[0] = buf[3];
		r->value[1] = buf[4];
		r->ok = r->nr == 2;
	} else if (!group && n == 3 * sizeof(uint64_t)) {
		r->nr = 1;
		r->value[0] = buf[0];
		r->enabled = buf[1];
		r->running = buf[2];
		r->ok = true;
	}
}

/*
 * The sentinel of @cpu counts exactly the user cycles this task injects
 * there, whenever it ran all that time: no other task injects meanwhile
 * and freerun is off.
 */
static void check_sentinel(int cpu, bool quiet, bool recovering)
{
	uint8_t buf[MAX_RECS * 256];
	struct reading r0, r1;
	struct expect x = { 0 };
	uint64_t got;
	size_t len;
	int ret;

	if (pin_cpu(cpu))
		return;
	st.sentinel_checks++;
	/* PR_TASK_PERF_EVENTS_DISABLE (op_prctl) disables it too */
	ioctl(sentinel[cpu], PERF_EVENT_IOC_ENABLE, 0);
	len = gen_check_stream(buf, &x);
	read_check(sentinel[cpu], false, &r0);
	ret = inject(buf, len);
	read_check(sentinel[cpu], false, &r1);
	if (ret) {
		failure(cpu, "sentinel check: records refused: %s",
			strerror(-ret));
		return;
	}
	if (!r0.ok || !r1.ok) {
		/* pinned, it lost its counter to an exclusive event */
		note("sentinel on CPU%d: no reading, reopened", cpu);
		st.sentinel_skipped++;
		sentinel_open(cpu);
		return;
	}
	if (r1.enabled == r0.enabled ||
	    r1.enabled - r0.enabled != r1.running - r0.running) {
		st.sentinel_skipped++;
		return;
	}
	got = r1.value[0] - r0.value[0];
	note("sentinel on CPU%d%s: %llu cycles, counted %llu", cpu,
	     recovering ? ", after faults" : "", (unsigned long long)x.cycles,
	     (unsigned long long)got);
	if (got != x.cycles) {
		failure(cpu, "count check cpu-wide (sentinel) on CPU%d%s%s%s: %llu user cycles injected, %llu counted (ran %llu of %llu ns)",
			cpu, quiet ? ", after close_all" : "",
			recovering ? ", faults before it" : "",
			sentinel_fresh[cpu] ? ", opened at CPU1's online" : "",
			(unsigned long long)x.cycles, (unsigned long long)got,
			(unsigned long long)(r1.running - r0.running),
			(unsigned long long)(r1.enabled - r0.enabled));
		return;
	}
	st.sentinel_fresh_ok += sentinel_fresh[cpu];
	sentinel_fresh[cpu] = false;
	st.sentinel_ok++;
	st.sentinel_faults += recovering;
}

/*
 * A fault while only CPU-wide events use the PMU of @cpu: every fuzzed
 * event closed, no child, a CPU-wide sampling event that overflows while
 * a fault knob is on. The count check follows at once: nothing but the
 * driver itself may bring that PMU back.
 */
static void quiet_fault(void)
{
	struct perf_event_attr attr;
	struct rec_buf b = { .len = 0 };
	int cpu = !cpu1_offline && chance(50) ? 1 : 0, fd, ret;
	uint64_t period = rnd_between(100, 100000), n;

	kill_children();
	if (pin_cpu(cpu))
		return;
	counting_attr(&attr, IA64_PMU_CONFIG(ES_CPU_CYCLES, 0));
	attr.type = pmu_type;
	attr.disabled = 0;
	attr.exclude_kernel = chance(50);
	attr.sample_period = period;
	attr.sample_type = PERF_SAMPLE_IP;
	attr.read_format = 0;
	fd = sys_perf_event_open(&attr, -1, cpu, -1, 0);
	if (fd < 0)
		return;
	ev_add(fd, &attr);
	st.quiet_faults++;
	switch (rnd(4)) {
	case 0:
		knob_set(K_LOSE_PMC0, rnd_between(1, 2), 1);
		break;
	case 1:
		knob_set(K_STUCK_FR, 1, 1);
		break;
	case 2:
		knob_set(K_CYCLES_PER_ACCESS, rnd_between(1, 1000), 1);
		break;
	default:
		ret = write_file(SIM_DIR "/fault/spurious_irq",
				 cpu ? "1" : "0");
		note("spurious_irq %d: %d", cpu, ret);
		faulted = true;
		break;
	}
	n = period * rnd_between(1, 5) + rnd(period);
	rec_cycles(&b, USER_IP, n, 3, IA64_PMU_ISA_IA64, NULL, 0);
	ret = sim_inject(&b);
	note("CPU%d sampler fd %d period %llu, %llu cycles: %d", cpu, fd,
	     (unsigned long long)period, (unsigned long long)n, ret);
}

/*
 * The sentinels, then a new CPU_CYCLES event of this task on one CPU:
 * inject known records and compare. @quiet: right after close_all().
 */
static void check_count(bool quiet)
{
	uint8_t buf[MAX_RECS * 256];
	int variant = rnd(NR_CHECKS), cpu, fd, sib = -1, ret, status = 0;
	bool group = variant == CHECK_GROUP, recovering = faulted;
	struct expect x = { 0 }, cx = { 0 };
	struct reading before, after;
	struct perf_event_attr attr;
	const char *op = cur_op;
	uint64_t got;
	size_t len;
	pid_t pid;

	cur_op = "check";
	st.checks++;
	if (!quiesce())
		goto out;
	faulted = false;
	/* no other task injects records while the sentinels count */
	kill_children();
	if (recovering)
		usleep(RECOVERY_MS * 1000);
	for (cpu = 0; cpu < 2; cpu++)
		if (sentinel[cpu] >= 0)
			check_sentinel(cpu, quiet, recovering);

	cpu = !cpu1_offline && chance(50) ? 1 : 0;
	/* the group's instruction event: no clobbered qualifier of CPU1 */
	if (group && cpu == 1 && inst_clobbered())
		cpu = 0;
	if (pin_cpu(cpu)) {
		failure(-1, "check: cannot run on CPU%d: %s", cpu,
			strerror(errno));
		goto out;
	}

	counting_attr(&attr, IA64_PMU_CONFIG(ES_CPU_CYCLES, 0));
	attr.type = pmu_type;
	attr.disabled = 0;
	attr.exclude_kernel = 1;
	if (variant == CHECK_GENERIC) {
		attr.type = PERF_TYPE_HARDWARE;
		attr.config = PERF_COUNT_HW_CPU_CYCLES;
	}
	attr.pinned = variant == CHECK_PINNED;
	attr.inherit = variant == CHECK_INHERIT;
	if (group)
		attr.read_format |= PERF_FORMAT_GROUP;
	fd = sys_perf_event_open(&attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0) {
		failure(cpu, "check %s: the event does not open: %s",
			check_name[variant], strerror(errno));
		goto out;
	}
	if (group) {
		counting_attr(&attr, IA64_PMU_CONFIG(inst_es, 0));
		attr.type = pmu_type;
		attr.disabled = 0;
		attr.exclude_kernel = 1;
		sib = sys_perf_event_open(&attr, 0, -1, fd,
					  PERF_FLAG_FD_CLOEXEC);
		if (sib < 0) {
			failure(cpu, "check group: the sibling does not open: %s",
				strerror(errno));
			close(fd);
			goto out;
		}
	}

	/*
	 * The driver's watchdog runs while the CPU is monitored: stay, as
	 * without a sentinel the CPU is monitored only while this task runs
	 */
	if (recovering && sentinel[cpu] < 0)
		busy_ms(RECOVERY_MS);
	read_check(fd, group, &before);

	len = gen_check_stream(buf, &x);
	ret = inject(buf, len);
	if (ret) {
		failure(cpu, "check %s: its records were refused: %s",
			check_name[variant], strerror(-ret));
		goto close;
	}
	if (variant == CHECK_INHERIT) {
		/* a child counted by the inherited event injects too */
		len = gen_check_stream(buf, &cx);
		fflush(stdout);
		pid = fork();
		if (pid == 0)
			_exit(inject(buf, len) ? 1 : 0);
		if (pid < 0 || waitpid(pid, &status, 0) != pid ||
		    !WIFEXITED(status) || WEXITSTATUS(status)) {
			failure(cpu, "check inherit: the child failed (%d, status %#x)",
				pid, status);
			goto close;
		}
		x.cycles += cx.cycles;
	}
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	read_check(fd, group, &after);

	if (!after.ok || !before.ok) {
		/* a pinned event that could not go on the PMU reads EOF */
		note("%s on CPU%d: no reading, skipped", check_name[variant],
		     cpu);
		st.checks_skipped++;
		goto close;
	}
	if (after.running != after.enabled || !after.running) {
		note("%s on CPU%d: ran %llu of %llu ns, skipped",
		     check_name[variant], cpu,
		     (unsigned long long)after.running,
		     (unsigned long long)after.enabled);
		st.checks_skipped++;
		goto close;
	}
	got = after.value[0] - before.value[0];
	note("%s on CPU%d%s%s: %llu cycles, counted %llu",
	     check_name[variant], cpu, quiet ? ", alone" : "",
	     recovering ? ", after faults" : "",
	     (unsigned long long)x.cycles, (unsigned long long)got);
	if (got != x.cycles) {
		failure(cpu, "count check %s on CPU%d%s%s: %llu user cycles injected, %llu counted (enabled %llu ns, running %llu ns)",
			check_name[variant], cpu,
			quiet ? ", after close_all" : "",
			recovering ? ", faults before it" : "",
			(unsigned long long)x.cycles,
			(unsigned long long)got,
			(unsigned long long)after.enabled,
			(unsigned long long)after.running);
		goto close;
	}
	if (group && after.value[1] - before.value[1] != x.inst) {
		failure(cpu, "count check group on CPU%d%s: %llu user IA-64 instructions injected, %llu counted",
			cpu, recovering ? ", faults before it" : "",
			(unsigned long long)x.inst,
			(unsigned long long)(after.value[1] - before.value[1]));
		goto close;
	}
	st.checks_ok++;
	st.checks_faults += recovering;
close:
	if (sib >= 0)
		close(sib);
	close(fd);
out:
	cur_op = op;
}

/* Main loop ------------------------------------------------------- */

struct op {
	const char *name;
	void (*fn)(void);
	unsigned int weight;
};

static const struct op ops[] = {
	{ "open",	op_open,	18 },
	{ "group",	op_open_group,	5 },
	{ "close",	op_close,	6 },
	{ "ioctl",	op_ioctl,	16 },
	{ "read",	op_read,	8 },
	{ "mmap",	op_mmap,	5 },
	{ "munmap",	op_munmap,	2 },
	{ "ring",	op_ring,	6 },
	{ "poll",	op_poll,	2 },
	{ "fcntl",	op_fcntl,	1 },
	{ "prctl",	op_prctl,	1 },
	{ "inject",	op_inject,	16 },
	{ "inject_bad",	op_inject_bad,	6 },
	{ "fork",	op_fork,	3 },
	{ "affinity",	op_affinity,	4 },
	{ "hotplug",	op_hotplug,	2 },
	{ "fault",	op_fault,	4 },
	{ "busy",	op_busy,	2 },
};

static const struct op *pick_op(void)
{
	unsigned int total = 0, r, i;

	for (i = 0; i < ARRAY_SIZE(ops); i++)
		total += ops[i].weight;
	r = rnd(total);
	for (i = 0; r >= ops[i].weight; i++)
		r -= ops[i].weight;
	return &ops[i];
}

static void setup_signals(void)
{
	static const int fatal[] = { SIGINT, SIGTERM, SIGHUP,
				     SIGSEGV, SIGBUS, SIGABRT };
	static const int counted[] = { SIGTRAP, SIGIO, SIGUSR1 };
	struct sigaction sa;
	unsigned int i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_fatal_signal;
	sa.sa_flags = SA_RESETHAND;
	for (i = 0; i < ARRAY_SIZE(fatal); i++)
		sigaction(fatal[i], &sa, NULL);
	sa.sa_handler = on_alarm;
	sa.sa_flags = 0;
	sigaction(SIGALRM, &sa, NULL);
	sa.sa_handler = on_counted_signal;
	sa.sa_flags = SA_RESTART;
	for (i = 0; i < ARRAY_SIZE(counted); i++)
		sigaction(counted[i], &sa, NULL);
	sigaction(SIGRTMIN + 1, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

static void setup(void)
{
	char buf[64];
	int k;

	main_pid = getpid();
	pace_start();
	page_size = sysconf(_SC_PAGESIZE);
	nr_cpus = sysconf(_SC_NPROCESSORS_CONF);
	if (nr_cpus < 1)
		nr_cpus = 1;
	if (nr_cpus < 2 || access(CPU1_ONLINE, W_OK))
		no_hotplug = true;
	load_pmu();
	for (k = 0; k < NR_KNOBS; k++)
		knob_present[k] = !access(knob_path[k], W_OK);
	if (read_file(SIM_DIR "/freerun", buf, sizeof(buf)) > 0)
		freerun_saved[0] = buf[0] == '1' ? '1' : '0';
	if (read_file(SIM_DIR "/freerun_period_us", buf, sizeof(buf)) > 0) {
		buf[strcspn(buf, "\n")] = 0;
		snprintf(period_us_saved, sizeof(period_us_saved), "%s", buf);
	}
	if (read_file(MAX_CPU, buf, sizeof(buf)) > 0) {
		buf[strcspn(buf, "\n")] = 0;
		snprintf(max_cpu_saved, sizeof(max_cpu_saved), "%s", buf);
	}
	write_file(MAX_CPU, "25");
	kmsg_fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	if (kmsg_fd >= 0)
		lseek(kmsg_fd, 0, SEEK_END);
	setup_signals();
	atexit(at_exit_restore);
	/* a clean start: no window left open by an earlier run */
	knobs_off();
	if (!no_hotplug)
		write_file(CPU1_ONLINE, "1");
	setvbuf(stdout, NULL, _IOLBF, 0);
}

static void print_usage(void)
{
	fprintf(stderr,
		"%s [--seconds N] [--seed S] [--no-hotplug] [--verbose]\n",
		NAME);
	exit(2);
}

static uint64_t parse_num(const char *s)
{
	char *end;
	uint64_t v;

	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno || !*s || *end)
		print_usage();
	return v;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "seconds", required_argument, NULL, 't' },
		{ "seed", required_argument, NULL, 's' },
		{ "no-hotplug", no_argument, NULL, 'n' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "child", required_argument, NULL, 'c' },
		{ NULL, 0, NULL, 0 },
	};
	uint64_t t0, next_check, deadline;
	long next_close;
	int c, i;

	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 't':
			seconds = parse_num(optarg);
			break;
		case 's':
			seed = parse_num(optarg);
			break;
		case 'n':
			no_hotplug = true;
			break;
		case 'v':
			verbose = true;
			break;
		case 'c':
			return exec_child_main(parse_num(optarg));
		default:
			print_usage();
		}
	}
	if (optind != argc)
		print_usage();

	printf("%s: seed %llu\n", NAME, (unsigned long long)seed);
	if (access(SIM_DIR "/inject", W_OK)) {
		printf("%s: %s/inject: %s (is ia64_pmu_sim loaded?)\n", NAME,
		       SIM_DIR, strerror(errno));
		return 1;
	}
	setup();
	rng_seed(seed);
	printf("%s: %d events in %s/events, PMU type %d, %d CPUs%s, %ld s\n",
	       NAME, nr_pmu_events, PMU_DIR, pmu_type, nr_cpus,
	       no_hotplug ? ", no hotplug" : "", seconds);

	sentinels(true);
	t0 = now_ms();
	deadline = t0 + seconds * 1000;
	next_check = t0 + CHECK_EVERY_MS / 2;
	next_close = rnd_between(200, 500);
	for (iter = 1; now_ms() < deadline; iter++) {
		const struct op *op;

		alarm(OP_TIMEOUT_S);
		pace_extended = 0;
		expire_knobs();
		expire_hotplug();
		reap(false);
		if (iter >= next_close) {
			cur_op = "close_all";
			close_all();
			sentinels(chance(67));
			if (chance(50))
				quiet_fault();
			check_count(true);
			next_close = iter + rnd_between(200, 500);
		}
		if (now_ms() >= next_check) {
			check_count(false);
			next_check = now_ms() + rnd_between(CHECK_EVERY_MS / 2,
							    CHECK_EVERY_MS * 3 / 2);
		}
		op = pick_op();
		cur_op = op->name;
		op->fn();
		kmsg_scan();
	}
	iter--;

	/* the end: everything closed, then the PMU still counts exactly */
	cur_op = "end";
	alarm(OP_TIMEOUT_S);
	for (i = 0; i < nr_children; i++)
		kill(children[i], SIGKILL);
	reap(true);
	close_all();
	check_count(true);
	check_count(true);
	sentinels(false);
	if (cpu1_clobbered && !no_hotplug && !set_cpu1(false))
		set_cpu1(true);
	restore_all();
	sleep(1);
	kmsg_scan();
	alarm(0);

	printf("%s: opens %ld/%ld, groups %ld, ioctls %ld, reads %ld, mmaps %ld/%ld, ring records %ld, polls %ld\n",
	       NAME, st.opens_ok, st.opens, st.groups, st.ioctls, st.reads,
	       st.mmaps_ok, st.mmaps, st.ring_records, st.polls);
	printf("%s: injections %ld/%ld valid accepted, %ld malformed, forks %ld (exec %ld), children killed by a signal %ld, signals %ld\n",
	       NAME, st.injects_ok, st.injects, st.bad_injects, st.forks,
	       st.execs, st.child_signals, st.sigs);
	printf("%s: affinity %ld, CPU1 offline %ld online %ld, faults %ld\n",
	       NAME, st.affinity, st.offlines, st.onlines, st.faults);
	printf("%s: perf_event_open errno:", NAME);
	for (i = 0; i < (int)ARRAY_SIZE(open_errno_count); i++)
		if (open_errno_count[i])
			printf(" %s %d", i ? strerrorname_np(i) : "ok",
			       open_errno_count[i]);
	printf("\n");
	printf("%s: count checks %ld: %ld exact (%ld right after faults), %ld skipped (not running all the time)\n",
	       NAME, st.checks, st.checks_ok, st.checks_faults,
	       st.checks_skipped);
	printf("%s: cpu-wide checks %ld: %ld exact (%ld right after faults, %ld quiet fault episodes, %ld at CPU1's online), %ld skipped\n",
	       NAME, st.sentinel_checks, st.sentinel_ok, st.sentinel_faults,
	       st.quiet_faults, st.sentinel_fresh_ok, st.sentinel_skipped);
	printf("%s: %ld failures, %ld kernel problems\n", NAME, st.failures,
	       st.kernel_problems);
	if (pace)
		printf("%s: pacer: %llu measurements, best %llu us, worst %llu us; %ld timeouts waited out on host starvation\n",
		       NAME, (unsigned long long)PACE_GET(beats),
		       (unsigned long long)PACE_GET(best_ns) / 1000,
		       (unsigned long long)PACE_GET(worst_ns) / 1000, st.starved);
	printf("%s: %ld iterations in %llu s, seed %llu\n", NAME, iter,
	       (unsigned long long)(now_ms() - t0 + 500) / 1000,
	       (unsigned long long)seed);
	if (st.failures || st.kernel_problems) {
		printf("%s: FAILED, seed %llu (replay: %s --seconds %ld --seed %llu)\n",
		       NAME, (unsigned long long)seed, NAME, seconds,
		       (unsigned long long)seed);
		return 1;
	}
	return 0;
}

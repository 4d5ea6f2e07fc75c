/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the files of the fuzzer share (ia64_pmu_fuzz.c and the
 * ia64_pmu_fuzz_*.c it describes): the limits, the types, the state and
 * the functions that one file calls in another, each group under the
 * name of the file that defines it.
 */
#ifndef IA64_PMU_FUZZ_H
#define IA64_PMU_FUZZ_H

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
#define RECOVERY_MAX_MS	10000	/* then a PMU still frozen is judged */
#define CHECK_EVERY_MS	2000
#define HOTPLUG_GAP_MS	1000	/* between two CPU1 state changes */
#define OP_TIMEOUT_S	120	/* one operation taking longer: stuck */
#define MAX_REPORTS	20	/* failures and kernel lines printed */

#define USER_IP		0x4000000000001000ULL
#define KERNEL_IP	0xa000000100002000ULL

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

struct ev {
	int fd;
	uint64_t period;	/* sampling period (1 in freq mode), or 0 */
	bool backward;		/* write_backward: data_head runs down */
	void *map;		/* ring buffer mapping, or NULL */
	size_t map_len;
	bool map_rw;		/* read-write: we own data_tail */
	uint64_t tail;
};

struct pmu_event {
	uint8_t es, umask;
};

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

union attr_buf {
	struct perf_event_attr a;
	uint8_t raw[512];
};

/* The counts of the summary */
struct fuzz_stats {
	long opens, opens_ok, groups, closes, ioctls, reads, mmaps, mmaps_ok;
	long ring_records, polls, injects, injects_ok, bad_injects;
	long forks, execs, child_signals, affinity, offlines, onlines;
	long faults, checks, checks_ok, checks_skipped, checks_faults;
	long sentinel_checks, sentinel_ok, sentinel_skipped, sentinel_faults;
	long sentinel_fresh_ok;
	long quiet_faults, failures;
	long kernel_problems, sigs, starved;
};

/* ia64_pmu_fuzz.c: the generator */
void rng_seed(uint64_t seed);
uint64_t rnd64(void);
uint64_t rnd(uint64_t n);
bool chance(unsigned int pct);
uint64_t rnd_between(uint64_t lo, uint64_t hi);
uint64_t rnd_u64(void);

/* ia64_pmu_fuzz.c: the state */
extern pid_t children[MAX_CHILDREN];
extern int nr_children;
extern long page_size;
extern int nr_cpus;
extern uint64_t seed;
extern bool no_hotplug;
extern bool verbose;
extern pid_t main_pid;
extern bool is_child;
extern long iter;
extern const char *cur_op;
extern uint64_t bp_target;
extern bool faulted;
extern bool cpu1_offline;
extern bool cpu1_clobbered;
extern struct fuzz_stats st;
extern int open_errno_count[140];
uint64_t now_ms(void);

/* ia64_pmu_fuzz_report.c: operation log, files, signals, reports */
extern int pace_extended;
extern int kmsg_fd;
void note(const char *fmt, ...);
int write_file(const char *path, const char *val);
int read_file(const char *path, char *buf, size_t len);
void at_exit_restore(void);
void setup_signals(void);
void failure(int cpu, const char *fmt, ...);
void kmsg_scan(void);

/* ia64_pmu_fuzz_knobs.c: the model's knobs, fault injection, restore */
extern const char *const knob_path[NR_KNOBS];
extern long knob_until[NR_KNOBS];
extern bool knob_present[NR_KNOBS];
extern char period_us_saved[64];
extern char freerun_saved[2];
extern char max_cpu_saved[64];
void knobs_off(void);
void restore_all(void);
void knob_set(int k, uint64_t val, long window);
void knob_off(int k);
void expire_knobs(void);
void op_fault(void);

/* ia64_pmu_fuzz_events.c: the PMU, the open events, attrs, opening */
extern unsigned int es_free;
extern unsigned int cycles_es;
extern unsigned int inst_es;
extern bool inst_qualified;
extern bool ia32_counted;
extern int pmu_type;
extern int nr_pmu_events;
extern struct ev evs[MAX_EVENTS];
extern int nr_evs;
bool load_pmu(void);
const struct pmu_event *pick_pmu_event(void);
struct ev *pick_ev(void);
void ev_unmap(struct ev *e);
void close_all(void);
void ev_add(int fd, const struct perf_event_attr *attr);
uint64_t gen_period(void);
void gen_attr(union attr_buf *b);
void op_open(void);
void op_open_group(void);
void op_close(void);

/* ia64_pmu_fuzz_records.c: execution records and their injection */
uint64_t cap_repeat(uint64_t repeat);
uint64_t gen_encoding(void);
int gen_events(struct ia64_pmu_rec_event *ev, int max, int avoid);
int inject(const void *buf, size_t len);
void op_inject(void);
void op_inject_bad(void);

/* ia64_pmu_fuzz_ops.c: operations on events, hotplug, children */
void op_ioctl(void);
void op_read(void);
void op_mmap(void);
void op_munmap(void);
void op_ring(void);
void op_poll(void);
void op_fcntl(void);
void op_prctl(void);
void op_affinity(void);
void op_busy(void);
int set_cpu1(bool online);
void op_hotplug(void);
void expire_hotplug(void);
void reap(bool wait);
void kill_children(void);
void op_fork(void);
int exec_child_main(uint64_t child_seed);

/* ia64_pmu_fuzz_check.c: sentinels, count checks, quiet faults */
extern bool sentinel_fresh[2];
extern bool sentinels_on;
void sentinel_open(int cpu);
void sentinels(bool on);
void quiet_fault(void);
void check_count(bool quiet);

#endif /* IA64_PMU_FUZZ_H */

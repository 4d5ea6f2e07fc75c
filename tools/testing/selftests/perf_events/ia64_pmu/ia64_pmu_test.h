/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers of the Itanium PMU kselftests: perf_event_open, execution
 * records for the PMU model (uapi <linux/perf/ia64_pmu.h>) and their
 * injection through the simulated backend's debugfs.
 */
#ifndef IA64_PMU_TEST_H
#define IA64_PMU_TEST_H

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>
#include <linux/perf_event.h>
#include <linux/perf/ia64_pmu.h>

#define SIM_DIR		"/sys/kernel/debug/ia64_pmu_sim"
#define PMU_DIR		"/sys/bus/event_source/devices/cpu"

#define ES_CPU_CYCLES		0x12
#define ES_IA64_INST_RETIRED	0x08

static inline int sys_perf_event_open(struct perf_event_attr *attr,
				      pid_t pid, int cpu, int group,
				      unsigned long flags)
{
	return syscall(__NR_perf_event_open, attr, pid, cpu, group, flags);
}

/* A counting event of our PMU on the calling task, disabled */
static inline void counting_attr(struct perf_event_attr *attr, uint64_t cfg)
{
	memset(attr, 0, sizeof(*attr));
	attr->size = sizeof(*attr);
	attr->type = PERF_TYPE_RAW;
	attr->config = cfg;
	attr->disabled = 1;
	attr->read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
			    PERF_FORMAT_TOTAL_TIME_RUNNING;
}

/*
 * Open a raw counting event of the calling task at user level: a leader
 * (@group -1, disabled) or an enabled member of @group
 */
static inline int open_user(uint64_t cfg, int group)
{
	struct perf_event_attr attr;

	counting_attr(&attr, cfg);
	attr.exclude_kernel = 1;
	if (group >= 0)
		attr.disabled = 0;
	return sys_perf_event_open(&attr, 0, -1, group, 0);
}

/* errno of perf_event_open for @attr on the calling task, 0 if it opens */
static inline int open_errno(struct perf_event_attr *attr)
{
	int fd = sys_perf_event_open(attr, 0, -1, -1, 0);

	if (fd < 0)
		return errno;
	close(fd);
	return 0;
}

struct count {
	uint64_t value, enabled, running;
};

static inline int read_count(int fd, struct count *c)
{
	return read(fd, c, sizeof(*c)) == sizeof(*c) ? 0 : -1;
}

static inline int pin_cpu(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

/* Take CPU1 offline (0) or bring it back (1); 0 or -errno */
static inline int set_cpu1_online(int on)
{
	int fd = open("/sys/devices/system/cpu/cpu1/online", O_WRONLY);
	int ok;

	if (fd < 0)
		return -errno;
	ok = write(fd, on ? "1" : "0", 1) == 1;
	close(fd);
	return ok ? 0 : -errno;
}

/* Stay on the CPU, busy, for @ms milliseconds */
static inline void busy_ms(long ms)
{
	struct timespec t0, t;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	do
		clock_gettime(CLOCK_MONOTONIC, &t);
	while ((t.tv_sec - t0.tv_sec) * 1000L +
	       (t.tv_nsec - t0.tv_nsec) / 1000000L < ms);
}

/* The first line of the file @path into @buf ("" if unreadable) */
static inline const char *read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");

	buf[0] = '\0';
	if (f) {
		if (!fgets(buf, len, f))
			buf[0] = '\0';
		fclose(f);
	}
	return buf;
}

/* Is the running kernel @maj.@min or later? -1 if unknown */
static inline int kernel_at_least(int maj, int min)
{
	struct utsname u;
	int a, b;

	if (uname(&u) || sscanf(u.release, "%d.%d", &a, &b) != 2)
		return -1;
	return a > maj || (a == maj && b >= min);
}

/* Is the PMU an Itanium 2 (caps/pmu_name "itanium2")? */
static inline int pmu_is_itanium2(void)
{
	char buf[64];

	read_line(PMU_DIR "/caps/pmu_name", buf, sizeof(buf));
	return !strcmp(buf, "itanium2\n") || !strcmp(buf, "itanium2");
}

/* Is the PMU a Montecito (caps/pmu_name "montecito")? */
static inline int pmu_is_montecito(void)
{
	char buf[64];

	read_line(PMU_DIR "/caps/pmu_name", buf, sizeof(buf));
	return !strcmp(buf, "montecito\n");
}

/* Is the PMU the one built from PAL (caps/pmu_name "generic")? */
static inline int pmu_is_generic(void)
{
	char buf[64];

	read_line(PMU_DIR "/caps/pmu_name", buf, sizeof(buf));
	return !strcmp(buf, "generic\n");
}

/* Hardware threads per core the model runs (model=<name>,threads=N) */
static inline int sim_threads(void)
{
	char buf[128];
	const char *t;

	read_line("/sys/module/ia64_pmu_sim/parameters/model", buf,
		  sizeof(buf));
	t = strstr(buf, ",threads=");
	return t ? atoi(t + 9) : 1;
}

/*
 * The generic processor the software model plays (model=generic,...,
 * sim_backend.c): its keys, with the defaults the model documents; ism
 * fixed at IA-64 only unless writable (by default on families 0x07 and
 * 0x1f), PMC4's enable bit 23 on family 0x1f
 */
struct gen_shape {
	unsigned int family, model, counters, width, cycles, retired;
	int ism_fixed;		/* -1: the family's */
	bool enable_bit;
	unsigned int threads;	/* per core, as PAL reports them */
	/*
	 * the counters the driver uses: with two threads per core those
	 * of PMC4-9 (the Montecito's erratum 121, which the generic model
	 * takes as the conservative rule)
	 */
	unsigned int usable;
};

/* Parse the model= parameter: 0, or -1 if the model is not generic */
static inline int sim_gen_shape(struct gen_shape *s)
{
	char buf[256], *tok, *save;

	*s = (struct gen_shape){ .family = 0x21, .model = 0, .counters = 4,
				 .width = 47, .cycles = 0x12,
				 .retired = 0x08, .ism_fixed = -1,
				 .threads = 1 };
	read_line("/sys/module/ia64_pmu_sim/parameters/model", buf,
		  sizeof(buf));
	buf[strcspn(buf, "\n")] = '\0';
	tok = strtok_r(buf, ",", &save);
	if (!tok || strcmp(tok, "generic"))
		return -1;
	while ((tok = strtok_r(NULL, ",", &save))) {
		char *eq = strchr(tok, '=');
		unsigned int v;

		if (!eq)
			return -1;
		*eq = '\0';
		v = strtoul(eq + 1, NULL, 0);
		if (!strcmp(tok, "family"))
			s->family = v;
		else if (!strcmp(tok, "model"))
			s->model = v;
		else if (!strcmp(tok, "counters"))
			s->counters = v;
		else if (!strcmp(tok, "width"))
			s->width = v;
		else if (!strcmp(tok, "cycles"))
			s->cycles = v;
		else if (!strcmp(tok, "retired"))
			s->retired = v;
		else if (!strcmp(tok, "ism"))
			s->ism_fixed = !strcmp(eq + 1, "fixed");
		else if (!strcmp(tok, "threads"))
			s->threads = v;
		else
			return -1;
	}
	s->usable = s->threads > 1 && s->counters > 6 ? 6 : s->counters;
	if (s->ism_fixed < 0)
		s->ism_fixed = s->family != 0x07 && s->family != 0x1f;
	s->enable_bit = s->family == 0x1f;
	return 0;
}

/*
 * The value after @name ("pmc8", "irqs_delivered") in the regs file of
 * CPU @cpu's model, in @base (16: a register, 10: a count): 0, or -1 if
 * there is none (no such name, or the CPU is offline)
 */
static inline int sim_dump_value(int cpu, const char *name, int base,
				 uint64_t *val)
{
	char path[64], key[32];
	unsigned long long v;
	int found = -1;
	FILE *f;

	snprintf(path, sizeof(path), SIM_DIR "/cpu%d/regs", cpu);
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fscanf(f, "%31s", key) == 1) {
		if (!strcmp(key, name) &&
		    fscanf(f, base == 16 ? "%llx" : "%llu", &v) == 1) {
			*val = v;
			found = 0;
			break;
		}
	}
	fclose(f);
	return found;
}

/* PMC @n of the model of CPU @cpu, as its regs file shows it; ~0 if none */
static inline uint64_t sim_model_pmc(int cpu, int n)
{
	uint64_t v = ~0ULL;
	char want[16];

	snprintf(want, sizeof(want), "pmc%d", n);
	sim_dump_value(cpu, want, 16, &v);
	return v;
}

/* The number of generic counters (caps/counters), 0 if unknown */
static inline unsigned int pmu_counters(void)
{
	char buf[32];

	return atoi(read_line(PMU_DIR "/caps/counters", buf, sizeof(buf)));
}

/* The width of the generic counters (caps/counter_width), 0 if unknown */
static inline unsigned int pmu_counter_width(void)
{
	char buf[32];

	return atoi(read_line(PMU_DIR "/caps/counter_width", buf,
			      sizeof(buf)));
}

/* Write @val to the file @path (a sysctl, ...); 0 or -1 */
static inline int write_str(const char *path, const char *val)
{
	FILE *f = fopen(path, "w");
	int ok;

	if (!f)
		return -1;
	ok = fputs(val, f) >= 0;
	return fclose(f) == 0 && ok ? 0 : -1;
}

#define MAX_RATE	"/proc/sys/kernel/perf_event_max_sample_rate"
#define MAX_CPU		"/proc/sys/kernel/perf_cpu_time_max_percent"

/*
 * Set perf_event_max_sample_rate. The core refuses a new rate while
 * perf_cpu_time_max_percent is 0 (how run-all.sh runs the tests): the
 * limit is lifted for the write and put back, which leaves the rate.
 */
static inline int set_max_sample_rate(const char *rate)
{
	char pct[16] = "";
	int ret;

	read_line(MAX_CPU, pct, sizeof(pct));
	pct[strcspn(pct, "\n")] = '\0';
	if (!strcmp(pct, "0") || !strcmp(pct, "100"))
		write_str(MAX_CPU, "25");
	ret = write_str(MAX_RATE, rate);
	if (pct[0])
		write_str(MAX_CPU, pct);
	return ret;
}

/*
 * The perf limits run-all.sh starts each test with, set by a test that
 * counts samples exactly, however it is run: the default sample rate
 * (the per-tick cap, far above what such a test takes) and no
 * perf_cpu_time_max_percent, which on a loaded emulated machine (long
 * interrupts) would lower the rate to one sample a tick and throttle.
 */
static inline int perf_limits_off(void)
{
	if (write_str(MAX_CPU, "25") || write_str(MAX_RATE, "100000"))
		return -1;
	return write_str(MAX_CPU, "0");
}

/*
 * Enable @a and @b (opened with TOTAL_TIME_ENABLED|RUNNING), keep the CPU
 * busy 300 ms, disable them: 1 if perf multiplexed them (each ran, and
 * each only part of the time), 0 if not, -1 on error
 */
static inline int multiplexed(int a, int b)
{
	struct count ca, cb;

	ioctl(a, PERF_EVENT_IOC_ENABLE, 0);
	ioctl(b, PERF_EVENT_IOC_ENABLE, 0);
	busy_ms(300);
	ioctl(a, PERF_EVENT_IOC_DISABLE, 0);
	ioctl(b, PERF_EVENT_IOC_DISABLE, 0);
	if (read_count(a, &ca) || read_count(b, &cb))
		return -1;
	return ca.running > 0 && cb.running > 0 &&
	       ca.running < ca.enabled && cb.running < cb.enabled;
}

/* Records ------------------------------------------------------------ */

struct rec_buf {
	uint8_t data[4096];
	size_t len;
};

static inline void rec_ctx(struct ia64_pmu_rec_ctx *ctx, uint64_t ip,
			   uint64_t repeat, int cpl, int isa)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->ip = ip;
	ctx->repeat = repeat;
	ctx->cpl = cpl;
	ctx->isa = isa;
}

/*
 * Append a cycles record: @repeat cycles at @ip, @cpl, @isa, each with
 * the @n per-cycle event increments of @ev.
 */
static inline void rec_cycles(struct rec_buf *b, uint64_t ip,
			      uint64_t repeat, int cpl, int isa,
			      const struct ia64_pmu_rec_event *ev, int n)
{
	struct ia64_pmu_rec_cycles *r = (void *)(b->data + b->len);
	size_t size = sizeof(*r) + n * sizeof(*ev);

	memset(r, 0, size);
	r->hdr.type = IA64_PMU_REC_CYCLES;
	r->hdr.size = size;
	rec_ctx(&r->ctx, ip, repeat, cpl, isa);
	r->nr_events = n;
	if (n)
		memcpy(r->events, ev, n * sizeof(*ev));
	b->len += size;
}

/* Append an IA-64 instruction record: @repeat x @per_cycle retirements */
static inline void rec_inst(struct rec_buf *b, uint64_t ip, uint64_t repeat,
			    int cpl, int per_cycle)
{
	struct ia64_pmu_rec_inst *r = (void *)(b->data + b->len);

	memset(r, 0, sizeof(*r));
	r->hdr.type = IA64_PMU_REC_INST;
	r->hdr.size = sizeof(*r);
	rec_ctx(&r->ctx, ip, repeat, cpl, IA64_PMU_ISA_IA64);
	r->itype = IA64_PMU_ITYPE_I;
	r->per_cycle = per_cycle;
	b->len += sizeof(*r);
}

/*
 * Append a branch record: the IA-64 branch at @ip, slot @slot, @cpl, to
 * @target, with IA64_PMU_REC_BR_* @flags, predicted by the TAC
 */
static inline void rec_branch(struct rec_buf *b, uint64_t ip, int slot,
			      int cpl, uint64_t target, uint32_t flags)
{
	struct ia64_pmu_rec_branch *r = (void *)(b->data + b->len);

	memset(r, 0, sizeof(*r));
	r->hdr.type = IA64_PMU_REC_BRANCH;
	r->hdr.size = sizeof(*r);
	r->hdr.flags = flags;
	rec_ctx(&r->ctx, ip, 1, cpl, IA64_PMU_ISA_IA64);
	r->ctx.slot = slot;
	r->target = target;
	r->btype = IA64_PMU_BR_COND;
	r->predictor = IA64_PMU_PRED_TAC;
	b->len += sizeof(*r);
}

/*
 * Append a control transfer record (IA64_PMU_REC_XFER): an interruption
 * (@kind IA64_PMU_XFER_INTR) of the instruction at @ip, slot @slot, at
 * @cpl, to the vector at offset @target, or an rfi (IA64_PMU_XFER_RFI)
 * at @ip/@slot (cpl 0) to the bundle @target; @flags IA64_PMU_REC_XFER_*
 */
static inline void rec_xfer(struct rec_buf *b, int kind, uint64_t ip,
			    int slot, int cpl, uint64_t target,
			    uint32_t flags)
{
	struct ia64_pmu_rec_xfer *r = (void *)(b->data + b->len);

	memset(r, 0, sizeof(*r));
	r->hdr.type = IA64_PMU_REC_XFER;
	r->hdr.size = sizeof(*r);
	r->hdr.flags = flags;
	rec_ctx(&r->ctx, ip, 1, cpl, IA64_PMU_ISA_IA64);
	r->ctx.slot = slot;
	r->target = target;
	r->kind = kind;
	b->len += sizeof(*r);
}

/*
 * Append a memory access record: one @op (IA64_PMU_MEM_*) of 8 bytes at
 * @daddr by the instruction at bundle @ip, slot @slot, @cpl, served by
 * cache @level with @latency cycles, its DTLB outcome @tlb
 */
static inline void rec_mem(struct rec_buf *b, uint64_t ip, int slot, int cpl,
			   uint64_t daddr, int op, int level, int tlb,
			   uint32_t latency)
{
	struct ia64_pmu_rec_mem *r = (void *)(b->data + b->len);

	memset(r, 0, sizeof(*r));
	r->hdr.type = IA64_PMU_REC_MEM;
	r->hdr.size = sizeof(*r);
	rec_ctx(&r->ctx, ip, 1, cpl, IA64_PMU_ISA_IA64);
	r->ctx.slot = slot;
	r->daddr = daddr;
	r->latency = latency;
	r->level = level;
	r->tlb = tlb;
	r->op = op;
	r->size = 8;
	b->len += sizeof(*r);
}

/* Append an instruction fetch: line of @ip from @level, ITLB @tlb */
static inline void rec_fetch(struct rec_buf *b, uint64_t ip, int cpl,
			     int level, int tlb, uint32_t latency)
{
	struct ia64_pmu_rec_fetch *r = (void *)(b->data + b->len);

	memset(r, 0, sizeof(*r));
	r->hdr.type = IA64_PMU_REC_FETCH;
	r->hdr.size = sizeof(*r);
	rec_ctx(&r->ctx, ip, 1, cpl, IA64_PMU_ISA_IA64);
	r->latency = latency;
	r->level = level;
	r->tlb = tlb;
	b->len += sizeof(*r);
}

/* Write raw bytes to the model; 0 or -errno */
static inline int sim_write(const char *file, const void *buf, size_t len)
{
	char path[256];
	ssize_t n;
	int fd, err;

	snprintf(path, sizeof(path), SIM_DIR "/%s", file);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -errno;
	n = write(fd, buf, len);
	err = n < 0 ? -errno : (size_t)n == len ? 0 : -EIO;
	close(fd);
	return err;
}

static inline int sim_inject(struct rec_buf *b)
{
	return sim_write("inject", b->data, b->len);
}

/*
 * Reset and enable the counting event @fd (read_format TOTAL_TIME_ENABLED
 * and RUNNING), inject @b, disable it: its count, ~0 on error
 */
static inline uint64_t run_count(int fd, struct rec_buf *b)
{
	struct count c = { 0 };

	ioctl(fd, PERF_EVENT_IOC_RESET, 0);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	if (sim_inject(b))
		return ~0ULL;
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	if (read_count(fd, &c))
		return ~0ULL;
	return c.value;
}

static inline int sim_set(const char *file, const char *val)
{
	return sim_write(file, val, strlen(val));
}

/*
 * The config of the sysfs event @name ("event=0x12,umask=0x0") in *@cfg:
 * 0, or -1 if there is no such event
 */
static inline int sysfs_event_lookup(const char *name, uint64_t *cfg)
{
	unsigned int es, umask;
	char path[256];
	FILE *f;
	int n;

	snprintf(path, sizeof(path), PMU_DIR "/events/%s", name);
	f = fopen(path, "r");
	if (!f)
		return -1;
	n = fscanf(f, "event=%x,umask=%x", &es, &umask);
	fclose(f);
	if (n != 2)
		return -1;
	*cfg = IA64_PMU_CONFIG(es, umask);
	return 0;
}

/*
 * config of the sysfs event @name, 0 if none (the Itanium 2's
 * BACK_END_BUBBLE_ALL is config 0 too: sysfs_event_lookup())
 */
static inline uint64_t sysfs_event_config(const char *name)
{
	uint64_t cfg;

	return sysfs_event_lookup(name, &cfg) ? 0 : cfg;
}

/* Sampling: the ring buffer -------------------------------------- */

#include <sys/mman.h>

#define RB_PAGES	64	/* data pages, a power of two */

struct ring {
	struct perf_event_mmap_page *meta;
	uint8_t *data;
	size_t size;
	uint64_t tail;
};

static inline int ring_map(struct ring *r, int fd)
{
	long page = sysconf(_SC_PAGESIZE);
	void *p = mmap(NULL, (RB_PAGES + 1) * page, PROT_READ | PROT_WRITE,
		       MAP_SHARED, fd, 0);

	if (p == MAP_FAILED)
		return -1;
	r->meta = p;
	r->data = (uint8_t *)p + page;
	r->size = RB_PAGES * page;
	r->tail = 0;
	return 0;
}

/* @attr opened on this task, its ring mapped, enabled; or -1 */
static inline int ring_open(struct perf_event_attr *attr, struct ring *r)
{
	int fd = sys_perf_event_open(attr, 0, -1, -1, 0);

	if (fd < 0)
		return -1;
	if (ring_map(r, fd) || ioctl(fd, PERF_EVENT_IOC_ENABLE, 0)) {
		close(fd);
		return -1;
	}
	return fd;
}

static inline void ring_unmap(struct ring *r)
{
	munmap(r->meta, r->size + sysconf(_SC_PAGESIZE));
}

/*
 * Copy the next record into @buf (at most @len bytes); returns its type,
 * or 0 when the buffer is empty.
 */
static inline int ring_next(struct ring *r, void *buf, size_t len)
{
	uint64_t head = __atomic_load_n(&r->meta->data_head, __ATOMIC_ACQUIRE);
	struct perf_event_header h;
	size_t i, n;

	if (r->tail >= head)
		return 0;
	for (i = 0; i < sizeof(h); i++)
		((uint8_t *)&h)[i] = r->data[(r->tail + i) % r->size];
	n = h.size < len ? h.size : len;
	for (i = 0; i < n; i++)
		((uint8_t *)buf)[i] = r->data[(r->tail + i) % r->size];
	r->tail += h.size;
	__atomic_store_n(&r->meta->data_tail, r->tail, __ATOMIC_RELEASE);
	return h.type;
}

/* Consume the ring's records: how many were PERF_RECORD_SAMPLE */
static inline int ring_count_samples(struct ring *r)
{
	struct perf_event_header h;
	uint8_t rec[256];
	int n = 0;

	while (ring_next(r, rec, sizeof(rec)) > 0) {
		memcpy(&h, rec, sizeof(h));
		n += h.type == PERF_RECORD_SAMPLE;
	}
	return n;
}

#endif /* IA64_PMU_TEST_H */

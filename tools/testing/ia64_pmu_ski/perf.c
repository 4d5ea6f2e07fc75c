// SPDX-License-Identifier: GPL-2.0
/*
 * perf_event helpers: the PMU's identity from sysfs, events by name and
 * format fields (events/, format/), perf_event_open, and the ring buffer.
 */
#include "ski.h"

struct ident id;

static long read_u64(const char *path, u64 *v)
{
	char buf[64];
	long n = read_file(path, buf, sizeof(buf));

	if (n < 0)
		return n;
	return parse_u64(buf, v) ? -EINVAL : 0;
}

int ident_read(void)
{
	u64 v;

	memset(&id, 0, sizeof(id));
	if (read_file(PMU_DIR "/caps/pmu_name", id.name, sizeof(id.name)) < 0)
		return -1;
	if (!read_u64(PMU_DIR "/caps/cpu_family", &v))
		id.family = (u32)v;
	if (!read_u64(PMU_DIR "/caps/cpu_model", &v))
		id.model = (u32)v;
	if (!read_u64(PMU_DIR "/caps/counters", &v))
		id.counters = (u32)v;
	if (!read_u64(PMU_DIR "/caps/counter_width", &v))
		id.width = (u32)v;
	id.branches = read_u64(PMU_DIR "/caps/branches", &v) ? -1 : (int)v;
	id.max_precise = read_u64(PMU_DIR "/caps/max_precise", &v) ? -1 :
			 (int)v;
	/* the core shows nr_addr_filters only when it is not 0 */
	id.nr_addr_filters = read_u64(PMU_DIR "/nr_addr_filters", &v) ? 0 :
			     (int)v;
	if (read_u64(PMU_DIR "/type", &v))
		return -1;
	id.type = (u32)v;
	id.page = (u64)auxv_get(6);	/* AT_PAGESZ */
	if (!id.page)
		id.page = 16384;
	return 0;
}

int ident_is(const char *name)
{
	return !strcmp(id.name, name);
}

void attr_init(struct perf_event_attr *a, u32 type, u64 config)
{
	memset(a, 0, sizeof(*a));
	a->size = sizeof(*a);
	a->type = type;
	a->config = config;
	a->disabled = 1;
}

void attr_hw(struct perf_event_attr *a, u64 hw_id)
{
	attr_init(a, PERF_TYPE_HARDWARE, hw_id);
}

/*
 * Deposit @val into the bits a format file names: "config1:0-1",
 * "config:0-7,23,31,60-63" (the value's bits in that order)
 */
static int format_put(struct perf_event_attr *a, const char *fmt, u64 val)
{
	u64 *field, lo, hi, b;
	const char *p;
	unsigned int pos = 0;

	if (!strncmp(fmt, "config:", 7)) {
		field = (u64 *)&a->config;
		p = fmt + 7;
	} else if (!strncmp(fmt, "config1:", 8)) {
		field = (u64 *)&a->config1;
		p = fmt + 8;
	} else if (!strncmp(fmt, "config2:", 8)) {
		field = (u64 *)&a->config2;
		p = fmt + 8;
	} else {
		return -EINVAL;
	}
	while (*p) {
		if (parse_u64(p, &lo))
			return -EINVAL;
		while (*p >= '0' && *p <= '9')
			p++;
		hi = lo;
		if (*p == '-') {
			p++;
			if (parse_u64(p, &hi))
				return -EINVAL;
			while (*p >= '0' && *p <= '9')
				p++;
		}
		for (b = lo; b <= hi && b < 64; b++, pos++) {
			*field &= ~(1ULL << b);
			if (pos < 64 && ((val >> pos) & 1))
				*field |= 1ULL << b;
		}
		if (*p == ',')
			p++;
		else
			break;
	}
	return pos < 64 && (val >> pos) ? -EINVAL : 0;
}

int attr_term(struct perf_event_attr *a, const char *term, u64 val)
{
	char path[160], fmt[64];

	snprintf(path, sizeof(path), PMU_DIR "/format/%s", term);
	if (read_file(path, fmt, sizeof(fmt)) <= 0)
		return -ENOENT;
	return format_put(a, fmt, val);
}

/*
 * The PMU's event @event (events/@event: "event=0x12,umask=0x0", terms
 * of format/), as a disabled raw event; -ENOENT if the model has none
 */
int attr_event(struct perf_event_attr *a, const char *event)
{
	char path[160], str[128], term[32];
	char *p, *q;
	u64 val;
	int ret;
	size_t l;

	snprintf(path, sizeof(path), PMU_DIR "/events/%s", event);
	if (read_file(path, str, sizeof(str)) <= 0)
		return -ENOENT;
	attr_init(a, id.type, 0);
	for (p = str; *p; p = q) {
		q = strchr(p, ',');
		if (!q)
			q = p + strlen(p);
		else
			*q++ = 0;
		val = 1;
		l = strlen(p);
		if (strchr(p, '=')) {
			l = (size_t)(strchr(p, '=') - p);
			if (parse_u64(p + l + 1, &val))
				return -EINVAL;
		}
		if (l >= sizeof(term))
			return -EINVAL;
		memcpy(term, p, l);
		term[l] = 0;
		ret = attr_term(a, term, val);
		if (ret)
			return ret;
	}
	return 0;
}

long perf_open(struct perf_event_attr *a, long pid, long group)
{
	return sys_perf_event_open(a, pid, -1, group, 0);
}

/* read() into @n u64s; the number read, or -errno */
long perf_read(long fd, u64 *buf, size_t n)
{
	long r = sys_read(fd, buf, n * 8);

	return r < 0 ? r : r >> 3;
}

int ring_map(struct ring *r, long fd, u64 data_bytes)
{
	u64 pages = 1;
	long p;

	memset(r, 0, sizeof(*r));
	while (pages * id.page < data_bytes)
		pages <<= 1;
	r->map_len = (pages + 1) * id.page;
	p = sys_mmap(0, r->map_len, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		     0);
	if (p < 0 && p > -4096)
		return (int)p;
	r->pg = (struct perf_event_mmap_page *)p;
	r->data = (char *)p + id.page;
	r->size = pages * id.page;
	return 0;
}

void ring_unmap(struct ring *r)
{
	if (r->pg)
		sys_munmap(r->pg, r->map_len);
	r->pg = NULL;
}

static void ring_copy(struct ring *r, u64 off, void *dst, u64 n)
{
	u8 *d = dst;
	u64 i;

	for (i = 0; i < n; i++)
		d[i] = r->data[(off + i) & (r->size - 1)];
}

u64 ring_next_sample(struct ring *r, u64 *buf, u64 max)
{
	volatile struct perf_event_mmap_page *pg = r->pg;
	struct perf_event_header h;
	u64 head;

	/* ia64 gcc: a volatile load is an acquire (ld8.acq) */
	head = pg->data_head;
	while (r->tail < head) {
		ring_copy(r, r->tail, &h, sizeof(h));
		if (h.size < sizeof(h))
			return 0;
		if (h.type == PERF_RECORD_SAMPLE) {
			ring_copy(r, r->tail, buf, h.size < max ? h.size : max);
			r->tail += h.size;
			pg->data_tail = r->tail;
			return h.size;
		}
		if (h.type == PERF_RECORD_LOST)
			r->lost++;
		else if (h.type == PERF_RECORD_THROTTLE ||
			 h.type == PERF_RECORD_UNTHROTTLE)
			r->throttle++;
		else
			r->other++;
		r->tail += h.size;
		pg->data_tail = r->tail;
	}
	return 0;
}

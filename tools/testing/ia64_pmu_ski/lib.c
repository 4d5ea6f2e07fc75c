// SPDX-License-Identifier: GPL-2.0
/*
 * What a freestanding program needs of a C library: memory and string
 * functions (gcc may emit calls to memset/memcpy), division by shifts and
 * subtractions (ia64 has no divide instruction and there is no libgcc),
 * formatted output to fd 1, files and the auxiliary vector.
 */
#include "ski.h"

void *memset(void *s, int c, size_t n)
{
	volatile u8 *p = s;

	while (n--)
		*p++ = (u8)c;
	return s;
}

void *memcpy(void *d, const void *s, size_t n)
{
	volatile u8 *dp = d;
	const u8 *sp = s;

	while (n--)
		*dp++ = *sp++;
	return d;
}

void *memmove(void *d, const void *s, size_t n)
{
	volatile u8 *dp = d;
	const u8 *sp = s;

	if (dp <= sp || dp >= sp + n)
		return memcpy(d, s, n);
	while (n--)
		dp[n] = sp[n];
	return d;
}

int memcmp(const void *a, const void *b, size_t n)
{
	const u8 *x = a, *y = b;

	for (; n; n--, x++, y++)
		if (*x != *y)
			return *x < *y ? -1 : 1;
	return 0;
}

size_t strlen(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

int strncmp(const char *a, const char *b, size_t n)
{
	for (; n; n--, a++, b++) {
		if (*a != *b)
			return (u8)*a < (u8)*b ? -1 : 1;
		if (!*a)
			return 0;
	}
	return 0;
}

int strcmp(const char *a, const char *b)
{
	return strncmp(a, b, ~0UL);
}

char *strchr(const char *s, int c)
{
	for (; *s; s++)
		if (*s == (char)c)
			return (char *)s;
	return c ? NULL : (char *)s;
}

char *strstr(const char *h, const char *n)
{
	size_t l = strlen(n);

	for (; *h; h++)
		if (!strncmp(h, n, l))
			return (char *)h;
	return l ? NULL : (char *)h;
}

/* n / d by shifts and subtractions; the remainder in *rem */
u64 udivmod(u64 n, u64 d, u64 *rem)
{
	u64 q = 0, r = 0;
	int i;

	if (!d) {
		if (rem)
			*rem = n;
		return ~0ULL;
	}
	if (d >> 63) {
		q = n >= d;
		if (rem)
			*rem = q ? n - d : n;
		return q;
	}
	for (i = 63; i >= 0; i--) {
		r = (r << 1) | ((n >> i) & 1);
		if (r >= d) {
			r -= d;
			q |= 1ULL << i;
		}
	}
	if (rem)
		*rem = r;
	return q;
}

struct obuf {
	char *p;
	size_t size, len;
};

static void ob_put(struct obuf *o, char c)
{
	if (o->len + 1 < o->size)
		o->p[o->len] = c;
	o->len++;
}

static void ob_num(struct obuf *o, u64 v, unsigned int base, int neg,
		   int width, int zero, int left)
{
	char tmp[24];
	int n = 0, pad;
	u64 r;

	do {
		v = udivmod(v, base, &r);
		tmp[n++] = "0123456789abcdef"[r];
	} while (v);
	pad = width - n - neg;
	if (!left && !zero)
		for (; pad > 0; pad--)
			ob_put(o, ' ');
	if (neg)
		ob_put(o, '-');
	if (!left && zero)
		for (; pad > 0; pad--)
			ob_put(o, '0');
	while (n)
		ob_put(o, tmp[--n]);
	if (left)
		for (; pad > 0; pad--)
			ob_put(o, ' ');
}

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct obuf o = { buf, size, 0 };
	int width, zero, left, lng;
	const char *s;
	u64 v;
	s64 sv;

	for (; *fmt; fmt++) {
		if (*fmt != '%') {
			ob_put(&o, *fmt);
			continue;
		}
		fmt++;
		zero = left = 0;
		width = 0;
		lng = 0;
		for (;; fmt++) {
			if (*fmt == '0')
				zero = 1;
			else if (*fmt == '-')
				left = 1;
			else
				break;
		}
		while (*fmt >= '0' && *fmt <= '9')
			width = width * 10 + (*fmt++ - '0');
		while (*fmt == 'l') {
			lng++;
			fmt++;
		}
		switch (*fmt) {
		case 'd':
		case 'i':
			sv = lng ? va_arg(ap, s64) : va_arg(ap, int);
			ob_num(&o, sv < 0 ? -(u64)sv : (u64)sv, 10, sv < 0,
			       width, zero, left);
			break;
		case 'u':
		case 'x':
			v = lng ? va_arg(ap, u64) : va_arg(ap, unsigned int);
			ob_num(&o, v, *fmt == 'u' ? 10 : 16, 0, width, zero,
			       left);
			break;
		case 'p':
			ob_put(&o, '0');
			ob_put(&o, 'x');
			ob_num(&o, (u64)va_arg(ap, void *), 16, 0, 0, 0, 0);
			break;
		case 'c':
			ob_put(&o, (char)va_arg(ap, int));
			break;
		case 's':
			s = va_arg(ap, const char *);
			if (!s)
				s = "(null)";
			width -= (int)strlen(s);
			if (!left)
				for (; width > 0; width--)
					ob_put(&o, ' ');
			while (*s)
				ob_put(&o, *s++);
			for (; width > 0; width--)
				ob_put(&o, ' ');
			break;
		case '%':
			ob_put(&o, '%');
			break;
		default:
			ob_put(&o, '%');
			if (*fmt)
				ob_put(&o, *fmt);
			else
				fmt--;
			break;
		}
	}
	if (size)
		buf[o.len < size ? o.len : size - 1] = 0;
	return (int)o.len;
}

int snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

void out(const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	long n, w;
	char *p = buf;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n >= (long)sizeof(buf))
		n = sizeof(buf) - 1;
	while (n > 0) {
		w = sys_write(1, p, n);
		if (w == -EINTR)
			continue;
		if (w <= 0)
			break;
		p += w;
		n -= w;
	}
}

const char *errname(long err)
{
	static char buf[16];

	if (err < 0)
		err = -err;
	switch (err) {
	case 0:		return "0";
	case EPERM:	return "EPERM";
	case ENOENT:	return "ENOENT";
	case EINTR:	return "EINTR";
	case EBADF:	return "EBADF";
	case EAGAIN:	return "EAGAIN";
	case EACCES:	return "EACCES";
	case EBUSY:	return "EBUSY";
	case EINVAL:	return "EINVAL";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	}
	snprintf(buf, sizeof(buf), "errno %ld", err);
	return buf;
}

/* The file's content, NUL-terminated, its last newline dropped */
long read_file(const char *path, char *buf, size_t size)
{
	long fd, n, len = 0;

	fd = sys_open(path, O_RDONLY, 0);
	if (fd < 0) {
		buf[0] = 0;
		return fd;
	}
	while ((size_t)len + 1 < size) {
		n = sys_read(fd, buf + len, size - 1 - len);
		if (n == -EINTR)
			continue;
		if (n <= 0)
			break;
		len += n;
	}
	sys_close(fd);
	buf[len] = 0;
	if (len && buf[len - 1] == '\n')
		buf[--len] = 0;
	return len;
}

/* decimal, or hex with 0x; 0 on success */
int parse_u64(const char *s, u64 *v)
{
	unsigned int base = 10, d;
	u64 x = 0;
	int any = 0;

	while (*s == ' ')
		s++;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	}
	for (;; s++) {
		if (*s >= '0' && *s <= '9')
			d = *s - '0';
		else if (base == 16 && *s >= 'a' && *s <= 'f')
			d = *s - 'a' + 10;
		else if (base == 16 && *s >= 'A' && *s <= 'F')
			d = *s - 'A' + 10;
		else
			break;
		x = x * base + d;
		any = 1;
	}
	*v = x;
	return any ? 0 : -1;
}

/* An entry of the auxiliary vector (/proc/self/auxv), 0 if absent */
long auxv_get(unsigned long type)
{
	u64 buf[128];
	long fd, n;
	unsigned int i;

	fd = sys_open("/proc/self/auxv", O_RDONLY, 0);
	if (fd < 0)
		return 0;
	n = sys_read(fd, buf, sizeof(buf));
	sys_close(fd);
	for (i = 0; n > 0 && i + 1 < ((u64)n >> 3); i += 2) {
		if (buf[i] == type)
			return (long)buf[i + 1];
		if (!buf[i])
			break;
	}
	return 0;
}

void msleep(long ms)
{
	struct timespec_k t;
	u64 r;

	t.tv_sec = (long)udivmod(ms, 1000, &r);
	t.tv_nsec = (long)r * 1000000;
	sys_nanosleep(&t);
}

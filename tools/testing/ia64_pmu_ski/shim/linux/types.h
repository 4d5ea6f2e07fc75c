/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * Used only without KHDR (installed ia64 uapi headers): the types of
 * ia64 user space (asm-generic/int-l64.h, as arch/ia64/include/uapi/
 * asm/types.h selects), enough for linux/perf_event.h of the 6.1 tree.
 */
#ifndef _SHIM_LINUX_TYPES_H
#define _SHIM_LINUX_TYPES_H

typedef signed char __s8;
typedef unsigned char __u8;
typedef signed short __s16;
typedef unsigned short __u16;
typedef signed int __s32;
typedef unsigned int __u32;
typedef signed long __s64;
typedef unsigned long __u64;

typedef __u16 __le16;
typedef __u16 __be16;
typedef __u32 __le32;
typedef __u32 __be32;
typedef __u64 __le64;
typedef __u64 __be64;

#endif

/*
 * cuda_shim.h -- minimal, self-contained stand-in for the CUDA SDK headers,
 * for device-only compilation with clang (-nocudainc -nocudalib).
 * Written for this purpose (not taken from the CUDA SDK). It reuses clang's own
 * __clang_cuda_*.h headers (Apache-2.0 WITH LLVM-exception) for builtin
 * variables, libdevice declarations, math wrappers, shuffles, __ldg, etc.,
 * and adds the small pieces those headers expect CUDA to provide: execution
 * space macros, vector types, dim3, atomicXxx() wrappers, min/max.
 * Use:  clang-19 -x cuda --cuda-device-only -nocudainc -nocudalib
 *                -I<this dir> -include cuda_shim.h ...
 */
#ifndef CORPUS_CUDA_SHIM_H
#define CORPUS_CUDA_SHIM_H

#if !defined(__CUDA__) || !defined(__clang__)
#error "cuda_shim.h is for clang CUDA compilation only"
#endif

#ifndef CUDA_VERSION
#define CUDA_VERSION 12000
#endif
#ifndef CUDART_VERSION
#define CUDART_VERSION CUDA_VERSION
#endif
#define __CUDA_INCLUDE_COMPILER_INTERNAL_HEADERS__

/* ---- execution-space / memory-space qualifiers ---- */
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
/* clang (>= 15) treats __noinline__ as a keyword in CUDA mode, valid both as a bare specifier
 * (`__device__ __noinline__ int f()`) and inside libstdc++'s `__attribute__((__noinline__))`.
 * The self-referential define keeps `#ifdef __noinline__` true and expands to that keyword.
 * (`#define __noinline__ noinline` broke the bare use: "unknown type name 'noinline'".) */
#define __noinline__ __noinline__
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __align__(n)
#define __device_builtin__
#define __cudart_builtin__
#define __CUDA_ALIGN__(n) __align__(n)
#define CUDART_CB
#define __grid_constant__

/* ---- host headers, as clang's runtime wrapper does ---- */
#include <__clang_cuda_math_forward_declares.h>
#define __CUDACC__
#include <cmath>
#include <cstdlib>
#include <stdlib.h>
#include <string.h>
#undef __CUDACC__
#include <stddef.h>
#include <stdint.h>
#include <limits.h>
#include <float.h>

#include <__clang_cuda_builtin_vars.h>

/* ---- vector types (layout/alignment as in CUDA's vector_types.h) ---- */
#define __SHIM_VEC1(T, N, A) struct __align__(A) N##1 { T x; };
#define __SHIM_VEC2(T, N, A) struct __align__(A) N##2 { T x, y; };
#define __SHIM_VEC3(T, N) struct N##3 { T x, y, z; };
#define __SHIM_VEC4(T, N, A) struct __align__(A) N##4 { T x, y, z, w; };
#define __SHIM_VECS(T, N, A1, A2, A4) \
  __SHIM_VEC1(T, N, A1) __SHIM_VEC2(T, N, A2) __SHIM_VEC3(T, N) __SHIM_VEC4(T, N, A4)
__SHIM_VECS(signed char, char, 1, 2, 4)
__SHIM_VECS(unsigned char, uchar, 1, 2, 4)
__SHIM_VECS(short, short, 2, 4, 8)
__SHIM_VECS(unsigned short, ushort, 2, 4, 8)
__SHIM_VECS(int, int, 4, 8, 16)
__SHIM_VECS(unsigned int, uint, 4, 8, 16)
__SHIM_VECS(long, long, 8, 16, 16)
__SHIM_VECS(unsigned long, ulong, 8, 16, 16)
__SHIM_VECS(long long, longlong, 8, 16, 16)
__SHIM_VECS(unsigned long long, ulonglong, 8, 16, 16)
__SHIM_VECS(float, float, 4, 8, 16)
__SHIM_VECS(double, double, 8, 16, 16)

#define __SHIM_MK1(T, N) static __host__ __device__ __forceinline__ N##1 make_##N##1(T x) { N##1 r; r.x = x; return r; }
#define __SHIM_MK2(T, N) static __host__ __device__ __forceinline__ N##2 make_##N##2(T x, T y) { N##2 r; r.x = x; r.y = y; return r; }
#define __SHIM_MK3(T, N) static __host__ __device__ __forceinline__ N##3 make_##N##3(T x, T y, T z) { N##3 r; r.x = x; r.y = y; r.z = z; return r; }
#define __SHIM_MK4(T, N) static __host__ __device__ __forceinline__ N##4 make_##N##4(T x, T y, T z, T w) { N##4 r; r.x = x; r.y = y; r.z = z; r.w = w; return r; }
#define __SHIM_MKS(T, N) __SHIM_MK1(T, N) __SHIM_MK2(T, N) __SHIM_MK3(T, N) __SHIM_MK4(T, N)
__SHIM_MKS(signed char, char)
__SHIM_MKS(unsigned char, uchar)
__SHIM_MKS(short, short)
__SHIM_MKS(unsigned short, ushort)
__SHIM_MKS(int, int)
__SHIM_MKS(unsigned int, uint)
__SHIM_MKS(long, long)
__SHIM_MKS(unsigned long, ulong)
__SHIM_MKS(long long, longlong)
__SHIM_MKS(unsigned long long, ulonglong)
__SHIM_MKS(float, float)
__SHIM_MKS(double, double)

struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1) : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ constexpr operator uint3() const { return uint3{x, y, z}; }
};
typedef struct dim3 dim3;

__device__ inline __cuda_builtin_threadIdx_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_threadIdx_t::operator uint3() const { return {x, y, z}; }
__device__ inline __cuda_builtin_blockIdx_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_blockIdx_t::operator uint3() const { return {x, y, z}; }
__device__ inline __cuda_builtin_blockDim_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_blockDim_t::operator uint3() const { return {x, y, z}; }
__device__ inline __cuda_builtin_gridDim_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_gridDim_t::operator uint3() const { return {x, y, z}; }

typedef unsigned int cuuint32_t;
typedef unsigned long long cuuint64_t;
typedef int cudaError_t;
typedef struct CUstream_st *cudaStream_t;
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;

/* ---- libdevice declarations + clang's device-function wrappers ---- */
#include <__clang_cuda_libdevice_declares.h>
#include <__clang_cuda_device_functions.h>
#include <__clang_cuda_math.h>

#define __SHIM_DEV__ static __device__ __forceinline__

/* ---- atomics (names of CUDA's device_atomic_functions.h / sm_20/32/60) ---- */
__SHIM_DEV__ int atomicAdd(int *p, int v) { return __iAtomicAdd(p, v); }
__SHIM_DEV__ unsigned int atomicAdd(unsigned int *p, unsigned int v) { return __uAtomicAdd(p, v); }
__SHIM_DEV__ unsigned long long atomicAdd(unsigned long long *p, unsigned long long v) { return __ullAtomicAdd(p, v); }
__SHIM_DEV__ float atomicAdd(float *p, float v) { return __fAtomicAdd(p, v); }
__SHIM_DEV__ double atomicAdd(double *p, double v) { return __dAtomicAdd(p, v); }
__SHIM_DEV__ int atomicAdd_block(int *p, int v) { return __iAtomicAdd_block(p, v); }
__SHIM_DEV__ unsigned int atomicAdd_block(unsigned int *p, unsigned int v) { return __uAtomicAdd_block(p, v); }
__SHIM_DEV__ float atomicAdd_block(float *p, float v) { return __fAtomicAdd_block(p, v); }
__SHIM_DEV__ double atomicAdd_block(double *p, double v) { return __dAtomicAdd_block(p, v); }
__SHIM_DEV__ int atomicAdd_system(int *p, int v) { return __iAtomicAdd_system(p, v); }
__SHIM_DEV__ unsigned int atomicAdd_system(unsigned int *p, unsigned int v) { return __uAtomicAdd_system(p, v); }
__SHIM_DEV__ float atomicAdd_system(float *p, float v) { return __fAtomicAdd_system(p, v); }
__SHIM_DEV__ int atomicSub(int *p, int v) { return __iAtomicAdd(p, -v); }
__SHIM_DEV__ unsigned int atomicSub(unsigned int *p, unsigned int v) { return __uAtomicAdd(p, (unsigned int)-(int)v); }
__SHIM_DEV__ int atomicExch(int *p, int v) { return __iAtomicExch(p, v); }
__SHIM_DEV__ unsigned int atomicExch(unsigned int *p, unsigned int v) { return __uAtomicExch(p, v); }
__SHIM_DEV__ unsigned long long atomicExch(unsigned long long *p, unsigned long long v) { return __ullAtomicExch(p, v); }
__SHIM_DEV__ float atomicExch(float *p, float v) { return __fAtomicExch(p, v); }
__SHIM_DEV__ int atomicMin(int *p, int v) { return __iAtomicMin(p, v); }
__SHIM_DEV__ unsigned int atomicMin(unsigned int *p, unsigned int v) { return __uAtomicMin(p, v); }
__SHIM_DEV__ long long atomicMin(long long *p, long long v) { return __illAtomicMin(p, v); }
__SHIM_DEV__ unsigned long long atomicMin(unsigned long long *p, unsigned long long v) { return __ullAtomicMin(p, v); }
__SHIM_DEV__ int atomicMax(int *p, int v) { return __iAtomicMax(p, v); }
__SHIM_DEV__ unsigned int atomicMax(unsigned int *p, unsigned int v) { return __uAtomicMax(p, v); }
__SHIM_DEV__ long long atomicMax(long long *p, long long v) { return __illAtomicMax(p, v); }
__SHIM_DEV__ unsigned long long atomicMax(unsigned long long *p, unsigned long long v) { return __ullAtomicMax(p, v); }
__SHIM_DEV__ unsigned int atomicInc(unsigned int *p, unsigned int v) { return __uAtomicInc(p, v); }
__SHIM_DEV__ unsigned int atomicDec(unsigned int *p, unsigned int v) { return __uAtomicDec(p, v); }
__SHIM_DEV__ int atomicCAS(int *p, int c, int v) { return __iAtomicCAS(p, c, v); }
__SHIM_DEV__ unsigned int atomicCAS(unsigned int *p, unsigned int c, unsigned int v) { return __uAtomicCAS(p, c, v); }
__SHIM_DEV__ unsigned long long atomicCAS(unsigned long long *p, unsigned long long c, unsigned long long v) { return __ullAtomicCAS(p, c, v); }
__SHIM_DEV__ int atomicAnd(int *p, int v) { return __iAtomicAnd(p, v); }
__SHIM_DEV__ unsigned int atomicAnd(unsigned int *p, unsigned int v) { return __uAtomicAnd(p, v); }
__SHIM_DEV__ unsigned long long atomicAnd(unsigned long long *p, unsigned long long v) { return __ullAtomicAnd(p, v); }
__SHIM_DEV__ int atomicOr(int *p, int v) { return __iAtomicOr(p, v); }
__SHIM_DEV__ unsigned int atomicOr(unsigned int *p, unsigned int v) { return __uAtomicOr(p, v); }
__SHIM_DEV__ unsigned long long atomicOr(unsigned long long *p, unsigned long long v) { return __ullAtomicOr(p, v); }
__SHIM_DEV__ int atomicXor(int *p, int v) { return __iAtomicXor(p, v); }
__SHIM_DEV__ unsigned int atomicXor(unsigned int *p, unsigned int v) { return __uAtomicXor(p, v); }
__SHIM_DEV__ unsigned long long atomicXor(unsigned long long *p, unsigned long long v) { return __ullAtomicXor(p, v); }

/* ---- extra min/max overloads of CUDA's math_functions.hpp that clang's
 * __clang_cuda_math.h does not provide (it has int min/max, umin, llmin...) ---- */
__SHIM_DEV__ unsigned int min(unsigned int a, unsigned int b) { return umin(a, b); }
__SHIM_DEV__ unsigned int min(int a, unsigned int b) { return umin((unsigned int)a, b); }
__SHIM_DEV__ unsigned int min(unsigned int a, int b) { return umin(a, (unsigned int)b); }
__SHIM_DEV__ long long min(long long a, long long b) { return llmin(a, b); }
__SHIM_DEV__ long min(long a, long b) { return a < b ? a : b; }
__SHIM_DEV__ unsigned long min(unsigned long a, unsigned long b) { return a < b ? a : b; }
__SHIM_DEV__ unsigned long long min(unsigned long long a, unsigned long long b) { return ullmin(a, b); }
__SHIM_DEV__ float min(float a, float b) { return fminf(a, b); }
__SHIM_DEV__ double min(double a, double b) { return fmin(a, b); }
__SHIM_DEV__ double min(float a, double b) { return fmin((double)a, b); }
__SHIM_DEV__ double min(double a, float b) { return fmin(a, (double)b); }
__SHIM_DEV__ unsigned int max(unsigned int a, unsigned int b) { return umax(a, b); }
__SHIM_DEV__ unsigned int max(int a, unsigned int b) { return umax((unsigned int)a, b); }
__SHIM_DEV__ unsigned int max(unsigned int a, int b) { return umax(a, (unsigned int)b); }
__SHIM_DEV__ long long max(long long a, long long b) { return llmax(a, b); }
__SHIM_DEV__ long max(long a, long b) { return a > b ? a : b; }
__SHIM_DEV__ unsigned long max(unsigned long a, unsigned long b) { return a > b ? a : b; }
__SHIM_DEV__ unsigned long long max(unsigned long long a, unsigned long long b) { return ullmax(a, b); }
__SHIM_DEV__ float max(float a, float b) { return fmaxf(a, b); }
__SHIM_DEV__ double max(double a, double b) { return fmax(a, b); }
__SHIM_DEV__ double max(float a, double b) { return fmax((double)a, b); }
__SHIM_DEV__ double max(double a, float b) { return fmax(a, (double)b); }

/* ---- address-space predicates / conversions (CUDA's sm_20_intrinsics) ---- */
__SHIM_DEV__ __attribute__((const)) unsigned int __isGlobal(const void *p) { return __nvvm_isspacep_global(p); }
__SHIM_DEV__ __attribute__((const)) unsigned int __isShared(const void *p) { return __nvvm_isspacep_shared(p); }
__SHIM_DEV__ __attribute__((const)) unsigned int __isConstant(const void *p) { return __nvvm_isspacep_const(p); }
__SHIM_DEV__ __attribute__((const)) unsigned int __isLocal(const void *p) { return __nvvm_isspacep_local(p); }
__SHIM_DEV__ size_t __cvta_generic_to_global(const void *p) { return (size_t)(void __attribute__((address_space(1))) *)p; }
__SHIM_DEV__ size_t __cvta_generic_to_shared(const void *p) { return (size_t)(void __attribute__((address_space(3))) *)p; }
__SHIM_DEV__ size_t __cvta_generic_to_constant(const void *p) { return (size_t)(void __attribute__((address_space(4))) *)p; }
__SHIM_DEV__ size_t __cvta_generic_to_local(const void *p) { return (size_t)(void __attribute__((address_space(5))) *)p; }

/* ---- misc device runtime declarations (as in clang's runtime wrapper) ---- */
extern "C" {
__device__ int vprintf(const char *, const char *);
__device__ void free(void *) __attribute((nothrow));
__device__ void *malloc(size_t) __attribute((nothrow)) __attribute__((malloc));
__device__ void __assertfail(const char *__message, const char *__file,
                             unsigned __line, const char *__function,
                             size_t __charSize);
__device__ static inline void __assert_fail(const char *__message,
                                            const char *__file, unsigned __line,
                                            const char *__function) {
  __assertfail(__message, __file, __line, __function, sizeof(char));
}
__device__ int printf(const char *, ...);
}

#include <__clang_cuda_cmath.h>
#include <__clang_cuda_intrinsics.h>

#define __CUDACC__
#define __NVCC__ 1

#endif /* CORPUS_CUDA_SHIM_H */

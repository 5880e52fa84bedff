#ifndef ARCMASK_CMALLOC_SHIM_H
#define ARCMASK_CMALLOC_SHIM_H
#if defined(__GLIBC__) || defined(__linux__)
#include <malloc.h>
#endif
#endif

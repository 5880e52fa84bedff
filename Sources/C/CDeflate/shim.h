#ifndef ARCMASK_CDEFLATE_SHIM_H
#define ARCMASK_CDEFLATE_SHIM_H
#include <libdeflate.h>
#endif

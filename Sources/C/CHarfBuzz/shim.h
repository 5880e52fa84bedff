#ifndef ARCMASK_CHARFBUZZ_SHIM_H
#define ARCMASK_CHARFBUZZ_SHIM_H
#include <hb.h>
#include <hb-ot.h>
#endif

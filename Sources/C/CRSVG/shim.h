#ifndef ARCMASK_CRSVG_SHIM_H
#define ARCMASK_CRSVG_SHIM_H
#include <librsvg/rsvg.h>
#endif
